import { and, desc, eq, gt, sql } from "drizzle-orm";
import {
  type GenreTrendRow,
  REPORT_TYPES,
  type Report,
  type ReportSummary,
  type ReportType,
  withoutVolatility,
} from "../../contracts/games.ts";
import {
  GENRE_MIN_GAMES,
  GENRE_MIN_MONTHS,
  GENRE_MIN_WEEKS,
  GENRE_SERIES_FILLS,
  GENRE_SERIES_RULE,
  GENRE_WINDOW_DAYS,
  GENRE_WINDOW_MONTHS,
  NO_PLAYER_HISTORY,
} from "../../contracts/player-figures.ts";
import { oncePerSource, type Provenance } from "../../contracts/provenance.ts";
import type { PublicUser } from "../../contracts/roles.ts";
import { hasPremiumAccess } from "../../contracts/roles.ts";
import { db, rawClient } from "../db/client.ts";
import { reports } from "../db/schema/index.ts";
import { env } from "../env.ts";
import { utcDay, utcMonth } from "../format-utc-date.ts";
import { HttpProblem } from "../http/problem.ts";
import { getMarketTrends, getOverviewFigures } from "./market.ts";
import { provenanceOf, sourceLabel } from "./provenance.ts";
import { DAY_MS, firstDayFrom, newestPlayerPoint } from "./stats.ts";
import { gameGrowths, getTrendingGames } from "./trending.ts";
import { listUserGames } from "./watchlist.ts";

/** Reports a user generates from the data as it is now (the Overview's "Generate Report"). */
export { REPORT_TYPES, type ReportType };

async function buildReport(type: ReportType, userId: string): Promise<Record<string, unknown>> {
  switch (type) {
    case "market_overview": {
      const [figures, trending, trends] = await Promise.all([
        getOverviewFigures(),
        getTrendingGames(),
        getMarketTrends(),
      ]);
      return {
        marketActivity: figures.marketActivity,
        dataAsOf: figures.dataAsOf,
        topTrending: trending.slice(0, 10),
        largestGenres: trends.slice(0, 8),
      };
    }
    case "watchlist_summary": {
      const [tracked, trending] = await Promise.all([listUserGames(userId), getTrendingGames()]);
      // Every tracked game's growth by trending's rule, in the list or not (review r25 #3: "–" for a
      // game outside the top 50 whose growth the data has), with what it compares and its source.
      const growths = await gameGrowths(tracked.map((g) => g.gameId));
      const trendingIds = new Set(trending.map((t) => t.gameId));
      return {
        games: tracked.map((g) => {
          const growth = growths.get(g.gameId);
          return {
            gameId: g.gameId,
            gameName: g.gameName,
            // Every platform, so entries of one name (GTA V PC and PS4/XOne) tell apart (review r26/a #4).
            platforms: g.platforms,
            playerCount: g.playerCount,
            // What the count is (a peak-only game's is its peak), as the watchlist answers it.
            playersFigure: g.playersFigure ?? null,
            // Whose the players figure is and when: a peak its own source's, else the counts' (r26/a #4).
            playersProvenance: playersProvenanceOf(g),
            price: g.price,
            // Whose price it is and when, and a converted one's own price and rate (review r26/a #4).
            priceProvenance: g.priceProvenance ?? null,
            ...(g.priceConversion ? { priceConversion: g.priceConversion } : {}),
            growth: growth?.growth ?? null,
            growthBasis: growth?.growthBasis ?? null,
            // Its latest month is partial (the source's file ends inside it: review r25 #4).
            ...(growth?.partial ? { growthPartial: true } : {}),
            currentAverage: growth?.currentAverage ?? null,
            previousAverage: growth?.previousAverage ?? null,
            growthProvenance: growth ? provenanceOf(growth.source, growth.asOf) : null,
            trending: trendingIds.has(g.gameId),
          };
        }),
        trackedCount: tracked.length,
        trendingInWatchlist: tracked.filter((g) => trendingIds.has(g.gameId)).length,
        // The sources of the figures shown (players, price, growth), each once at its newest time, as
        // the Dashboard's watchlist table names them (not "the catalog's player series", nor the review
        // and critic sources of figures the report does not show: review r26/a #8).
        sources: oncePerSource(
          tracked.flatMap((g) => [
            playersProvenanceOf(g),
            g.priceProvenance,
            ...(growths.has(g.gameId)
              ? [provenanceOf(growths.get(g.gameId)!.source, growths.get(g.gameId)!.asOf)]
              : []),
          ]),
        ),
      };
    }
    case "genre_trends": {
      const trends = await getMarketTrends();
      return {
        genres: trends,
        mostVolatile: [...trends].sort((a, b) => b.volatilityScore - a.volatilityScore).slice(0, 5),
      };
    }
  }
}

