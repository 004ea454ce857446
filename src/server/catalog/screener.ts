import type { InValue } from "@libsql/client";
import { csvFileName, csvRow, headerWithUnit } from "../../contracts/csv.ts";
import {
  type MarketSummary,
  SCREENER_COLUMN_INFO,
  SCREENER_COLUMNS,
  SCREENER_FILTER_KEYS,
  type ScreenerColumn,
  type ScreenerFilter,
  type ScreenerPage,
  type ScreenerQuery,
  type ScreenerRow,
  type ScreenerSort,
} from "../../contracts/market.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { dataVersion, placeholders, rawClient } from "../db/client.ts";
import { MODEL_VERSION } from "../estimates/coefficients.ts";
import { onCatalogInvalidated } from "./changes.ts";
import { normalizeName } from "./normalize.ts";
import { listOf } from "./shapes.ts";
import { sourceName } from "./source-names.ts";

/**
 * The market screener (issue 10): the whole catalog filtered, sorted and paged in SQL. Figures are the
 * catalog's latest per game (denormalised on `games` from the series); `provenance` names the sources
 * behind them. Reviews are positive + negative; the positive share is positive / reviews in percent.
 */

const REVIEWS = "(coalesce(positive_reviews, 0) + coalesce(negative_reviews, 0))";
const SHARE = `(CASE WHEN ${REVIEWS} > 0 THEN positive_reviews * 100.0 / ${REVIEWS} END)`;

const SORT_EXPR: Record<ScreenerSort, string> = {
  name: "name COLLATE NOCASE",
  releaseDate: "release_date",
  price: "price",
  reviews: `(CASE WHEN positive_reviews IS NULL AND negative_reviews IS NULL THEN NULL ELSE ${REVIEWS} END)`,
  positiveShare: SHARE,
  owners: "owners_estimate",
  players: "current_players",
  ownersEstimate: "e.owners_mid",
  revenueEstimate: "e.gross_mid",
};

/**
 * Estimates (issue 11) live in `game_estimates`: joined only when a filter or the sort needs them, so
 * the other screens of the screener scan `games` alone; a page's own estimates are read by id.
 */
const WITH_ESTIMATES = `games LEFT JOIN game_estimates e ON e.game_id = games.id AND e.model_version = '${MODEL_VERSION.replace(/'/g, "''")}'`;

function fromOf(f: ScreenerFilter, sort?: ScreenerSort): string {
  const needed =
    f.ownersMin != null ||
    f.ownersMax != null ||
    f.revenueMin != null ||
    f.revenueMax != null ||
    sort === "ownersEstimate" ||
    sort === "revenueEstimate";
  return needed ? WITH_ESTIMATES : "games";
}

async function estimatesOf(ids: string[]): Promise<Map<string, { owners: number; revenue: number | null }>> {
  if (ids.length === 0) return new Map();
  const rs = await rawClient().execute({
    sql: `SELECT game_id, owners_mid, gross_mid FROM game_estimates
          WHERE model_version = ? AND game_id IN (${placeholders(ids.length)})`,
    args: [MODEL_VERSION, ...ids],
  });
  return new Map(
    rs.rows.map((r) => [
      String(r.game_id),
      { owners: Number(r.owners_mid), revenue: r.gross_mid == null ? null : Number(r.gross_mid) },
    ]),
  );
}

const COLUMNS_READ = `games.id, name, release_date, developer, publisher, genres, tags, platforms, price,
  positive_reviews, negative_reviews, owners_estimate, current_players, is_demo`;

