import {
  type GameDetail,
  type GameSeries,
  type LatestFigure,
  METRIC_FILLED_BY,
  METRIC_UNITS,
  SERIES_METRICS,
  type SeriesMetric,
  type SeriesQuery,
  type SimilarGame,
} from "../../contracts/game-page.ts";
import { placeholders, rawClient } from "../db/client.ts";
import { slugify } from "./normalize.ts";
import { withFigures } from "./player-figures.ts";
import { listOf, toGameSummary } from "./shapes.ts";
import { sourceName } from "./source-names.ts";

/** One game's page (issue 10): the game with its latest figures, its series, and similar games. */

type Row = Record<string, unknown>;

/**
 * The catalog id behind `:id`: the id itself, or the game of `steam-<appid>` (or `igdb-<id>`, which the
 * Games Database links with). Null when unknown.
 */
export async function resolveGameId(id: string): Promise<string | null> {
  const source = /^(steam|igdb)-(\d{1,10})$/.exec(id);
  const column = source?.[1] === "igdb" ? "igdb_id" : "steam_app_id";
  const rs = source
    ? await rawClient().execute({
        sql: `SELECT id FROM games WHERE ${column} = ?`,
        args: [Number(source[2])],
      })
    : await rawClient().execute({ sql: "SELECT id FROM games WHERE id = ?", args: [id] });
  const row = rs.rows[0];
  return row ? String(row.id) : null;
}

export function steamStoreUrl(appid: number): string {
  return `https://store.steampowered.com/app/${appid}/`;
}

export async function getGameDetail(id: string): Promise<GameDetail | null> {
  const gameId = await resolveGameId(id);
  if (!gameId) return null;
  const client = rawClient();
  const [game, latest] = await Promise.all([
    client.execute({ sql: "SELECT * FROM games WHERE id = ?", args: [gameId] }),
    // The newest point of each metric (the unique index on game, metric, ts, source answers this).
    client.execute({
      sql: `SELECT m.metric, m.value, m.ts, m.period, m.source FROM game_metrics m
            JOIN (SELECT metric, max(ts) AS ts FROM game_metrics WHERE game_id = ? GROUP BY metric) newest
              ON newest.metric = m.metric AND newest.ts = m.ts
            WHERE m.game_id = ?`,
      args: [gameId, gameId],
    }),
  ]);
  const row = game.rows[0] as Row | undefined;
  if (!row) return null;
  const figures: GameDetail["latest"] = {};
  for (const point of latest.rows) {
    const metric = String(point.metric) as SeriesMetric;
    if (!SERIES_METRICS.includes(metric) || figures[metric]) continue;
    figures[metric] = {
      value: Number(point.value),
      period: String(point.period),
      source: sourceName(String(point.source)),
      asOf: new Date(Number(point.ts)).toISOString(),
    } satisfies LatestFigure;
  }
  const steamAppId = row.steam_app_id == null ? null : Number(row.steam_app_id);
  const websiteUrl = (row.website_url as string | null) ?? null;
  const developer = (row.developer as string | null) ?? null;
  const publisher = (row.publisher as string | null) ?? null;
  // The same player figures, with their source and time, as every other endpoint (player-figures.ts).
  const [summary] = await withFigures([toGameSummary(row)]);
  return {
    ...summary!,
    tags: listOf(row.tags),
    steamAppId,
    storeUrl: steamAppId != null ? steamStoreUrl(steamAppId) : websiteUrl,
    websiteUrl,
    developerSlug: developer ? slugify(developer) : null,
    publisherSlug: publisher ? slugify(publisher) : null,
    latest: figures,
  };
}

/**
 * A game's series for one metric between `from` and `to` (inclusive), oldest first. Two sources with a
 * point at the same time give one point (the first source by name), so a chart never draws it twice.
 */
export async function getGameSeries(id: string, q: SeriesQuery): Promise<GameSeries | null> {
  const gameId = await resolveGameId(id);
  if (!gameId) return null;
  const from = q.from ? Date.parse(q.from) : Number.MIN_SAFE_INTEGER;
  const to = q.to ? endOf(q.to) : Number.MAX_SAFE_INTEGER;
  const rs = await rawClient().execute({
    sql: `SELECT ts, value, period, source FROM game_metrics
          WHERE game_id = ? AND metric = ? AND ts >= ? AND ts <= ? ORDER BY ts, source`,
    args: [gameId, q.metric, from, to],
  });
  const points: GameSeries["points"] = [];
  const sources = new Set<string>();
  const periods = new Map<string, number>();
  let lastTs = Number.NaN;
  for (const r of rs.rows) {
    const ts = Number(r.ts);
    if (ts === lastTs) continue;
    lastTs = ts;
    points.push({ t: new Date(ts).toISOString(), value: Number(r.value) });
    sources.add(sourceName(String(r.source)));
    periods.set(String(r.period), (periods.get(String(r.period)) ?? 0) + 1);
  }
  const period = [...periods].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return {
    metric: q.metric,
    unit: METRIC_UNITS[q.metric],
    period,
    source: sources.size ? [...sources].join("; ") : null,
    asOf: points.at(-1)?.t ?? null,
    points,
    ...(points.length === 0 ? { filledBy: METRIC_FILLED_BY[q.metric] } : {}),
  };
}

