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
import { byNumber, catalogIndex, foldCase, topK } from "./catalog-index.ts";
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

/**
 * Games sharing genres (weight 2 each) and tags (weight 1 each, the game's first 10 that are not also
 * its genres) with this one, best first, popularity then id breaking ties. Scored over the whole
 * catalog on the in-memory index's genre and tag sets (catalog-index.ts): a few milliseconds at
 * 330,000 games, where scoring candidates' JSON lists in SQL took most of a second.
 */
export async function getSimilarGames(id: string): Promise<SimilarGame[] | null> {
  const gameId = await resolveGameId(id);
  if (!gameId) return null;
  const client = rawClient();
  const [base, { index }] = await Promise.all([
    client.execute({ sql: "SELECT genres, tags FROM games WHERE id = ?", args: [gameId] }),
    catalogIndex(),
  ]);
  const row = base.rows[0];
  if (!row) return null;
  const genres = listOf(row.genres);
  const tags = listOf(row.tags).slice(0, 10);
  if (genres.length === 0 && tags.length === 0) return [];

  const score = new Uint8Array(index.size);
  const alive = index.alive;
  const add = (sets: Map<string, { bits: Uint32Array }>, keys: Set<string>, weight: number) => {
    for (const key of keys) {
      const bits = sets.get(key)?.bits;
      if (!bits) continue;
      for (let w = 0; w < alive.length; w++) {
        let word = bits[w]! & alive[w]!;
        while (word !== 0) {
          const low = word & -word;
          score[(w << 5) + (31 - Math.clz32(low))]! += weight;
          word ^= low;
        }
      }
    }
  };
  const genreKeys = new Set(genres.map(foldCase));
  add(index.lists.genres, genreKeys, 2);
  add(index.lists.tags, new Set(tags.map(foldCase).filter((t) => !genreKeys.has(t))), 1);
  const self = index.slot(gameId);
  if (self != null) score[self] = 0;
  // Only games scoring at least the 12th best score can be among the 12: find that score first.
  const histogram = new Uint32Array(256);
  for (let s = 0; s < score.length; s++) histogram[score[s]!]!++;
  let threshold = 255;
  for (let seen = 0; threshold > 1 && seen + histogram[threshold]! < SIMILAR; threshold--)
    seen += histogram[threshold]!;
  const scored: number[] = [];
  for (let s = 0; s < score.length; s++) if (score[s]! >= threshold) scored.push(s);
  const popularity = byNumber(index, index.col.popularity, "desc");
  const top = topK(scored, SIMILAR, (a, b) => score[b]! - score[a]! || popularity(a, b));
  if (top.length === 0) return [];
  const ids = top.map((s) => index.ids[s]!);
  const full = await client.execute({
    sql: `SELECT * FROM games WHERE id IN (${placeholders(ids.length)})`,
    args: ids,
  });
  const byId = new Map(full.rows.map((r) => [String(r.id), r as Row]));
  const genreSet = new Set(genres);
  const tagSet = new Set(tags);
  return top.flatMap((s) => {
    const game = byId.get(index.ids[s]!);
    if (!game) return [];
    const sharedGenres = listOf(game.genres).filter((g) => genreSet.has(g));
    const sharedTags = listOf(game.tags).filter((g) => tagSet.has(g) && !genreSet.has(g));
    return [{ ...toGameSummary(game), score: score[s]!, shared: [...sharedGenres, ...sharedTags] }];
  });
}
