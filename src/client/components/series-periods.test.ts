import { expect, test } from "vitest";
import type { GameSeries } from "../../contracts/game-page.ts";
import {
  chartProvenance,
  linesOutsideRange,
  positiveShare,
  seriesByPeriod,
  seriesProvenance,
} from "./series-periods.ts";

const series = (points: GameSeries["points"], period: string | null): GameSeries => ({
  metric: "players_peak",
  unit: "players",
  period,
  source: "SteamCharts",
  asOf: points.at(-1)?.t ?? null,
  points,
});

const PEAKS = { base: "Peak players", month: "Peak players, monthly", day: "Peak players, daily" };

// Review 6, item 18: monthly and daily peaks were one "Peak players" column in the chart's CSV.
test("monthly beside daily points: one series (and CSV column) per period, each named", () => {
  const mixed = series(
    [
      { t: "2022-01-01T00:00:00.000Z", value: 786_118, period: "month" },
      { t: "2022-02-01T00:00:00.000Z", value: 725_851, period: "month" },
      { t: "2022-02-14T00:00:00.000Z", value: 647_090, period: "day" },
    ],
    "month",
  );
  expect(seriesByPeriod(mixed, PEAKS)).toEqual([
    {
      name: "Peak players, monthly",
      unit: "players",
      points: [
        { t: "2022-01-01T00:00:00.000Z", value: 786_118 },
        { t: "2022-02-01T00:00:00.000Z", value: 725_851 },
      ],
      provenance: { source: "SteamCharts", asOf: "2022-02-14T00:00:00.000Z" },
    },
    {
      name: "Peak players, daily",
      unit: "players",
      points: [{ t: "2022-02-14T00:00:00.000Z", value: 647_090 }],
      provenance: { source: "SteamCharts", asOf: "2022-02-14T00:00:00.000Z" },
    },
  ]);
  // A plain name gets the period only when the series mixes them.
  expect(seriesByPeriod(mixed, "Positive reviews").map((s) => s.name)).toEqual([
    "Positive reviews, monthly",
    "Positive reviews, daily",
  ]);
});

