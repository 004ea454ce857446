import { expect, test } from "vitest";
import { formatPrice } from "../../format/numbers.ts";
import { priceText } from "./price-text.ts";

const discount = { listPrice: 19.99, percent: 75, source: "SteamSpy", asOf: "2023-01-01T00:00:00.000Z" };

test("on sale: the current price with the discount and the list price", () => {
  expect(priceText(4.99, discount)).toBe(`${formatPrice(4.99)} (75% off ${formatPrice(19.99)})`);
});

test("not on sale, or no list price known: the price alone", () => {
  expect(priceText(19.99, null)).toBe(formatPrice(19.99));
  expect(priceText(null, discount)).toBe(formatPrice(null));
});

test("the discount is the catalog price's: beside another figure it is left out", () => {
  expect(priceText(9.99, discount, 4.99)).toBe(formatPrice(9.99));
  expect(priceText(4.99, discount, 4.99)).toContain("75% off");
});
