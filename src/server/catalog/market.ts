import type { ActivityPoint, MarketTrend, OverviewFigures } from "../../contracts/games.ts";
import {
  GENRE_MIN_GAMES,
  GENRE_MIN_MONTHS,
  GENRE_MIN_WEEKS,
  GENRE_WINDOW_DAYS,
  GENRE_WINDOW_MONTHS,
} from "../../contracts/player-figures.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { placeholders, rawClient } from "../db/client.ts";
import { utcDay, utcMonth } from "../format-utc-date.ts";
import { provideCurrentValue } from "../realtime/hub.ts";
import { inProgressMonths, isPartialMonth } from "./in-progress-months.ts";
import { keptUntilChange } from "./kept-answers.ts";
import { provenanceOf } from "./provenance.ts";
import { DAY_MS, firstDayFrom, lastDayUpTo, newestPlayerPoint } from "./stats.ts";
import { getTrendingSnapshot } from "./trending.ts";

/**
 * Market volatility per category (genre), from the player series (issue 4), on one basis for every
 * genre (ADR 047):
 * - weekly: the genre's players per week over GENRE_WINDOW_DAYS days of daily or live counts — the
 *   sum of its games' average players that week (each game's counts that day averaged first, so a live
 *   sync's 96 counts a day are one day; monthly means are not days); the window ends on the newest day
 *   of a series, not of a lone newer snapshot: a window that scores no genre gives way to one ending on
 *   the newest day of the other sources' counts;
 * - monthly, when no weekly window scores a genre or the monthly averages are newer: the genre's
 *   players per month over GENRE_WINDOW_MONTHS months of monthly averages (SteamCharts), the sum of its
 *   games' means that month.
 * The score is the standard deviation of the period-on-period changes, ×50 and capped at 10 (steady
 * ±2% periods score about 1; swings of ±20% score 10). Genres need GENRE_MIN_GAMES games in one period
 * and GENRE_MIN_WEEKS weeks or GENRE_MIN_MONTHS months (contracts/player-figures.ts, which says the
 * rule to users). Each genre's provenance names the window's sources, its end (`asOf`) and, in
 * `method`, its first and last period: a 2022 window reads as 2022.
 */
export type { MarketTrend };

const WINDOW_DAYS = GENRE_WINDOW_DAYS;
const WEEK_MS = 7 * DAY_MS;

/**
 * The month starts (ms) after day `fromDay` up to `newest`: where monthly means are dated (SteamCharts:
 * one mean per month, at midnight on the 1st, period 'month').
 */
function monthStartsAfter(fromDay: number, newest: number): number[] {
  const starts: number[] = [];
  const from = new Date(fromDay * DAY_MS);
  for (let m = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1); m <= newest; ) {
    if (m > fromDay * DAY_MS) starts.push(m);
    const next = new Date(m);
    m = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1);
  }
  return starts;
}

/**
 * Each game's players on each day after `fromDay`, for sums across the catalog: the CTEs `monthly`
 * (game_id, source, day, value: the monthly means dated in the window) and `game_days` (day, game_id,
 * players, sources). A game's players on a day are the mean of its daily and live points of that day
 * from the series by day (player_days). Summing the points themselves would count a game once per
 * point: a live sync stores 96 counts a day, a daily source one. A monthly mean is taken out of the
 * day it is dated on: it is one figure for its month, not that day's players, and a game with monthly
 * figures only has no days.
 *
 * Put first in a statement (`WITH ${sql} SELECT …`), with `args` before the statement's own.
 */
