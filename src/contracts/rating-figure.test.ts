import { expect, test } from "vitest";
import { positiveShareText, ratingCsvCells, ratingText } from "./rating-figure.ts";

test("user reviews and critic scores read as two quantities, never one 'Rating x/5'", () => {
  expect(ratingText({ kind: "user-reviews", positiveShare: 88.8, reviews: 1000 })).toBe(
    "User reviews 88.8% positive",
  );
  expect(ratingText({ kind: "critics", outOf5: 4.9, critics: 66 })).toBe("Critic score 4.9/5");
  expect(ratingCsvCells({ kind: "user-reviews", positiveShare: 88.8, reviews: 1000 })).toEqual([88.8, null]);
  expect(ratingCsvCells({ kind: "critics", outOf5: 4.9, critics: 66 })).toEqual([null, 4.9]);
});

test("a positive share keeps one decimal everywhere (88.8%, not 89%)", () => {
  expect(positiveShareText(88.8)).toBe("88.8% positive");
  expect(positiveShareText(90)).toBe("90.0% positive");
});
