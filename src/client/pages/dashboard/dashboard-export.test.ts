import { expect, test } from "vitest";
import type { OverviewFigures, TrendingGame, UserGame } from "../../../contracts/games.ts";
import type { FreeGame } from "../../../contracts/sources.ts";
import { TRENDING_MIN_PLAYERS } from "../../../contracts/trending-order.ts";
import {
  crossPlatformPlayers,
  type DashboardData,
  dashboardCsv,
  dashboardExport,
  exportValue,
  platformDistribution,
  TRENDING_COUNT_TEXT,
} from "./dashboard-export.ts";

const steam = { source: "Steam", asOf: "2026-11-20T00:00:00.000Z" };
const overview: OverviewFigures = {
  marketActivity: {
    players: 1_300,
    change: 8.3,
    games: 2,
    comparedGames: 2,
    previousGames: 2,
    partial: false,
    basis: "days",
    provenance: steam,
  },
  trendingCount: 73,
  aiPredictions: {
    rising: 3,
    stable: 1,
    declining: 2,
    projected: 6,
    horizonDays: 30,
    minDays: 14,
    provenance: steam,
  },
  marketVolatility: { score: 4.2, categories: 3, provenance: steam },
  isDemo: false,
  dataAsOf: "2026-11-20T00:00:00.000Z",
};
const game = {
  gameId: "g1",
  gameName: "Cosmic Protocol",
  playerCount: 900,
  growth: 0.25,
  growthBasis: undefined,
  players: {
    latest: { value: 900, at: "2026-11-20T00:00:00.000Z" },
    average: null,
    peak: null,
    provenance: steam,
  },
} as unknown as TrendingGame;

const data = (premium: boolean): DashboardData => ({
  overview,
  trending: [game],
  catalogSize: 2000,
  catalogState: {
    demo: false,
    provenance: [{ source: "Steam Store Games", asOf: "2019-05-01T00:00:00.000Z" }],
  },
  connections: [],
  freeGames: [],
  freeGamesCount: null,
  activity: [
    { date: "2026-11-20", basis: "day", players: 1_300, games: 2, source: "Steam", asOf: "2026-11-20" },
  ],
  platformStats: [
    {
      platform: "PC",
      games: 1_500,
      share: 75,
      catalogGames: 2000,
      players: 1_300,
      playerGames: 2,
      provenance: steam,
    },
    {
      platform: "Mac",
      games: 600,
      share: 30,
      catalogGames: 2000,
      players: null,
      playerGames: 0,
      provenance: null,
    },
    {
      platform: "Xbox",
      games: 500,
      share: 25,
      catalogGames: 2000,
      players: null,
      playerGames: 0,
      provenance: null,
    },
  ],
  genres: [
    { category: "Action", players: 800, games: 1, change: -2, provenance: steam, volatilityScore: 5.5 },
  ],
  marketHistory: {
    globalRevenue: [
      {
        year: 2022,
        revenue: 196.8,
        growth: 2.1,
        growthSource: "Newzoo Global Games Market Report 2022",
        forecast: false,
        edition: "Newzoo Global Games Market Report 2022",
        asOf: "2022-07-01T00:00:00.000Z",
      },
      { year: 2023, revenue: 184, growth: 0.6, forecast: false },
      { year: 2027, revenue: 213, growth: null, forecast: true },
    ],
    platformDistribution: {},
    platformYear: null,
    regionalMarkets: [],
    regionalYear: null,
    source: "Newzoo",
    provenance: { source: "Newzoo", asOf: "2024-08-01T00:00:00.000Z" },
  },
  reports: [{ id: "r1", reportType: "genre_trends", generatedAt: "2026-11-27T06:00:00.000Z" }],
  watchlist: [],
  realtime: {
    activeUsers: 4,
    connections: 5,
    gamesAnalyzed: 2000,
    aiAnalyses: 7,
    at: "2026-11-27T06:30:00.000Z",
  },
  premium,
});

const build = (premium: boolean) =>
  dashboardExport(data(premium), {
    exportedAt: "2026-11-27T06:31:00.000Z",
    reportTitle: (t) => (t === "genre_trends" ? "Genre trends report" : t),
  });