function gameDays(fromDay: number, newest: number): { sql: string; args: number[] } {
  const starts = monthStartsAfter(fromDay, newest);
  return {
    // The monthly points are looked up at the month starts only (the index on metric and ts): a
    // range over the window would read every live count in it.
    sql: `monthly AS MATERIALIZED (
            SELECT game_id, source, ts / ${DAY_MS} AS day, value FROM game_metrics
            WHERE metric = 'players' AND period = 'month' AND ts IN (${starts.length ? placeholders(starts.length) : "NULL"})
          ),
          game_days AS (
            SELECT day, game_id, sum(total) / sum(points) AS players, group_concat(source) AS sources
            FROM (SELECT p.day, p.game_id, p.source, p.total - coalesce(m.value, 0) AS total,
                         p.points - (CASE WHEN m.value IS NULL THEN 0 ELSE 1 END) AS points
                  FROM player_days p LEFT JOIN monthly m
                    ON m.game_id = p.game_id AND m.source = p.source AND m.day = p.day
                  WHERE p.metric = 'players' AND p.day > ?)
            WHERE points > 0 GROUP BY day, game_id
          )`,
    args: [...starts, fromDay],
  };
}

/** Kept until the data changes (kept-answers.ts): the Overview, reports and the AI ask for it. */
export const getMarketTrends: () => Promise<MarketTrend[]> = keptUntilChange(computeMarketTrends, {
  catalogOnly: true,
});

// A new market_trends subscriber gets the trends of the moment (as analytics_stats does), computed
// from the series there is — `[]` when no genre can be scored yet, the shape the Overview already
// handles — instead of nothing until the analysis workflow's next run publishes them.
provideCurrentValue("market_trends", getMarketTrends);

/** A genre's players in one period of a window, oldest period first. */
interface GenrePeriod {
  total: number;
  games: number;
}

/** The genres scored over one window, and where the window ends (ms) for choosing between windows. */
interface ScoredWindow {
  end: number;
  trends: MarketTrend[];
}

function byGenre(rows: ReadonlyArray<Record<string, unknown>>): Map<string, GenrePeriod[]> {
  const genres = new Map<string, GenrePeriod[]>();
  for (const row of rows) {
    const list = genres.get(String(row.genre)) ?? [];
    list.push({ total: Number(row.total), games: Number(row.games) });
    genres.set(String(row.genre), list);
  }
  return genres;
}

/** The genres with enough periods and games, scored (the rule above), largest first. */
function scoreGenres(
  genres: Map<string, GenrePeriod[]>,
  minPeriods: number,
  provenance: Provenance,
): MarketTrend[] {
  const trends: MarketTrend[] = [];
  for (const [category, series] of genres) {
    const maxGames = Math.max(...series.map((s) => s.games));
    if (series.length < minPeriods || maxGames < GENRE_MIN_GAMES) continue;
    const changes: number[] = [];
    for (let i = 1; i < series.length; i++) {
      const prev = series[i - 1]!.total;
      if (prev > 0) changes.push((series[i]!.total - prev) / prev);
    }
    if (changes.length < minPeriods - 1) continue;
    const mean = changes.reduce((s, c) => s + c, 0) / changes.length;
    const sd = Math.sqrt(changes.reduce((s, c) => s + (c - mean) ** 2, 0) / changes.length);
    const first = series[0]!.total;
    const last = series.at(-1)!.total;
    trends.push({
      category,
      volatilityScore: Math.round(Math.min(10, sd * 50) * 10) / 10,
      players: Math.round(last),
      games: maxGames,
      change: first > 0 ? Math.round(((last - first) / first) * 1000) / 10 : 0,
      provenance,
    });
  }
  return trends.sort((a, b) => b.players - a.players);
}

/** The sources with monthly player averages: their points are months, never days of a weekly series. */
async function monthlySources(): Promise<string[]> {
  const rs = await rawClient().execute(
    "SELECT DISTINCT source FROM game_metrics WHERE metric = 'players' AND period = 'month'",
  );
  return rs.rows.map((r) => String(r.source));
}

/**
 * At most this many weekly windows are tried, each ending on the newest day of the sources not yet
 * tried (one window per source at most): a lone snapshot newer than the series does not hide them.
 */
const MAX_WEEKLY_WINDOWS = 6;

/**
 * The first weekly window that scores a genre, from the newest: its end is the newest day of daily or
 * live counts of the sources left; a window that scores none leaves out the sources of its last day
 * (a one-day snapshot, a sync begun days ago) and the next ends on the others' newest day.
 */
