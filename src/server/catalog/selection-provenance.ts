import type { EstimateSums } from "../../contracts/market.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { readRows } from "../db/client.ts";
import { MODEL_VERSION } from "../estimates/coefficients.ts";
import { counted, listed } from "../words.ts";
import type { CatalogIndex } from "./catalog-index.ts";
import { keptUntilChange } from "./kept-answers.ts";
import { ESTIMATES_SOURCE, sourceName } from "./source-names.ts";

/**
 * The sources of a set of games' figures (the screener's filter, a company's games, the whole
 * catalog), review r33-a #1: each source that gave at least one of these games a figure, dated by the
 * newest of those games' figures from it, not by its newest figure anywhere in the catalog. A filter
 * with no game from a November import does not say "· Nov 2026", and a Wii filter does not list every
 * Steam source. One definition for the screener, its market size, company pages and the catalog's own
 * list (all its games); the estimates are dated as their sums are (`EstimateSums.provenance`).
 *
 * What each game got from which source is read once per change of the data (kept-answers.ts) into
 * typed arrays, so a filter of 330,000 games is a pass over its slots.
 */

const SCREENED_METRICS = ["reviews_positive", "owners", "price", "players"] as const;
/** How a source's note names the screened figures it gave. */
const METRIC_WORDS: Record<(typeof SCREENED_METRICS)[number], string> = {
  reviews_positive: "reviews",
  owners: "owners",
  price: "price",
  players: "players",
};

/** Per game, the entries of its sources: start offset into the arrays below and count. */
interface PerGame {
  /** Names as shown (two stored ids named alike are one source). */
  names: string[];
  at: Map<string, number>;
  /** At a game's first entry: how many entries it has. */
  count: Uint8Array;
  source: Uint16Array;
  /** Newest time of the game's figures from that source; NaN: undated (a file that states no date). */
  ts: Float64Array;
  /** Bits of SCREENED_METRICS the source gave the game (figures only). */
  metrics: Uint8Array;
}

function perGame(rows: Array<{ gameId: string; name: string; ts: number; metrics: number }>): PerGame {
  rows.sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0));
  const names: string[] = [];
  const nameIds = new Map<string, number>();
  const at = new Map<string, number>();
  const count = new Uint8Array(rows.length);
  const source = new Uint16Array(rows.length);
  const ts = new Float64Array(rows.length);
  const metrics = new Uint8Array(rows.length);
  let n = 0;
  for (const r of rows) {
    let id = nameIds.get(r.name);
    if (id == null) {
      id = names.length;
      names.push(r.name);
      nameIds.set(r.name, id);
    }
    const start = at.get(r.gameId);
    if (start == null) {
      at.set(r.gameId, n);
    }
    const first = start ?? n;
    // Two stored ids read the same way (a dataset and the live service): one entry, the newer time.
    let merged = false;
    for (let i = first; i < first + count[first]!; i++) {
      if (source[i] !== id) continue;
      ts[i] = Number.isNaN(ts[i]!) ? r.ts : Number.isNaN(r.ts) ? ts[i]! : Math.max(ts[i]!, r.ts);
      metrics[i]! |= r.metrics;
      merged = true;
    }
    if (merged) continue;
    source[n] = id;
    ts[n] = r.ts;
    metrics[n] = r.metrics;
    count[first]!++;
    n++;
  }
  return {
    names,
    at,
    count,
    source: source.subarray(0, n),
    ts: ts.subarray(0, n),
    metrics: metrics.subarray(0, n),
  };
}

/** Each game's screened figures (reviews, owners, price, players) by source, with their newest time. */
const figuresByGame: () => Promise<PerGame> = keptUntilChange(
  async () => {
    const rows = await readRows(
      `SELECT game_id, source, metric, max(ts) AS ts FROM game_metrics
       WHERE metric IN (${SCREENED_METRICS.filter((m) => m !== "players")
         .map((m) => `'${m}'`)
         .join(",")})
       GROUP BY game_id, source, metric
       UNION ALL
       SELECT game_id, source, 'players', max(last_ts) FROM player_days WHERE metric = 'players'
       GROUP BY game_id, source`,
    );
    return perGame(
      rows.map((r) => ({
        gameId: String(r.game_id),
        name: sourceName(String(r.source)),
        ts: Number(r.ts),
        metrics: 1 << SCREENED_METRICS.indexOf(String(r.metric) as (typeof SCREENED_METRICS)[number]),
      })),
    );
  },
  { catalogOnly: true },
);

/**
 * The sources whose games the catalog lists although no screened figure of theirs is stored (review
 * 7 #8): each VGChartz file a game's sales rows come from, at the date the file was taken (undated
 * when it states none); and IGDB's sync, at its last success, for the games it listed. Kept per data
 * version: the sales table and the sync state are not in the catalog's key.
 */
