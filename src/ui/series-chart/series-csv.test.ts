import { expect, test } from "vitest";
import { seriesToCsv } from "./series-csv.ts";

const monthly = { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z" };
const daily = { source: "SteamDB", asOf: "2023-06-10T00:00:00.000Z" };

// Review: the chart CSVs had a time column and no source; a chart of two sources could not say whose
// each row was.
test("each row names the source and date of the series with a point at its time", () => {
  const csv = seriesToCsv([
    {
      name: "Average players, monthly",
      unit: "players",
      points: [{ t: "2022-01-01T00:00:00.000Z", value: 10 }],
      provenance: monthly,
    },
    {
      name: "Peak players, daily",
      unit: "players",
      points: [{ t: "2023-06-10T00:00:00.000Z", value: 30 }],
      provenance: daily,
    },
  ]);
  expect(csv.header).toEqual([
    "time (ISO 8601)",
    "Average players, monthly (players)",
    "Peak players, daily (players)",
    "source",
    "as of (ISO 8601)",
  ]);
  expect(csv.rows).toEqual([
    ["2022-01-01T00:00:00.000Z", 10, undefined, "SteamCharts", monthly.asOf],
    ["2023-06-10T00:00:00.000Z", undefined, 30, "SteamDB", daily.asOf],
  ]);
});

// Review r21/b, item 5: a row of SteamCharts' month and SteamDB's day dated both by SteamDB.
test("a row with points of two sources names each with its series, each dated by its own source", () => {
  const named = seriesToCsv([
    {
      name: "Peak players, monthly · SteamCharts",
      unit: "players",
      points: [{ t: "2022-02-01T00:00:00.000Z", value: 1 }],
      provenance: monthly,
    },
    {
      name: "Peak players, daily · SteamDB",
      unit: "players",
      points: [{ t: "2022-02-01T00:00:00.000Z", value: 2 }],
      provenance: daily,
    },
  ]);
  expect(named.rows[0]![3]).toBe("Peak players, monthly: SteamCharts; Peak players, daily: SteamDB");
  const t = "2022-02-01T00:00:00.000Z";
  const csv = seriesToCsv([
    { name: "Players", unit: "players", points: [{ t, value: 10 }], provenance: monthly },
    { name: "Peak players", unit: "players", points: [{ t, value: 30 }], provenance: daily },
  ]);
  expect(csv.rows).toEqual([
    [t, 10, 30, "Players: SteamCharts; Peak players: SteamDB", `${monthly.asOf}; ${daily.asOf}`],
  ]);
  // Two sources of one date: that date, once.
  const sameDay = seriesToCsv([
    { name: "Players", unit: "players", points: [{ t, value: 10 }], provenance: monthly },
    {
      name: "Peak players",
      unit: "players",
      points: [{ t, value: 30 }],
      provenance: { ...daily, asOf: monthly.asOf },
    },
  ]);
  expect(sameDay.rows[0]![4]).toBe(monthly.asOf);
});

test("series of one source, or without their own, name the chart's sources", () => {
  const t = "2022-02-01T00:00:00.000Z";
  const same = seriesToCsv([
    { name: "Positive", unit: "reviews", points: [{ t, value: 9 }], provenance: monthly },
    { name: "Negative", unit: "reviews", points: [{ t, value: 1 }], provenance: monthly },
  ]);
  expect(same.rows).toEqual([[t, 9, 1, "SteamCharts", monthly.asOf]]);
  const chart = seriesToCsv([{ name: "Price", unit: "USD", points: [{ t, value: 9.99 }] }], [monthly, daily]);
  expect(chart.rows).toEqual([[t, 9.99, "SteamCharts; SteamDB", daily.asOf]]);
  expect(seriesToCsv([{ name: "Price", unit: "USD", points: [{ t, value: 1 }] }]).rows).toEqual([
    [t, 1, null, null],
  ]);
});

// Review r22/a, item 4: a row whose figure is derived (a converted price) says how, in a `method`
// column; a row of a figure as published leaves it empty, and a file without any has no such column.
test("a method column carries each row's note, named by series where the row's figures differ", () => {
  const csv = seriesToCsv(
    [
      {
        name: "Price",
        unit: "USD",
        points: [
          {
            t: "2019-05-01T00:00:00.000Z",
            value: 9.13,
            note: "converted from £7.19 at 1.27 USD/GBP, May 2019",
          },
          { t: "2023-06-01T00:00:00.000Z", value: 9.99 },
        ],
      },
    ],
    monthly,
  );
  expect(csv.header.at(-1)).toBe("method");
  expect(csv.rows.map((r) => r.at(-1))).toEqual(["converted from £7.19 at 1.27 USD/GBP, May 2019", null]);
  const both = seriesToCsv([
    { name: "A", unit: "USD", points: [{ t: "2020-01-01T00:00:00.000Z", value: 1, note: "x" }] },
    { name: "B", unit: "USD", points: [{ t: "2020-01-01T00:00:00.000Z", value: 2 }] },
  ]);
  expect(both.rows[0]!.at(-1)).toBe("A: x");
  expect(
    seriesToCsv([{ name: "A", unit: "USD", points: [{ t: "2020-01-01T00:00:00.000Z", value: 1 }] }]).header,
  ).not.toContain("method");
});
