import { beforeAll, describe, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { seedMarketYears } from "../../src/server/db/seed/market.ts";
import { importEsportsCsv } from "../../src/server/importers/esports.ts";
import { importTwitchCsv } from "../../src/server/importers/twitch.ts";
import { saveKaggleDatasets } from "../../src/server/sync/stored.ts";
import { DATASETS } from "../fixtures/recorded/server.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/** Historical analytics (spec §7 `/api/kaggle/*`), all from stored data. */
let user: TestUser;
let premium: TestUser;
beforeAll(async () => {
  user = await createTestUser();
  premium = await createTestUser({ role: "premium" });
});
const get = async (path: string, as: TestUser = user) => {
  const res = await request(path, { cookie: as.cookie });
  expect(res.status, path).toBe(200);
  return res.json();
};

describe("with an empty database", () => {
  test("every answer is an honest empty value, never a 500", async () => {
    expect(await get("/api/kaggle/datasets")).toEqual([]);
    expect(await get("/api/kaggle/historical")).toEqual([]);
    expect(await get("/api/kaggle/market-trends")).toMatchObject({
      globalRevenue: [],
      platformDistribution: {},
      regionalMarkets: [],
    });
    expect(await get("/api/kaggle/esports")).toEqual({
      topGames: [],
      growth: [],
      tournaments: [],
      provenance: [],
      figureSources: { prizePool: null, viewers: null, hoursWatched: null },
    });
  });

  test("without a session: 401", async () => {
    for (const path of ["datasets", "historical", "market-trends", "esports"]) {
      expect((await request(`/api/kaggle/${path}`)).status, path).toBe(401);
    }
  });
});

describe("with stored data", () => {
  test("datasets: the stored Kaggle list, most downloaded first, with spec §3's fields", async () => {
    await saveKaggleDatasets([
      {
        ref: "nikdavis/steam-store-games",
        title: "Steam Store Games (Clean dataset)",
        downloadCount: 51234,
        usabilityRating: 0.88235295,
        size: 9021951,
        voteCount: 812,
        lastUpdated: "2019-06-12T10:49:37.78Z",
      },
      {
        ref: "gregorut/videogamesales",
        title: "Video Game Sales",
        downloadCount: 402118,
        usabilityRating: 0.8235294,
        size: 390286,
        voteCount: 5170,
        lastUpdated: null,
      },
    ]);
    expect(await get("/api/kaggle/datasets")).toEqual([
      {
        ref: "gregorut/videogamesales",
        title: "Video Game Sales",
        downloadCount: 402118,
        usabilityRating: 0.8235294,
        size: 390286,
        voteCount: 5170,
        lastUpdated: null,
      },
      expect.objectContaining({ ref: "nikdavis/steam-store-games", size: 9021951 }),
    ]);
  });

  test("historical: each game's player series and review sentiment from game_metrics, oldest first", async () => {
    const { ids } = await upsertGames(
      [{ name: "Skyline Tactics", platforms: ["PC"], steamAppId: 999001 }],
      "test",
    );
    const at = (d: string) => new Date(`${d}T00:00:00Z`);
    await recordMetrics([
      ...["2024-01-01", "2024-02-01", "2024-03-01", "2024-04-01"].map((d, i) => ({
        gameId: ids[0]!,
        metric: "players" as const,
        ts: at(d),
        value: 1000 * (i + 1),
        period: "month" as const,
        source: "test",
      })),
      {
        gameId: ids[0]!,
        metric: "reviews_positive",
        ts: at("2024-04-01"),
        value: 900,
        period: "instant",
        source: "test",
      },
      {
        gameId: ids[0]!,
        metric: "reviews_negative",
        ts: at("2024-04-01"),
        value: 100,
        period: "instant",
        source: "test",
      },
    ]);
    const [game] = await get("/api/kaggle/historical");
    expect(game).toEqual({
      gameId: ids[0],
      gameName: "Skyline Tactics",
      platform: "PC",
      playerTrends: [
        { date: "2024-01-01T00:00:00.000Z", playerCount: 1000 },
        { date: "2024-02-01T00:00:00.000Z", playerCount: 2000 },
        { date: "2024-03-01T00:00:00.000Z", playerCount: 3000 },
        { date: "2024-04-01T00:00:00.000Z", playerCount: 4000 },
      ],
      players: {
        measure: "monthly average",
        provenance: { source: "test", asOf: "2024-04-01T00:00:00.000Z" },
      },
      otherPlayerFigures: [],
      reviewTrends: [{ date: "2024-04-01T00:00:00.000Z", sentiment: 0.9, averageRating: 4.5 }],
      reviewProvenance: { source: "test", asOf: "2024-04-01T00:00:00.000Z" },
      reviewSources: [{ source: "test", asOf: "2024-04-01T00:00:00.000Z" }],
      isDemo: false,
      provenance: { source: "test", asOf: "2024-04-01T00:00:00.000Z" },
    });
  });

  // Review 20 C, item 10: the Steam Store Games snapshot dates its reviews by month (May 2019); the
  // screen read "May 1, 2019". Its points say they are a month's; a day's (SteamSpy) do not.
  test("historical: review points from a source dated by month only say so; a day's do not", async () => {
    const { ids } = await upsertGames([{ name: "Month Dated Reviews", steamAppId: 999003 }], "test");
    const at = (d: string) => new Date(`${d}T00:00:00Z`);
    const reviews = (d: string, source: string, positive: number) =>
      (["reviews_positive", "reviews_negative"] as const).map((metric) => ({
        gameId: ids[0]!,
        metric,
        ts: at(d),
        value: metric === "reviews_positive" ? positive : 100,
        period: "instant" as const,
        source,
      }));
    await recordMetrics([
      ...["2024-01-01", "2024-02-01"].map((d) => ({
        gameId: ids[0]!,
        metric: "players" as const,
        ts: at(d),
        value: 5,
        period: "month" as const,
        source: "steamcharts-csv",
      })),
      ...reviews("2019-05-01", "steam-store-csv", 900),
      ...reviews("2023-05-31", "steamspy-csv", 300),
    ]);
    const games = (await get("/api/kaggle/historical")) as Array<{
      gameName: string;
      reviewTrends: unknown[];
    }>;
    expect(games.find((g) => g.gameName === "Month Dated Reviews")?.reviewTrends).toEqual([
      { date: "2019-05-01T00:00:00.000Z", sentiment: 0.9, averageRating: 4.5, period: "month" },
      { date: "2023-05-31T00:00:00.000Z", sentiment: 0.75, averageRating: 3.8 },
    ]);
    // Each review source dated by its own newest point, not both by the newest of all (review r27-a, item 8).
    const game = (games as Array<{ gameName: string; reviewSources?: unknown }>).find(
      (g) => g.gameName === "Month Dated Reviews",
    );
    expect(game?.reviewSources).toEqual([
      { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: "2019-05-01T00:00:00.000Z" },
      { source: "Steam via SteamSpy (dataset)", asOf: "2023-05-31T00:00:00.000Z" },
    ]);
  });

  test("historical: a live series of counts every 15 minutes is answered by day, each day's average", async () => {
    const { ids } = await upsertGames([{ name: "Quarter Hour Live", steamAppId: 999002 }], "test");
    const day = Date.UTC(2026, 10, 1);
    await recordMetrics(
      Array.from({ length: 192 }, (_, k) => ({
        gameId: ids[0]!,
        metric: "players" as const,
        ts: new Date(day + k * 15 * 60_000),
        // 100 all of the first day, 200..295 over the second.
        value: k < 96 ? 100 : 200 + (k - 96),
        period: "instant" as const,
        source: "steam-api",
      })),
    );
    const games = (await get("/api/kaggle/historical")) as Array<{
      gameId: string;
      playerTrends: unknown[];
      players: { measure: string } | null;
      provenance: { asOf: string };
    }>;
    const game = games.find((g) => g.gameId === ids[0]);
    expect(game?.playerTrends).toEqual([
      { date: "2026-11-01T00:00:00.000Z", playerCount: 100 },
      { date: "2026-11-02T00:00:00.000Z", playerCount: 247.5 },
    ]);
    expect(game?.players?.measure).toBe("daily average");
    // Dated by its newest point, not by the day.
    expect(game?.provenance.asOf).toBe(new Date(day + 191 * 15 * 60_000).toISOString());
  });

  test("market trends: yearly revenue with growth, platform share and regions from the Newzoo table", async () => {
    await seedMarketYears();
    // Forecast years are premium (the Analytics screen's); a premium user's answer has them all.
    const market = await get("/api/kaggle/market-trends", premium);
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2023)).toMatchObject({
      revenue: 187.7,
      growth: 2.6,
      forecast: false,
    });
    // 2023 and 2024 both read $187.7B with +2.6% and +2.1%: each growth is its own edition's, named.
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2023).growthSource).toBe(
      "Newzoo Global Games Market Report 2023",
    );
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2024)).toMatchObject({
      revenue: 187.7,
      growth: 2.1,
      growthSource: "Newzoo Global Games Market Report 2024",
    });
    // Each year names the edition its figure is quoted from and when that was published (review r27-a,
    // items 3 and 6): the line joins editions, and a CSV row says whose figure it is.
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2013)).toMatchObject({
      edition: "Newzoo Global Games Market Report 2013",
      asOf: "2013-06-01T00:00:00.000Z",
    });
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2027)).toMatchObject({
      edition: "Forecast - Newzoo games market forecast update, Jun 2025",
      asOf: "2025-06-01T00:00:00.000Z",
    });
    // The back-calculated first year: no edition published it, and its confidence says so. Its source
    // is the edition it rests on, with that edition's date; the dataset's explanation is its note, not
    // its source (review r28-a #9).
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2012)).toMatchObject({
      edition: "Newzoo Global Games Market Report 2013",
      asOf: "2013-06-01T00:00:00.000Z",
      confidence: "low (inferred: 70.4/1.06)",
      note: "No Newzoo 2012 edition figure found; value back-calculated from GGMR 2013 (70.4 = +6% YoY)",
    });
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2013)).toMatchObject({ note: null });
    // No growth, no source for it: the back-calculated first year and the forecasts.
    for (const year of [2012, 2026, 2027]) {
      const y = market.globalRevenue.find((r: { year: number }) => r.year === year);
      expect(y).toMatchObject({ growth: null, growthSource: null });
    }
    // 2023 and 2024 both read $187.7B: each says it was revised in a later edition.
    for (const year of [2023, 2024]) {
      const y = market.globalRevenue.find((r: { year: number }) => r.year === year);
      expect(y.revisedLater).toMatch(/later|update/);
    }
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2027)).toMatchObject({
      forecast: true,
      confidence: "medium (forecast)",
    });
    // A forecast year's note lists the earlier forecasts it replaced: no later edition revised it.
    for (const year of [2026, 2027]) {
      const y = market.globalRevenue.find((r: { year: number }) => r.year === year);
      expect(y.revisedLater).toBeNull();
      expect(y.earlierFigures).toMatch(new RegExp(`^forecasts for ${year}: \\d`));
    }
    // A note with both keeps each part in its place.
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2022)).toMatchObject({
      revisedLater: expect.stringMatching(/^184\.4 \(-4\.3%\) Nov 2022 update/),
      earlierFigures: "May 2022 update: 203.1 (+5.4%)",
    });
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2023)).toMatchObject({
      earlierFigures: null,
    });
    expect(market.provenance).toMatchObject({ source: "Newzoo", asOf: "2025-09-01T00:00:00.000Z" });
    const shares = Object.values(market.platformDistribution) as number[];
    expect(shares.reduce((s, v) => s + v, 0)).toBeCloseTo(100, 0);
    expect(market.regionalMarkets.length).toBeGreaterThanOrEqual(3);
    expect(market.regionalMarkets[0]).toEqual({
      region: expect.any(String),
      share: expect.any(Number),
      growth: null,
      revenue: expect.any(Number),
      growthBase: null,
      notComparable: expect.anything(),
    });
    // One rule for every region (review r20c, item 6): growth on the year before only. Newzoo restated
    // 2024 after its 2024 edition (Q1 2025 methodology change): a 2025 figure against the 2024
    // edition's is no growth (review r27-a, item 2: "+5.0%" for North America, Newzoo's own +4.2%).
    const region = (name: string) =>
      market.regionalMarkets.find((r: { region: string }) => r.region === name);
    expect(market.regionalYear).toBe(2025);
    expect(region("North America")).toMatchObject({
      revenue: 52.7,
      growth: null,
      growthBase: null,
      notComparable: {
        year: 2024,
        revenue: 50.2,
        edition: "Newzoo Global Games Market Report 2024",
        // What is true for the region: Newzoo restated 2024, and why (review r28-a #4).
        reason: "Q1 2025 methodology change",
        // The later figures the citation table gives are the world total's, named as such, never the region's.
        worldTotalRestated: expect.stringContaining("177.9 (+0.6%) after Q1-2025 methodology change"),
      },
    });
    expect(region("North America").notComparable).not.toHaveProperty("restated");
    for (const name of ["Asia-Pacific", "Europe"])
      expect(region(name)).toMatchObject({ growth: null, notComparable: { year: 2024 } });
    // A region the year before lacks has none (not 2023→2025 annualised).
    expect(region("Latin America")).toMatchObject({
      revenue: 8.3,
      growth: null,
      growthBase: null,
      notComparable: null,
    });
    expect(region("Middle East & Africa")).toMatchObject({
      growth: null,
      growthBase: null,
      notComparable: null,
    });
  });

  test("market trends: a free user gets the reported years without the forecasts (review r29-a #4)", async () => {
    await seedMarketYears();
    const full = await get("/api/kaggle/market-trends", premium);
    const free = await get("/api/kaggle/market-trends");
    const forecastYears = full.globalRevenue.filter((y: { forecast: boolean }) => y.forecast);
    expect(forecastYears.map((y: { year: number }) => y.year)).toEqual([2026, 2027]);
    // Forecasts are the Analytics screen's (Premium): not in a regular user's answer at all.
    expect(free.globalRevenue.some((y: { forecast: boolean }) => y.forecast)).toBe(false);
    expect(JSON.stringify(free)).not.toMatch(/forecast update/i);
    // Everything else is the same: the reported years, the shares and regions, the date.
    expect(free.globalRevenue).toEqual(full.globalRevenue.filter((y: { forecast: boolean }) => !y.forecast));
    expect({ ...free, globalRevenue: [] }).toEqual({ ...full, globalRevenue: [] });
    const admin = await createTestUser({ role: "admin" });
    expect(await get("/api/kaggle/market-trends", admin)).toEqual(full);
  });

  test("esports: top games by prize money with Twitch peak viewers, yearly growth, richest events", async () => {
    await importEsportsCsv(new URL("esports", DATASETS).pathname);
    await importTwitchCsv(new URL("twitch", DATASETS).pathname);
    const esports = await get("/api/kaggle/esports");
    expect(esports.topGames[0]).toMatchObject({ game: "Dota 2", viewership: expect.any(Number) });
    expect(esports.topGames[0].prizePool).toBeGreaterThan(200_000_000);
    const prizes = esports.topGames.map((g: { prizePool: number }) => g.prizePool);
    expect(prizes).toEqual([...prizes].sort((a, b) => b - a));
    const years = esports.growth.map((g: { year: number }) => g.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(esports.growth.find((g: { year: number }) => g.year === 2019)).toMatchObject({
      totalPrizePool: expect.any(Number),
      totalViewership: expect.any(Number),
      months: 12,
      partial: false,
    });
    // The data ends in September 2021: that year is marked partial.
    expect(esports.growth.find((g: { year: number }) => g.year === 2021)).toMatchObject({ partial: true });
    // The richest month of prize money stands in for a major event (no per-tournament list is public here).
    expect(esports.tournaments[0]).toMatchObject({ name: "Dota 2 — October 2021", game: "Dota 2" });
    expect(esports.tournaments[0].prizePool).toBeGreaterThan(10_000_000);
    expect(Object.keys(esports.tournaments[0]).sort()).toEqual([
      "game",
      "month",
      "name",
      "prizePool",
      "tournaments",
      "viewers",
    ]);
    // A row is a game's month: its month, and how many tournaments paid out that month (review r27-a, item 8).
    expect(esports.tournaments[0]).toMatchObject({
      month: "2021-10-01T00:00:00.000Z",
      tournaments: expect.any(Number),
    });
    // A top game's viewers are its highest month on Twitch, dated by that month (review r27-a, item 7).
    expect(esports.topGames[0].viewershipMonth).toMatch(/^20(1[6-9]|2[01])-\d\d-01T00:00:00.000Z$/);
    // Each figure's own source and time: prize money to its last month, Twitch to its own.
    expect(esports.figureSources).toEqual({
      prizePool: { source: "Esports Earnings", asOf: expect.stringMatching(/^2021-\d\d-01T/) },
      // The recorded fixture's game months end early in 2016; its global months run on to 2021.
      viewers: { source: "Twitch via SullyGnome", asOf: expect.stringMatching(/^20\d\d-\d\d-01T/) },
      hoursWatched: { source: "Twitch via SullyGnome", asOf: expect.stringMatching(/^2021-\d\d-01T/) },
    });
    // Each dataset names itself and the last month it covers.
    expect(esports.provenance).toEqual(
      expect.arrayContaining([
        { source: "Esports Earnings", asOf: expect.stringMatching(/^2021-\d\d-01T00:00:00.000Z$/) },
        { source: "Twitch via SullyGnome", asOf: expect.stringMatching(/^2021-\d\d-01T00:00:00.000Z$/) },
      ]),
    );
    expect(esports.provenance).toHaveLength(2);
  }, 60_000);
});
