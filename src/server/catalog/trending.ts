import {
  type GrowthBasis,
  TRENDING_GROWTH_CAP,
  TRENDING_MIN_PLAYERS,
  type TrendingEvent,
  type TrendingGame,
} from "../../contracts/games.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { dataVersion, rawClient } from "../db/client.ts";
import { log } from "../log.ts";
import { publish, subscriberCount } from "../realtime/hub.ts";
import { onCatalogChanged } from "./changes.ts";
import { inProgressMonths, isPartialMonth } from "./in-progress-months.ts";
import { keptUntilChange } from "./kept-answers.ts";
import { POINTS_OF_LAST, withShownFigures } from "./player-figures.ts";
import { provenanceOf } from "./provenance.ts";
import { listOf, ratingFigureOf, ratingOutOf5 } from "./shapes.ts";
import { priceConversionOf } from "./source-names.ts";
import { DAY_MS, lastDayUpTo, newestPlayerPoint } from "./stats.ts";

/**
 * Trending games, computed from the player series (issue 4). For each game with recent points:
 *   current  = mean players over its latest period: the 7 days ending on its newest point's day (each
 *              day's mean count, from the source of that point; for counts during the day the 7 whole
 *              days before it), or its latest month for monthly series,
 *   previous = the same over the period before it (the 7 days before; the month before); counts
 *              taken during the day that have no week before yet compare their last 24 hours with the
 *              24 before, and in their first two days their latest two counts,
 *   growth   = (current − previous) / previous,
 *   score    = growth (−100% to +500%) × log10(1 + current)   — growth weighted by size,
 * so a small game doubling ranks near a huge game growing a little. Games are considered only when
 * their latest point is within 45 days of the newest point stored, and with at least 100 players.
 * The list is kept until the catalog changes (`keptUntilChange`, catalog only): a change in this
 * process recomputes and publishes it on `trending_games`; another process's (an import run by hand)
 * is found by the next reader, or within a second by the server's follow while anyone is subscribed
 * (`startTrendingFollow`), which tells live screens when their list moved. Commits that change no
 * game (a sign-in, a change log's pruning) keep the list.
 */
export type { TrendingGame };

export const TRENDING_SIZE = 50;
const RECENT_DAYS = 45;
const MIN_PLAYERS = TRENDING_MIN_PLAYERS;

/** What live screens were last told (`publishTrending`), to tell them again only when it moved. */
let lastPublished: string | null = null;

export interface TrendingSnapshot {
  games: TrendingGame[];
  /** Games whose players grew against their previous period (the list shows at most TRENDING_SIZE). */
  growing: number;
  /** Games with player counts in two periods to compare, growing or not. */
  compared: number;
  /**
   * Where `growing` comes from: the sources of the growing games' series, the newest point they rest
   * on, and the rule (at least MIN_PLAYERS players, each basis compared); null when none grows.
   */
  growingProvenance: Provenance | null;
  /** Games whose players grew or fell by more than 10% against their previous period. */
  rising: number;
  falling: number;
  /**
   * Every compared game's growth (growing or not, in the list or not), by game id: the figure the list
   * shows, what it compares, and the source and time of the newest point it rests on. The analyst's
   * `screen_games` reads it, so that its growth is the Overview's.
   */
  growthByGame: Map<string, GameGrowth>;
}

/** One game's growth as trending computes it. */
export interface GameGrowth {
  growth: number;
  growthBasis: GrowthBasis;
  currentAverage: number;
  previousAverage: number;
  /** Source id of the series compared (`sourceName` names it). */
  source: string;
  /** Time of the newest point of that series. */
  asOf: number;
  /**
   * A monthly series whose latest month is the month its source's file was taken in (SteamCharts lists
   * the month in progress as its newest): that month's average covers part of it only (review r25 #4).
   */
  partial?: true;
}

