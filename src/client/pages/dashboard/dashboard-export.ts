import type { DataTag, EnsureQueryDataOptions, QueryClient } from "@tanstack/react-query";
import type { CsvValue } from "../../../contracts/csv.ts";
import type { CatalogState } from "../../../contracts/data-sources.ts";
import {
  type ActivityPoint,
  type GenreTrendRow,
  hasVolatility,
  type OverviewFigures,
  type ReportSummary,
  type TrendingGame,
  type UserGame,
} from "../../../contracts/games.ts";
import { growthMethod } from "../../../contracts/growth-basis.ts";
import { peakDays } from "../../../contracts/player-figures.ts";
import { namedTogether } from "../../../contracts/provenance.ts";
import type { AnalyticsStats } from "../../../contracts/realtime.ts";
import type { Platform } from "../../../contracts/settings-options.ts";
import type {
  FreeGame,
  FreeGamesCount,
  MarketHistory,
  PlatformConnection,
  PlatformStat,
} from "../../../contracts/sources.ts";
import { MAX_BARS } from "../../../ui/charts/index.ts";
import { marketActivityCsvNames, playersTile } from "../../components/market-figure-details.ts";
import {
  activityQuery,
  catalogSizeQuery,
  catalogStateQuery,
  marketTrendsQuery,
  overviewQuery,
  reportsQuery,
  trendingQuery,
  userGamesQuery,
} from "../../queries/catalog.ts";
import {
  freeGamesCountQuery,
  freeGamesQuery,
  marketHistoryQuery,
  platformConnectionsQuery,
  platformStatsQuery,
} from "../../queries/sources.ts";
import { activitySeries } from "./activity-series.ts";
import { freeGamesOfPlatforms, platformList } from "./my-platforms.ts";

/**
 * What the Trending count counts, as the Overview's card says it: trending's rule (at least
 * TRENDING_MIN_PLAYERS players, src/server/catalog/trending.ts) in words (review r27-a #7).
 */
export const TRENDING_COUNT_TEXT = "games with 100+ players growing against their previous period";

/** Recent reports the Analytics tab lists (spec §9: up to 5). */
export const RECENT_REPORTS = 5;
/** The Free games list's length on the Multi-Platform tab. */
export const FREE_GAMES_SHOWN = 10;
/** The Advanced tab's tables: the 8 fastest growing games, the 8 most volatile genres. */
export const ADVANCED_ROWS = 8;

/** One figure of the Dashboard as the export carries it: where on the screen, what, its source and date. */
export interface ExportFigure {
  /** The tile, panel or card that shows it ("Trending", "Player trends"). */
  section: string;
  figure: string;
  unit: string;
  value: CsvValue;
  /** The source the screen names for it; null where the screen names none (no data). */
  source: string | null;
  /** ISO 8601 time of its data, as the screen dates it; null where the source does not date it. */
  asOf: string | null;
}

/**
 * The queries the Dashboard's tabs read, by the name the export reads each answer under. The export
 * loads exactly these (loadDashboardData), so a query added here is in the file too.
 */
const DASHBOARD_QUERIES = {
  overview: overviewQuery,
  trending: trendingQuery,
  catalogSize: catalogSizeQuery,
  catalogState: catalogStateQuery,
  connections: platformConnectionsQuery,
  freeGames: freeGamesQuery,
  freeGamesCount: freeGamesCountQuery,
  activity: activityQuery,
  platformStats: platformStatsQuery,
  genres: marketTrendsQuery,
  marketHistory: marketHistoryQuery,
  reports: reportsQuery,
  watchlist: userGamesQuery,
};
/** Each query's answer, by its name in DASHBOARD_QUERIES. */
type DashboardAnswers = {
  [K in keyof typeof DASHBOARD_QUERIES]: (typeof DASHBOARD_QUERIES)[K]["queryKey"] extends DataTag<
    unknown,
    infer D,
    unknown
  >
    ? D
    : never;
};