/** The source and time of the players figure a watchlist row shows (null without one). */
function playersProvenanceOf(g: Awaited<ReturnType<typeof listUserGames>>[number]): Provenance | null {
  // Every shown figure names its source and time (ShownPlayersFigure, one shape for every measure).
  const shown = g.playersFigure;
  return shown ? { source: shown.source, asOf: shown.at } : null;
}

const sourceList = (sources: unknown) =>
  [
    ...new Set(
      String(sources ?? "")
        .split(",")
        .filter(Boolean)
        .map(sourceLabel),
    ),
  ]
    .sort()
    .join(", ");

/**
 * Why no genre has a series (GENRE_SERIES_RULE), as the catalog's player counts stand (review r23-a
 * #4: "none has one yet" was untrue of a catalog with 958 games' monthly SteamCharts series): no
 * player counts at all; only monthly averages in the latest 90 days of player data (a month's mean
 * is one point a month: never 5 weeks; too few months of them, ADR 047); daily or live counts that end before those 90 days; or counts
 * in them for too few games or weeks. Each with the newest date it is about.
 */
async function genreSeriesShortfall(): Promise<string> {
  const newest = await newestPlayerPoint();
  if (!newest) return `No game has player counts yet. ${GENRE_SERIES_RULE} ${NO_PLAYER_HISTORY}.`;
  const from = firstDayFrom(newest - GENRE_WINDOW_DAYS * DAY_MS) * DAY_MS;
  const window = `the latest ${GENRE_WINDOW_DAYS} days of player data (${utcDay(from)} to ${utcDay(newest)})`;
  const client = rawClient();
  const [inWindow] = (
    await client.execute({
      sql: `SELECT count(DISTINCT game_id) AS games, group_concat(DISTINCT source) AS sources
            FROM game_metrics WHERE metric = 'players' AND period != 'month' AND ts >= ?`,
      args: [from],
    })
  ).rows;
  if (Number(inWindow?.games ?? 0) > 0) {
    const games = Number(inWindow!.games);
    return `In ${window}, ${games.toLocaleString("en-US")} game${games === 1 ? " has" : "s have"} daily or live player counts (${sourceList(inWindow!.sources)}), and no genre has ${GENRE_MIN_GAMES} of its games counted in ${GENRE_MIN_WEEKS} different weeks yet. ${GENRE_SERIES_RULE} ${GENRE_SERIES_FILLS}`;
  }
  const [[monthly], [older]] = await Promise.all([
    client
      .execute({
        sql: `SELECT count(DISTINCT game_id) AS games, group_concat(DISTINCT source) AS sources, max(ts) AS newest
              FROM game_metrics WHERE metric = 'players' AND period = 'month' AND ts >= ?`,
        args: [from],
      })
      .then((r) => r.rows),
    client
      .execute("SELECT max(ts) AS newest FROM game_metrics WHERE metric = 'players' AND period != 'month'")
      .then((r) => r.rows),
  ]);
  const monthlyGames = Number(monthly?.games ?? 0);
  const olderCounts = older?.newest == null ? null : Number(older.newest);
  const months = `monthly averages only (${sourceList(monthly?.sources)}, newest ${utcMonth(Number(monthly?.newest ?? newest))}, ${monthlyGames.toLocaleString("en-US")} game${monthlyGames === 1 ? "" : "s"})`;
  const counts =
    olderCounts == null
      ? "The catalog has no daily or live player counts"
      : `The catalog's daily or live player counts end on ${utcDay(olderCounts)}, before that window`;
  return `The player figures in ${window} are ${months}: a month's average is one figure a month, and a genre needs them in ${GENRE_MIN_MONTHS} of the latest ${GENRE_WINDOW_MONTHS} months. ${counts}. ${GENRE_SERIES_RULE} ${GENRE_SERIES_FILLS}`;
}

/**
 * Why a report built from the data as it is now would hold nothing, or null when it holds something
 * (review r22-c #3): an empty report is stored with this as its `emptyReason`, so whoever reads it
 * (the API, an export, the report dialog) is told why rather than given bare empty lists. A market
 * overview with some player figures but no trending game or genre yet is partial, not empty, and is
 * stored: it says what it has. A watchlist summary of an empty watchlist says so itself ("0 tracked
 * games") and is stored.
 */
async function emptyReportReason(type: ReportType, data: Record<string, unknown>): Promise<string | null> {
  const none = (key: string) => !Array.isArray(data[key]) || (data[key] as unknown[]).length === 0;
  switch (type) {
    case "market_overview": {
      const activity = data.marketActivity as { games?: number } | undefined;
      if (activity?.games || !none("topTrending") || !none("largestGenres")) return null;
      return `A market overview sums the catalog's players and ranks its trending games by player counts, and no game has any yet. ${NO_PLAYER_HISTORY}: generate the report once it has run.`;
    }
    case "genre_trends":
      if (!none("genres")) return null;
      return `A genre trends report needs genres with a player series, and none has one. ${await genreSeriesShortfall()}`;
    case "watchlist_summary":
      return null;
  }
}