/** A bare date `to` covers its whole day. */
function endOf(to: string): number {
  const t = Date.parse(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? t + 86_400_000 - 1 : t;
}

const SIMILAR = 12;
/** Tag matches read for scoring: enough for the long tail, bounded for the most common tags. */
const TAG_CANDIDATES = 2000;
const GENRE_CANDIDATES = 500;

/**
 * Games sharing genres (weight 2 each) and tags (weight 1 each) with this one, best first, popularity
 * breaking ties. Candidates come from the full-text index on tags and from the most popular games of
 * each genre, so the answer never scans the whole catalog.
 */
export async function getSimilarGames(id: string): Promise<SimilarGame[] | null> {
  const gameId = await resolveGameId(id);
  if (!gameId) return null;
  const client = rawClient();
  const base = (
    await client.execute({ sql: "SELECT rowid, genres, tags FROM games WHERE id = ?", args: [gameId] })
  ).rows[0];
  if (!base) return null;
  const genres = listOf(base.genres);
  const tags = listOf(base.tags).slice(0, 10);
  if (genres.length === 0 && tags.length === 0) return [];

  const rowids = new Set<number>();
  const phrases = tags.map((t) => t.replace(/"/g, "").trim()).filter(Boolean);
  if (phrases.length) {
    const match = `{tags} : (${phrases.map((p) => `"${p}"`).join(" OR ")})`;
    const rs = await client.execute({
      sql: `SELECT rowid FROM games_fts WHERE games_fts MATCH ? LIMIT ${TAG_CANDIDATES}`,
      args: [match],
    });
    for (const r of rs.rows) rowids.add(Number(r.rowid));
  }
  for (const genre of genres.slice(0, 5)) {
    const rs = await client.execute({
      sql: `SELECT rowid FROM games WHERE EXISTS (SELECT 1 FROM json_each(games.genres) WHERE value = ?)
            ORDER BY popularity DESC LIMIT ${GENRE_CANDIDATES}`,
      args: [genre],
    });
    for (const r of rs.rows) rowids.add(Number(r.rowid));
  }
  rowids.delete(Number(base.rowid));
  if (rowids.size === 0) return [];
  // Scored in SQL (JSON in C, no row leaves the database but the dozen answered).
  const rs = await client.execute({
    sql: `SELECT id, popularity,
            (SELECT count(*) FROM json_each(games.genres) WHERE value IN (SELECT value FROM json_each(?1))) * 2
            + (SELECT count(*) FROM json_each(games.tags)
               WHERE value IN (SELECT value FROM json_each(?2)) AND value NOT IN (SELECT value FROM json_each(?1))) AS score
          FROM games WHERE rowid IN (SELECT value FROM json_each(?3))
          ORDER BY score DESC, popularity DESC, id LIMIT ${SIMILAR}`,
    args: [JSON.stringify(genres), JSON.stringify(tags), JSON.stringify([...rowids])],
  });
  const top = rs.rows
    .filter((r) => Number(r.score) > 0)
    .map((r) => ({ id: String(r.id), score: Number(r.score) }));
  if (top.length === 0) return [];
  const full = await client.execute({
    sql: `SELECT * FROM games WHERE id IN (${placeholders(top.length)})`,
    args: top.map((t) => t.id),
  });
  const byId = new Map(full.rows.map((r) => [String(r.id), r as Row]));
  const genreSet = new Set(genres);
  const tagSet = new Set(tags);
  return top.flatMap((t) => {
    const row = byId.get(t.id);
    if (!row) return [];
    const sharedGenres = listOf(row.genres).filter((g) => genreSet.has(g));
    const sharedTags = listOf(row.tags).filter((g) => tagSet.has(g) && !genreSet.has(g));
    return [{ ...toGameSummary(row), score: t.score, shared: [...sharedGenres, ...sharedTags] }];
  });
}