/** What the Dashboard's tabs read: the query answers, the live panel's last update, who is asking. */
export interface DashboardData {
  overview: OverviewFigures;
  trending: TrendingGame[];
  catalogSize: number | null;
  catalogState: CatalogState | null;
  connections: PlatformConnection[];
  freeGames: FreeGame[];
  freeGamesCount: FreeGamesCount | null;
  activity: ActivityPoint[];
  platformStats: PlatformStat[];
  genres: GenreTrendRow[];
  marketHistory: MarketHistory | null;
  reports: ReportSummary[];
  watchlist: UserGame[];
  /** The Real-time panel's last figures and when they came; null before the first. */
  realtime: (AnalyticsStats & { at: string }) | null;
  premium: boolean;
  /**
   * The user's platforms when the Free games card shows their stores' offers only (its default);
   * absent when it shows every store's.
   */
  freeGamesOf?: Platform[] | undefined;
}

export interface DashboardExport {
  exportedAt: string;
  /** The time of the catalog's newest player data. */
  dataAsOf: string | null;
  /** Generated demo games are in the catalog: the figures over it are not real. */
  isDemo: boolean;
  figures: ExportFigure[];
}

/**
 * A figure as the file carries it: a percentage to one decimal, as the screen writes it ("+486.0%"),
 * any other number without float noise (486.00000000000006 came of 4.8600000000000006 × 100: review
 * r21/b, item 4), to 12 significant digits, more than any source measures.
 */
export function exportValue(value: CsvValue, unit: string): CsvValue {
  if (typeof value !== "number" || !Number.isFinite(value)) return value;
  if (unit === "%") return Math.round(value * 10) / 10;
  return Number(value.toPrecision(12));
}

/** Where a figure comes from and when, as the export's and the cards' files name it. */
type From = { source: string | null; asOf: string | null };

/**
 * The Platform distribution card: each platform's share of the catalog's games, most games first.
 * A game on several platforms counts under each, so the shares add up to more than 100%: bars, not a
 * donut's parts of one whole (review r27-a #1: the donut of the platforms' counts summed read PC 48.8%
 * where 70.1% of the games are on PC). Its file holds every platform, the share's base and the source.
 */
export function platformDistribution(
  stats: PlatformStat[],
  catalog: From,
): { bars: Array<{ label: string; value: number }>; header: string[]; rows: CsvValue[][] } {
  return {
    bars: stats.map((p) => ({ label: p.platform, value: p.share })),
    header: [
      "platform",
      "games (games)",
      "share of catalog games (%)",
      "catalog games (games)",
      "source",
      "as of (ISO 8601)",
    ],
    rows: stats.map((p) => [p.platform, p.games, p.share, p.catalogGames, catalog.source, catalog.asOf]),
  };
}

/**
 * The Cross-platform players card: the platforms some source measures players on (Steam's, under
 * PC), most players first, each with its source and date in the file (review r27-a #6).
 */
export function crossPlatformPlayers(stats: PlatformStat[]): {
  bars: Array<{ label: string; value: number }>;
  /** The bars the chart draws (MAX_BARS), each with its source and date. */
  shown: Array<{ platform: string; players: number; from: From }>;
  header: string[];
  rows: CsvValue[][];
} {
  const measured = stats
    .filter((p) => p.players != null && p.players > 0)
    .sort((a, b) => (b.players ?? 0) - (a.players ?? 0));
  const shown = measured
    .slice(0, MAX_BARS)
    .map((p) => ({ platform: p.platform, players: p.players ?? 0, from: namedTogether([p.provenance]) }));
  return {
    bars: measured.map((p) => ({ label: p.platform, value: p.players ?? 0 })),
    shown,
    header: ["platform", "players (players)", "source", "as of (ISO 8601)"],
    rows: shown.map((p) => [p.platform, p.players, p.from.source, p.from.asOf]),
  };
}

/**
 * Where the count of free store promotions comes from: the Epic and GOG syncs that have run, at the
 * newest; none while neither has (review r27-a #6: the 0 was credited to the catalog's Steam datasets,
 * which hold no promotions).
 */
