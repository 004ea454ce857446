import { expect, test } from "vitest";
import type { GameSeries } from "../../../contracts/game-page.ts";
import { otherMeasureNote } from "./other-measure.ts";

const series = (over: Partial<GameSeries>): GameSeries => ({
  metric: "players",
  unit: "players",
  period: null,
  source: null,
  asOf: null,
  points: [],
  ...over,
});
const none = series({});
const peaks = series({
  metric: "players_peak",
  period: "day",
  source: "SteamDB",
  asOf: "2022-12-31T00:00:00.000Z",
  points: [
    { t: "2022-03-05T00:00:00.000Z", value: 953_426 },
    { t: "2022-12-31T00:00:00.000Z", value: 50_000 },
  ],
});

test("a game with daily peaks only says so instead of 'no points in this range'", () => {
  expect(otherMeasureNote(none, peaks, ["month"])).toBe(
    "only daily peaks (SteamDB), not drawn beside monthly averages",
  );
  expect(otherMeasureNote(none, peaks, ["month", "instant"])).toBe(
    "only daily peaks (SteamDB), not drawn beside monthly averages and counts",
  );
  expect(otherMeasureNote(none, peaks, [])).toBe(
    "only daily peaks (SteamDB), a measure this chart does not draw",
  );
});

test("no note where the game has counts in the range, or no peaks in it either", () => {
  const counts = series({ period: "month", points: [{ t: "2022-02-01T00:00:00.000Z", value: 10 }] });
  expect(otherMeasureNote(counts, peaks, ["month"])).toBeUndefined();
  expect(otherMeasureNote(none, series({ metric: "players_peak" }), ["month"])).toBeUndefined();
  expect(otherMeasureNote(none, undefined, ["month"])).toBeUndefined();
});