export async function computeTrending(): Promise<TrendingSnapshot> {
  const newestTs = await newestPlayerPoint();
  if (!newestTs)
    return {
      games: [],
      growing: 0,
      compared: 0,
      growingProvenance: null,
      rising: 0,
      falling: 0,
      growthByGame: new Map(),
    };
  const since = newestTs - RECENT_DAYS * DAY_MS;
  const sinceDay = lastDayUpTo(since);
  const rs = await growthRows(
    "SELECT DISTINCT game_id FROM player_days WHERE metric = 'players' AND day >= ?2",
    [since, sinceDay],
  );
  // Counts during the day without a week before them (a live sync's first days): their last 24 hours
  // against the 24 before, when the series covers both (whole days, so the time of day cancels out).
  const young = rs.rows.filter((r) => r.period !== "month" && r.period !== "day" && r.prev7 == null);
  const days = await lastTwoDays(young);
  const months = await inProgressMonths();
  const games: Array<TrendingGame & { score: number }> = [];
  const growthByGame = new Map<string, GameGrowth>();
  for (const row of rs.rows) {
    const compared = comparedOf(row, days);
    if (!compared || compared.current < MIN_PLAYERS) continue;
    const { current, previous, growthBasis, growth } = compared;
    // The screens' TRENDING_ORDER_NOTE says this order in words.
    const score = Math.max(-1, Math.min(TRENDING_GROWTH_CAP, growth)) * Math.log10(1 + current);
    const gameGrowth = gameGrowthOf(row, compared, months);
    growthByGame.set(String(row.game_id), gameGrowth);
    const platforms = listOf(row.platforms);
    const conversion = priceConversionOf(row.price, row.price_source);
    const genres = listOf(row.genres);
    games.push({
      id: String(row.game_id),
      gameId: String(row.game_id),
      gameName: String(row.name),
      platform: platforms[0] ?? null,
      platforms,
      genre: genres[0] ?? null,
      playerCount: Math.round(Number(row.latest)),
      currentAverage: Math.round(current),
      previousPlayerCount: Math.round(previous),
      growth: Math.round(growth * 10000) / 10000,
      growthBasis,
      ...(gameGrowth.partial ? { growthPartial: true as const } : {}),
      price: row.price == null ? null : Number(row.price),
      // A price its source gave in GBP says so (review r18a, item 1).
      ...(conversion ? { priceConversion: conversion } : {}),
      rating: ratingOutOf5(row.rating),
      ratingFigure: ratingFigureOf(row),
      imageUrl: (row.cover_url as string | null) ?? null,
      isDemo: Boolean(row.is_demo),
      score,
    });
  }
  games.sort((a, b) => b.score - a.score || b.playerCount - a.playerCount);
  const growing = games.filter((g) => g.growth > 0);
  return {
    // The same player figures as every other list (player-figures.ts), with their source and time: a
    // trending game has counts, so `playerCount` is its latest count or monthly average.
    games: await withShownFigures(growing.slice(0, TRENDING_SIZE).map(({ score: _score, ...g }) => g)).then(
      (list) => list.map((g) => ({ ...g, playerCount: g.playerCount ?? 0 })),
    ),
    growing: growing.length,
    compared: games.length,
    growingProvenance: growingProvenanceOf(growing.map((g) => growthByGame.get(g.gameId)!)),
    rising: games.filter((g) => g.growth > 0.1).length,
    falling: games.filter((g) => g.growth < -0.1).length,
    growthByGame,
  };
}

/** How each basis of comparison reads in the trending count's rule. */
const PERIOD_WORDS: Record<GrowthBasis, string> = {
  "7 days": "7 days",
  month: "a month",
  "24 hours": "24 hours",
  "last two counts": "the latest count",
};

/**
 * The trending count's source line (review r27-a #7: "Trending 207" named no source, month or rule):
 * the growing games' sources, the newest point compared, and the rule, with the periods compared.
 */
function growingProvenanceOf(growing: GameGrowth[]): Provenance | null {
  if (growing.length === 0) return null;
  const periods = [...new Set(growing.map((g) => PERIOD_WORDS[g.growthBasis]))].join(", ");
  const partial = growing.some((g) => g.partial) ? "; the latest month is partial" : "";
  return provenanceOf(
    growing.map((g) => g.source),
    Math.max(...growing.map((g) => g.asOf)),
    `games with at least ${MIN_PLAYERS} players whose average over their latest period (${periods}) grew against the period before${partial}`,
  );
}

