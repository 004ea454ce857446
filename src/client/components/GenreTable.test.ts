import { expect, test } from "vitest";
import { showsVolatility } from "./GenreTable.tsx";

const genre = { category: "Indie", players: 1000, change: 5 };

test("a Volatility column only for rows that carry their score (a regular user's have none)", () => {
  expect(showsVolatility([{ ...genre, volatilityScore: 2.7 }])).toBe(true);
  expect(showsVolatility([genre])).toBe(false);
  expect(
    showsVolatility([
      { ...genre, volatilityScore: 2.7 },
      { ...genre, category: "RPG" },
    ]),
  ).toBe(false);
  expect(showsVolatility([])).toBe(false);
});