function promotionsFrom(connections: PlatformConnection[]): From | null {
  const stores = connections.filter((c) => (c.id === "epic" || c.id === "gog") && c.lastSuccess);
  if (stores.length === 0) return null;
  return namedTogether(stores.map((c) => ({ source: `${c.name} (${c.source})`, asOf: c.lastSuccess })));
}

/**
 * A game's players figure (its playerCount), named as its card names it: the month's average, the
 * latest count, or a peak-only game's peak with its days.
 */
const playersFigure = (g: TrendingGame | UserGame) => {
  const shown = g.playersFigure;
  if (shown?.measure === "peak") return `${g.gameName}, peak players (${peakDays(shown.days)})`;
  return g.players?.latest?.period === "month"
    ? `${g.gameName}, average players of the ${g.players.latest.partial ? "partial month" : "month"}`
    : `${g.gameName}, latest players`;
};
/** The source and date of a game's players figure (a peak's own source). */
const playersFrom = (g: TrendingGame | UserGame) => {
  const shown = g.playersFigure;
  return {
    source: shown?.source ?? g.players?.provenance.source ?? null,
    asOf: shown?.at ?? g.players?.latest?.at ?? null,
  };
};

/**
 * Every figure the Dashboard shows, on its tiles, its Real-time panel, its metric cards and each of
 * its tabs (the Advanced tab's and the premium cards' for premium users only, as on screen), each
 * with the source and date the screen names for it. Built from the answers the screen draws, so the
 * file and the screen agree.
 */