/** The two periods a game's growth compares, and the growth (trending's rule, below). */
interface Compared {
  current: number;
  previous: number;
  growthBasis: GrowthBasis;
  growth: number;
}

/**
 * Monthly series compare their latest two months; daily ones and counts during the day their latest 7
 * days with the 7 before; young counts their last 24 hours with the 24 before, or, in their first two
 * days, their latest count with the one before it: all there is to compare. Null when there is nothing
 * to compare (one period only, or none before with players).
 */
function comparedOf(
  row: Record<string, unknown>,
  days: Map<string, { current: number; previous: number }>,
): Compared | null {
  let current: number;
  let previous: number;
  let growthBasis: GrowthBasis;
  const day = days.get(String(row.game_id));
  if (row.period !== "month" && row.prev7 != null) {
    current = Number(row.cur7);
    previous = Number(row.prev7);
    growthBasis = "7 days";
  } else if (day) {
    current = day.current;
    previous = day.previous;
    growthBasis = "24 hours";
  } else if (row.period !== "day" && row.prev1 != null) {
    current = Number(row.latest);
    previous = Number(row.prev1);
    growthBasis = row.period === "month" ? "month" : "last two counts";
  } else return null;
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous <= 0) return null;
  return { current, previous, growthBasis, growth: (current - previous) / previous };
}

function gameGrowthOf(
  row: Record<string, unknown>,
  c: Compared,
  months: ReadonlyMap<string, number>,
): GameGrowth {
  const source = String(row.source);
  // The one rule of a partial month (in-progress-months.ts), as the game's players figure says it.
  const partial =
    c.growthBasis === "month" && isPartialMonth(source, String(row.period), Number(row.ts), months);
  return {
    growth: Math.round(c.growth * 10000) / 10000,
    growthBasis: c.growthBasis,
    currentAverage: Math.round(c.current),
    previousAverage: Math.round(c.previous),
    source,
    asOf: Number(row.ts),
    ...(partial ? { partial: true as const } : {}),
  };
}

/**
 * Each of these games' growth by trending's rule (its periods, source and time), whether or not it is
 * in the list: a game outside the top 50, under 100 players or with an older series has its growth too
 * (review r25 #3: the watchlist report read "–" for Terraria's −16.8%). Games with nothing to compare
 * are absent.
 */
export async function gameGrowths(ids: readonly string[]): Promise<Map<string, GameGrowth>> {
  const out = new Map<string, GameGrowth>();
  if (ids.length === 0) return out;
  const rs = await growthRows("SELECT value AS game_id FROM json_each(?2)", [
    0,
    JSON.stringify([...new Set(ids)]),
  ]);
  const young = rs.rows.filter((r) => r.period !== "month" && r.period !== "day" && r.prev7 == null);
  const [days, months] = await Promise.all([lastTwoDays(young), inProgressMonths()]);
  for (const row of rs.rows) {
    const compared = comparedOf(row, days);
    if (compared) out.set(String(row.game_id), gameGrowthOf(row, compared, months));
  }
  return out;
}

/**
 * The rows trending compares, one per game of `games` (a SELECT of game ids; `?1` is the oldest time a
 * game's newest point may have, `?2` and on are the SELECT's own arguments).
 */