const find = (exp: ReturnType<typeof build>, section: string, figure: string) =>
  exp.figures.find((f) => f.section === section && f.figure.startsWith(figure));

// The Dashboard's export held the top-level queries only: the file said "the figures on this screen"
// and left out the Trending total, the live panel and every tab's cards.
test("every card of the screen is in the export, each figure with its source and date", () => {
  const exp = build(true);
  expect(find(exp, "Trending", "games with 100+ players growing")).toMatchObject({
    value: 73,
    source: "Steam",
    asOf: steam.asOf,
  });
  expect(find(exp, "Real-time", "users online")).toMatchObject({
    value: 4,
    source: "this server's live counts",
    asOf: "2026-11-27T06:30:00.000Z",
  });
  expect(find(exp, "Player trends", "2026-11-20: players")).toMatchObject({ value: 1_300, source: "Steam" });
  expect(find(exp, "Cross-platform players", "PC")).toMatchObject({ value: 1_300, source: "Steam" });
  expect(find(exp, "Cross-platform players", "Xbox")).toMatchObject({ value: null, source: null });
  expect(find(exp, "Platform distribution", "PC: share of catalog games")).toMatchObject({
    unit: "%",
    value: 75,
    source: "Steam Store Games",
  });
  expect(find(exp, "Platform distribution", "PC: games")).toMatchObject({
    value: 1_500,
    source: "Steam Store Games",
  });
  // Forecast years are not on the chart, so not in the file.
  // Each year by the edition its figure is quoted from and that edition's date, not every year by the
  // newest edition's (review r28-a #2); growth by the edition that states it.
  expect(find(exp, "Global games revenue", "2022: revenue")).toMatchObject({
    value: 196.8,
    source: "Newzoo Global Games Market Report 2022",
    asOf: "2022-07-01T00:00:00.000Z",
  });
  expect(find(exp, "Global games revenue", "2022: growth")).toMatchObject({
    value: 2.1,
    source: "Newzoo Global Games Market Report 2022",
    asOf: "2022-07-01T00:00:00.000Z",
  });
  // A year that names no edition is Newzoo's, undated: the newest edition's date is not its.
  expect(find(exp, "Global games revenue", "2023: revenue")).toMatchObject({
    value: 184,
    source: "Newzoo",
    asOf: null,
  });
  expect(find(exp, "Global games revenue", "2027")).toBeUndefined();
  expect(find(exp, "Recent reports", "Genre trends report")).toMatchObject({
    source: "your reports",
    asOf: "2026-11-27T06:00:00.000Z",
  });
  expect(find(exp, "Fastest growing", "Cosmic Protocol")).toMatchObject({ value: 25, source: "Steam" });
  expect(find(exp, "Most volatile genres", "Action, volatility")).toMatchObject({ value: 5.5 });
  expect(find(exp, "AI Predictions", "projected rising")).toMatchObject({ value: 3 });
  for (const f of exp.figures)
    if (f.value != null) expect(f.source, `${f.section}: ${f.figure}`).toBeTruthy();
});

test("premium figures only for premium users, as on screen", () => {
  const exp = build(false);
  expect(
    exp.figures.some((f) =>
      ["Fastest growing", "Most volatile genres", "AI Predictions", "Market Volatility"].includes(f.section),
    ),
  ).toBe(false);
  expect(find(exp, "Trending", "games with 100+ players growing")?.value).toBe(73);
});

test("the live panel's figures before its first update are empty, not made up", () => {
  const exp = dashboardExport({ ...data(false), realtime: null }, { exportedAt: "x", reportTitle: (t) => t });
  expect(find(exp, "Real-time", "users online")).toMatchObject({ value: null, source: null, asOf: null });
});

test("the CSV has a row per figure with its source and date columns", () => {
  const exp = build(true);
  const csv = dashboardCsv(exp);
  expect(csv.header).toEqual(["section", "figure", "unit", "value", "source", "as of (ISO 8601)"]);
  expect(csv.rows).toHaveLength(exp.figures.length);
  expect(csv.rows).toContainEqual([
    "Games",
    "games in the catalog",
    "games",
    2000,
    "Steam Store Games",
    "2019-05-01T00:00:00.000Z",
  ]);
});

