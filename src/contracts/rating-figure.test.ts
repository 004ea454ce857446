import { expect, test } from "vitest";
import { positiveShareText, RATING_CSV_HEADERS, ratingCsvCells, ratingLabelText } from "./rating-figure.ts";

test("user reviews and critic scores read as two quantities, never one 'Rating x/5'", () => {
  expect(ratingLabelText({ kind: "user-reviews", positiveShare: 88.8, reviews: 1000 })).toBe(
    "User reviews 88.8% positive",
  );
  // A critics' score on its own 0–100 scale, as its note names it (review r29-a #6: 81 read "4.1/5").
  const critics = { kind: "critics" as const, score: 97, outOf5: 4.9, critics: 66 };
  expect(ratingLabelText(critics)).toBe("Critic score 97/100");
  expect(ratingCsvCells({ kind: "user-reviews", positiveShare: 88.8, reviews: 1000 })).toEqual([88.8, null]);
  expect(ratingCsvCells(critics)).toEqual([null, 97]);
  expect(RATING_CSV_HEADERS.critics).toBe("critic score (0–100)");
});

test("a positive share keeps one decimal everywhere (88.8%, not 89%)", () => {
  expect(positiveShareText(88.8)).toBe("88.8% positive");
  expect(positiveShareText(90)).toBe("90.0% positive");
});
