import type { Provenance } from "../../contracts/provenance.ts";
import { figureSources } from "../catalog/figure-sources.ts";
import { playerFigures } from "../catalog/player-figures.ts";
import { provenanceOf } from "../catalog/provenance.ts";
import { catalogProvenance } from "../catalog/screener.ts";
import { ESTIMATES_SOURCE, MONTH_DATED_SOURCES } from "../catalog/source-names.ts";
import { sameTimeSourceOrder } from "../catalog/source-preference.ts";
import { DAY_MS } from "../catalog/stats.ts";
import { placeholders, readRows } from "../db/client.ts";
import { MODEL_VERSION, OF_CURRENT_MODEL } from "../estimates/coefficients.ts";

/**
 * What data a result rests on and its time: the player series and each source of the other figures of
 * the games it used (each at its own time, never one date for two sources), the catalog's own sources
 * when it read the whole catalog (a segment, the market), the per-game estimates only when its facts
 * hold some, and any further source its facts quote (`quoted`: a daily-peak series named in the text).
 * One entry per source, at its newest time (the methods differ per figure, so none is named). The
 * chat's answers and the four analyses both say it (issue 9 §3: the time of the data, not of the request).
 */
export async function dataSources(
  gameIds: Iterable<string>,
  options: { catalog: boolean; estimates?: boolean; quoted?: readonly Provenance[] },
): Promise<Provenance[]> {
  const ids = [...new Set(gameIds)];
  const [players, figures, catalog, estimates] = await Promise.all([
    ids.length ? playerFigures(ids) : Promise.resolve(new Map()),
    ids.length ? figureSources(ids) : Promise.resolve(new Map<string, Provenance[]>()),
    options.catalog ? catalogProvenance() : Promise.resolve([]),
    options.estimates && ids.length ? estimatesOf(ids) : Promise.resolve([]),
  ]);
  // The catalog's estimates are named only where the result's facts hold estimates.
  const fromCatalog = options.estimates ? catalog : catalog.filter((p) => p.source !== ESTIMATES_SOURCE);
  return newestPerSource([
    ...[...players.values()].map((f) => f.provenance),
    ...[...figures.values()].flat(),
    ...(options.quoted ?? []),
    ...fromCatalog,
    ...estimates,
  ]);
}

/** One entry per source, at its newest time (a time known beats none). */
function newestPerSource(found: ReadonlyArray<Provenance | null | undefined>): Provenance[] {
  const newest = new Map<string, string | null>();
  for (const p of found) {
    if (!p) continue;
    const known = newest.get(p.source);
    if (known === undefined || (p.asOf != null && (known == null || p.asOf > known)))
      newest.set(p.source, p.asOf);
  }
  return [...newest].map(([source, asOf]) => ({ source, asOf }));
}

/** The per-game estimates of these games, at the newest one's time; none when no game has one. */
async function estimatesOf(ids: string[]): Promise<Provenance[]> {
  const rows = await readRows(
    `SELECT max(as_of) AS as_of FROM game_estimates WHERE ${OF_CURRENT_MODEL} AND game_id IN (${placeholders(ids.length)})`,
    [MODEL_VERSION, ...ids],
  );
  const asOf = rows[0]?.as_of;
  return asOf == null ? [] : [{ source: ESTIMATES_SOURCE, asOf: new Date(Number(asOf)).toISOString() }];
}

/** A kind of figure a statistics-only answer quotes for a game. */
export type QuotedFigure =
  | "reviews"
  | "price"
  | "monthlyPlayers"
  | "dailyPlayers"
  | "peakPlayers"
  | "estimates"
  | "projection"
  | "publishedSales";

/** A figure an answer quotes; a published-sales figure carries its own files and dates (`provenance`). */
export interface Quoted {
  gameId: string;
  figure: QuotedFigure;
  provenance?: readonly Provenance[];
}

const QUOTED_POINTS: Record<"reviews" | "price" | "monthlyPlayers", string> = {
  reviews: "metric IN ('reviews_positive', 'reviews_negative')",
  price: "metric = 'price'",
  monthlyPlayers: "metric = 'players' AND period = 'month'",
};

/**
 * A game's price as its game record dates it (its price source and time), read for a price no point
 * dates: a row of figureProvenance's own query, keyed as the figures are, never quoted itself.
 */
const PRICE_RECORD = "priceRecord";

/** The key of a game's figure in what figureProvenance answers (and, for PRICE_RECORD, in what it reads). */
export const figureKey = (gameId: string, figure: QuotedFigure | typeof PRICE_RECORD) =>
  `${gameId}\u0000${figure}`;

/**
 * The sources of the figures an answer quotes, and only those (review r20c, item 4: an answer of
 * reviews and a price named SteamCharts): each figure's newest point's source at its time (a price with
 * no point: its game record's source and time, as the game page dates it), the 7-day players average by
 * the catalog's player series, an estimate by the per-game estimates at its time, published sales by
 * their files. One entry per source, at its newest time, in the order the figures are quoted.
 */
export async function quotedSources(quoted: readonly Quoted[]): Promise<Provenance[]> {
  const of = await figureProvenance(quoted);
  return newestPerSource(quoted.flatMap((q) => of.get(figureKey(q.gameId, q.figure)) ?? []));
}

