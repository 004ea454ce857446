import { expect, test } from "vitest";
import { GROWTH_BASES } from "../../contracts/games.ts";
import type { GameCard } from "../queries/catalog.ts";
import { gameCardsCsv, growthLabel } from "./GameCardView.tsx";

// A trending game's growth names what it compares: a month against the month before is not 7 days.
test("growth is labelled with the periods it compares", () => {
  expect(growthLabel("7 days")).toBe("avg. players, 7 days vs. the 7 before");
  expect(growthLabel("month")).toBe("avg. players, latest month vs. the month before");
  expect(growthLabel("24 hours")).toBe("avg. players, last 24 h vs. the 24 before");
  expect(growthLabel("last two counts")).toBe("players, latest count vs. the one before");
  expect(new Set(GROWTH_BASES.map(growthLabel)).size).toBe(GROWTH_BASES.length);
  expect(growthLabel(undefined)).not.toMatch(/7/);
});

test("the cards' CSV says what each growth compares", () => {
  const card: GameCard = {
    gameId: "g1",
    gameName: "Monthly Game",
    platform: null,
    genre: null,
    price: null,
    rating: null,
    imageUrl: null,
    playerCount: 1000,
    growth: 4.86,
    growthBasis: "month",
  };
  const csv = gameCardsCsv([card]);
  const at = csv.header.indexOf("growth compares");
  expect(at).toBeGreaterThan(0);
  expect(csv.rows[0]![at]).toBe("avg. players, latest month vs. the month before");
  expect(csv.header.join()).not.toMatch(/7 days before/);
});