/**
 * Market overviews stored before review r22-c #2 hold `players: 0` over no game with figures: read as
 * no data (`null`), as the Overview now answers it.
 */
function withoutZeroPlayers(data: Record<string, unknown>): Record<string, unknown> {
  const activity = data.marketActivity as { players?: number | null; games?: number } | undefined;
  if (activity?.games !== 0 || activity.players !== 0) return data;
  return { ...data, marketActivity: { ...activity, players: null } };
}

/**
 * A report as `user` may read it: genre volatility is a premium figure (ADR 020), so a regular user's
 * genres come without it and a genre trends report without its most volatile genres. Applied when a
 * report is stored and again when it is read, so a user demoted since does not read it either.
 */
function forReader(user: Pick<PublicUser, "role">, stored: Record<string, unknown>): Record<string, unknown> {
  const data = withoutZeroPlayers(stored);
  if (hasPremiumAccess(user)) return data;
  const { mostVolatile: _, ...rest } = data;
  for (const key of ["largestGenres", "genres"] as const) {
    const genres = rest[key] as GenreTrendRow[] | undefined;
    if (Array.isArray(genres)) rest[key] = genres.map(withoutVolatility);
  }
  return rest;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The 429 for a user who generated REPORTS_MAX_PER_HOUR reports in the past hour: Retry-After is
 * when the oldest of them turns an hour old and makes room (review r20-b #3: one free account stored
 * 120 reports in a loop, with nothing bounding them).
 */
async function reportLimitReached(userId: string, limit: number, now: number): Promise<HttpProblem> {
  const [oldest] = await db()
    .select({ at: reports.generatedAt })
    .from(reports)
    .where(and(eq(reports.userId, userId), gt(reports.generatedAt, new Date(now - HOUR_MS))))
    .orderBy(reports.generatedAt)
    .limit(1);
  const wait = Math.max(1, Math.ceil(((oldest?.at.getTime() ?? now) + HOUR_MS - now) / 1000));
  const minutes = Math.ceil(wait / 60);
  return new HttpProblem(
    429,
    `You can generate at most ${limit.toLocaleString("en-US")} reports an hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { headers: { "Retry-After": String(wait) } },
  );
}

/** How many reports the user generated in the hour before `now`. */
async function reportsInLastHour(userId: string, now: number): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)` })
    .from(reports)
    .where(and(eq(reports.userId, userId), gt(reports.generatedAt, new Date(now - HOUR_MS))));
  return row?.n ?? 0;
}

export async function generateReport(
  user: Pick<PublicUser, "id" | "role">,
  reportType: ReportType,
): Promise<Report> {
  // Admins too: the limit protects storage and backups, which an admin's reports fill alike.
  const limit = env().REPORTS_MAX_PER_HOUR;
  // Asked first so a refused request does not build the report; counted again in the insert itself,
  // as the watchlist's limit is, so concurrent requests cannot pass it together.
  if ((await reportsInLastHour(user.id, Date.now())) >= limit) {
    throw await reportLimitReached(user.id, limit, Date.now());
  }
  const built = await buildReport(reportType, user.id);
  // A report with nothing in it is stored as asked, with why it is empty and how that fills.
  const empty = await emptyReportReason(reportType, built);
  const data = forReader(user, empty ? { ...built, emptyReason: empty } : built);
  const id = crypto.randomUUID();
  const now = Date.now();
  const inserted = await db().all<{ id: string }>(
    sql`INSERT INTO reports (id, user_id, report_type, data, generated_at)
        SELECT ${id}, ${user.id}, ${reportType}, ${JSON.stringify(data)}, ${now}
        WHERE (SELECT count(*) FROM reports WHERE user_id = ${user.id} AND generated_at > ${now - HOUR_MS}) < ${limit}
        RETURNING id`,
  );
  if (!inserted.length) throw await reportLimitReached(user.id, limit, now);
  // The report as written, not read back: by then another process (Delete Account on another server)
  // may have removed it, and the answer was a 500 (review r29, finding 2).
  return { id, reportType, generatedAt: new Date(now).toISOString(), data };
}

export async function listReports(userId: string): Promise<ReportSummary[]> {
  const rows = await db()
    .select({ id: reports.id, reportType: reports.reportType, generatedAt: reports.generatedAt })
    .from(reports)
    .where(eq(reports.userId, userId))
    .orderBy(desc(reports.generatedAt));
  return rows.map((r) => ({ ...r, generatedAt: r.generatedAt.toISOString() }));
}

export async function getReport(user: Pick<PublicUser, "id" | "role">, id: string): Promise<Report> {
  const [row] = await db()
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, user.id)))
    .limit(1);
  if (!row) throw new HttpProblem(404, "No such report");
  return {
    id: row.id,
    reportType: row.reportType,
    generatedAt: row.generatedAt.toISOString(),
    data: row.data == null ? row.data : forReader(user, row.data as Record<string, unknown>),
  };
}