async function weeklyTrends(monthly: string[]): Promise<ScoredWindow | null> {
  const client = rawClient();
  const left = new Set(monthly);
  for (let tries = 0; tries < MAX_WEEKLY_WINDOWS; tries++) {
    const not = left.size ? `AND source NOT IN (${placeholders(left.size)})` : "";
    // The newest day first (the primary key's order: metric, day), then that day's newest time.
    const [top] = (
      await client.execute({
        // ORDER BY … LIMIT 1 walks the key from its end and stops at the first row of a source left.
        sql: `SELECT day, max(last_ts) AS newest, group_concat(DISTINCT source) AS sources FROM player_days
              WHERE metric = 'players'
                AND day = (SELECT day FROM player_days WHERE metric = 'players' ${not} ORDER BY day DESC LIMIT 1)
                ${not}
              GROUP BY day`,
        args: [...left, ...left],
      })
    ).rows;
    if (!top) return null;
    const end = Number(top.newest);
    const endDay = Number(top.day);
    const fromDay = firstDayFrom(end - WINDOW_DAYS * DAY_MS);
    const rs = await client.execute({
      // Weekly buckets (counted back from the window's end, by the start of each day) take out the
      // weekend cycle of daily data. Each game's week first, from the series by day (player_days,
      // migration 0019), then its genres: joining every point to its game's genres took 7.4 s with
      // 3 million points (bench/series-scale.bench.ts).
      sql: `WITH weeks AS (
              SELECT game_id, CAST((? - day * ${DAY_MS}) / ${WEEK_MS} AS INTEGER) AS bucket,
                     sum(total) / sum(points) AS players
              FROM player_days WHERE metric = 'players' AND day >= ? AND day <= ? ${not}
              GROUP BY game_id, bucket
            )
            SELECT j.value AS genre, w.bucket, sum(w.players) AS total, count(DISTINCT w.game_id) AS games
            FROM weeks w JOIN games g ON g.id = w.game_id, json_each(g.genres) j
            GROUP BY j.value, w.bucket ORDER BY j.value, w.bucket DESC`,
      args: [end, fromDay, endDay, ...left],
    });
    const sources = await client.execute({
      sql: `SELECT DISTINCT source FROM player_days WHERE metric = 'players' AND day >= ? AND day <= ? ${not}`,
      args: [fromDay, endDay, ...left],
    });
    const provenance = provenanceOf(
      sources.rows.map((r) => String(r.source)).sort(),
      end,
      `players per genre each week from ${utcDay(fromDay * DAY_MS)} to ${utcDay(end)} (the ${GENRE_WINDOW_DAYS} days of daily or live player counts up to their newest day; each week the sum of its games' average player counts); volatility = 50 × the standard deviation of week-on-week changes, capped at 10`,
    );
    const trends = scoreGenres(byGenre(rs.rows), GENRE_MIN_WEEKS, provenance);
    if (trends.length > 0) return { end, trends };
    for (const source of String(top.sources ?? "").split(",")) if (source) left.add(source);
  }
  return null;
}

/** The 1sts of the `count` months up to the month of `end` (a month's 1st), oldest first. */
function monthsUpTo(end: number, count: number): number[] {
  const d = new Date(end);
  return Array.from({ length: count }, (_, i) =>
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (count - 1 - i), 1),
  );
}

/**
 * The genres over the GENRE_WINDOW_MONTHS months of monthly averages up to the newest full one: each month
 * the sum of its games' means (several sources' means of a game averaged), read at the months' 1sts
 * only (the monthly index).
 */
