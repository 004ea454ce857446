import { expect, test } from "vitest";
import type { EstimateSums } from "../../contracts/market.ts";
import { estimatedGamesText, estimateSumTiles } from "./estimate-sums-text.ts";

const provenance = { source: "Estimates per game", asOf: "2026-11-26T00:00:00.000Z" };
const sums = (over: Partial<EstimateSums> = {}): EstimateSums => ({
  games: 3,
  owners: { low: 10_000, mid: 40_000, high: 150_000 },
  grossRevenue: { low: 100_000, mid: 400_000, high: 1_500_000 },
  gamesWithoutRevenue: 0,
  freeToPlayGames: 0,
  lowSignalGames: 0,
  provenance,
  ...over,
});

// Review 8, items 5 and 6: the screener's and the company pages' estimate totals, in the same words.
test("estimate totals: P50 with the P10–P90 bracket, and revenue '–' with its reason when no game has a price", () => {
  expect(estimateSumTiles(sums())).toEqual([
    ["Owners (P50, P10–P90)", "40K (10K–150K)"],
    ["Gross revenue (P50, P10–P90)", "$400K ($100K–$1.5M)", undefined],
  ]);
  expect(estimateSumTiles(sums({ gamesWithoutRevenue: 1 }))[1]![2]).toBe(
    "1 game without a known price left out",
  );
  expect(estimateSumTiles(sums({ grossRevenue: null, gamesWithoutRevenue: 3 }))[1]).toEqual([
    "Gross revenue (P50, P10–P90)",
    "–",
    "No estimated game has a known price",
  ]);
});

// Report r13-b #1: a free-to-play game's revenue is not $0 in a sum; the sum says it leaves it out.
test("estimate totals: free-to-play games are left out of revenue, and said so, never summed as $0", () => {
  expect(estimateSumTiles(sums({ freeToPlayGames: 2, gamesWithoutRevenue: 1 }))[1]![2]).toBe(
    "2 free-to-play games (in-game revenue is not estimated) and 1 game without a known price left out",
  );
  expect(estimateSumTiles(sums({ grossRevenue: null, freeToPlayGames: 3 }))[1]).toEqual([
    "Gross revenue (P50, P10–P90)",
    "–",
    "3 free-to-play games (in-game revenue is not estimated) left out",
  ]);
});

test("which games are summed, and which are outside the owners model", () => {
  expect(estimatedGamesText(sums(), 1_126, 0)).toBe("3 of 1,126 games estimated.");
  expect(estimatedGamesText(sums(), 4, 1)).toBe(
    "3 of 4 games estimated. 1 game not on Steam and without Steam data is outside the owners model: no estimate of its is summed.",
  );
});

// Review r12 a, item 2: the sums say how many low-signal games' P50s they include.
test("the low-signal games among those summed are counted", () => {
  expect(estimatedGamesText(sums({ lowSignalGames: 1 }), 4, 0)).toBe(
    "3 of 4 games estimated. 1 of them is low-signal: no single figure is shown for it, but its P50 is in these sums.",
  );
  expect(estimatedGamesText(sums({ lowSignalGames: 2 }), 4, 1)).toBe(
    "3 of 4 games estimated. 2 of them are low-signal: no single figure is shown for them, but their P50s are in these sums. 1 game not on Steam and without Steam data is outside the owners model: no estimate of its is summed.",
  );
});
