import { expect, test } from "vitest";
import { toCsv } from "../../contracts/csv.ts";
import { type WatchlistReportRow, watchlistReportCsv } from "./watchlist-report-csv.ts";

// Review r26/a #4: the watchlist report's CSV named two rows "Grand Theft Auto V" with no platform or
// id, wrote -14.360000000000001, gave the players figure no source or date and left out the averages
// the dialog compares; its header read "players (players)".
const FEB = "2022-02-01T00:00:00.000Z";
const rows: WatchlistReportRow[] = [
  {
    gameId: "gta-v-pc",
    gameName: "Grand Theft Auto V",
    platforms: ["PC"],
    playerCount: 92_516,
    playersFigure: {
      value: 92_516,
      at: FEB,
      period: "month",
      measure: "average",
      source: "SteamCharts",
      partial: true,
    },
    playersProvenance: { source: "SteamCharts", asOf: FEB },
    price: 29.98,
    growth: -0.1436,
    growthBasis: "month",
    growthPartial: true,
    currentAverage: 28_793,
    previousAverage: 33_623,
    growthProvenance: { source: "SteamCharts", asOf: FEB },
  },
  {
    gameId: "gta-v-ps4",
    gameName: "Grand Theft Auto V",
    platforms: ["PS4", "XOne"],
    playerCount: null,
    playersFigure: null,
    playersProvenance: null,
    price: null,
    growth: null,
    growthBasis: null,
    currentAverage: null,
    previousAverage: null,
    growthProvenance: null,
  },
  {
    gameId: "vice-city",
    gameName: "Grand Theft Auto: Vice City",
    platforms: ["PC"],
    playerCount: 220,
    playersFigure: {
      value: 220,
      at: "2023-05-30T00:00:00.000Z",
      period: "day",
      measure: "peak",
      days: 1,
      source: "Steam via SteamSpy (dataset)",
    },
    playersProvenance: { source: "Steam via SteamSpy (dataset)", asOf: "2023-05-30T00:00:00.000Z" },
    price: 7.61,
    priceProvenance: { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: "2019-05-01T00:00:00.000Z" },
    priceConversion: {
      original: 5.99,
      currency: "GBP",
      rate: 1.27,
      rateAsOf: "May 2019",
      source: "Steam Store Games (Kaggle, CC BY 4.0)",
    },
    growth: -0.0047,
    growthBasis: "month",
    currentAverage: 100,
    previousAverage: 101,
    growthProvenance: { source: "SteamCharts", asOf: FEB },
  },
];

const cell = (csv: ReturnType<typeof watchlistReportCsv>, row: number, column: string) => {
  const at = csv.header.indexOf(column);
  expect(at, column).toBeGreaterThanOrEqual(0);
  return csv.rows[row]![at];
};

test("same-named entries carry their id and platforms", () => {
  const csv = watchlistReportCsv(rows);
  expect(csv.rows.map((r) => [r[0], r[1], r[2]])).toEqual([
    ["gta-v-pc", "Grand Theft Auto V", "PC"],
    ["gta-v-ps4", "Grand Theft Auto V", "PS4, XOne"],
    ["vice-city", "Grand Theft Auto: Vice City", "PC"],
  ]);
  expect(csv.header).not.toContain("players (players)");
});

test("growth is written as the dialog rounds it, without float noise", () => {
  const csv = watchlistReportCsv(rows);
  expect(cell(csv, 0, "growth (%)")).toBe(-14.4);
  expect(cell(csv, 2, "growth (%)")).toBe(-0.5);
  expect(toCsv(csv.header, csv.rows)).not.toMatch(/0000000/);
});

test("every players figure has its measure, source and date; a partial month says so", () => {
  const csv = watchlistReportCsv(rows);
  expect(cell(csv, 0, "players measure")).toBe("partial month (average)");
  expect(cell(csv, 0, "players source")).toBe("SteamCharts");
  expect(cell(csv, 0, "players as of (ISO 8601)")).toBe(FEB);
  expect(cell(csv, 2, "players measure")).toBe("peak, 1 day");
  expect(cell(csv, 2, "players source")).toBe("Steam via SteamSpy (dataset)");
  expect(cell(csv, 2, "players as of (ISO 8601)")).toBe("2023-05-30T00:00:00.000Z");
  // No figure: no source or date either.
  expect(cell(csv, 1, "players")).toBeNull();
  expect(cell(csv, 1, "players source")).toBeNull();
});

test("the averages the growth compares are in the file, with their source and month", () => {
  const csv = watchlistReportCsv(rows);
  expect(cell(csv, 0, "growth compares")).toBe("avg. players, latest month (partial) vs. the month before");
  expect(cell(csv, 0, "players, period before (average)")).toBe(33_623);
  expect(cell(csv, 0, "players, latest period (average)")).toBe(28_793);
  expect(cell(csv, 0, "growth source")).toBe("SteamCharts");
  expect(cell(csv, 0, "growth as of (ISO 8601)")).toBe(FEB);
  expect(cell(csv, 1, "growth compares")).toBeNull();
});

test("a price has its source and date, and a converted one its own price and rate", () => {
  const csv = watchlistReportCsv(rows);
  expect(cell(csv, 2, "price (USD)")).toBe(7.61);
  expect(cell(csv, 2, "price source")).toBe("Steam Store Games (Kaggle, CC BY 4.0)");
  expect(cell(csv, 2, "price as of (ISO 8601)")).toBe("2019-05-01T00:00:00.000Z");
  expect(csv.rows[2]).toEqual(expect.arrayContaining([5.99, "GBP", 1.27]));
  expect(cell(csv, 1, "price source")).toBeNull();
});

test("the header is readable labels, no internal field names (review r29-a #7)", () => {
  const csv = watchlistReportCsv(rows);
  // "priceConvertedFrom (source currency)" was the API's field name: no camelCase word in any header.
  for (const h of csv.header) expect(h, h).not.toMatch(/[a-z][A-Z]/);
  expect(cell(csv, 2, "price before conversion (source currency)")).toBe(5.99);
  expect(cell(csv, 2, "source currency")).toBe("GBP");
  expect(cell(csv, 2, "conversion rate (USD per unit)")).toBe(1.27);
});