async function monthlyTrends(): Promise<ScoredWindow | null> {
  const client = rawClient();
  // The window ends on the newest month that is not partial (isPartialPeriod: fewer than 90 % of the
  // month before's games): a month one game has (a one-row import) is no genre's total.
  const newest = (
    await client.execute({
      sql: `SELECT ts, count(DISTINCT game_id) AS games FROM game_metrics
            WHERE metric = 'players' AND period = 'month' GROUP BY ts ORDER BY ts DESC LIMIT ?`,
      args: [GENRE_WINDOW_MONTHS + 1],
    })
  ).rows.map((r) => ({ ts: Number(r.ts), games: Number(r.games) }));
  if (newest.length === 0) return null;
  const full = newest.findIndex((m, i) => !isPartialPeriod(m.games, newest[i + 1]?.games ?? 0));
  const end = newest[full === -1 ? 0 : full]!.ts;
  const months = monthsUpTo(end, GENRE_WINDOW_MONTHS);
  const rs = await client.execute({
    sql: `WITH m AS (
            SELECT game_id, ts, avg(value) AS players FROM game_metrics
            WHERE metric = 'players' AND period = 'month' AND ts IN (${placeholders(months.length)})
            GROUP BY game_id, ts
          )
          SELECT j.value AS genre, m.ts, sum(m.players) AS total, count(DISTINCT m.game_id) AS games
          FROM m JOIN games g ON g.id = m.game_id, json_each(g.genres) j
          GROUP BY j.value, m.ts ORDER BY j.value, m.ts`,
    args: months,
  });
  const sources = await client.execute({
    sql: `SELECT DISTINCT source FROM game_metrics
          WHERE metric = 'players' AND period = 'month' AND ts IN (${placeholders(months.length)})`,
    args: months,
  });
  const provenance: Provenance = {
    ...provenanceOf(
      sources.rows.map((r) => String(r.source)).sort(),
      end,
      `players per genre each month from ${utcMonth(months[0]!)} to ${utcMonth(end)} (the ${GENRE_WINDOW_MONTHS} months of monthly averages up to the newest month most games have; no ${GENRE_MIN_WEEKS} weeks of daily or live counts scored a genre more recently; each month the sum of its games' average players); volatility = 50 × the standard deviation of month-on-month changes, capped at 10`,
    ),
    // A month's figure: screens write the month, never its 1st as a day.
    asOfPrecision: "month",
  };
  const trends = scoreGenres(byGenre(rs.rows), GENRE_MIN_MONTHS, provenance);
  return trends.length > 0 ? { end, trends } : null;
}

async function computeMarketTrends(): Promise<MarketTrend[]> {
  const monthly = await monthlySources();
  const weekly = await weeklyTrends(monthly);
  // Monthly averages only when no weekly window scores a genre, or they reach further: the newest
  // window that scores one is the one the genres are read over.
  const months = monthly.length > 0 ? await monthlyTrends() : null;
  if (weekly && (!months || weekly.end >= months.end)) return weekly.trends;
  return months?.trends ?? [];
}

export type { OverviewFigures };