async function growthRows(games: string, args: Array<number | string>) {
  return rawClient().execute({
    // Per game with a day of players since `since` (player_days): its newest point (read backwards
    // through the point index), whose source and period decide the comparison; the game stays when
    // that point itself is since then. Then, from that source's days (player_days, the mean of each
    // day's counts), the mean of its latest 7 calendar days (ending on the newest point's day, or the
    // day before for counts during the day) and of the 7 before those; and the point before the
    // newest of that source, for monthly series.
    // Days rather than points: a live sync's count every 15 minutes compares this week with last
    // week, not the last count with the one 15 minutes earlier.
    sql: `WITH recent_games AS (${games}),
          newest AS MATERIALIZED (
            SELECT m.game_id, m.source, m.period, m.ts, m.value,
                   -- The windows' last day: the newest point's, or for counts during the day the day
                   -- before it (the newest is not over: its hours so far would tilt its mean).
                   m.ts / ${DAY_MS} - (CASE WHEN m.period = 'instant' THEN 1 ELSE 0 END) AS d0,
                   (SELECT x.value FROM game_metrics x
                    WHERE x.game_id = m.game_id AND x.metric = 'players' AND x.source = m.source AND x.ts < m.ts
                    ORDER BY x.ts DESC LIMIT 1) AS prev1
            FROM recent_games r JOIN game_metrics m ON m.rowid = (
              SELECT rowid FROM game_metrics x WHERE x.game_id = r.game_id AND x.metric = 'players'
              ORDER BY x.ts DESC LIMIT 1)
            WHERE m.ts >= ?1
          ),
          -- Each game's 14 days looked up one by one in the primary key (metric, day, game_id, source):
          -- a range of days would read every game's rows of those days, once per game. The day after
          -- d0 is read too, unused, so that every game has a row here (its newest point's own day).
          windows AS MATERIALIZED (
            SELECT n.game_id,
                   avg(CASE WHEN p.day > n.d0 - 7 AND p.day <= n.d0 THEN p.total / p.points END) AS cur7,
                   avg(CASE WHEN p.day <= n.d0 - 7 THEN p.total / p.points END) AS prev7
            FROM newest n CROSS JOIN player_days p
              ON p.metric = 'players' AND p.game_id = n.game_id AND p.source = n.source
             AND p.day IN (n.d0 - 13, n.d0 - 12, n.d0 - 11, n.d0 - 10, n.d0 - 9, n.d0 - 8, n.d0 - 7,
                           n.d0 - 6, n.d0 - 5, n.d0 - 4, n.d0 - 3, n.d0 - 2, n.d0 - 1, n.d0, n.d0 + 1)
            GROUP BY n.game_id
          )
          SELECT n.game_id, n.source, n.ts, n.period, n.value AS latest, n.prev1, w.cur7, w.prev7,
                 g.name, g.platforms, g.genres, g.price, g.price_source, g.rating, g.rating_count,
                 g.positive_reviews, g.negative_reviews, g.cover_url, g.is_demo
          FROM windows w JOIN newest n ON n.game_id = w.game_id JOIN games g ON g.id = n.game_id`,
    args,
  });
}

/**
 * Mean players over the last 24 hours up to each game's newest point and over the 24 hours before,
 * from that point's source, for the games whose series reaches back over both (it has a point 48 hours
 * or more before its newest).
 */
