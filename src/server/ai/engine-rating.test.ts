import { expect, test } from "vitest";
import { analyseGame, type GameFacts } from "./engine.ts";

/**
 * Game Analysis names and rounds a rating as the game cards do (review r19d, item 5): user reviews'
 * positive share to one decimal, and a console game's critics' score as one, not as "ratings".
 */
const game = (over: Partial<GameFacts>): GameFacts => ({
  id: "g",
  name: "G",
  genres: [],
  tags: [],
  rating: null,
  ratingCount: 0,
  positive: null,
  negative: null,
  price: null,
  current: null,
  averageDays: 0,
  previous: null,
  variation: null,
  points: 0,
  daily: [],
  month: null,
  ...over,
});

test("user reviews: one decimal, as every screen writes the share", () => {
  const item = analyseGame(game({ positive: 6_549_731, negative: 826_092 }));
  expect(item.sentiment.reasoning).toBe("User reviews 88.8% positive (7,375,823 reviews).");
});

test("a critics' score is called one, on its own 0–100 scale as the screens write it, with its critics", () => {
  const item = analyseGame(game({ rating: 81, ratingCount: 39 }));
  expect(item.sentiment.reasoning).toBe("Critic score 81/100 (39 critics).");
});

test("the figure and its rounding are the game cards' (ratingFigureOf), not worked out again", () => {
  expect(analyseGame(game({ rating: 83, ratingCount: 12 })).sentiment.reasoning).toBe(
    "Critic score 83/100 (12 critics).",
  );
  // 23 of 80 is 28.75%: the stored share (write.ts) and the cards say 28.8.
  expect(analyseGame(game({ rating: 28.8, positive: 23, negative: 57 })).sentiment.reasoning).toBe(
    "User reviews 28.8% positive (80 reviews).",
  );
  expect(analyseGame(game({ positive: 23, negative: 57 })).sentiment.reasoning).toBe(
    "User reviews 28.8% positive (80 reviews).",
  );
});
