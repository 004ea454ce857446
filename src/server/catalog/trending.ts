import type { TrendingEvent, TrendingGame } from "../../contracts/games.ts";
import { dataVersion, rawClient } from "../db/client.ts";
import { log } from "../log.ts";
import { publish } from "../realtime/hub.ts";
import { onCatalogChanged, onCatalogInvalidated } from "./changes.ts";
import { withFigures } from "./player-figures.ts";
import { listOf, ratingOutOf5 } from "./shapes.ts";
import { DAY_MS, lastDayUpTo, newestPlayerPoint } from "./stats.ts";

/**
 * Trending games, computed from the player series (issue 4). For each game with recent points:
 *   current  = mean players over its latest period (last 7 daily points, or the latest month),
 *   previous = mean over the period before it,
 *   growth   = (current − previous) / previous,
 *   score    = growth × log10(1 + current)   — growth weighted by size,
 * so a small game doubling ranks near a huge game growing a little. Games are considered only when
 * their latest point is within 45 days of the newest point stored, and with at least 100 players.
 * The list is kept until the catalog changes in this process (then recomputed and published on
 * `trending_games`) or anything commits to the database (`dataVersion()`: an import run by hand in
 * another process, say; the next reader recomputes it and live screens get it when their list moved).
 */
export type { TrendingGame };

export const TRENDING_SIZE = 50;
const RECENT_DAYS = 45;
const MIN_PLAYERS = 100;

let cache: TrendingSnapshot | null = null;
/** `dataVersion()` when `cache` was computed (null: no data version; kept until this process changes the catalog). */
let cacheVersion: number | null = null;
/** Moves at every in-process catalog change: a computation started before it is not kept. */
let epoch = 0;
let computing: { promise: Promise<TrendingSnapshot>; version: number | null; epoch: number } | null = null;
/** What live screens were last told (`publishTrending`), to tell them again only when it moved. */
let lastPublished: string | null = null;

export interface TrendingSnapshot {
  games: TrendingGame[];
  /** Games whose players grew against their previous period (the list shows at most TRENDING_SIZE). */
  growing: number;
  /** Games whose players grew or fell by more than 10% against their previous period. */
  rising: number;
  falling: number;
}

