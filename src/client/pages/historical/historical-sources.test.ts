import { expect, test } from "vitest";
import type { HistoricalGame } from "../../../contracts/sources.ts";
import { historicalSources } from "./historical-sources.ts";

const STEAMSPY = "Steam via SteamSpy (dataset)";
const STORE = "Steam Store Games (Kaggle, CC BY 4.0)";
const game = (over: Partial<HistoricalGame>): HistoricalGame => ({
  gameId: "g",
  gameName: "G",
  platform: "PC",
  playerTrends: [],
  reviewTrends: [],
  ...over,
});

test("the Historical Data footer names each source once, with what it covers and the time of each (review r27-a, item 8)", () => {
  const games = [
    game({
      players: {
        measure: "daily peak",
        provenance: { source: STEAMSPY, asOf: "2023-02-28T00:00:00.000Z", method: "ccu" },
      },
      reviewSources: [
        { source: STORE, asOf: "2019-05-01T00:00:00.000Z", asOfPrecision: "month" },
        { source: STEAMSPY, asOf: "2023-03-01T00:00:00.000Z" },
      ],
      reviewProvenance: { source: `${STORE}, ${STEAMSPY}`, asOf: "2023-03-01T00:00:00.000Z" },
    }),
    game({
      players: { measure: "daily peak", provenance: { source: "SteamDB", asOf: "2022-12-14T00:00:00.000Z" } },
      otherPlayerFigures: [
        {
          measure: "monthly average",
          provenance: { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z", asOfPrecision: "month" },
          date: "2022-02-01T00:00:00.000Z",
          playerCount: 1,
        },
      ],
      reviewSources: [{ source: STEAMSPY, asOf: "2023-03-01T00:00:00.000Z" }],
    }),
  ];
  expect(historicalSources(games)).toEqual([
    { source: `${STORE}: reviews`, asOf: "2019-05-01T00:00:00.000Z", asOfPrecision: "month" },
    { source: "SteamCharts: players", asOf: "2022-02-01T00:00:00.000Z", asOfPrecision: "month" },
    { source: "SteamDB: players", asOf: "2022-12-14T00:00:00.000Z" },
    { source: `${STEAMSPY}: players · Feb 2023, reviews`, asOf: "2023-03-01T00:00:00.000Z", method: "ccu" },
  ]);
  // One time for both: said once.
  expect(
    historicalSources([
      game({
        players: {
          measure: "daily peak",
          provenance: { source: STEAMSPY, asOf: "2023-03-01T00:00:00.000Z" },
        },
        reviewSources: [{ source: STEAMSPY, asOf: "2023-03-01T00:00:00.000Z" }],
      }),
    ]),
  ).toEqual([{ source: `${STEAMSPY}: players and reviews`, asOf: "2023-03-01T00:00:00.000Z" }]);
});
