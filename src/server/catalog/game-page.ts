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
const TAG_CANDIDATES = 4000;
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
  const base = (await client.execute({ sql: "SELECT genres, tags FROM games WHERE id = ?", args: [gameId] }))
    .rows[0];
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
  if (rowids.size === 0) return [];
  const ids = [...rowids];
  const genreSet = new Set(genres.map((g) => g.toLowerCase()));
  const tagSet = new Set(tags.map((t) => t.toLowerCase()));
  const scored: Array<{ id: string; score: number; popularity: number; shared: string[] }> = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rs = await client.execute({
      sql: `SELECT id, genres, tags, popularity FROM games WHERE rowid IN (${placeholders(chunk.length)})`,
      args: chunk,
    });
    for (const r of rs.rows) {
      if (String(r.id) === gameId) continue;
      const shared: string[] = [];
      let score = 0;
      for (const g of listOf(r.genres)) {
        if (genreSet.has(g.toLowerCase())) {
          score += 2;
          shared.push(g);
        }
      }
      for (const t of listOf(r.tags)) {
        if (tagSet.has(t.toLowerCase()) && !shared.includes(t)) {
          score += 1;
          shared.push(t);
        }
      }
      if (score > 0) scored.push({ id: String(r.id), score, popularity: Number(r.popularity), shared });
    }
  }
  scored.sort((a, b) => b.score - a.score || b.popularity - a.popularity || a.id.localeCompare(b.id));
  const top = scored.slice(0, SIMILAR);
  if (top.length === 0) return [];
  const full = await client.execute({
    sql: `SELECT * FROM games WHERE id IN (${placeholders(top.length)})`,
    args: top.map((t) => t.id),
  });
  const byId = new Map(full.rows.map((r) => [String(r.id), r as Row]));
  return top.flatMap((t) => {
    const row = byId.get(t.id);
    return row ? [{ ...toGameSummary(row), score: t.score, shared: t.shared }] : [];
  });
}