// Review r21/b, item 4: the JSON carried "value": 486.00000000000006 where the screen showed +486.0%.
test("figures carry no float noise: percentages to one decimal as on screen, other numbers trimmed", () => {
  expect(exportValue(4.86 * 100, "%")).toBe(486);
  expect(exportValue(4.071 * 100, "%")).toBe(407.1);
  expect(exportValue(0.1 + 0.2, "players")).toBe(0.3);
  expect(exportValue(432_671.65, "players")).toBe(432_671.65);
  expect(exportValue(null, "%")).toBeNull();
  expect(exportValue("Steam", "text")).toBe("Steam");
  const exp = dashboardExport(
    { ...data(true), trending: [{ ...game, growth: 4.86 }] },
    { exportedAt: "2026-11-27T07:00:00.000Z", reportTitle: (t) => t },
  );
  expect(find(exp, "Fastest growing", game.gameName)?.value).toBe(486);
});

// Report r25, item 2: the watchlist's playerCount of a game whose only player figure is a daily peak
// is that peak: the file names it a peak, with the peak's own source and day, not "latest players".
test("a watchlist game's peak is exported as a peak, with its own source and day", () => {
  const at = "2022-12-14T00:00:00.000Z";
  const peakOnly = {
    gameId: "g2",
    gameName: "Peak Only",
    playerCount: 12_345,
    playersFigure: { value: 12_345, at, measure: "peak", days: 1, source: "SteamDB" },
    players: {
      latest: null,
      average: null,
      peak: { value: 12_345, at, days: 1, period: "day", points: 1, source: "SteamDB", asOf: at },
      provenance: { source: "SteamDB", asOf: at },
    },
    price: null,
  } as unknown as UserGame;
  const exp = dashboardExport(
    { ...data(false), watchlist: [peakOnly] },
    { exportedAt: "2026-11-27T06:31:00.000Z", reportTitle: (t) => t },
  );
  expect(find(exp, "Your watchlist", "Peak Only, peak players")).toMatchObject({
    figure: "Peak Only, peak players (1 day)",
    value: 12_345,
    source: "SteamDB",
    asOf: at,
  });
});

// Settings → Gaming → Platforms: the Free games card shows the user's stores' offers unless every
// store's are asked for, and the file says which it holds.
test("the free games exported are those the card shows: the user's stores', or every store's", () => {
  const offer = (name: string, store: FreeGame["store"]): FreeGame => ({
    id: name,
    gameId: null,
    name,
    store,
    playerCount: null,
    imageUrl: null,
    url: null,
    endsAt: null,
    provenance: { source: `${store} store`, asOf: "2026-11-27T00:00:00.000Z" },
    playersProvenance: null,
  });
  const freeGames = [offer("Control", "Epic"), offer("Beneath a Steel Sky", "GOG")];
  const options = { exportedAt: "2026-11-27T07:00:00.000Z", reportTitle: (t: string) => t };
  const rows = (exp: ReturnType<typeof dashboardExport>) =>
    exp.figures.filter((f) => f.section.startsWith("Free games") && f.unit === "price (USD)");

  const mine = rows(dashboardExport({ ...data(false), freeGames, freeGamesOf: ["gog", "xbox"] }, options));
  expect(mine.map((f) => [f.section, f.figure])).toEqual([
    ["Free games (your stores: GOG and Xbox)", "Beneath a Steel Sky (GOG)"],
  ]);
  const every = rows(dashboardExport({ ...data(false), freeGames }, options));
  expect(every.map((f) => [f.section, f.figure])).toEqual([
    ["Free games", "Control (Epic)"],
    ["Free games", "Beneath a Steel Sky (GOG)"],
  ]);
});

