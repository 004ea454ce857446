import type {
  EstimateGrouping,
  EstimateTotal,
  EstimateTotals,
  EstimateTotalsQuery,
  GameEstimate,
} from "../../contracts/estimates.ts";
import {
  CATCH_UP_LIMIT,
  followCatalogLog,
  logHead,
  onCatalogChanged,
  readCatalogLog,
} from "../catalog/changes.ts";
import { resolveGameId } from "../catalog/game-page.ts";
import { keptUntilChange } from "../catalog/kept-answers.ts";
import { creditSlugs, normalizeName } from "../catalog/normalize.ts";
import { ESTIMATES_SOURCE, figureMethod, sourceConversionOf, sourceName } from "../catalog/source-names.ts";
import { sameTimeSourceOrder } from "../catalog/source-preference.ts";
import { isPossibleFigure, MAX_FIGURE } from "../catalog/stats.ts";
import { insertRows } from "../catalog/write.ts";
import { withBusyRetry } from "../db/busy.ts";
import { rawClient, readRows } from "../db/client.ts";
import { writeTransaction } from "../db/write-transaction.ts";
import { log } from "../log.ts";
import { MODEL_VERSION } from "./coefficients.ts";
import { type EstimateInput, knownPrice, listPriceOf } from "./features.ts";
import { estimate, modelCovers, modelCoversSql, NOT_COVERED_NOTE } from "./model.ts";

/**
 * The `game_estimates` table: one estimate per game, recomputed when its inputs change (after
 * imports and syncs, through the catalog-change signal), never per request. Lists filter and sort
 * on its columns in SQL.
 */

interface Detail {
  methods: GameEstimate["methods"];
  notes: string[];
  inputs: GameEstimate["inputs"];
  reviewSources: string[];
}

/**
 * The `detail` column: the sources of the inputs, which the inputs themselves do not name. Rows
 * written before it held the whole Detail, which has `reviewSources` and the series' source too.
 */
interface StoredDetail {
  reviewSources: string[];
  seriesSource: string | null;
}

/**
 * A stored estimate's methods, notes and inputs: the model run again on the stored inputs. The row
 * is read only under the model version that wrote it, and the model is a function of its inputs, so
 * this is the estimate the row's figures came from (about 15 µs; storing it cost 0.9 KB a game).
 */
function readDetail(
  inputsKey: string,
  stored: Partial<StoredDetail> & { inputs?: GameEstimate["inputs"] },
): Detail {
  const input = JSON.parse(inputsKey) as EstimateInput;
  const e = estimate(input);
  const { ownersBand, playerHours, playerSeriesFrom, playerSeriesTo, peakPlayers, ...plain } = input;
  const seriesSource = stored.seriesSource ?? stored.inputs?.playerSeries?.source ?? "";
  return {
    methods: e.methods.map((m) => ({
      name: m.name,
      label: m.label,
      owners: m.owners,
      weight: m.weight,
      detail: m.detail,
    })),
    notes: e.notes,
    inputs: {
      ...plain,
      ...(peakPlayers ? { peakPlayers } : {}),
      ownersBand: ownersBand ?? null,
      playerSeries:
        playerHours != null && playerSeriesFrom && playerSeriesTo
          ? { playerHours, from: playerSeriesFrom, to: playerSeriesTo, source: seriesSource }
          : null,
    },
    reviewSources: stored.reviewSources ?? [],
  };
}

interface Loaded {
  id: string;
  input: EstimateInput;
  reviewSources: string[];
  seriesSource: string | null;
  asOf: number | null;
}

const toNumber = (v: unknown): number | null => (v == null || v === "" ? null : Number(v));
/**
 * A stored figure the model can use: finite, 0 or more, at most MAX_FIGURE. Anything else (a negative
 * or infinite price an import stored before review 8 d, item 1) is unknown, as the importers now leave
 * it: the model's logs of it were NaN, and the estimate's row was refused (its page answered 500).
 */