export async function computeTrending(): Promise<TrendingSnapshot> {
  const client = rawClient();
  const newestTs = await newestPlayerPoint();
  if (!newestTs) return { games: [], growing: 0, rising: 0, falling: 0 };
  const since = newestTs - RECENT_DAYS * DAY_MS;
  const rs = await client.execute({
    // The games with a day of players since `since` (the series by day, player_days; a game stays
    // when its newest point itself is since then, HAVING below), then each one's 14 newest points,
    // read backwards through the point index (game_id, metric, ts). Numbering every point of such
    // games, whole histories, took 11.5 s with 3 million points, after every sync.
    sql: `WITH recent_games AS (
            SELECT DISTINCT game_id FROM player_days WHERE metric = 'players' AND day >= ?2
          ),
          recent AS (
            SELECT m.game_id, m.ts, m.value, m.period,
                   ROW_NUMBER() OVER (PARTITION BY m.game_id ORDER BY m.ts DESC) AS rn
            FROM recent_games r JOIN game_metrics m ON m.rowid IN (
              SELECT rowid FROM game_metrics x WHERE x.game_id = r.game_id AND x.metric = 'players'
              ORDER BY x.ts DESC LIMIT 14)
          ),
          windows AS (
            SELECT game_id,
                   max(CASE WHEN rn = 1 THEN period END) AS period,
                   avg(CASE WHEN rn = 1 THEN value END) AS latest,
                   avg(CASE WHEN rn BETWEEN 1 AND 7 THEN value END) AS cur7,
                   avg(CASE WHEN rn BETWEEN 8 AND 14 THEN value END) AS prev7,
                   avg(CASE WHEN rn = 2 THEN value END) AS prev1
            FROM recent WHERE rn <= 14 GROUP BY game_id
            HAVING max(CASE WHEN rn = 1 THEN ts END) >= ?1
          )
          SELECT w.*, g.name, g.platforms, g.genres, g.price, g.rating, g.cover_url, g.is_demo
          FROM windows w JOIN games g ON g.id = w.game_id`,
    args: [since, lastDayUpTo(since)],
  });
  const games: Array<TrendingGame & { score: number }> = [];
  for (const row of rs.rows) {
    const daily = row.period === "day";
    const current = Number(daily ? row.cur7 : row.latest);
    const previous = Number(daily ? row.prev7 : row.prev1);
    if (!Number.isFinite(current) || !Number.isFinite(previous) || previous <= 0 || current < MIN_PLAYERS)
      continue;
    const growth = (current - previous) / previous;
    const score = Math.max(-1, Math.min(5, growth)) * Math.log10(1 + current);
    const platforms = listOf(row.platforms);
    const genres = listOf(row.genres);
    games.push({
      id: String(row.game_id),
      gameId: String(row.game_id),
      gameName: String(row.name),
      platform: platforms[0] ?? null,
      genre: genres[0] ?? null,
      playerCount: Math.round(Number(row.latest)),
      currentAverage: Math.round(current),
      previousPlayerCount: Math.round(previous),
      growth: Math.round(growth * 10000) / 10000,
      price: row.price == null ? null : Number(row.price),
      rating: ratingOutOf5(row.rating),
      imageUrl: (row.cover_url as string | null) ?? null,
      isDemo: Boolean(row.is_demo),
      score,
    });
  }
  games.sort((a, b) => b.score - a.score || b.playerCount - a.playerCount);
  const growing = games.filter((g) => g.growth > 0);
  return {
    // The same player figures as every other endpoint (player-figures.ts), with their source and time.
    games: await withFigures(growing.slice(0, TRENDING_SIZE).map(({ score: _score, ...g }) => g)).then(
      (list) => list.map((g) => ({ ...g, playerCount: g.playerCount ?? 0 })),
    ),
    growing: growing.length,
    rising: games.filter((g) => g.growth > 0.1).length,
    falling: games.filter((g) => g.growth < -0.1).length,
  };
}

export async function getTrendingSnapshot(): Promise<TrendingSnapshot> {
  const version = dataVersion();
  if (cache && version === cacheVersion) return cache;
  if (!computing || computing.version !== version || computing.epoch !== epoch) {
    const started = { version, epoch };
    const promise = computeTrending().then((snapshot) => {
      if (started.epoch === epoch) {
        cache = snapshot;
        cacheVersion = started.version;
      }
      return snapshot;
    });
    const current = { ...started, promise };
    computing = current;
    promise
      .finally(() => {
        if (computing === current) computing = null;
      })
      .catch(() => undefined);
  }
  const { promise } = computing;
  const snapshot = await promise;
  // Another process's commit moved the list: live screens hear of it too, not only this reader.
  if (cache === snapshot && lastPublished !== null && eventOf(snapshot) !== lastPublished)
    publishSnapshot(snapshot);
  return snapshot;
}

export async function getTrendingGames(): Promise<TrendingGame[]> {
  return (await getTrendingSnapshot()).games;
}

export function invalidateTrending(): void {
  cache = null;
  epoch++;
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

/** Tells live screens the current list (spec §3 "Trending live channel"); answers the snapshot sent. */
export async function publishTrending(): Promise<TrendingSnapshot> {
  const snapshot = await getTrendingSnapshot();
  publishSnapshot(snapshot);
  return snapshot;
}

/** Recompute after catalog changes and tell live screens. */
onCatalogInvalidated(invalidateTrending);
onCatalogChanged(() => {
  publishTrending().catch((error) => log.warn("trending: recompute failed", { error: String(error) }));
});