/**
 * Each quoted figure's sources (see quotedSources), by figureKey: what the answer's text names beside
 * the figure. The stored figures of every game are read in one query (a part per kind of figure, each
 * game's in a json_each list).
 */
export async function figureProvenance(quoted: readonly Quoted[]): Promise<Map<string, Provenance[]>> {
  const gamesOf = (figure: QuotedFigure) => [
    ...new Set(quoted.filter((q) => q.figure === figure).map((q) => q.gameId)),
  ];
  const daily = [...new Set([...gamesOf("dailyPlayers"), ...gamesOf("peakPlayers")])];
  const parts: string[] = [];
  const args: Array<string | number> = [];
  for (const figure of Object.keys(QUOTED_POINTS) as Array<keyof typeof QUOTED_POINTS>) {
    const ids = gamesOf(figure);
    if (!ids.length) continue;
    // The game's newest point of the figure.
    parts.push(
      `SELECT j.value AS game_id, '${figure}' AS figure, m.source, m.ts FROM json_each(?) j
       JOIN game_metrics m ON m.rowid = (
         SELECT rowid FROM game_metrics WHERE game_id = j.value AND ${QUOTED_POINTS[figure]} ORDER BY ts DESC, ${sameTimeSourceOrder()} LIMIT 1)`,
    );
    args.push(JSON.stringify(ids));
  }
  const priced = gamesOf("price");
  if (priced.length) {
    // The game record's price source and time, for a price no point dates.
    parts.push(
      `SELECT j.value AS game_id, '${PRICE_RECORD}' AS figure, g.price_source AS source, g.price_at AS ts
       FROM json_each(?) j JOIN games g ON g.id = j.value WHERE g.price_source IS NOT NULL`,
    );
    args.push(JSON.stringify(priced));
  }
  const projected = gamesOf("projection");
  if (projected.length) {
    // The market prediction's line goes through the daily and live counts of the 30 days up to the
    // newest (engine.ts): each source of those points, at its newest point.
    parts.push(
      `SELECT j.value AS game_id, 'projection' AS figure, m.source, max(m.ts) AS ts FROM json_each(?) j
       JOIN game_metrics m ON m.game_id = j.value AND m.metric = 'players' AND m.period != 'month'
         AND m.ts > (SELECT max(ts) FROM game_metrics
                     WHERE game_id = j.value AND metric = 'players' AND period != 'month') - ${30 * DAY_MS}
       GROUP BY j.value, m.source`,
    );
    args.push(JSON.stringify(projected));
  }
  const estimated = gamesOf("estimates");
  if (estimated.length) {
    // The game's estimate of the current model, at the time of its newest input (as the game page dates it).
    parts.push(
      `SELECT j.value AS game_id, 'estimates' AS figure, NULL AS source,
         (SELECT max(as_of) FROM game_estimates WHERE ${OF_CURRENT_MODEL} AND game_id = j.value) AS ts
       FROM json_each(?) j`,
    );
    args.push(MODEL_VERSION, JSON.stringify(estimated));
  }
  const [players, rows] = await Promise.all([
    daily.length ? playerFigures(daily) : Promise.resolve(new Map()),
    parts.length ? readRows(parts.join(" UNION ALL "), args) : Promise.resolve([]),
  ]);
  const read = new Map<string, Array<Record<string, unknown>>>();
  for (const row of rows) {
    const key = figureKey(String(row.game_id), row.figure as QuotedFigure | typeof PRICE_RECORD);
    const of = read.get(key);
    if (of) of.push(row);
    else read.set(key, [row]);
  }
  const out = new Map<string, Provenance[]>();
  for (const { gameId, figure, provenance } of quoted) {
    const key = figureKey(gameId, figure);
    if (out.has(key)) continue;
    const found: Provenance[] = [];
    out.set(key, found);
    if (figure === "publishedSales") {
      found.push(...(provenance ?? []).map(({ source, asOf }) => ({ source, asOf })));
      continue;
    }
    if (figure === "dailyPlayers") {
      const p = players.get(gameId)?.provenance;
      if (p) found.push(p);
      continue;
    }
    if (figure === "peakPlayers") {
      // The peak's own source and day (it may be another source's than the counts').
      const peak = players.get(gameId)?.peak;
      if (peak) found.push({ source: peak.source, asOf: peak.asOf });
      continue;
    }
    const of = read.get(key) ?? [];
    if (figure === "estimates") {
      const asOf = of[0]?.ts;
      found.push({
        source: ESTIMATES_SOURCE,
        asOf: asOf == null ? null : new Date(Number(asOf)).toISOString(),
      });
      continue;
    }
    // A projection's sources in the order of their names, as its own query grouped them.
    if (figure === "projection") of.sort((a, b) => (String(a.source) < String(b.source) ? -1 : 1));
    const rowsOf =
      figure === "price" && of.length === 0 ? (read.get(figureKey(gameId, PRICE_RECORD)) ?? []) : of;
    for (const row of rowsOf)
      found.push({
        ...provenanceOf(String(row.source), row.ts == null ? null : Number(row.ts)),
        // A source dating its figures by the month is written by its month, as the game page writes it.
        ...(MONTH_DATED_SOURCES.has(String(row.source)) ? { asOfPrecision: "month" as const } : {}),
      });
  }
  return out;
}