const listedByGame: () => Promise<{ games: PerGame; datasets: Map<string, string> }> = keptUntilChange(
  async () => {
    const [sales, igdbGames, igdb] = await Promise.all([
      readRows(
        `SELECT game_id, source, dataset, max(as_of) AS as_of, count(as_of) AS dated FROM game_sales
         GROUP BY game_id, source, dataset`,
      ),
      readRows("SELECT id FROM games WHERE igdb_id IS NOT NULL"),
      readRows("SELECT last_success_at AS synced FROM source_syncs WHERE source = 'igdb'"),
    ]);
    const synced = igdb[0]?.synced == null ? Number.NaN : Number(igdb[0].synced);
    const igdbName = sourceName("igdb");
    // Named as the published sales name their file ("VGChartz sales dataset (vgsales.csv)"); each
    // method names its file (review r27-a #8).
    const datasets = new Map<string, string>();
    const rows = sales.map((r) => {
      const name =
        r.dataset == null
          ? sourceName(String(r.source))
          : `${sourceName(String(r.source))} (${String(r.dataset)})`;
      datasets.set(name, r.dataset == null ? sourceName(String(r.source)) : String(r.dataset));
      return {
        gameId: String(r.game_id),
        name,
        ts: Number(r.dated) > 0 ? Number(r.as_of) : Number.NaN,
        metrics: 0,
      };
    });
    for (const r of igdbGames) rows.push({ gameId: String(r.id), name: igdbName, ts: synced, metrics: 0 });
    return { games: perGame(rows), datasets };
  },
);

/** What each game got from which source, as now read; the same objects until the data changes. */
export type SourceTables = readonly [PerGame, Awaited<ReturnType<typeof listedByGame>>];
export async function sourceTables(): Promise<SourceTables> {
  return await Promise.all([figuresByGame(), listedByGame()]);
}

/** Whether two reads of the tables are the same data (a provenance of one holds for the other). */
export const sameTables = (a: SourceTables, b: SourceTables) => a[0] === b[0] && a[1] === b[1];

/** Per source of these games: the newest time (NaN: undated), the games, the figures given. */
function fold(table: PerGame, index: CatalogIndex, slots: Iterable<number>) {
  const newest = new Float64Array(table.names.length).fill(Number.NEGATIVE_INFINITY);
  const games = new Float64Array(table.names.length);
  const metrics = new Uint8Array(table.names.length);
  for (const s of slots) {
    const start = table.at.get(index.ids[s]!);
    if (start == null) continue;
    const end = start + table.count[start]!;
    for (let i = start; i < end; i++) {
      const k = table.source[i]!;
      games[k]!++;
      metrics[k]! |= table.metrics[i]!;
      const t = table.ts[i]!;
      if (!Number.isNaN(t) && t > newest[k]!) newest[k] = t;
    }
  }
  return table.names.flatMap((name, k) =>
    games[k]! > 0
      ? [
          {
            name,
            ts: newest[k] === Number.NEGATIVE_INFINITY ? null : newest[k]!,
            games: games[k]!,
            metrics: metrics[k]!,
          },
        ]
      : [],
  );
}

const iso = (t: number | null) => (t == null ? null : new Date(t).toISOString());

/**
 * The provenance of these games' figures: the sources of their screened figures, newest first; then
 * the files and sync that listed them without such a figure (newest first, undated last); then the
 * estimates, dated as their sums (`estimates`, from sumIndexedEstimates over the same games).
 */
export async function provenanceOfGames(
  index: CatalogIndex,
  slots: Iterable<number>,
  estimates: EstimateSums | null,
  tables?: SourceTables,
): Promise<Provenance[]> {
  const [figures, listed_] = tables ?? (await sourceTables());
  const fromFigures = fold(figures, index, slots)
    .sort((a, b) => (b.ts ?? 0) - (a.ts ?? 0) || a.name.localeCompare(b.name))
    .map((p) => ({
      source: p.name,
      asOf: iso(p.ts),
      method: `${p.name}: each game's latest ${listed(
        SCREENED_METRICS.filter((_, i) => p.metrics & (1 << i)).map((m) => METRIC_WORDS[m]),
      )}`,
    }));
  const igdbName = sourceName("igdb");
  const listedSources = fold(listed_.games, index, slots);
  const fromSales = listedSources
    .filter((p) => p.name !== igdbName)
    .sort(
      (a, b) =>
        (a.ts == null ? 1 : 0) - (b.ts == null ? 1 : 0) ||
        (b.ts ?? 0) - (a.ts ?? 0) ||
        a.name.localeCompare(b.name),
    )
    .map((p) => ({
      source: p.name,
      asOf: iso(p.ts),
      // "1 game with its …", not "with their …" (review r34-a #3).
      method: `${listed_.datasets.get(p.name) ?? p.name}: ${counted(p.games, "game")} with ${
        p.games === 1
          ? "its platforms, release year and publisher"
          : "their platforms, release years and publishers"
      }${p.ts == null ? " (the file states no date)" : ""}`,
    }));
  const fromIgdb = listedSources
    .filter((p) => p.name === igdbName)
    .map((p) => ({
      source: igdbName,
      asOf: iso(p.ts),
      method: `${igdbName}: ${counted(p.games, "game")} its sync listed`,
    }));
  const fromEstimates = estimates
    ? [
        {
          source: ESTIMATES_SOURCE,
          asOf: estimates.provenance.asOf,
          method: `P50 of each game's owners and gross revenue estimate; model ${MODEL_VERSION}`,
        },
      ]
    : [];
  return [...fromFigures, ...fromSales, ...fromIgdb, ...fromEstimates];
}