export function dashboardExport(
  data: DashboardData,
  { exportedAt, reportTitle }: { exportedAt: string; reportTitle: (type: string) => string },
): DashboardExport {
  const figures: ExportFigure[] = [];
  const add = (
    section: string,
    figure: string,
    unit: string,
    value: CsvValue,
    from: { source: string | null; asOf: string | null },
  ) =>
    figures.push({
      section,
      figure,
      unit,
      value: exportValue(value, unit),
      source: from.source,
      asOf: from.asOf,
    });
  const o = data.overview;
  const activity = o.marketActivity;
  const activityFrom = namedTogether([activity.provenance]);
  const catalog = namedTogether(data.catalogState?.provenance ?? []);
  const live = { source: "this server's platform connections", asOf: exportedAt };

  // The tiles.
  const connected = data.connections.filter((p) => p.status === "connected").length;
  add("Platforms", "platforms", "count", data.connections.length, live);
  add("Platforms", "platforms connected", "count", connected, live);
  add("Games", "games in the catalog", "games", data.catalogSize, catalog);
  if (data.freeGamesCount) {
    const from = namedTogether(data.freeGamesCount.provenance);
    add("Free games", "free-to-play games in the catalog", "games", data.freeGamesCount.catalog, from);
    const stores = promotionsFrom(data.connections);
    if (stores)
      add("Free games", "free store promotions running", "games", data.freeGamesCount.promotions, stores);
    else
      add("Free games", "free store promotions running (no store sync has run)", "games", null, {
        source: null,
        asOf: null,
      });
  }
  // Named by measure and period, the players saying when the period is partial, the change over which games.
  const tile = playersTile(o);
  const names = marketActivityCsvNames(o);
  add(tile.label, names.players, "players", activity.games ? activity.players : null, activityFrom);
  add(tile.label, names.change, "%", activity.change, activityFrom);

  // The Real-time panel: the server's live counts, as of their last update (none before the first).
  const rt = data.realtime;
  const rtFrom = rt ? { source: "this server's live counts", asOf: rt.at } : { source: null, asOf: null };
  add("Real-time", "users online", "users", rt?.activeUsers ?? null, rtFrom);
  add("Real-time", "open connections", "connections", rt?.connections ?? null, rtFrom);
  add("Real-time", "games in the catalog", "games", rt?.gamesAnalyzed ?? null, rtFrom);
  add("Real-time", "analyses run", "analyses", rt?.aiAnalyses ?? null, rtFrom);

  // The metric cards.
  add(
    "Games Tracked",
    "catalog games with player figures in the latest data",
    "games",
    activity.games,
    activityFrom,
  );
  // Its own source, newest point and rule (review r27-a #7), as the card's source line names them.
  add(
    "Trending",
    TRENDING_COUNT_TEXT,
    "games",
    activity.games ? o.trendingCount : null,
    o.trendingProvenance ? namedTogether([o.trendingProvenance]) : activityFrom,
  );
  for (const g of data.trending) add("Trending", playersFigure(g), "players", g.playerCount, playersFrom(g));
  if (data.premium && o.aiPredictions) {
    const p = o.aiPredictions;
    const from = namedTogether([p.provenance]);
    // No game projected (0, or null with no player figures at all): no figure, rather than "0 rising" (the card's "–").
    const projected = (p.projected ?? 0) > 0;
    add(
      "AI Predictions",
      `projected rising over the next ${p.horizonDays} days`,
      "games",
      projected ? p.rising : null,
      from,
    );
    add(
      "AI Predictions",
      `projected declining over the next ${p.horizonDays} days`,
      "games",
      projected ? p.declining : null,
      from,
    );
    add("AI Predictions", "projected within ±5%", "games", projected ? p.stable : null, from);
    add("AI Predictions", "games projected", "games", p.projected, from);
  }
  if (data.premium && o.marketVolatility) {
    const v = o.marketVolatility;
    add(
      "Market Volatility",
      `average over ${v.categories} genres`,
      "score 0-10",
      v.score,
      namedTogether([v.provenance]),
    );
  }

  // Overview tab.
  const trends = activitySeries(data.activity);
  const monthly = trends.header[0]?.startsWith("month");
  for (const d of data.activity) {
    const from = { source: d.source ?? null, asOf: d.asOf ?? d.date };
    const when = monthly ? d.date.slice(0, 7) : d.date;
    add("Player trends", `${when}: ${trends.name.toLowerCase()}`, "players", d.players, from);
    add("Player trends", `${when}: games counted`, "games", d.games, from);
  }
  for (const p of crossPlatformPlayers(data.platformStats).shown)
    add("Cross-platform players", p.platform, "players", p.players, p.from);
  for (const p of data.platformStats.filter((s) => s.players == null))
    add("Cross-platform players", `${p.platform} (no source measures players there)`, "players", null, {
      source: null,
      asOf: null,
    });
  for (const p of data.platformStats) {
    add("Platform distribution", `${p.platform}: share of catalog games`, "%", p.share, catalog);
    add("Platform distribution", `${p.platform}: games`, "games", p.games, catalog);
  }

  // Multi-Platform tab.
  for (const c of data.connections)
    add("Platform status", `${c.name}: ${c.stored.unit} stored`, c.stored.unit, c.stored.count, {
      source: c.source,
      asOf: c.lastSuccess,
    });
  // The games the card shows: the user's stores' only, unless every store's are asked for.
  const mine = data.freeGamesOf?.length ? data.freeGamesOf : null;
  const free = mine ? freeGamesOfPlatforms(data.freeGames, mine).games : data.freeGames;
  const freeSection = mine ? `Free games (your stores: ${platformList(mine)})` : "Free games";
  for (const g of free.slice(0, FREE_GAMES_SHOWN)) {
    const from =
      g.store === "Epic" || g.store === "GOG"
        ? namedTogether([g.provenance ?? { source: `${g.store} store`, asOf: null }])
        : namedTogether([
            ...(g.provenance ? [g.provenance] : (data.catalogState?.provenance ?? [])),
            g.playersProvenance,
          ]);
    add(
      freeSection,
      `${g.name} (${g.store})${g.endsAt ? `, free until ${g.endsAt}` : ""}`,
      "price (USD)",
      0,
      from,
    );
  }

  // Analytics tab.
  for (const t of data.genres.slice(0, MAX_BARS))
    add("Market by genre", t.category, "players", t.players, namedTogether([t.provenance]));
  // Each year by the edition its figure is quoted from and that edition's date, as the card's CSV
  // (globalRevenueCsv): the chart joins editions, and the newest one's date is no other year's
  // (review r28-a #2). Its growth is the one its edition states.
  for (const r of (data.marketHistory?.globalRevenue ?? []).filter((r) => !r.forecast).slice(-8)) {
    const from = { source: r.edition ?? "Newzoo", asOf: r.asOf ?? null };
    add("Global games revenue", `${r.year}: revenue`, "billion USD", r.revenue, from);
    if (r.growth != null)
      add("Global games revenue", `${r.year}: growth`, "%", r.growth, {
        source: r.growthSource ?? from.source,
        asOf: from.asOf,
      });
  }
  for (const r of data.reports.slice(0, RECENT_REPORTS))
    add("Recent reports", reportTitle(r.reportType), "report", r.id, {
      source: "your reports",
      asOf: r.generatedAt,
    });

  // Game Tracking tab: the watchlist.
  for (const g of data.watchlist) {
    add("Your watchlist", playersFigure(g), "players", g.playerCount, playersFrom(g));
    // A price that names no source of its own is the catalog's (as the free games' note says).
    add(
      "Your watchlist",
      `${g.gameName}, price`,
      "USD",
      g.price,
      g.provenance ? namedTogether([g.provenance]) : catalog,
    );
    add("Your watchlist", `${g.gameName}, tracked since`, "ISO 8601", g.addedAt, {
      source: "your watchlist",
      asOf: g.addedAt,
    });
  }

  // Advanced tab: premium only, as on screen.
  if (data.premium) {
    const rising = [...data.trending].sort((a, b) => b.growth - a.growth).slice(0, ADVANCED_ROWS);
    for (const g of rising)
      add(
        "Fastest growing",
        `${g.gameName}, growth ${g.growthBasis ? growthMethod(g.growthBasis, g.growthPartial) : "vs. the period before"}`,
        "%",
        g.growth * 100,
        playersFrom(g),
      );
    const volatile = data.genres
      .filter(hasVolatility)
      .sort((a, b) => b.volatilityScore - a.volatilityScore)
      .slice(0, ADVANCED_ROWS);
    for (const t of volatile) {
      const from = namedTogether([t.provenance]);
      add("Most volatile genres", `${t.category}, volatility`, "score 0-10", t.volatilityScore, from);
      add("Most volatile genres", `${t.category}, change`, "%", t.change, from);
    }
  }

  return { exportedAt, dataAsOf: o.dataAsOf, isDemo: o.isDemo || !!data.catalogState?.demo, figures };
}

/** The export as CSV: a row per figure, its source and date in the columns the other exports use. */
export function dashboardCsv(exp: DashboardExport): { header: string[]; rows: CsvValue[][] } {
  return {
    header: ["section", "figure", "unit", "value", "source", "as of (ISO 8601)"],
    rows: exp.figures.map((f) => [f.section, f.figure, f.unit, f.value, f.source, f.asOf]),
  };
}

/**
 * The answers of every query the Dashboard's tabs read: from the cache where a tab has loaded them,
 * else fetched with the same options (a tab not opened yet), so its figures are in the file too.
 */
export async function loadDashboardData(
  queryClient: QueryClient,
  { premium, realtime }: Pick<DashboardData, "premium" | "realtime">,
): Promise<DashboardData> {
  const answers = await Promise.all(
    Object.entries(DASHBOARD_QUERIES).map(async ([name, query]) => [
      name,
      await queryClient.ensureQueryData(query as EnsureQueryDataOptions),
    ]),
  );
  // Through DashboardAnswers, so a query whose answer does not fit its field fails to compile.
  const read: Omit<DashboardData, "premium" | "realtime"> = Object.fromEntries(answers) as DashboardAnswers;
  return { ...read, realtime, premium };
}
