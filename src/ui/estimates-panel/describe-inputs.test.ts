import { expect, test } from "vitest";
import type { GameEstimate } from "../../contracts/estimates.ts";
import { conversionText } from "../../contracts/price-conversion.ts";
import { describeInputs } from "./EstimatesPanel.tsx";

const inputs: GameEstimate["inputs"] = {
  positiveReviews: 1200,
  negativeReviews: 80,
  priceUsd: 5.07,
  releaseYear: 2016,
  genres: ["Indie"],
  tags: [],
  ownersBand: null,
  playerSeries: null,
};
const conversion = { currency: "GBP", rate: 1.27, rateAsOf: "May 2019", source: "Steam Store Games" };
const converted = conversionText(conversion);

// Review r19d #6: the price the revenue is built on read "$5.07 (Steam Store Games, May 2019)" with
// nothing said of its being a conversion.
test("an input price converted from another currency says so; a listed one says nothing more", () => {
  const price = (convertedFrom?: typeof conversion, method?: string) =>
    new Map(
      describeInputs(
        inputs,
        {
          reviews: null,
          price: {
            source: "Steam Store Games",
            asOf: "2019-05-01T00:00:00.000Z",
            ...(method ? { method } : {}),
            ...(convertedFrom ? { conversion: convertedFrom } : {}),
          },
          peakPlayers: null,
        },
        Date.parse("2026-11-27T00:00:00Z"),
      ),
    ).get("Price");
  expect(price(conversion)).toBe(`$5.07 (Steam Store Games, May 2019; ${converted})`);
  expect(price()).toBe("$5.07 (Steam Store Games, May 2019)");
  // A listed US price's method is no conversion (review: SteamSpy's "US price in cents" read as one).
  expect(price(undefined, "SteamSpy's US price in cents, in dollars")).toBe(
    "$5.07 (Steam Store Games, May 2019)",
  );
});