// Review r27-a #1: the card read "Share of catalog games on each platform" over a donut of the
// platforms' counts summed (PC 48.8% where 70.1% of the games are on PC), and its file held only
// platform and games.
test("Platform distribution: each platform's share of the catalog's games, in bars and in its file with the source", () => {
  const card = platformDistribution(data(false).platformStats, {
    source: "Steam Store Games",
    asOf: "2019-05-01T00:00:00.000Z",
  });
  expect(card.bars).toEqual([
    { label: "PC", value: 75 },
    { label: "Mac", value: 30 },
    { label: "Xbox", value: 25 },
  ]);
  // A game on PC and Mac counts under both: the shares are not parts of one whole.
  expect(card.bars.reduce((n, b) => n + b.value, 0)).toBeGreaterThan(100);
  expect(card.header).toEqual([
    "platform",
    "games (games)",
    "share of catalog games (%)",
    "catalog games (games)",
    "source",
    "as of (ISO 8601)",
  ]);
  expect(card.rows[0]).toEqual(["PC", 1_500, 75, 2000, "Steam Store Games", "2019-05-01T00:00:00.000Z"]);
});

// Review r27-a #6: the Cross-platform players file had no source and no date.
test("Cross-platform players: its file names each figure's source and date", () => {
  const card = crossPlatformPlayers(data(false).platformStats);
  expect(card.header).toEqual(["platform", "players (players)", "source", "as of (ISO 8601)"]);
  expect(card.rows).toEqual([["PC", 1_300, "Steam", steam.asOf]]);
});

// Review r27-a #6: "free store promotions running: 0" was credited to the catalog's Steam datasets,
// which hold no promotions; they come from the Epic and GOG syncs.
test("the store promotions figure names the stores' syncs, and none while neither has run", () => {
  const options = { exportedAt: "2026-11-27T07:00:00.000Z", reportTitle: (t: string) => t };
  const count = {
    catalog: 12,
    promotions: 0,
    provenance: [{ source: "Steam Store Games", asOf: "2019-05-01T00:00:00.000Z" }],
  };
  const never = dashboardExport({ ...data(false), freeGamesCount: count }, options);
  expect(find(never, "Free games", "free-to-play games in the catalog")).toMatchObject({
    value: 12,
    source: "Steam Store Games",
  });
  expect(find(never, "Free games", "free store promotions running")).toMatchObject({
    figure: "free store promotions running (no store sync has run)",
    value: null,
    source: null,
    asOf: null,
  });
  const store = (id: "epic" | "gog", name: string, source: string, lastSuccess: string | null) => ({
    id,
    name,
    source,
    configured: true,
    missing: [],
    status: lastSuccess ? ("connected" as const) : ("never_synced" as const),
    lastSync: lastSuccess,
    lastSuccess,
    message: null,
    stored: { count: 0, unit: "free games" as const },
  });
  const synced = dashboardExport(
    {
      ...data(false),
      freeGamesCount: count,
      connections: [
        store("epic", "Epic Games Store", "free-games promotions", "2026-11-27T06:00:00.000Z"),
        store("gog", "GOG", "public catalog", null),
      ],
    },
    options,
  );
  expect(find(synced, "Free games", "free store promotions running")).toMatchObject({
    figure: "free store promotions running",
    value: 0,
    source: "Epic Games Store (free-games promotions)",
    asOf: "2026-11-27T06:00:00.000Z",
  });
});

// Review r27-a #7: the Trending count is exported with its own source, newest point and rule.
test("the Trending count carries its own source and rule", () => {
  const trendingProvenance = {
    source: "SteamCharts",
    asOf: "2022-02-01T00:00:00.000Z",
    method: "games with at least 100 players whose average over their latest period (a month) grew",
  };
  const exp = dashboardExport(
    { ...data(false), overview: { ...overview, trendingProvenance } },
    { exportedAt: "2026-11-27T07:00:00.000Z", reportTitle: (t) => t },
  );
  expect(find(exp, "Trending", "games with 100+ players growing")).toMatchObject({
    value: 73,
    source: "SteamCharts",
    asOf: "2022-02-01T00:00:00.000Z",
  });
});

test("the Trending count's words say trending's rule, as the server applies it", () => {
  expect(TRENDING_COUNT_TEXT).toContain(`${TRENDING_MIN_PLAYERS}+ players`);
});
