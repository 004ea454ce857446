import { expect, test } from "vitest";
import type { PlatformCriticScore } from "../../../contracts/game-page.ts";
import { ratingFigure } from "./rating-figure.ts";

const METACRITIC = {
  source: "VGChartz sales dataset",
  asOf: "2016-12-22T00:00:00.000Z",
  method: "Metacritic's critic score (0–100) and number of critics, as the VGChartz dataset carries them",
};
const critics = (score: number, n: number | null) => ({
  kind: "critics" as const,
  score,
  outOf5: score / 20,
  critics: n,
});
const platform = (p: string, score: number, n: number | null): PlatformCriticScore => ({
  platform: p,
  score,
  critics: n,
  ...METACRITIC,
});

// Review 7, item 9: Terraria on X360/PS3/PSV (rating 4.1 from 39 critics) read "No source has this figure yet".
// Review r29-a #6: shown as 4.1/5 while its note calls it Metacritic's 0–100 score.
test("a critics' score is shown on its own 0–100 scale with its count of critics, its source and its date", () => {
  const game = {
    rating: 4.1,
    ratingCount: 39,
    ratingFigure: critics(81, 39),
    provenance: METACRITIC,
    platformCriticScores: [],
  };
  expect(ratingFigure(game)).toEqual({
    label: "Critic score",
    figure: { value: 81, period: "instant", ...METACRITIC },
    text: "81/100 (39 critics)",
    detail: null,
  });
  expect(ratingFigure({ ...game, ratingFigure: critics(80, 1) })?.text).toBe("80/100 (1 critic)");
});

// Review r29-a #6: Terraria X360 · PS3 · PSV showed the X360 row's 81 (39 critics) as the game's.
test("an entry of several platforms names each platform's score, not one platform's as the game's", () => {
  const game = {
    rating: 4.1,
    ratingCount: 39,
    ratingFigure: critics(81, 39),
    provenance: METACRITIC,
    platformCriticScores: [platform("X360", 81, 39), platform("PS3", 81, 12), platform("PSV", 85, 17)],
  };
  expect(ratingFigure(game)).toEqual({
    label: "Critic score by platform",
    figure: { value: 81, period: "instant", ...METACRITIC },
    text: "X360 81 · PS3 81 · PSV 85 (/100)",
    detail: "X360: 81/100 (39 critics); PS3: 81/100 (12 critics); PSV: 85/100 (17 critics)",
  });
});

test("a rating without a dated source says it is the catalog record's, undated; no rating, no figure", () => {
  expect(
    ratingFigure({
      rating: 3.5,
      ratingCount: null,
      ratingFigure: null,
      provenance: null,
      platformCriticScores: [],
    }),
  ).toEqual({
    label: "Rating",
    figure: { value: 3.5, period: "instant", source: "The game's catalog record (undated)", asOf: null },
    text: "3.5/5",
    detail: null,
  });
  expect(
    ratingFigure({
      rating: null,
      ratingCount: 39,
      ratingFigure: null,
      provenance: METACRITIC,
      platformCriticScores: [],
    }),
  ).toBeNull();
});
