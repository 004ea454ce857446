import { beforeAll, expect, test } from "vitest";
import type { Provenance } from "../../src/contracts/provenance.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

// Report r25 #3: the watchlist report gave growth only to games in the top-50 trending list, so
// Terraria (−16.8%, SteamCharts Feb 2022 vs Jan) read "–", and its source line read "the catalog's
// player series". Every tracked game now has its growth by trending's rule, with what it compares and
// its source, and the report names the real sources, each once.
const JAN = new Date(Date.UTC(2022, 0, 1));
const FEB = new Date(Date.UTC(2022, 1, 1));
let user: TestUser;
let ids: string[];
let priced: string;

beforeAll(async () => {
  user = await createTestUser();
  // A price from the Steam Store file, dated as the file is.
  const [steamStore] = (
    await upsertGames(
      [{ name: "Priced Report Saga", price: 14.99, asOf: new Date(Date.UTC(2019, 4, 1)) }],
      "steam-store-csv",
    )
  ).ids;
  priced = steamStore!;
  ({ ids } = await upsertGames(
    [
      { name: "Falling Report Saga", platforms: ["PC"], releaseYear: 2015 },
      { name: "Single Month Report Saga" },
      { name: "Quiet Report Saga" },
      // Same name as the first, on consoles: the report must tell the two apart (review r26/a #4).
      { name: "Falling Report Saga", platforms: ["PS4", "XOne"], releaseYear: 2014 },
    ],
    "steamcharts-csv",
  ));
  const month = (gameId: string, ts: Date, value: number): MetricPoint => ({
    gameId,
    metric: "players",
    ts,
    value,
    period: "month",
    source: "steamcharts-csv",
  });
  await recordMetrics([
    month(ids[0]!, JAN, 40_140.54),
    month(ids[0]!, FEB, 33_403.95),
    month(ids[1]!, FEB, 5_000),
    {
      gameId: ids[2]!,
      metric: "owners",
      ts: new Date(Date.UTC(2023, 4, 31)),
      value: 50_000,
      source: "steamspy-csv",
    },
  ]);
  for (const gameId of [...ids, priced])
    expect(
      (await request("/api/user/games", { cookie: user.cookie, method: "POST", json: { gameId } })).status,
    ).toBe(201);
});

interface ReportGame {
  gameId: string;
  gameName: string;
  platforms: string[];
  playersProvenance: Provenance | null;
  price: number | null;
  priceProvenance: Provenance | null;
  growth: number | null;
  growthBasis: string | null;
  currentAverage: number | null;
  previousAverage: number | null;
  growthProvenance: Provenance | null;
  trending: boolean;
}

test("every tracked game has its growth by trending's rule, in the trending list or not, with its source", async () => {
  const res = await request("/api/analytics/reports", {
    method: "POST",
    cookie: user.cookie,
    json: { reportType: "watchlist_summary" },
  });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as {
    data: { games: ReportGame[]; trendingInWatchlist: number; sources: Provenance[] };
  };
  const byName = new Map(data.games.map((g) => [g.gameName, g]));
  // Falling: not in trending (it lists growing games), and its growth is known.
  expect(byName.get("Falling Report Saga")).toEqual(
    expect.objectContaining({
      growth: -0.1678,
      growthBasis: "month",
      currentAverage: 33_404,
      previousAverage: 40_141,
      growthProvenance: { source: "SteamCharts", asOf: FEB.toISOString() },
      trending: false,
    }),
  );
  // One month only, or no players at all: nothing to compare, so no growth.
  for (const name of ["Single Month Report Saga", "Quiet Report Saga"])
    expect(byName.get(name), name).toMatchObject({ growth: null, growthBasis: null, growthProvenance: null });
  expect(data.trendingInWatchlist).toBe(0);
  // The sources of the figures the report shows, each once at its own time: the store's price and
  // SteamCharts' months — not SteamSpy, whose owners figure the report does not show (review r26/a #8).
  expect(data.sources.map((p) => [p.source, p.asOf])).toEqual([
    ["Steam Store Games (Kaggle, CC BY 4.0)", new Date(Date.UTC(2019, 4, 1)).toISOString()],
    ["SteamCharts", FEB.toISOString()],
  ]);
});

test("same-named entries carry their platforms, and each players figure its source and date", async () => {
  // Review r26/a #4: two "Grand Theft Auto V" rows could not be told apart, and the players figure
  // came without the source and date the dialog gives it.
  const res = await request("/api/analytics/reports", {
    method: "POST",
    cookie: user.cookie,
    json: { reportType: "watchlist_summary" },
  });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as { data: { games: ReportGame[] } };
  const byId = new Map(data.games.map((g) => [g.gameId, g]));
  expect(byId.get(ids[0]!)).toMatchObject({
    gameName: "Falling Report Saga",
    platforms: ["PC"],
    playersProvenance: { source: "SteamCharts", asOf: FEB.toISOString() },
  });
  expect(byId.get(ids[3]!)).toMatchObject({
    gameName: "Falling Report Saga",
    platforms: ["PS4", "XOne"],
    playersProvenance: null,
  });
  // The peak-free game with SteamCharts' one month: its month's source and date.
  expect(byId.get(ids[1]!)?.playersProvenance).toEqual({ source: "SteamCharts", asOf: FEB.toISOString() });
  expect(byId.get(ids[2]!)?.playersProvenance).toBeNull();
  // A price with the source and date its record names; no price, no source.
  expect(byId.get(priced)).toMatchObject({
    price: 14.99,
    priceProvenance: {
      source: expect.stringMatching(/^Steam Store Games/),
      asOf: "2019-05-01T00:00:00.000Z",
    },
  });
  expect(byId.get(ids[0]!)).toMatchObject({ price: null, priceProvenance: null });
});

test("the watchlist gives each price its source and date, for the Dashboard's source line (review r26/a #8)", async () => {
  const res = await request("/api/user/games", { cookie: user.cookie });
  const watched = (await res.json()) as Array<{ gameId: string; priceProvenance?: Provenance | null }>;
  expect(watched.find((g) => g.gameId === priced)?.priceProvenance).toEqual({
    source: "Steam Store Games (Kaggle, CC BY 4.0)",
    asOf: new Date(Date.UTC(2019, 4, 1)).toISOString(),
    // The file's prices are pounds: the line says how they became dollars.
    method: "prices converted from GBP at 1.27 USD/GBP, May 2019",
  });
  // No price, no price source.
  expect(watched.find((g) => g.gameId === ids[1])?.priceProvenance).toBeNull();
});