export function whereOf(f: ScreenerFilter): { clause: string; args: InValue[] } {
  const where: string[] = [];
  const args: InValue[] = [];
  const lists: Array<[string, string]> = [];
  for (const [column, value] of [
    ["genres", f.genre],
    ["tags", f.tag],
    ["platforms", f.platform],
  ] as const) {
    if (value) lists.push([column, value]);
  }
  const q = f.q ? normalizeName(f.q) : "";
  if (q) {
    where.push("normalized_name LIKE ? ESCAPE '\\'");
    args.push(`%${q.replace(/[\\%_]/g, "\\$&")}%`);
  }
  const range = (expr: string, op: ">=" | "<=", value: number | undefined) => {
    if (value == null) return;
    where.push(`${expr} ${op} ?`);
    args.push(value);
  };
  range("release_year", ">=", f.yearFrom);
  range("release_year", "<=", f.yearTo);
  range("price", ">=", f.priceMin);
  range("price", "<=", f.priceMax);
  if (f.minReviews != null && f.minReviews > 0) range(REVIEWS, ">=", f.minReviews);
  range(SHARE, ">=", f.minPositive);
  range("e.owners_mid", ">=", f.ownersMin);
  range("e.owners_mid", "<=", f.ownersMax);
  range("e.gross_mid", ">=", f.revenueMin);
  range("e.gross_mid", "<=", f.revenueMax);
  // A list holds an element when its JSON text holds the element quoted: `"Strategy"` can only be a
  // whole element (a quote inside one is written \"). LIKE is case-insensitive as the other filters
  // are, and ten times cheaper than parsing every row with json_each (bench/game-pages.bench.ts).
  for (const [column, value] of lists) {
    where.push(`games.${column} LIKE ? ESCAPE '\\'`);
    args.push(`%${JSON.stringify(value).replace(/[\\%_]/g, "\\$&")}%`);
  }
  return { clause: where.length ? `WHERE ${where.join(" AND ")}` : "", args };
}

function orderOf(sort: ScreenerSort, order: "asc" | "desc"): string {
  const expr = SORT_EXPR[sort];
  const dir = order === "asc" ? "ASC" : "DESC";
  // Unknown values last whichever the direction; the id keeps pages stable between equal values.
  return `${expr} IS NULL, ${expr} ${dir}, games.id`;
}

function toRow(
  r: Record<string, unknown>,
  estimate: { owners: number; revenue: number | null } | undefined,
): ScreenerRow {
  const num = (v: unknown) => (v == null ? null : Number(v));
  const pos = num(r.positive_reviews);
  const neg = num(r.negative_reviews);
  const reviews = pos == null && neg == null ? null : (pos ?? 0) + (neg ?? 0);
  return {
    id: String(r.id),
    name: String(r.name),
    releaseDate: (r.release_date as string | null) ?? null,
    developer: (r.developer as string | null) ?? null,
    publisher: (r.publisher as string | null) ?? null,
    genres: listOf(r.genres),
    tags: listOf(r.tags),
    platforms: listOf(r.platforms),
    price: num(r.price),
    reviews,
    positiveShare: reviews ? Math.round(((pos ?? 0) / reviews) * 1000) / 10 : null,
    owners: num(r.owners_estimate),
    players: num(r.current_players),
    ownersEstimate: estimate?.owners ?? null,
    revenueEstimate: estimate?.revenue ?? null,
    isDemo: Boolean(r.is_demo),
  };
}

// ---- Provenance: which sources the catalog's figures come from, cached until the catalog changes ----

let provenanceCache: Promise<Provenance[]> | null = null;
/** The database's data version the caches were filled at: a write by any process (an import run by hand) drops them. */
let cachedAt: number | null = null;
onCatalogInvalidated(dropCaches);

function dropCaches(): void {
  provenanceCache = null;
  summaryCache.clear();
}

/** Drops what the caches hold when anything committed since; without a data version, caches nothing. */
function checkCaches(): boolean {
  const version = dataVersion();
  if (version == null || version !== cachedAt) {
    dropCaches();
    cachedAt = version;
  }
  return version != null;
}

const SCREENED_METRICS = ["reviews_positive", "owners", "price", "players"] as const;

