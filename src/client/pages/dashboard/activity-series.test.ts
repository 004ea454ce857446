import { expect, test } from "vitest";
import type { ActivityPoint } from "../../../contracts/games.ts";
import { activitySeries } from "./activity-series.ts";

const point = (date: string, players: number, basis: ActivityPoint["basis"]): ActivityPoint => ({
  date,
  players,
  games: 2,
  basis,
});

// The Player trends card says what its points are: a month's total of averages is no day's players.
test("days are drawn and exported as days", () => {
  const series = activitySeries([point("2026-11-19", 1_200, "day"), point("2026-11-20", 1_300, "day")]);
  expect(series.name).toBe("Players");
  // The date of its data, so old data never reads as the last 90 days before today.
  expect(series.description).toBe(
    "Players across the catalog per day, the last 90 days of data (to Nov 20, 2026).",
  );
  expect(series.points).toEqual([
    { x: "2026-11-19", y: 1_200 },
    { x: "2026-11-20", y: 1_300 },
  ]);
  expect(series.method).toMatch(/each day/);
  expect(series.method).toMatch(/monthly averages are not counted as days/);
  expect(series.header).toEqual(["date (ISO 8601)", "players (players)", "games (games)"]);
  expect(series.rows).toEqual([
    ["2026-11-19", 1_200, 2],
    ["2026-11-20", 1_300, 2],
  ]);
});

test("monthly figures only: drawn, described and exported as months", () => {
  const series = activitySeries([point("2022-01-01", 1_000, "month"), point("2022-02-01", 1_200, "month")]);
  expect(series.name).toBe("Players (total of monthly averages)");
  expect(series.description).toBe(
    "Players across the catalog per month (monthly figures only), Jan 2022 – Feb 2022 (2 months).",
  );
  expect(series.description).not.toMatch(/days/);
  expect(series.method).toMatch(/each month/);
  expect(series.points).toEqual([
    { x: "Jan 2022", y: 1_000 },
    { x: "Feb 2022", y: 1_200 },
  ]);
  expect(series.header[0]).toBe("month (ISO 8601)");
  expect(series.rows).toEqual([
    ["2022-01", 1_000, 2],
    ["2022-02", 1_200, 2],
  ]);
});

test("no points: the daily wording, nothing to draw", () => {
  const series = activitySeries([]);
  expect(series.name).toBe("Players");
  expect(series.points).toEqual([]);
});

// Review 9, item 4: a newest period the server flags partial is labelled so on its point and in the
// caption, never drawn as a full month after a full one.
test("a partial newest month is labelled partial on its point and in the caption", () => {
  const march: ActivityPoint = {
    ...point("2022-03-01", 892_000, "month"),
    games: 3,
    partial: true,
    previousGames: 958,
  };
  const series = activitySeries([{ ...point("2022-02-01", 5_700_000, "month"), games: 958 }, march]);
  expect(series.points).toEqual([
    { x: "Feb 2022", y: 5_700_000 },
    { x: "Mar 2022 (partial: 3 of 958 games)", y: 892_000 },
  ]);
  expect(series.description).toBe(
    "Players across the catalog per month (monthly figures only), Feb 2022 – Mar 2022 (2 months). Mar 2022 is partial: 3 games have its figures, 958 had Feb 2022's. Each month totals the games with figures that month (Feb 2022: 958, Mar 2022: 3), so the line also moves as games enter or leave the data; the Overview's Market Activity change compares only the games with figures in both periods.",
  );
  // Not partial: the label and caption say nothing of it.
  const full = activitySeries([
    point("2022-02-01", 1_000, "month"),
    { ...point("2022-03-01", 1_000, "month"), partial: false, previousGames: 2 },
  ]);
  expect(full.points.at(-1)).toEqual({ x: "Mar 2022", y: 1_000 });
  expect(full.description).not.toMatch(/partial/);
});

test("a partial newest day is labelled partial too", () => {
  const series = activitySeries([
    { ...point("2026-11-19", 1_200, "day"), games: 40 },
    { ...point("2026-11-20", 300, "day"), games: 10, partial: true, previousGames: 40 },
  ]);
  expect(series.points.at(-1)).toEqual({ x: "2026-11-20 (partial: 10 of 40 games)", y: 300 });
  expect(series.description).toBe(
    "Players across the catalog per day, the last 90 days of data (to Nov 20, 2026). Nov 20, 2026 is partial: 10 games have its figures, 40 had Nov 19, 2026's. Each day totals the games with figures that day (Nov 19, 2026: 40, Nov 20, 2026: 10), so the line also moves as games enter or leave the data; the Overview's Market Activity change compares only the games with figures in both periods.",
  );
});

// Review 20 C, item 8: the line rose ~8% into Feb 2022 (Lost Ark arrived) while Market Activity said
// −8.4% over the same games; the caption says each point sums a changing set, with the counts.
test("a changing set of games is said under the chart, with each month's count", () => {
  const months = activitySeries([
    { ...point("2022-01-01", 5_300_000, "month"), games: 950 },
    { ...point("2022-02-01", 5_750_000, "month"), games: 958 },
  ]);
  expect(months.description).toBe(
    "Players across the catalog per month (monthly figures only), Jan 2022 – Feb 2022 (2 months). Each month totals the games with figures that month (Jan 2022: 950, Feb 2022: 958), so the line also moves as games enter or leave the data; the Overview's Market Activity change compares only the games with figures in both periods.",
  );
  const days = activitySeries(
    [3, 4, 4, 5, 4].map((games, i) => ({ ...point(`2026-11-1${i}`, 1_000, "day"), games })),
  );
  expect(days.description).toMatch(
    / Each day totals the games with figures that day \(from 3 to 5 games\), /,
  );
  // The same games every month: nothing to say.
  expect(
    activitySeries([point("2022-01-01", 1_000, "month"), point("2022-02-01", 1_200, "month")]).description,
  ).not.toMatch(/Each month/);
});

// Review r26-a #2: the chart read "Feb 2022 5.7M players" of SteamCharts' newest month, taken mid-
// February, while the trending cards said "latest month (partial)".
test("a month its source's file was taken in is named a partial month on its point and in the caption", () => {
  const series = activitySeries([
    point("2022-01-01", 6_000_000, "month"),
    { ...point("2022-02-01", 5_700_000, "month"), partialMonth: true },
  ]);
  expect(series.points.map((p) => p.x)).toEqual(["Jan 2022", "Feb 2022 (partial month)"]);
  expect(series.description).toBe(
    "Players across the catalog per month (monthly figures only), Jan 2022 – Feb 2022 (partial month) (2 months).",
  );
});