/** "each week from Sep 16, 2022 to Dec 14, 2022": the window a genre trend's method names. */
function windowWords(method: string | undefined): string {
  return (
    /^players per genre (each (?:week|month) from .+? to .+?) \(/.exec(method ?? "")?.[1] ??
    "over the latest window"
  );
}

/** The genres' mean volatility score (0–10, one decimal), or null with no genre scored. */
export function averageVolatility(trends: MarketTrend[]): number | null {
  if (trends.length === 0) return null;
  return Math.round((trends.reduce((s, t) => s + t.volatilityScore, 0) / trends.length) * 10) / 10;
}

/**
 * The newest period's players, and its change against the previous period like with like (review 8,
 * item 3): the change compares the games with figures in both periods (`comparedGames`), so a newest
 * month that only some games have yet is not set against a full month of every game, and a game new
 * this period is in the total but not in the change. Without a previous period, no change.
 */
interface PeriodTotals {
  /** The newest period's total over every game with figures in it (`games`). */
  players: number;
  games: number;
  change: number | null;
  comparedGames: number;
  previousGames: number;
  sources: string[];
}

const EMPTY_PERIODS: PeriodTotals = {
  players: 0,
  games: 0,
  change: null,
  comparedGames: 0,
  previousGames: 0,
  sources: [],
};

function periodTotals(row: Record<string, unknown> | undefined): PeriodTotals {
  if (!row) return EMPTY_PERIODS;
  const current = Number(row.cur_both ?? 0);
  const previous = Number(row.prev_both ?? 0);
  return {
    players: Math.round(Number(row.cur_all ?? 0)),
    games: Number(row.latest_games ?? 0),
    change: previous > 0 ? Math.round(((current - previous) / previous) * 1000) / 10 : null,
    comparedGames: Number(row.both_games ?? 0),
    previousGames: Number(row.previous_games ?? 0),
    // Sorted so the answer does not depend on scan order; provenanceOf drops the repeats.
    sources: String(row.sources_all ?? "")
      .split(",")
      .filter(Boolean)
      .sort(),
  };
}

/**
 * A newest period with figures for notably fewer games than the one before (under 90 % of them) is
 * partial: the rest have not reported yet (a monthly file with one game's new month, a live sync of
 * the most played games only). Its comparison still sums the same games in both periods.
 */
const PARTIAL_PERIOD_SHARE = 0.9;

export function isPartialPeriod(latestGames: number, previousGames: number): boolean {
  return previousGames > 0 && latestGames < previousGames * PARTIAL_PERIOD_SHARE;
}

/**
 * The Overview's metric cards, computed from the catalog; the AI Predictions card's projection comes
 * from the AI's market prediction (src/server/ai/engine.ts projectedMovers), premium only.
 */
export const getOverviewFigures: () => Promise<Required<Omit<OverviewFigures, "aiPredictions">>> =
  keptUntilChange(computeOverviewFigures, { catalogOnly: true });

async function computeOverviewFigures(): Promise<Required<Omit<OverviewFigures, "aiPredictions">>> {
  const client = rawClient();
  const newest = await newestPlayerPoint();
  const [trending, trends, demo, months] = await Promise.all([
    getTrendingSnapshot(),
    getMarketTrends(),
    client.execute("SELECT count(*) AS n FROM games WHERE is_demo = 1"),
    inProgressMonths(),
  ]);
  let activity: PeriodTotals = EMPTY_PERIODS;
  let days = 0;
  let basis: "days" | "month" = "days";
  if (newest) {
    const [latest] = (
      await client.execute({
        sql: "SELECT period FROM game_metrics WHERE metric = 'players' AND ts = ? ORDER BY period = 'month' LIMIT 1",
        args: [newest],
      })
    ).rows;
    if (latest?.period === "month") basis = "month";
  }
  if (newest && basis === "month") {
    // Monthly averages only at the newest time: that month's total against the month before's, each
    // game at its average of the month (one point a month: nothing to average over days; several
    // sources' means of one game averaged, as the activity chart does).
    const month = new Date(newest);
    const monthBefore = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - 1, 1);
    const rs = await client.execute({
      sql: `WITH per_game AS (
              SELECT game_id, avg(CASE WHEN ts = ?1 THEN value END) AS cur, avg(CASE WHEN ts = ?2 THEN value END) AS prev,
                     group_concat(DISTINCT CASE WHEN ts = ?1 THEN source END) AS sources
              FROM game_metrics WHERE metric = 'players' AND period = 'month' AND ts IN (?1, ?2) GROUP BY game_id
            )
            SELECT sum(cur) AS cur_all, count(cur) AS latest_games, count(prev) AS previous_games,
                   group_concat(sources) AS sources_all,
                   sum(CASE WHEN prev IS NOT NULL THEN cur END) AS cur_both,
                   sum(CASE WHEN cur IS NOT NULL THEN prev END) AS prev_both,
                   count(CASE WHEN cur IS NOT NULL AND prev IS NOT NULL THEN 1 END) AS both_games
            FROM per_game`,
      args: [newest, monthBefore],
    });
    activity = periodTotals(rs.rows[0]);
  } else if (newest) {
    // Days whose start lies within the last 7 days of data, and the 7 before them; the sources of
    // the last 7. Each game counts its mean count of the day (gameDays): a live sync's 96 counts a
    // day are one game's players, not 96 of them, and a monthly mean is no day's count.
    const window = gameDays(lastDayUpTo(newest - 14 * DAY_MS), newest);
    const split = `?${window.args.length + 1}`;
    const rs = await client.execute({
      // Divided by the days that have data, not by 7: a catalog with one day of counts in the
      // window has that day's total as its daily average, not a seventh of it. The change compares
      // the games counted in both weeks only (`paired`), each week over its days with their counts.
      sql: `WITH ${window.sql},
            counted AS MATERIALIZED (SELECT day, game_id, players, sources, day > ${split} AS recent FROM game_days),
            in_both AS (SELECT game_id FROM counted GROUP BY game_id HAVING max(recent) = 1 AND min(recent) = 0),
            tagged AS (SELECT c.*, b.game_id IS NOT NULL AS paired FROM counted c LEFT JOIN in_both b USING (game_id))
            SELECT sum(CASE WHEN recent THEN players END) / count(DISTINCT CASE WHEN recent THEN day END) AS cur_all,
                   count(DISTINCT CASE WHEN recent THEN day END) AS days_all,
                   count(DISTINCT CASE WHEN recent THEN game_id END) AS latest_games,
                   count(DISTINCT CASE WHEN NOT recent THEN game_id END) AS previous_games,
                   group_concat(DISTINCT CASE WHEN recent THEN sources END) AS sources_all,
                   sum(CASE WHEN recent AND paired THEN players END) / count(DISTINCT CASE WHEN recent AND paired THEN day END) AS cur_both,
                   sum(CASE WHEN NOT recent AND paired THEN players END) / count(DISTINCT CASE WHEN NOT recent AND paired THEN day END) AS prev_both,
                   count(DISTINCT CASE WHEN recent AND paired THEN game_id END) AS both_games
            FROM tagged`,
      args: [...window.args, lastDayUpTo(newest - 7 * DAY_MS)],
    });
    activity = periodTotals(rs.rows[0]);
    days = Number(rs.rows[0]?.days_all ?? 0);
  }
  const { players, games, sources } = activity;
  const compared =
    activity.comparedGames > 0 && activity.comparedGames < Math.max(games, activity.previousGames);
  const comparedText = `${activity.comparedGames} ${activity.comparedGames === 1 ? "game" : "games"}`;
  return {
    marketActivity: {
      // No game with figures: no data, not "0 players" (review r22-c #2), as `change` is null then.
      players: games > 0 ? players : null,
      change: activity.change,
      games,
      comparedGames: activity.comparedGames,
      previousGames: activity.previousGames,
      partial: isPartialPeriod(games, activity.previousGames),
      basis,
      // Its month is one a source's file was taken in (SteamCharts' newest): its averages cover part
      // of it (review r26-a #2), as the games' own figures say.
      ...(basis === "month" && sources.some((s) => isPartialMonth(s, "month", newest, months))
        ? { partialMonth: true as const }
        : {}),
      provenance: provenanceOf(
        sources,
        newest || null,
        basis === "month"
          ? `total of the games' average players in ${new Date(newest).toISOString().slice(0, 7)} (monthly figures, no daily counts), against the month before${compared ? ` over ${comparedText} with figures in both months` : ""}`
          : `average daily total of players across the catalog over the latest 7 days of data (${days === 1 ? "1 day" : `${days} days`} with counts; each game counted at its average player count of the day)${compared ? `; the change against the 7 days before is over ${comparedText} with counts in both weeks` : ""}`,
      ),
    },
    trendingCount: trending.growing,
    trendingCompared: trending.compared,
    trendingProvenance: trending.growingProvenance,
    marketVolatility: {
      score: averageVolatility(trends),
      categories: trends.length,
      // The genres' player series behind it, at their newest point.
      // None scored: the player figures it looked at, and what a genre needs (its own line, not
      // Market Activity's method: review r23-a #6).
      // Its window in words ("each month from Mar 2021 to Feb 2022"): a 2022 window reads as 2022.
      ...(trends[0]?.provenance
        ? {
            provenance: {
              ...trends[0].provenance,
              method: `mean of the genres' volatility scores (0–10), from their players ${windowWords(trends[0].provenance.method)}`,
            },
          }
        : newest
          ? {
              provenance: provenanceOf(
                sources,
                newest,
                `no genre scored: a genre needs ${GENRE_MIN_GAMES} or more of its games with player figures in at least ${GENRE_MIN_WEEKS} weeks of ${GENRE_WINDOW_DAYS} days of daily or live counts, or in ${GENRE_MIN_MONTHS} of ${GENRE_WINDOW_MONTHS} months of monthly averages${basis === "month" ? "; monthly averages give one a month" : ""}`,
              ),
            }
          : {}),
    },
    isDemo: Number(demo.rows[0]?.n ?? 0) > 0,
    dataAsOf: newest ? new Date(newest).toISOString() : null,
  };
}