test("one period: one series, named for its period when names per period are given", () => {
  const monthly = series([{ t: "2022-02-01T00:00:00.000Z", value: 725_851 }], "month");
  expect(seriesByPeriod(monthly, PEAKS)).toEqual([
    {
      name: "Peak players, monthly",
      unit: "players",
      points: monthly.points,
      provenance: { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z" },
    },
  ]);
  expect(seriesByPeriod(monthly, "Price")).toEqual([
    {
      name: "Price",
      unit: "players",
      points: monthly.points,
      provenance: { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z" },
    },
  ]);
  // A period without its own name reads "<base>, <period>".
  const live = series([{ t: "2026-11-20T10:15:00.000Z", value: 12 }], "instant");
  expect(seriesByPeriod(live, PEAKS)[0]!.name).toBe("Peak players, point in time");
});

test("no points (or no answer yet): the bare name, nothing to draw", () => {
  expect(seriesByPeriod(undefined, PEAKS)).toEqual([
    { name: "Peak players", unit: "", points: [], provenance: null },
  ]);
  expect(seriesByPeriod(series([], null), PEAKS)).toEqual([
    { name: "Peak players", unit: "players", points: [], provenance: { source: "SteamCharts", asOf: null } },
  ]);
});

// Review 7, item 6: SteamDB's daily peaks and SteamSpy's peak of the day before were one "Peak players,
// daily" line, while Historical Data calls them not comparable.
test("one period from several sources: a line (and CSV column) per source, named with it", () => {
  const mixed = series(
    [
      { t: "2022-12-01T00:00:00.000Z", value: 900_000, period: "month" },
      { t: "2022-12-13T00:00:00.000Z", value: 1_200_000, period: "day", source: "SteamDB" },
      { t: "2022-12-14T00:00:00.000Z", value: 1_210_000, period: "day", source: "SteamDB" },
      {
        t: "2023-01-14T00:00:00.000Z",
        value: 1_088_407,
        period: "day",
        source: "Steam via SteamSpy (dataset)",
      },
    ],
    "day",
  );
  expect(seriesByPeriod(mixed, PEAKS)).toEqual([
    {
      name: "Peak players, monthly",
      unit: "players",
      points: [{ t: "2022-12-01T00:00:00.000Z", value: 900_000 }],
      // Each line's own source and time: the CSV names them on its rows.
      provenance: { source: "SteamCharts", asOf: "2023-01-14T00:00:00.000Z" },
    },
    {
      name: "Peak players, daily · SteamDB",
      unit: "players",
      points: [
        { t: "2022-12-13T00:00:00.000Z", value: 1_200_000 },
        { t: "2022-12-14T00:00:00.000Z", value: 1_210_000 },
      ],
      provenance: { source: "SteamDB", asOf: "2022-12-14T00:00:00.000Z" },
    },
    {
      name: "Peak players, daily · Steam via SteamSpy (dataset)",
      unit: "players",
      points: [{ t: "2023-01-14T00:00:00.000Z", value: 1_088_407 }],
      provenance: { source: "Steam via SteamSpy (dataset)", asOf: "2023-01-14T00:00:00.000Z" },
    },
  ]);
  // One period, two sources: the plain name says the source, not a period nothing else differs in.
  const daily = series(
    [
      { t: "2022-12-14T00:00:00.000Z", value: 1_210_000, source: "SteamDB" },
      { t: "2023-01-14T00:00:00.000Z", value: 1_088_407, source: "Steam via SteamSpy (dataset)" },
    ],
    "day",
  );
  expect(seriesByPeriod(daily, "Counter-Strike").map((s) => s.name)).toEqual([
    "Counter-Strike · SteamDB",
    "Counter-Strike · Steam via SteamSpy (dataset)",
  ]);
  expect(seriesByPeriod(daily, PEAKS).map((s) => s.name)).toEqual([
    "Peak players, daily · SteamDB",
    "Peak players, daily · Steam via SteamSpy (dataset)",
  ]);
});

// Review 11 b, item 10: a chart beside another source's lines named no source on a series' only one,
// and the source note dated every source of a series by its newest point.
test("nameSource: a single-source series names its source, for a chart that mixes sources", () => {
  const monthly = series([{ t: "2022-02-01T00:00:00.000Z", value: 450_200 }], "month");
  expect(seriesByPeriod(monthly, PEAKS, { nameSource: true })[0]!.name).toBe(
    "Peak players, monthly · SteamCharts",
  );
  expect(seriesByPeriod(monthly, PEAKS)[0]!.name).toBe("Peak players, monthly");
  expect(seriesByPeriod(series([], null), PEAKS, { nameSource: true })[0]!.name).toBe("Peak players");
});

test("seriesProvenance: one entry per source, each dated by its own newest point", () => {
  const mixed: GameSeries = {
    ...series(
      [
        { t: "2022-12-13T00:00:00.000Z", value: 1, source: "SteamDB" },
        { t: "2022-12-14T00:00:00.000Z", value: 2, source: "SteamDB" },
        { t: "2023-05-01T00:00:00.000Z", value: 3, source: "Steam via SteamSpy (dataset)" },
      ],
      "day",
    ),
    source: "SteamDB; Steam via SteamSpy (dataset)",
  };
  expect(seriesProvenance(mixed)).toEqual([
    { source: "SteamDB", asOf: "2022-12-14T00:00:00.000Z" },
    { source: "Steam via SteamSpy (dataset)", asOf: "2023-05-01T00:00:00.000Z" },
  ]);
  const single = series([{ t: "2022-02-01T00:00:00.000Z", value: 1 }], "month");
  expect(seriesProvenance(single)).toEqual([{ source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z" }]);
  expect(seriesProvenance(undefined)).toEqual([]);
});

// Review r21/b, item 5: the snapshot dated by the month only read "May 1, 2019" on game pages.
test("seriesProvenance: a source dated by the month only says so", () => {
  const snapshot = "Steam Store Games (Kaggle, CC BY 4.0)";
  const mixed: GameSeries = {
    ...series(
      [
        { t: "2019-05-01T00:00:00.000Z", value: 9.99, source: snapshot },
        { t: "2023-06-01T00:00:00.000Z", value: 4.99, source: "Steam via SteamSpy (dataset)" },
      ],
      "instant",
    ),
    source: `${snapshot}; Steam via SteamSpy (dataset)`,
    monthDated: [snapshot],
  };
  expect(seriesProvenance(mixed)).toEqual([
    { source: snapshot, asOf: "2019-05-01T00:00:00.000Z", asOfPrecision: "month" },
    { source: "Steam via SteamSpy (dataset)", asOf: "2023-06-01T00:00:00.000Z" },
  ]);
});

// Report r12-a #4: Compare's note read "Steam via SteamSpy (dataset) · Jun 2023; Steam Store Games
// (Kaggle, CC BY 4.0); Steam via SteamSpy (dataset) · Jun 2023": the joined source of a game's series
// under one date, beside another game's.
test("chartProvenance: each source once across a chart's series, dated by its newest point in any", () => {
  const spy = "Steam via SteamSpy (dataset)";
  const kaggle = "Steam Store Games (Kaggle, CC BY 4.0)";
  const bioshock: GameSeries = {
    ...series([{ t: "2023-05-31T00:00:00.000Z", value: 1 }], "instant"),
    source: spy,
    asOf: "2023-05-31T00:00:00.000Z",
  };
  const counterStrike: GameSeries = {
    ...series(
      [
        { t: "2019-05-01T00:00:00.000Z", value: 1, source: kaggle },
        { t: "2023-06-01T00:00:00.000Z", value: 2, source: spy },
      ],
      "instant",
    ),
    source: `${kaggle}; ${spy}`,
    asOf: "2023-06-01T00:00:00.000Z",
  };
  expect(chartProvenance([bioshock, counterStrike, undefined])).toEqual([
    { source: spy, asOf: "2023-06-01T00:00:00.000Z" },
    { source: kaggle, asOf: "2019-05-01T00:00:00.000Z" },
  ]);
  expect(chartProvenance([])).toEqual([]);
});

test("positive share: computed where both counts exist, a line per source of the counts", () => {
  const counts = (values: Array<[string, number, string]>): GameSeries => ({
    ...series(
      values.map(([t, value, source]) => ({ t, value, source })),
      "instant",
    ),
    source: "Steam Store Games (Kaggle); Steam via SteamSpy (dataset)",
  });
  const positive = counts([
    ["2019-05-01T00:00:00.000Z", 859, "Steam Store Games (Kaggle)"],
    ["2020-01-01T00:00:00.000Z", 900, "Steam Store Games (Kaggle)"],
    ["2023-06-01T00:00:00.000Z", 823, "Steam via SteamSpy (dataset)"],
  ]);
  const negative = counts([
    ["2019-05-01T00:00:00.000Z", 141, "Steam Store Games (Kaggle)"],
    ["2023-06-01T00:00:00.000Z", 177, "Steam via SteamSpy (dataset)"],
  ]);
  expect(seriesByPeriod(positiveShare(positive, negative), "Positive share")).toEqual([
    {
      name: "Positive share · Steam Store Games (Kaggle)",
      unit: "%",
      points: [{ t: "2019-05-01T00:00:00.000Z", value: 85.9 }],
      provenance: { source: "Steam Store Games (Kaggle)", asOf: "2019-05-01T00:00:00.000Z" },
    },
    {
      name: "Positive share · Steam via SteamSpy (dataset)",
      unit: "%",
      points: [{ t: "2023-06-01T00:00:00.000Z", value: 82.3 }],
      provenance: { source: "Steam via SteamSpy (dataset)", asOf: "2023-06-01T00:00:00.000Z" },
    },
  ]);
  expect(positiveShare(undefined, negative)).toBeUndefined();
});

// Review r18a, item 4: a range counted back from SteamSpy's 2023 day left SteamCharts' monthly lines
// out without a word.
test("linesOutsideRange names each line of the whole series that the range leaves out, with where it ends", () => {
  const whole: GameSeries = {
    metric: "players_peak",
    unit: "players",
    period: "mixed",
    source: "SteamCharts; Steam via SteamSpy (dataset)",
    asOf: "2023-05-31T00:00:00.000Z",
    points: [
      { t: "2022-01-01T00:00:00.000Z", value: 900_000, period: "month", source: "SteamCharts" },
      { t: "2022-02-01T00:00:00.000Z", value: 950_000, period: "month", source: "SteamCharts" },
      {
        t: "2023-05-31T00:00:00.000Z",
        value: 1_088_407,
        period: "day",
        source: "Steam via SteamSpy (dataset)",
      },
    ],
  };
  const ranged: GameSeries = {
    ...whole,
    period: "day",
    source: "Steam via SteamSpy (dataset)",
    points: [{ t: "2023-05-31T00:00:00.000Z", value: 1_088_407 }],
  };
  const names = { base: "Peak players", month: "Peak players, monthly", day: "Peak players, daily" };
  expect(linesOutsideRange(whole, ranged, names)).toEqual([
    "No points of “Peak players, monthly · SteamCharts” in this range: they end Feb 2022.",
  ]);
  // The whole range leaves nothing out.
  expect(linesOutsideRange(whole, whole, names)).toEqual([]);
});

// Review r22/a, item 4: the price CSV gave $9.13 as Kaggle's figure with no word of the £7.19 it was
// converted from, and the owners CSV gave 15,000,000 with no word of the band it is the middle of.
test("each point notes how it was derived: a converted price with its own price, a band's midpoint with its band", () => {
  const kaggle = "Steam Store Games (Kaggle, CC BY 4.0)";
  const price: GameSeries = {
    metric: "price",
    unit: "USD",
    period: "instant",
    source: `${kaggle}; Steam via SteamSpy (dataset)`,
    asOf: "2023-06-01T00:00:00.000Z",
    methods: [{ source: kaggle, method: "the dataset's GBP price converted at 1.27 USD/GBP" }],
    conversions: [{ source: kaggle, currency: "GBP", rate: 1.27, rateAsOf: "May 2019" }],
    points: [
      { t: "2019-05-01T00:00:00.000Z", value: 9.13, source: kaggle },
      { t: "2023-06-01T00:00:00.000Z", value: 9.99, source: "Steam via SteamSpy (dataset)" },
    ],
  };
  const lines = seriesByPeriod(price, "Price");
  expect(lines.map((l) => l.points)).toEqual([
    [{ t: "2019-05-01T00:00:00.000Z", value: 9.13, note: "converted from £7.19 at 1.27 USD/GBP, May 2019" }],
    [{ t: "2023-06-01T00:00:00.000Z", value: 9.99 }],
  ]);
  const owners: GameSeries = {
    metric: "owners",
    unit: "owners",
    period: "instant",
    source: "Steam via SteamSpy (dataset)",
    asOf: "2023-06-01T00:00:00.000Z",
    methods: [{ source: "Steam via SteamSpy (dataset)", method: "midpoint of SteamSpy's owners band" }],
    points: [
      { t: "2022-06-01T00:00:00.000Z", value: 7_500_000 },
      { t: "2023-06-01T00:00:00.000Z", value: 15_000_000, band: { low: 10_000_000, high: 20_000_000 } },
    ],
  };
  expect(seriesByPeriod(owners, "Owners")[0]!.points.map((p) => p.note)).toEqual([
    "midpoint of SteamSpy's owners band",
    "midpoint of the owners band 10,000,000 .. 20,000,000 published by Steam via SteamSpy (dataset)",
  ]);
});
