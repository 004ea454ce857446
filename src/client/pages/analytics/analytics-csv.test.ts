import { expect, test } from "vitest";
import type { MarketHistory } from "../../../contracts/sources.ts";
import { mostPlayedCsv, regionalMarketsCsv, segmentShareCsv } from "./analytics-csv.ts";

const NEWZOO = { source: "Newzoo", asOf: "2025-09-01T00:00:00.000Z" };
const market: MarketHistory = {
  globalRevenue: [],
  platformDistribution: { Mobile: 54.6, Console: 24.3, PC: 21.1 },
  platformYear: 2025,
  regionalYear: 2025,
  regionalMarkets: [
    {
      region: "North America",
      revenue: 52.7,
      share: 27.9,
      growth: null,
      growthBase: null,
      notComparable: {
        year: 2024,
        revenue: 50.2,
        edition: "Newzoo Global Games Market Report 2024",
        reason: "Q1 2025 methodology change",
        worldTotalRestated: "177.9 (+0.6%) after Q1-2025 methodology change",
      },
    },
    {
      region: "Latin America",
      revenue: 8.3,
      share: 4.4,
      growth: null,
      growthBase: null,
      notComparable: null,
    },
  ],
  source: "Newzoo Global Games Market Reports (published figures, cited per year)",
  provenance: NEWZOO,
};

test("Analytics' segment and regional CSVs carry the source, date and growth basis the cards show (review r27-a, item 6)", () => {
  expect(segmentShareCsv(market)).toEqual({
    header: ["segment", "share of 2025 revenue (%)", "source", "as of (ISO 8601)"],
    rows: [
      ["Mobile", 54.6, "Newzoo", NEWZOO.asOf],
      ["Console", 24.3, "Newzoo", NEWZOO.asOf],
      ["PC", 21.1, "Newzoo", NEWZOO.asOf],
    ],
  });
  expect(regionalMarketsCsv(market)).toEqual({
    header: [
      "region",
      "revenue (billion USD)",
      "share (%)",
      "growth (%)",
      "growth against",
      "source",
      "as of (ISO 8601)",
    ],
    rows: [
      [
        "North America",
        52.7,
        27.9,
        null,
        "not comparable: 2024: 50.2 billion USD, Newzoo Global Games Market Report 2024; Newzoo restated 2024 since that edition (Q1 2025 methodology change)",
        "Newzoo",
        NEWZOO.asOf,
      ],
      ["Latin America", 8.3, 4.4, null, "no 2024 figure", "Newzoo", NEWZOO.asOf],
    ],
  });
});

test("Most played's CSV names each game's source beside its date", () => {
  const game = {
    gameName: "Dota 2",
    playerCount: 425_000.5,
    playersFigure: { value: 425_000.5, period: "month", partial: true },
    players: { provenance: { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z" } },
  };
  // biome-ignore lint/suspicious/noExplicitAny: the fields the builder reads
  const csv = mostPlayedCsv([game as any]);
  expect(csv.header).toEqual(["game", "players", "players period", "source", "as of (ISO 8601)"]);
  expect(csv.rows).toEqual([
    ["Dota 2", 425_000.5, "partial month (average)", "SteamCharts", "2022-02-01T00:00:00.000Z"],
  ]);
});