async function lastTwoDays(
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<Map<string, { current: number; previous: number }>> {
  const out = new Map<string, { current: number; previous: number }>();
  if (rows.length === 0) return out;
  const rs = await rawClient().execute({
    sql: `WITH last AS (SELECT value ->> 0 AS game_id, value ->> 1 AS source, value ->> 2 AS ts FROM json_each(?))
          SELECT last.game_id,
                 (SELECT max(x.ts) FROM game_metrics x WHERE x.game_id = last.game_id AND x.metric = 'players'
                    AND x.source = last.source AND x.ts <= last.ts - ${2 * DAY_MS}) AS earlier,
                 avg(CASE WHEN m.ts > last.ts - ${DAY_MS} THEN m.value END) AS current,
                 avg(CASE WHEN m.ts <= last.ts - ${DAY_MS} THEN m.value END) AS previous
          ${POINTS_OF_LAST}
          WHERE m.metric = 'players' AND m.source = last.source AND m.ts > last.ts - ${2 * DAY_MS} AND m.ts <= last.ts
          GROUP BY last.game_id`,
    args: [JSON.stringify(rows.map((r) => [String(r.game_id), String(r.source), Number(r.ts)]))],
  });
  for (const r of rs.rows)
    if (r.previous != null && r.earlier != null)
      out.set(String(r.game_id), { current: Number(r.current), previous: Number(r.previous) });
  return out;
}

/** Kept until the catalog changes (kept-answers.ts): here or in another process. */
const keptSnapshot = keptUntilChange(computeTrending, { catalogOnly: true });
/** The last snapshot a reader got, to compare a newly computed one with what live screens were told once. */
let lastRead: TrendingSnapshot | null = null;

export async function getTrendingSnapshot(): Promise<TrendingSnapshot> {
  const snapshot = await keptSnapshot();
  if (snapshot !== lastRead) {
    lastRead = snapshot;
    // Recomputed (a change here, or in another process found by this reader): live screens hear of it
    // when their list moved.
    if (eventOf(snapshot) !== lastPublished) publishSnapshot(snapshot);
  }
  return snapshot;
}

export async function getTrendingGames(): Promise<TrendingGame[]> {
  return (await getTrendingSnapshot()).games;
}

function eventOf(snapshot: TrendingSnapshot): string {
  return JSON.stringify(
    snapshot.games.slice(0, 12).map((g): TrendingEvent["games"][number] => ({
      id: g.id,
      gameName: g.gameName,
      playerCount: g.playerCount,
      platform: g.platform,
      growth: g.growth,
    })),
  );
}

function publishSnapshot(snapshot: TrendingSnapshot): void {
  const games = eventOf(snapshot);
  lastPublished = games;
  publish("trending_games", { games: JSON.parse(games) as TrendingEvent["games"] });
}

/**
 * Tells live screens the current list (spec §3 "Trending live channel"), once, whether or not it moved
 * (the workflow's step); answers the snapshot sent.
 */
export async function publishTrending(): Promise<TrendingSnapshot> {
  const told = lastPublished;
  const snapshot = await getTrendingSnapshot();
  // Unless reading it told them already (the list had moved since they were last told).
  if (lastPublished === told) publishSnapshot(snapshot);
  return snapshot;
}

/** Recompute after catalog changes and tell live screens when their list moved. */
onCatalogChanged(() => {
  getTrendingSnapshot().catch((error) => log.warn("trending: recompute failed", { error: String(error) }));
});

/** How often the server looks for another process's commit while anyone follows `trending_games`. */
export const TRENDING_FOLLOW_MS = 1000;
/**
 * Looks a moving version waits at most for the writes to settle: an import committing batch after batch
 * for minutes is recomputed every 5 looks (5 s), not after each batch (each recompute reads every
 * recent game's series: seconds at 330,000 games), nor only at its end.
 */
const SETTLE_LOOKS = 5;

/**
 * Follows catalog changes another process commits (`bun run import`, a sync run by hand), which the
 * in-process change signal never hears of (review r33-c #2): every `intervalMs`, while a socket is
 * subscribed to `trending_games`, a look at the database's version (microseconds on a local file).
 * Once it moved and then held still for one look (or kept moving for SETTLE_LOOKS), the kept list is
 * asked for: that reads the catalog's content key once (one small read; a commit that changed no game
 * or point keeps the list) and recomputes only when the catalog changed, and live screens are told
 * when their list moved. One look at a time. Returns a stop function.
 */
export function startTrendingFollow(intervalMs = TRENDING_FOLLOW_MS): () => void {
  let seen: number | null = dataVersion();
  let last: number | null = seen;
  let waited = 0;
  let looking = false;
  const timer = setInterval(() => {
    if (looking || subscriberCount("trending_games") === 0) return;
    const version = dataVersion();
    // Without a version (a remote database) the content key is read at each look instead.
    if (version != null && version === seen) return;
    const moving = version != null && version !== last && waited < SETTLE_LOOKS;
    last = version;
    if (moving) {
      waited++;
      return;
    }
    waited = 0;
    looking = true;
    getTrendingSnapshot()
      .then(() => {
        seen = version;
      })
      .catch((error) =>
        log.warn("trending: following other processes' changes failed", { error: String(error) }),
      )
      .finally(() => {
        looking = false;
      });
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
