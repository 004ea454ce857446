import { expect, test } from "vitest";
import { ratingFigure } from "./rating-figure.ts";

const METACRITIC = {
  source: "VGChartz sales dataset",
  asOf: "2016-12-22T00:00:00.000Z",
  method: "Metacritic's critic score (0–100) and number of critics, as the VGChartz dataset carries them",
};

// Review 7, item 9: Terraria on X360/PS3/PSV (rating 4.1 from 39 critics) read "No source has this figure yet".
test("a critics' score is shown out of 5 with its count of critics, its source and its date", () => {
  expect(ratingFigure({ rating: 4.1, ratingCount: 39, provenance: METACRITIC })).toEqual({
    label: "Critic score",
    figure: { value: 4.1, period: "instant", ...METACRITIC },
    text: "4.1/5 (39 critics)",
  });
  expect(ratingFigure({ rating: 4, ratingCount: 1, provenance: METACRITIC })?.text).toBe("4.0/5 (1 critic)");
});

test("a rating without a dated source says it is the catalog record's, undated; no rating, no figure", () => {
  expect(ratingFigure({ rating: 3.5, ratingCount: null, provenance: null })).toEqual({
    label: "Rating",
    figure: { value: 3.5, period: "instant", source: "The game's catalog record (undated)", asOf: null },
    text: "3.5/5",
  });
  expect(ratingFigure({ rating: null, ratingCount: 39, provenance: METACRITIC })).toBeNull();
});
