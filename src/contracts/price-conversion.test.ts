import { expect, test } from "vitest";
import {
  conversionText,
  convertedPricesNote,
  convertedPricesText,
  type PriceConversion,
} from "./price-conversion.ts";

const gbp = { currency: "GBP", rate: 1.27, rateAsOf: "May 2019", source: "Steam Store Games" };
const price: PriceConversion = { ...gbp, original: 3.99 };

// Review 19, item 18: the card, the table note and the doc comment worded one conversion three ways.
test("a price's conversion and a source's are worded alike", () => {
  expect(conversionText(price)).toBe("converted from £3.99 at 1.27 USD/GBP, May 2019");
  expect(conversionText(gbp)).toBe("converted from GBP at 1.27 USD/GBP, May 2019");
  expect(convertedPricesText([null, price, { ...price, original: 5 }])).toBe(
    "Steam Store Games: prices converted from GBP at 1.27 USD/GBP, May 2019",
  );
  expect(convertedPricesNote([price])).toBe(
    "* Not a US store price. Steam Store Games: prices converted from GBP at 1.27 USD/GBP, May 2019.",
  );
  expect(convertedPricesNote([null, undefined])).toBeNull();
});