/** One day's (or month's) players across the catalog: the sum over the games with figures then. */
export interface ActivityTotal {
  /** Whole UTC days since 1970; for a month, its 1st. */
  day: number;
  /** Not rounded: projections fit lines through them. */
  players: number;
  games: number;
  sources: string[];
}

/**
 * Players across the catalog over the last 90 days of data (counted back from the newest point, so an
 * old import still draws its own history), the one computation behind the activity chart and the AI's
 * market insights:
 * - `days`: each day, the sum of each game's average daily or live count that day (gameDays: monthly
 *   means are not days);
 * - `months`: each month whose 1st lies in the window, the sum of the games' monthly means (each game
 *   once: several sources' means averaged), and the games with one.
 */
export const getCatalogActivity: () => Promise<{ days: ActivityTotal[]; months: ActivityTotal[] }> =
  keptUntilChange(computeCatalogActivity, { catalogOnly: true });

async function computeCatalogActivity(): Promise<{ days: ActivityTotal[]; months: ActivityTotal[] }> {
  const newest = await newestPlayerPoint();
  if (!newest) return { days: [], months: [] };
  const window = gameDays(lastDayUpTo(newest - WINDOW_DAYS * DAY_MS), newest);
  const rs = await rawClient().execute({
    sql: `WITH ${window.sql}
          SELECT 'day' AS basis, day, sum(players) AS players, count(*) AS games, group_concat(sources) AS sources
          FROM game_days GROUP BY day
          UNION ALL
          SELECT 'month', day, sum(players), count(*), group_concat(sources)
          FROM (SELECT day, game_id, avg(value) AS players, group_concat(source) AS sources FROM monthly
                GROUP BY day, game_id)
          GROUP BY day
          ORDER BY day`,
    args: window.args,
  });
  const days: ActivityTotal[] = [];
  const months: ActivityTotal[] = [];
  for (const row of rs.rows)
    (row.basis === "month" ? months : days).push({
      day: Number(row.day),
      players: Number(row.players),
      games: Number(row.games),
      sources: String(row.sources ?? "")
        .split(",")
        .filter(Boolean),
    });
  return { days, months };
}