const toFigure = (v: unknown): number | null => {
  const n = toNumber(v);
  return n != null && isPossibleFigure(n) ? n : null;
};
/** The same condition in SQL, for a stored point's `value` (an infinite value is larger than any). */
const POSSIBLE_VALUE = `value >= 0 AND value <= ${MAX_FIGURE}`;
const toList = (v: unknown): string[] => {
  try {
    const parsed = JSON.parse(String(v ?? "[]"));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Reads the inputs of every game (or of the given games) in a handful of grouped queries. */
async function loadInputs(gameIds: string[]): Promise<Loaded[]> {
  const only = "IN (SELECT value FROM json_each(?))";
  const args = [JSON.stringify(gameIds)];
  // Four reads through the fast read connection (readRows, docs/decisions/015-search-reads.md); an
  // estimate written from reads a commit apart is fingerprinted by its inputs and redone on the next
  // change, as after any write.
  const games = await readRows(
    `SELECT id, positive_reviews, negative_reviews, price, list_price, release_year, genres, tags
              FROM games WHERE id ${only}`,
    args,
  );
  // Every band of the games (one per source), in the same order: the newest of each game's are kept
  // below, as a subquery per row (as_of = its game's max(as_of)) kept them.
  const bands = await readRows(
    `SELECT game_id, source, low, high, as_of FROM game_owner_bands WHERE game_id ${only}`,
    args,
  );
  // Monthly average players (SteamCharts' layout) × the hours in each month: player-hours per source.
  // Daily figures are left out: the sources answer peaks or instants for a day, not averages. A
  // series shorter than 3 months does not make the method, but its newest month still dates the data.
  const series = await readRows(
    `SELECT game_id, source,
                sum(value * (julianday(ts / 1000, 'unixepoch', '+1 month') - julianday(ts / 1000, 'unixepoch')) * 24) AS hours,
                min(ts) AS first, max(ts) AS last, count(*) AS n
              FROM game_metrics WHERE metric = 'players' AND period = 'month' AND ${POSSIBLE_VALUE} AND game_id ${only}
              GROUP BY game_id, source`,
    args,
  );
  const reviews = await readRows(
    `SELECT game_id, group_concat(DISTINCT source) AS sources, max(ts) AS last
              FROM game_metrics WHERE metric IN ('reviews_positive', 'reviews_negative') AND game_id ${only}
              GROUP BY game_id`,
    args,
  );
  // The most players counted at once, by any source and period (a floor under owners).
  const peaks = await readRows(
    `SELECT game_id, max(value) AS peak FROM game_metrics
              WHERE metric IN ('players', 'players_peak') AND ${POSSIBLE_VALUE} AND game_id ${only} GROUP BY game_id`,
    args,
  );
  const peakOf = new Map(peaks.map((r) => [String(r.game_id), Math.round(Number(r.peak))]));
  const bandOf = new Map<string, EstimateInput["ownersBand"] & { ms: number }>();
  const newestBand = new Map<string, unknown>();
  for (const r of bands) {
    const id = String(r.game_id);
    const newest = newestBand.get(id);
    if (newest === undefined || (r.as_of as number) > (newest as number)) newestBand.set(id, r.as_of);
  }
  let iso = { ms: Number.NaN, text: "" };
  for (const r of bands) {
    if (r.as_of !== newestBand.get(String(r.game_id))) continue;
    const ms = Number(r.as_of);
    if (toFigure(r.low) == null || toFigure(r.high) == null) continue;
    // Most bands of an import share one date: its text is worked out once.
    if (ms !== iso.ms) iso = { ms, text: new Date(ms).toISOString() };
    bandOf.set(String(r.game_id), {
      low: Number(r.low),
      high: Number(r.high),
      source: sourceName(String(r.source)),
      asOf: iso.text,
      ms,
    });
  }
  const seriesOf = new Map<string, { hours: number; first: number; last: number; source: string }>();
  const playersLast = new Map<string, number>();
  for (const r of series) {
    const id = String(r.game_id);
    playersLast.set(id, Math.max(playersLast.get(id) ?? 0, Number(r.last)));
    if (Number(r.n) < 3) continue;
    const hours = Number(r.hours);
    // Sources overlap in time: take the one covering the most player-hours rather than adding them.
    if ((seriesOf.get(id)?.hours ?? 0) < hours) {
      seriesOf.set(id, {
        hours,
        first: Number(r.first),
        last: Number(r.last),
        source: sourceName(String(r.source)),
      });
    }
  }
  const reviewsOf = new Map<string, { sources: string[]; last: number }>();
  for (const r of reviews) {
    reviewsOf.set(String(r.game_id), {
      sources: String(r.sources ?? "")
        .split(",")
        .filter(Boolean)
        .sort(),
      last: Number(r.last),
    });
  }
  return games.map((g) => {
    const id = String(g.id);
    const band = bandOf.get(id);
    const s = seriesOf.get(id);
    const rv = reviewsOf.get(id);
    // The time of the data: the newest of the band, the player months and the review counts. A game
    // with none of them dated (a catalog row with no figures) has no data time; the time the row was
    // written (updated_at) is not the data's, and made the estimates' provenance read "now".
    const asOf = Math.max(band?.ms ?? 0, playersLast.get(id) ?? 0, rv?.last ?? 0) || null;
    const genres = toList(g.genres);
    const tags = toList(g.tags);
    return {
      id,
      input: {
        positiveReviews: toFigure(g.positive_reviews),
        negativeReviews: toFigure(g.negative_reviews),
        // The list price, not a sale's (units × list price); a stored 0 without a free-to-play genre
        // or tag is an unknown price (a delisted game).
        priceUsd: knownPrice({
          priceUsd: listPriceOf(toFigure(g.price), toFigure(g.list_price)),
          genres,
          tags,
        }),
        releaseYear: toFigure(g.release_year),
        genres,
        tags,
        playerHours: s ? Math.round(s.hours) : null,
        playerSeriesFrom: s ? isoDate(s.first) : null,
        playerSeriesTo: s ? isoDate(s.last) : null,
        ownersBand: band ? { low: band.low, high: band.high, source: band.source, asOf: band.asOf } : null,
        // Only when known, so the inputs of a game without players stay as they were.
        ...(peakOf.get(id) ? { peakPlayers: peakOf.get(id)! } : {}),
      },
      reviewSources: rv?.sources.map(sourceName) ?? [],
      seriesSource: s?.source ?? null,
      asOf,
    };
  });
}

export interface RecomputeResult {
  games: number;
  computed: number;
  unchanged: number;
  ms: number;
}

/** Games estimated per step: bounds memory whatever the catalog's size, and each write transaction. */
const RECOMPUTE_CHUNK = 2000;
/**
 * Games per step while the server answers requests: a step holds the event loop about 7.5 µs a game
 * whose estimate is current (reading and fingerprinting its inputs) and 30 µs a game estimated again,
 * so a step of 2,000 held every request for 15–60 ms, step after step (165 steps at 330,000 games),
 * after each start and each catalog change. 250 is 2–8 ms.
 */
const SERVING_CHUNK = 250;
/** Estimate rows per INSERT (19 values each); full statements share one prepared statement. */
const ESTIMATE_ROWS_PER_STATEMENT = 100;

const COLUMNS = [
  "game_id",
  "owners_low",
  "owners_mid",
  "owners_high",
  "units_low",
  "units_mid",
  "units_high",
  "gross_low",
  "gross_mid",
  "gross_high",
  "net_low",
  "net_mid",
  "net_high",
  "low_signal",
  "detail",
  "inputs_key",
  "model_version",
  "as_of",
  "computed_at",
];
const ESTIMATE_CONFLICT = `ON CONFLICT (game_id) DO UPDATE SET ${COLUMNS.slice(1)
  .map((c) => `${c} = excluded.${c}`)
  .join(", ")}`;

/**
 * Brings `game_estimates` up to date: a game is estimated again when the fingerprint of its inputs
 * or the model version differs from the stored row's. `force` recomputes every game (for benchmarks).
 *
 * The catalog is taken 2,000 games at a time (`step`; 250 in the server's background runs), in id
 * order or from `gameIds`, each step written in one short write transaction with reused statements;
 * between steps the event loop runs, so a server recomputing keeps answering requests meanwhile.
 */
export async function recomputeEstimates(
  options: { gameIds?: string[]; force?: boolean; step?: number } = {},
): Promise<RecomputeResult> {
  const step = options.step ?? RECOMPUTE_CHUNK;
  const started = performance.now();
  const result: RecomputeResult = { games: 0, computed: 0, unchanged: 0, ms: 0 };
  if (options.gameIds) {
    for (let i = 0; i < options.gameIds.length; i += step) {
      await recomputeChunk(options.gameIds.slice(i, i + step), options.force === true, result);
      if (i + step < options.gameIds.length) await yieldToEventLoop();
    }
  } else {
    let after = "";
    for (;;) {
      const rs = await rawClient().execute({
        sql: `SELECT id FROM games WHERE id > ? ORDER BY id LIMIT ${step}`,
        args: [after],
      });
      const ids = rs.rows.map((r) => String(r.id));
      if (ids.length === 0) break;
      await recomputeChunk(ids, options.force === true, result);
      if (ids.length < step) break;
      after = ids.at(-1)!;
      await yieldToEventLoop();
    }
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

async function recomputeChunk(gameIds: string[], force: boolean, result: RecomputeResult): Promise<void> {
  const client = rawClient();
  const loaded = await loadInputs(gameIds);
  const stored = new Map<string, string>();
  if (!force) {
    const rs = await client.execute({
      sql: "SELECT game_id, inputs_key, model_version FROM game_estimates WHERE game_id IN (SELECT value FROM json_each(?))",
      args: [JSON.stringify(gameIds)],
    });
    for (const r of rs.rows) stored.set(String(r.game_id), `${r.model_version}|${r.inputs_key}`);
  }
  const now = Date.now();
  const rows: unknown[][] = [];
  for (const game of loaded) {
    const key = JSON.stringify(game.input);
    if (stored.get(game.id) === `${MODEL_VERSION}|${key}`) continue;
    // The figures only: the methods' explanatory text is built when a game page asks (readDetail).
    const e = estimate(game.input, { explain: false });
    // Only what the inputs do not say: the methods, notes and inputs a game page shows are the
    // model's answer to `inputs_key` again, the same under the same model version (readDetail).
    const sources: StoredDetail = { reviewSources: game.reviewSources, seriesSource: game.seriesSource };
    const g = e.revenue.gross;
    const n = e.revenue.net;
    // The reader keeps impossible inputs out (toFigure); should the model still answer a figure that is
    // not a number, the game is left unestimated and named, and the rest of the step is stored.
    const figures = [e.owners, e.unitsSold, g, n].flatMap((r) => (r ? [r.low, r.mid, r.high] : []));
    if (!figures.every(Number.isFinite)) {
      log.warn("estimates: no figures for a game's inputs", { gameId: game.id, inputs: key });
      continue;
    }
    rows.push([
      game.id,
      e.owners.low,
      e.owners.mid,
      e.owners.high,
      e.unitsSold.low,
      e.unitsSold.mid,
      e.unitsSold.high,
      g?.low ?? null,
      g?.mid ?? null,
      g?.high ?? null,
      n?.low ?? null,
      n?.mid ?? null,
      n?.high ?? null,
      e.lowSignal ? 1 : 0,
      JSON.stringify(sources),
      key,
      e.modelVersion,
      game.asOf,
      now,
    ]);
  }
  result.games += loaded.length;
  result.computed += rows.length;
  result.unchanged += loaded.length - rows.length;
  if (rows.length === 0) return;
  // Multi-row VALUES with plain arguments: SQLite parses each row once, where unpacking a JSON array
  // per column re-read every row's detail JSON nineteen times. Upserts: a step refused on a lock is
  // repeated whole.
  await withBusyRetry(() =>
    writeTransaction(() =>
      insertRows(
        `INSERT INTO game_estimates (${COLUMNS.join(", ")})`,
        COLUMNS.length,
        rows,
        ESTIMATE_ROWS_PER_STATEMENT,
        ESTIMATE_CONFLICT,
      ),
    ),
  );
}

const range = (r: Record<string, unknown>, prefix: string) => ({
  low: Number(r[`${prefix}_low`]),
  mid: Number(r[`${prefix}_mid`]),
  high: Number(r[`${prefix}_high`]),
});
const nullableRange = (r: Record<string, unknown>, prefix: string) =>
  r[`${prefix}_mid`] == null ? null : range(r, prefix);

const isoOf = (ms: unknown) => (ms == null || ms === "" ? null : new Date(Number(ms)).toISOString());

/**
 * Where the game's review counts, price and most players at once come from, and when: each input of
 * an estimate may be of another source and year (2019 review counts beside 2024 monthly players).
 * Read with the page, from the points behind the game's figures: the newest review point (the counts
 * the game holds are the newest), the price's own source and time, the point of the peak.
 */
async function inputSources(gameId: string): Promise<NonNullable<GameEstimate["inputSources"]>> {
  const [reviews, price, peak] = await Promise.all([
    readRows(
      `SELECT source, ts FROM game_metrics WHERE game_id = ? AND metric IN ('reviews_positive', 'reviews_negative')
        ORDER BY ts DESC, ${sameTimeSourceOrder()} LIMIT 1`,
      [gameId],
    ),
    readRows("SELECT price_source, price_at FROM games WHERE id = ?", [gameId]),
    readRows(
      `SELECT source, ts, metric FROM game_metrics
        WHERE game_id = ? AND metric IN ('players', 'players_peak') AND ${POSSIBLE_VALUE}
        ORDER BY value DESC, ts DESC LIMIT 1`,
      [gameId],
    ),
  ]);
  const [r] = reviews;
  const [p] = price;
  const [k] = peak;
  return {
    reviews: r ? { source: sourceName(String(r.source)), asOf: isoOf(r.ts) } : null,
    price:
      p?.price_source != null
        ? {
            source: sourceName(String(p.price_source)),
            asOf: isoOf(p.price_at),
            ...(figureMethod(String(p.price_source), "price")
              ? { method: figureMethod(String(p.price_source), "price") }
              : {}),
            ...(sourceConversionOf(String(p.price_source))
              ? { conversion: sourceConversionOf(String(p.price_source))! }
              : {}),
          }
        : null,
    peakPlayers: k ? { source: sourceName(String(k.source)), asOf: isoOf(k.ts) } : null,
  };
}

/**
 * One game's estimate; null for an unknown game. A game not yet estimated is estimated now and stored.
 * `inputSources: false` leaves out the reads that date each input (three per game) for a caller that
 * shows neither them nor the source line (the AI's facts of up to 50 games).
 */
export async function getGameEstimate(
  id: string,
  options: { inputSources?: boolean } = {},
): Promise<GameEstimate | null> {
  const gameId = await resolveGameId(id);
  if (!gameId) return null;
  const read = () =>
    rawClient().execute({
      // The name from the game itself: a rename is not an input of the estimate, so the stored detail may lag.
      sql: `SELECT e.*, g.name AS game_name, g.steam_app_id FROM game_estimates e JOIN games g ON g.id = e.game_id
            WHERE e.game_id = ? AND e.model_version = ?`,
      args: [gameId, MODEL_VERSION],
    });
  let rs = await read();
  if (!rs.rows[0]) {
    await recomputeEstimates({ gameIds: [gameId] });
    rs = await read();
  }
  const row = rs.rows[0] as unknown as Record<string, unknown> | undefined;
  if (!row) return null;
  const detail = readDetail(String(row.inputs_key), JSON.parse(String(row.detail)));
  const asOf = row.as_of == null ? null : new Date(Number(row.as_of)).toISOString();
  // Whether the model speaks for the game is read with the game (its Steam app id), not stored: the
  // stored figures stay the model's answer to the inputs.
  const covered = modelCovers(JSON.parse(String(row.inputs_key)) as EstimateInput, row.steam_app_id != null);
  // The review counts the estimate used are the game's newest (its row's): their source alone, not
  // every source that ever gave the game's reviews (the 2019 snapshot beside SteamSpy's 2023 counts).
  const inputs = options.inputSources === false ? undefined : await inputSources(gameId);
  const reviewSources = inputs?.reviews ? [inputs.reviews.source] : detail.reviewSources;
  const sources = [
    ...reviewSources.map((s) => `${s} (reviews)`),
    ...(detail.inputs.ownersBand ? [`${detail.inputs.ownersBand.source} (owners band)`] : []),
    ...(detail.inputs.playerSeries ? [`${detail.inputs.playerSeries.source} (players)`] : []),
  ];
  // The same credits, each at its own input's time (review r23-a #10: one "· Jun 2023" dated
  // SteamCharts' series, which ends in Feb 2022).
  const dated = inputs
    ? [
        ...(inputs.reviews
          ? [{ source: `${inputs.reviews.source} (reviews)`, asOf: inputs.reviews.asOf }]
          : []),
        ...(detail.inputs.ownersBand
          ? [
              {
                source: `${detail.inputs.ownersBand.source} (owners band)`,
                asOf: detail.inputs.ownersBand.asOf,
              },
            ]
          : []),
        ...(detail.inputs.playerSeries
          ? [
              {
                source: `${detail.inputs.playerSeries.source} (players)`,
                asOf: detail.inputs.playerSeries.to,
              },
            ]
          : []),
      ]
    : undefined;
  // A game the model does not cover gets no figure at all (issue 11: never a false point). Its stored
  // row keeps the model's answer to its inputs, since coverage also reads the Steam app id, which is
  // not an input (a game that gains one is covered without being estimated again); every reader of
  // stored figures (sums, the screener's columns, this answer) leaves uncovered games out.
  return {
    gameId,
    gameName: String(row.game_name),
    owners: covered ? range(row, "owners") : null,
    unitsSold: covered ? range(row, "units") : null,
    revenue: {
      gross: covered ? nullableRange(row, "gross") : null,
      net: covered ? nullableRange(row, "net") : null,
      currency: "USD",
    },
    methods: covered ? detail.methods : [],
    modelVersion: String(row.model_version),
    asOf,
    computedAt: new Date(Number(row.computed_at)).toISOString(),
    lowSignal: Boolean(Number(row.low_signal)),
    covered,
    notes: covered ? detail.notes : [NOT_COVERED_NOTE],
    inputs: detail.inputs,
    ...(inputs ? { inputSources: inputs } : {}),
    ...(dated?.length ? { sources: dated } : {}),
    provenance: {
      source: sources.length ? [...new Set(sources)].join("; ") : "Catalog",
      asOf,
      method: covered
        ? `Blend of ${detail.methods.map((m) => `${m.label.toLowerCase()} (${Math.round(m.weight * 100)} %)`).join(", ")}; model ${String(row.model_version)}`
        : `Not estimated: outside the owners model ${String(row.model_version)}`,
    },
  };
}

const GROUP_SQL: Record<EstimateGrouping, { from: string; key: string }> = {
  developer: { from: "", key: "g.developer" },
  publisher: { from: "", key: "g.publisher" },
  genre: { from: ", json_each(g.genres) AS j", key: "j.value" },
  tag: { from: ", json_each(g.tags) AS j", key: "j.value" },
};

const SORT_FIELD = {
  owners: (t: EstimateTotal) => t.owners.mid,
  gross: (t: EstimateTotal) => t.grossRevenue.mid,
  net: (t: EstimateTotal) => t.netRevenue.mid,
  games: (t: EstimateTotal) => t.games,
} as const;

interface GroupedTotals {
  /** Every group with estimated games, in SQLite's order of names. */
  groups: Array<{ total: EstimateTotal; asOf: number }>;
  /**
   * The groups under each name-matching key: the catalog spells names as its sources did ("Action",
   * "action"; "Bandai Namco", "BANDAI NAMCO"), so a name is found by its key (case, accents and
   * punctuation folded), as searches compare game names.
   */
  byKey: Map<string, GroupedTotals["groups"]>;
  /** The groups in each order asked for so far. */
  sorted: Map<EstimateTotalsQuery["sort"], GroupedTotals["groups"]>;
}

/** Every group's sums in one pass over the estimates. */
async function groupedTotals(by: EstimateGrouping): Promise<GroupedTotals> {
  const g = GROUP_SQL[by];
  const sums = ["owners", "units", "gross", "net"]
    .flatMap((p) => ["low", "mid", "high"].map((q) => `sum(coalesce(e.${p}_${q}, 0)) AS ${p}_${q}`))
    .join(", ");
  const rs = await rawClient().execute({
    sql: `SELECT ${g.key} AS name, count(*) AS games, ${sums},
            sum(CASE WHEN e.gross_mid IS NULL AND e.units_mid != 0 THEN 1 ELSE 0 END) AS without_revenue,
            sum(CASE WHEN e.units_mid = 0 THEN 1 ELSE 0 END) AS free_to_play,
            sum(CASE WHEN e.low_signal THEN 1 ELSE 0 END) AS low_signal, max(e.as_of) AS as_of
          FROM game_estimates e JOIN games g ON g.id = e.game_id${g.from}
          WHERE ${g.key} IS NOT NULL AND ${g.key} != '' AND e.model_version = ? AND ${modelCoversSql("e", "g")}
          GROUP BY ${g.key} ORDER BY name`,
    args: [MODEL_VERSION],
  });
  const groups: GroupedTotals["groups"] = [];
  const byKey: GroupedTotals["byKey"] = new Map();
  const rows = rs.rows as unknown as Array<Record<string, unknown>>;
  for (const r of by === "developer" || by === "publisher" ? byCompany(rows) : rows) {
    const group = {
      total: {
        name: String(r.name),
        games: Number(r.games),
        owners: range(r, "owners"),
        unitsSold: range(r, "units"),
        grossRevenue: range(r, "gross"),
        netRevenue: range(r, "net"),
        gamesWithoutRevenue: Number(r.without_revenue),
        freeToPlayGames: Number(r.free_to_play ?? 0),
        lowSignalGames: Number(r.low_signal),
      },
      asOf: Number(r.as_of ?? 0),
    };
    groups.push(group);
    const key = normalizeName(group.total.name);
    const same = byKey.get(key);
    if (same) same.push(group);
    else byKey.set(key, [group]);
  }
  return { groups, byKey, sorted: new Map() };
}

/**
 * Sums per credit as sums per company: a credit names every co-developer (or co-publisher), and a game
 * counts in each one's totals (docs/decisions/007-importers.md, addendum on co-credits). Names stay in
 * SQLite's order (binary).
 */
function byCompany(rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    // One group per company page (slug), as the company page counts: a credit naming one company in
    // two spellings ("Rockin' Android, Rockin Android") counts its game once (review 11 a, item 6), and
    // credits spelling it apart ("Bandai Namco Entertainment", "BANDAI NAMCO Entertainment") are one
    // company's totals, under the first spelling in name order.
    for (const [slug, name] of creditSlugs(String(r.name))) {
      const sum = out.get(slug);
      if (!sum) {
        out.set(slug, { ...r, name });
        continue;
      }
      for (const [k, v] of Object.entries(r)) {
        if (k === "name") continue;
        sum[k] = k === "as_of" ? Math.max(Number(sum[k] ?? 0), Number(v ?? 0)) : Number(sum[k]) + Number(v);
      }
    }
  }
  return [...out.values()].sort((a, b) => (a.name! < b.name! ? -1 : a.name! > b.name! ? 1 : 0));
}

/**
 * Kept until the catalog or its estimates change: company pages and the screener ask at every visit,
 * and each answer summed every estimate of the catalog again (no index leads from a name to its games'
 * estimates: genres and tags are JSON lists), about 40 ms at 27,000 games and growing with the catalog.
 */
const GROUPED_TOTALS = Object.fromEntries(
  (Object.keys(GROUP_SQL) as EstimateGrouping[]).map((by) => [
    by,
    keptUntilChange(() => groupedTotals(by), { catalogOnly: true }),
  ]),
) as Record<EstimateGrouping, () => Promise<GroupedTotals>>;

/** Sums of the estimates by developer, publisher, genre or tag (company pages, the market screener). */
export async function estimateTotals(query: EstimateTotalsQuery): Promise<EstimateTotals> {
  const grouped = await GROUPED_TOTALS[query.by]();
  // Largest first, names in SQLite's order among equals (a stable sort of the name-ordered groups).
  const largestFirst = (groups: GroupedTotals["groups"]) => {
    const field = SORT_FIELD[query.sort];
    return [...groups].sort((a, b) => field(b.total) - field(a.total));
  };
  let ordered: GroupedTotals["groups"];
  if (query.name) {
    const wanted = normalizeName(query.name);
    // A name of punctuation alone has no key: only its exact spelling matches.
    ordered = largestFirst(
      wanted ? (grouped.byKey.get(wanted) ?? []) : grouped.groups.filter((g) => g.total.name === query.name),
    );
  } else {
    // Every group: sorted once per order until the catalog changes.
    ordered = grouped.sorted.get(query.sort) ?? largestFirst(grouped.groups);
    grouped.sorted.set(query.sort, ordered);
  }
  const rows = ordered.slice(0, query.limit);
  const newest = Math.max(0, ...rows.map((r) => r.asOf));
  return {
    by: query.by,
    currency: "USD",
    modelVersion: MODEL_VERSION,
    totals: rows.map((r) => r.total),
    provenance: {
      source: ESTIMATES_SOURCE,
      asOf: newest ? new Date(newest).toISOString() : null,
      method: `Sum of the games' P50 (P10 and P90 summed as a loose bracket), games the owners model covers (on Steam or with a Steam signal); model ${MODEL_VERSION}`,
    },
  };
}

/**
 * Where this process's estimates stand in the `catalog_changes` log: the last sequence number whose
 * games were estimated again (null until the first sweep). A catalog change — a game's row, its series
 * (which update the row's latest figures), its owners band (logged by recordOwnerBandsIn) — logs the
 * game, so after a burst only the games logged since need their inputs read again, where a sweep reads
 * every game's (about 2.5 s of CPU at 330,000 games, after every sync).
 */
let applied: number | null = null;
followCatalogLog(() => applied);

/**
 * The mark kept in the database (`estimate_progress`): every game the log names up to it has been
 * estimated again, by whichever process followed the log. A server's `applied` is such a point too
 * (a sweep, then the log without a gap), and is written there after each run; `bun run import`
 * starts from the mark, so changes a killed run (or another process) left unestimated are found by
 * the next one (review r29-b #4).
 */
async function estimatedUpTo(): Promise<number> {
  const [row] = await readRows("SELECT catalog_seq FROM estimate_progress WHERE id = 1");
  return Number(row?.catalog_seq ?? 0);
}

/** The last mark this process wrote (it is written only when it moves on). */
let marked = 0;

/** Moves the mark on to `seq`, never back (another process may have gone further). */
async function markEstimatedUpTo(seq: number): Promise<void> {
  if (seq <= marked) return;
  await withBusyRetry(() =>
    rawClient().execute({
      sql: `INSERT INTO estimate_progress (id, catalog_seq, updated_at) VALUES (1, ?, ?)
            ON CONFLICT (id) DO UPDATE SET catalog_seq = excluded.catalog_seq, updated_at = excluded.updated_at
            WHERE excluded.catalog_seq > estimate_progress.catalog_seq`,
      args: [seq, Date.now()],
    }),
  );
  marked = seq;
}

/**
 * Changes past which `catchUpLoggedEstimates` checks every game rather than each logged one: an
 * import inserting the 27,075 games of steam.csv logs 27,075, one updating all of them about 213,000
 * (the row, then each of its refreshed figures), where a sweep of a 330,000-game catalog would check
 * twelve times the games.
 */
const LOGGED_CHANGES_LIMIT = 250_000;

/**
 * `bun run import`'s estimates, after its writes (or after a run that failed part-way): every game the
 * change log names past the mark in the database, whoever changed it and whether or not the process
 * that did lived to estimate it; every game by its inputs' fingerprint when the log was pruned past
 * the mark or holds more than LOGGED_CHANGES_LIMIT changes. The mark then moves on.
 */
export async function catchUpLoggedEstimates(): Promise<CatchUp> {
  const from = await estimatedUpTo();
  const log = await readCatalogLog(from, LOGGED_CHANGES_LIMIT);
  if (!log.rebuild) {
    const result = await recomputeEstimates({ gameIds: log.gameIds });
    if (log.last != null) await markEstimatedUpTo(log.last);
    return { ...result, mode: "changes" };
  }
  // Read before the sweep: a change committed during it is logged after this point and read next time.
  const head = await logHead("catalog_changes");
  const result = await recomputeEstimates({});
  await markEstimatedUpTo(head);
  return { ...result, mode: "sweep" };
}

export interface CatchUp extends RecomputeResult {
  /** `sweep`: every game was checked; `changes`: only the games logged since the last run. */
  mode: "sweep" | "changes";
}

/**
 * One run of the server's background upkeep: every game on the first run, when the log was pruned
 * past what this process applied, or when more than CATCH_UP_LIMIT changes piled up; otherwise only the games
 * the log names since the last run. Either way a game is estimated again only when its inputs'
 * fingerprint or the model version differs from its stored row's.
 */
export async function catchUpEstimates(): Promise<CatchUp> {
  const from = applied;
  if (from != null) {
    const log = await readCatalogLog(from, CATCH_UP_LIMIT);
    if (!log.rebuild) {
      const result = await recomputeEstimates({ gameIds: log.gameIds, step: SERVING_CHUNK });
      if (log.last != null) {
        applied = log.last;
        await markEstimatedUpTo(applied);
      }
      return { ...result, mode: "changes" };
    }
  }
  // Read before the sweep: a change committed during it is logged after this point and read next time.
  const head = await logHead("catalog_changes");
  const result = await recomputeEstimates({ step: SERVING_CHUNK });
  applied = head;
  await markEstimatedUpTo(applied);
  return { ...result, mode: "sweep" };
}

let running: Promise<unknown> | undefined;
let again = false;

/** Catch up after a burst of catalog changes; one run at a time, one more if changes arrived meanwhile. */
export function scheduleRecompute(): void {
  if (running) {
    again = true;
    return;
  }
  running = catchUpEstimates()
    .then((r) => {
      if (r.computed) log.info("estimates: recomputed", { ...r });
    })
    .catch((error) => log.warn("estimates: recompute failed", { error: String(error) }))
    .finally(() => {
      running = undefined;
      if (again) {
        again = false;
        scheduleRecompute();
      }
    });
}

/**
 * How often a running server reads the change log for what other processes committed (an import, a
 * sync run from the shell, a second server): their writes send this process no signal. A read that
 * finds nothing new is two small queries.
 */
export const ESTIMATES_POLL_MS = 30_000;

/**
 * Keeps `game_estimates` current while the server runs: once at start (a new model version or data
 * loaded while it was down), after `startAfter` settles, after every burst of catalog changes in this
 * process, and every `pollMs` for those of other processes. Returns the stop function.
 */
export function startEstimates(
  startAfter: Promise<unknown> = Promise.resolve(),
  options: { pollMs?: number } = {},
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  void startAfter.then(() => {
    if (stopped) return;
    scheduleRecompute();
    timer = setInterval(scheduleRecompute, options.pollMs ?? ESTIMATES_POLL_MS);
    timer.unref?.();
  });
  const stop = onCatalogChanged(scheduleRecompute);
  return () => {
    stopped = true;
    if (timer) clearInterval(timer);
    stop();
  };
}