export function catalogProvenance(): Promise<Provenance[]> {
  const cacheable = checkCaches();
  const computing =
    provenanceCache ??
    (async () => {
      const rs = await rawClient().execute(
        `SELECT source, max(ts) AS ts FROM game_metrics WHERE metric IN (${SCREENED_METRICS.map((m) => `'${m}'`).join(",")})
       GROUP BY source ORDER BY max(ts) DESC`,
      );
      const estimates = await rawClient().execute({
        sql: "SELECT count(*) AS n, max(as_of) AS as_of FROM game_estimates WHERE model_version = ?",
        args: [MODEL_VERSION],
      });
      const estimated = Number(estimates.rows[0]?.n ?? 0);
      return [
        ...rs.rows.map((r) => ({
          source: sourceName(String(r.source)),
          asOf: new Date(Number(r.ts)).toISOString(),
          method: "each game's latest figure",
        })),
        ...(estimated > 0
          ? [
              {
                source: "Estimates per game",
                asOf:
                  estimates.rows[0]?.as_of == null
                    ? null
                    : new Date(Number(estimates.rows[0].as_of)).toISOString(),
                method: `P50 of each game's owners and gross revenue estimate; model ${MODEL_VERSION}`,
              },
            ]
          : []),
      ];
    })().catch((error) => {
      provenanceCache = null;
      throw error;
    });
  if (cacheable) provenanceCache = computing;
  return computing;
}

export async function screenGames(q: ScreenerQuery): Promise<ScreenerPage> {
  const { clause, args } = whereOf(q);
  const client = rawClient();
  const [rows, count, provenance] = await Promise.all([
    client.execute({
      sql: `SELECT ${COLUMNS_READ} FROM ${fromOf(q, q.sort)} ${clause} ORDER BY ${orderOf(q.sort, q.order)} LIMIT ? OFFSET ?`,
      args: [...args, q.pageSize, (q.page - 1) * q.pageSize],
    }),
    client.execute({ sql: `SELECT count(*) AS n FROM ${fromOf(q)} ${clause}`, args }),
    catalogProvenance(),
  ]);
  const estimates = await estimatesOf(rows.rows.map((r) => String(r.id)));
  return {
    rows: rows.rows.map((r) => toRow(r as unknown as Record<string, unknown>, estimates.get(String(r.id)))),
    total: Number(count.rows[0]?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
    sort: q.sort,
    order: q.order,
    provenance,
  };
}

// ---- Market size of a filter -------------------------------------------------------------------------

const SUMMARY_CACHE_SIZE = 200;
const summaryCache = new Map<string, Promise<MarketSummary>>();

/** The filter alone, keys in a fixed order: the cache key and the CSV file name. */
export function filterKey(f: ScreenerFilter): string {
  return SCREENER_FILTER_KEYS.flatMap((k) => (f[k] == null || f[k] === "" ? [] : [`${k}=${f[k]}`])).join("&");
}

async function median(from: string, clause: string, args: InValue[], expr: string): Promise<number | null> {
  const client = rawClient();
  const known = `${clause ? `${clause} AND` : "WHERE"} ${expr} IS NOT NULL`;
  const n = Number(
    (await client.execute({ sql: `SELECT count(*) AS n FROM ${from} ${known}`, args })).rows[0]?.n ?? 0,
  );
  if (n === 0) return null;
  const rs = await client.execute({
    sql: `SELECT ${expr} AS v FROM ${from} ${known} ORDER BY v LIMIT ? OFFSET ?`,
    args: [...args, n % 2 === 0 ? 2 : 1, Math.floor((n - 1) / 2)],
  });
  const values = rs.rows.map((r) => Number(r.v));
  return Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 100) / 100;
}

export function marketSummary(f: ScreenerFilter): Promise<MarketSummary> {
  const cacheable = checkCaches();
  const key = filterKey(f);
  const cached = summaryCache.get(key);
  if (cached) return cached;
  const computing = computeSummary(f).catch((error) => {
    summaryCache.delete(key);
    throw error;
  });
  if (!cacheable) return computing;
  if (summaryCache.size >= SUMMARY_CACHE_SIZE) summaryCache.delete(summaryCache.keys().next().value!);
  summaryCache.set(key, computing);
  return computing;
}