/**
 * The activity chart's series (GET /api/analytics/activity), one basis throughout: the days of the
 * window (getCatalogActivity) when it has daily or live counts — its monthly means left out, not
 * counted as the day they are dated on — or else its months, each point dated the 1st and the total
 * of the games' monthly averages (a catalog of SteamCharts figures only). Its newest point carries
 * `partial` and the games of the point before (isPartialPeriod, as the Overview's Market Activity).
 */
export async function getPlayerActivity(): Promise<ActivityPoint[]> {
  const [{ days, months }, inProgress] = await Promise.all([getCatalogActivity(), inProgressMonths()]);
  const basis = days.length > 0 ? "day" : "month";
  const series = basis === "day" ? days : months;
  return series.map((total, i) => {
    const asOf = new Date(total.day * DAY_MS).toISOString();
    // The newest point says whether it is partial, by the Overview's rule against the point before.
    const before = i === series.length - 1 && i > 0 ? series[i - 1]! : null;
    return {
      date: asOf.slice(0, 10),
      players: Math.round(total.players),
      games: total.games,
      basis,
      source: provenanceOf(total.sources, null).source,
      asOf,
      ...(before ? { partial: isPartialPeriod(total.games, before.games), previousGames: before.games } : {}),
      // A month a source's file was taken in (review r26-a #2): its averages cover part of it.
      ...(basis === "month" &&
      total.sources.some((s) => isPartialMonth(s, "month", total.day * DAY_MS, inProgress))
        ? { partialMonth: true as const }
        : {}),
    };
  });
}