async function computeSummary(f: ScreenerFilter): Promise<MarketSummary> {
  const { clause, args } = whereOf(f);
  const from = fromOf(f);
  const client = rawClient();
  const withReviews = `${clause ? `${clause} AND` : "WHERE"} ${REVIEWS} > 0`;
  const [count, years, top, medianPrice, medianReviews, provenance] = await Promise.all([
    client.execute({ sql: `SELECT count(*) AS n FROM ${from} ${clause}`, args }),
    client.execute({
      sql: `SELECT release_year AS year, count(*) AS n FROM ${from} ${clause ? `${clause} AND` : "WHERE"} release_year IS NOT NULL
            GROUP BY release_year ORDER BY release_year`,
      args,
    }),
    client.execute({
      sql: `SELECT games.id, name, ${REVIEWS} AS reviews FROM ${from} ${withReviews} ORDER BY reviews DESC, games.id LIMIT 5`,
      args,
    }),
    median(from, clause, args, "price"),
    median(from, clause, args, `(CASE WHEN ${REVIEWS} > 0 THEN ${REVIEWS} END)`),
    catalogProvenance(),
  ]);
  return {
    games: Number(count.rows[0]?.n ?? 0),
    medianPrice,
    medianReviews,
    releasesPerYear: years.rows.map((r) => ({ year: Number(r.year), games: Number(r.n) })),
    topGames: top.rows.map((r) => ({ id: String(r.id), name: String(r.name), reviews: Number(r.reviews) })),
    provenance,
  };
}

// ---- CSV of every matching row -----------------------------------------------------------------------

/** Rows read per statement while streaming. */
const CSV_CHUNK = 2000;

export function screenerCsvName(f: ScreenerFilter): string {
  return csvFileName("market-screener", filterKey(f).replace(/&/g, "_") || "all-games");
}

function csvCell(row: ScreenerRow, column: ScreenerColumn) {
  return row[column];
}

/**
 * Every matching row, in the screener's order, as a stream of CSV text. The sorted ids are read once
 * (a few MB for the whole catalog), then the rows in chunks, so memory stays flat and no page is read
 * twice however large the export.
 */
export async function screenerCsv(q: ScreenerQuery): Promise<ReadableStream<Uint8Array>> {
  const { clause, args } = whereOf(q);
  const client = rawClient();
  const columns = q.columns?.length ? q.columns : [...SCREENER_COLUMNS];
  const needEstimates = columns.includes("ownersEstimate") || columns.includes("revenueEstimate");
  const ids = (
    await client.execute({
      sql: `SELECT games.rowid AS r FROM ${fromOf(q, q.sort)} ${clause} ORDER BY ${orderOf(q.sort, q.order)}`,
      args,
    })
  ).rows.map((r) => Number(r.r));
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          csvRow(
            columns.map((c) =>
              headerWithUnit(
                c,
                SCREENER_COLUMN_INFO[c].unit === "ISO date" ? null : SCREENER_COLUMN_INFO[c].unit,
              ),
            ),
          ),
        ),
      );
    },
    async pull(controller) {
      if (next >= ids.length) {
        controller.close();
        return;
      }
      const chunk = ids.slice(next, next + CSV_CHUNK);
      next += chunk.length;
      const rs = await client.execute({
        sql: `SELECT rowid AS r, ${COLUMNS_READ} FROM games WHERE rowid IN (${placeholders(chunk.length)})`,
        args: chunk,
      });
      const byRowid = new Map(rs.rows.map((r) => [Number(r.r), r as unknown as Record<string, unknown>]));
      const estimates = needEstimates ? await estimatesOf(rs.rows.map((r) => String(r.id))) : new Map();
      let text = "";
      for (const rowid of chunk) {
        const r = byRowid.get(rowid);
        if (!r) continue; // deleted since the ids were read
        const row = toRow(r, estimates.get(String(r.id)));
        text += csvRow(columns.map((c) => csvCell(row, c)));
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}
