import { asciiCsvFileName, csvFileName, csvRow, headerWithUnit } from "../../contracts/csv.ts";
import {
  type CatalogFacets,
  type MarketSummary,
  SCREENER_COLUMN_INFO,
  SCREENER_COLUMNS,
  SCREENER_CSV_COMPANIONS,
  SCREENER_CSV_DISCOUNT,
  SCREENER_CSV_FREE_TO_PLAY,
  SCREENER_CSV_KEYS,
  SCREENER_CSV_LOW_SIGNAL,
  SCREENER_CSV_OWNERS_BELOW,
  SCREENER_CSV_PLAYERS_FIGURE,
  SCREENER_FILTER_KEYS,
  type ScreenerColumn,
  type ScreenerCsvCompanion,
  type ScreenerFilter,
  type ScreenerPage,
  type ScreenerQuery,
  type ScreenerRow,
  type ScreenerSort,
} from "../../contracts/market.ts";
import { playersPeriod } from "../../contracts/player-figures.ts";
import { CONVERSION_CSV_COLUMNS, conversionCsvCells } from "../../contracts/price-conversion.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { readRows } from "../db/client.ts";
import {
  byName,
  byNumber,
  byText,
  type CatalogIndex,
  catalogIndex,
  playersOrderKey,
  topK,
} from "./catalog-index.ts";
import { estimateP50s, sumIndexedEstimates } from "./estimate-sums.ts";
import { discountOf } from "./game-page.ts";
import { nameQuery } from "./normalize.ts";
import { OWNERS_BAND_COLUMN, ownersBelow } from "./owners-below.ts";
import { type PlayerFigures, playerFigures, playersFigureOf } from "./player-figures.ts";
import { markPartialYear, releasesPerYear, releaseYearOf } from "./release.ts";
import { provenanceOfGames, type SourceTables, sameTables, sourceTables } from "./selection-provenance.ts";
import { listOf } from "./shapes.ts";
import { priceConversionOf } from "./source-names.ts";

/**
 * The market screener (issue 10): the whole catalog filtered, sorted and paged on the in-memory
 * catalog index (catalog-index.ts), then the page's rows read by id. Figures are the catalog's latest
 * per game (denormalised on `games` from the series); `provenance` names the sources behind them. Reviews are positive + negative; the positive share is positive / reviews in percent.
 */

/** The slots of the games matching a filter, in slot order. */
export function matchingSlots(index: CatalogIndex, f: ScreenerFilter): Int32Array {
  if (SCREENER_FILTER_KEYS.every((k) => f[k] == null || f[k] === "")) return index.liveSlots();
  const candidates = index.candidates({ genres: f.genre, tags: f.tag, platforms: f.platform });
  if (!candidates) return new Int32Array(0);
  const q = f.q ? nameQuery(f.q) : null;
  const key = q && "key" in q ? q.key : "";
  const folded = q && "folded" in q ? q.folded : "";
  const { releaseYear, price, ownersEstimate, revenueEstimate } = index.col;
  const reviews = index.reviews;
  const share = index.share;
  const keys = index.normalizedNames;
  // Each bound, or a value that every known figure passes; unknown figures (NaN) fail any comparison.
  const bound = (v: number | undefined, none: number) => (v == null ? none : v);
  const yearFrom = bound(f.yearFrom, Number.NEGATIVE_INFINITY);
  const yearTo = bound(f.yearTo, Number.POSITIVE_INFINITY);
  const priceMin = bound(f.priceMin, Number.NEGATIVE_INFINITY);
  const priceMax = bound(f.priceMax, Number.POSITIVE_INFINITY);
  const minReviews = f.minReviews != null && f.minReviews > 0 ? f.minReviews : 0;
  const ownersMin = bound(f.ownersMin, Number.NEGATIVE_INFINITY);
  const ownersMax = bound(f.ownersMax, Number.POSITIVE_INFINITY);
  const revenueMin = bound(f.revenueMin, Number.NEGATIVE_INFINITY);
  const revenueMax = bound(f.revenueMax, Number.POSITIVE_INFINITY);
  const checkYear = f.yearFrom != null || f.yearTo != null;
  const checkPrice = f.priceMin != null || f.priceMax != null;
  const checkShare = f.minPositive != null;
  const minPositive = f.minPositive ?? 0;
  const checkOwners = f.ownersMin != null || f.ownersMax != null;
  const checkRevenue = f.revenueMin != null || f.revenueMax != null;
  const out = new Int32Array(index.live);
  let n = 0;
  for (let w = 0; w < candidates.length; w++) {
    let word = candidates[w]!;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const s = (w << 5) + (31 - Math.clz32(low));
      if (checkYear && !(releaseYear[s]! >= yearFrom && releaseYear[s]! <= yearTo)) continue;
      if (checkPrice && !(price[s]! >= priceMin && price[s]! <= priceMax)) continue;
      // Reviews count as 0 when both counts are unknown, as the SQL's coalesce did.
      if (minReviews > 0 && !(reviews[s]! >= minReviews)) continue;
      if (checkShare && !(share[s]! >= minPositive)) continue;
      if (checkOwners && !(ownersEstimate[s]! >= ownersMin && ownersEstimate[s]! <= ownersMax)) continue;
      if (checkRevenue && !(revenueEstimate[s]! >= revenueMin && revenueEstimate[s]! <= revenueMax)) continue;
      if (key && !keys[s]!.includes(key)) continue;
      if (folded && !index.foldedName(s).includes(folded)) continue;
      out[n++] = s;
    }
  }
  return out.subarray(0, n);
}

/** The numeric column a screener order sorts by first, if any (topK turns most slots away on it). */
export function screenerKey(
  index: CatalogIndex,
  sort: ScreenerSort,
  order: "asc" | "desc",
): { values: Float64Array; order: "asc" | "desc" } | undefined {
  const values: Partial<Record<ScreenerSort, Float64Array>> = {
    price: index.col.price,
    reviews: index.reviews,
    positiveShare: index.share,
    owners: index.col.ownersOrder,
    players: playersOrderKey(index, order).values,
    ownersEstimate: index.col.ownersEstimate,
    revenueEstimate: index.col.revenueEstimate,
  };
  const column = values[sort];
  return column ? { values: column, order } : undefined;
}

/** The screener's order: unknown values last whichever the direction; the id keeps pages stable between equal values. */
export function screenerOrder(
  index: CatalogIndex,
  sort: ScreenerSort,
  order: "asc" | "desc",
): (a: number, b: number) => number {
  switch (sort) {
    case "name":
      return byName(index, order);
    case "releaseDate":
      return byText(index, index.releaseKeys, order, false);
    case "price":
      return byNumber(index, index.col.price, order);
    case "reviews":
      return byNumber(index, index.reviews, order);
    case "positiveShare":
      return byNumber(index, index.share, order);
    case "owners":
      // "< 20K" games (a band with no lower end) are the fewest owners: first ascending, last of the
      // known descending; games with no owners information stay last either way.
      return byNumber(index, index.col.ownersOrder, order);
    case "players":
      // Counts and averages, then the games with daily peaks only, then unknowns (playersOrderKey).
      return byNumber(index, playersOrderKey(index, order).values, order);
    case "ownersEstimate":
      return byNumber(index, index.col.ownersEstimate, order);
    case "revenueEstimate":
      return byNumber(index, index.col.revenueEstimate, order);
  }
}

const COLUMNS_READ = `games.id, steam_app_id, name, release_date, release_year, developer, publisher, genres, tags, platforms, price,
  list_price, price_source, price_at,
  positive_reviews, negative_reviews, owners_estimate, current_players, is_demo, ${OWNERS_BAND_COLUMN}`;

/**
 * The ids of these rows that can have a player figure: a count or monthly average (`current_players`)
 * or, as the catalog index knows, a stored daily peak. Only theirs are worth a playerFigures read.
 */
export function idsWithPlayerFigures(
  index: Pick<CatalogIndex, "slot" | "col">,
  rows: ReadonlyArray<Record<string, unknown>>,
): string[] {
  return rows.flatMap((r) => {
    const id = String(r.id);
    if (r.current_players != null) return [id];
    const s = index.slot(id);
    return s != null && !Number.isNaN(index.col.peakPlayers[s]!) ? [id] : [];
  });
}

/**
 * The rows of these games as the screener answers them, in the given order. Their estimates are the
 * index's (the covered P50s it filtered and sorted them by), not read again.
 */
async function rowsOf(index: CatalogIndex, ids: string[], withPlayersFigure = true): Promise<ScreenerRow[]> {
  if (ids.length === 0) return [];
  const rows = await readRows(
    `SELECT ${COLUMNS_READ} FROM games WHERE id IN (SELECT value FROM json_each(?))`,
    [JSON.stringify(ids)],
  );
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  // The time and period of each game's newest players point, the figure `current_players` holds (a
  // monthly average, SteamCharts' dated the 1st, or a count): the catalog's latest player figure, as
  // the cards and Compare name it; a game with daily peaks only (no count) shows its peak, as its game
  // page does. Read for the rows that have either (most games have neither), and not at all for a CSV
  // without the players, playersFigure and playersAt columns.
  const figures = withPlayersFigure
    ? await playerFigures(idsWithPlayerFigures(index, rows))
    : new Map<string, PlayerFigures>();
  return ids.flatMap((id) => {
    const r = byId.get(id);
    // Deleted since the index was read.
    if (!r) return [];
    const row = toRow(r, estimateP50s(index, index.slot(id)) ?? undefined);
    const game = figures.get(id);
    const latest = game?.latest;
    const shown = playersFigureOf(game);
    row.playersFigure =
      row.players != null && latest && shown
        ? { ...shown, value: row.players }
        : row.players == null && game && !latest
          ? shown
          : null;
    // One meaning for `players` in the JSON and the CSV (report r23-a #3): the figure shown, which
    // `playersFigure` names (a peak-only game's peak, not null).
    row.players ??= row.playersFigure?.value ?? null;
    return [row];
  });
}

function toRow(
  r: Record<string, unknown>,
  estimate: ReturnType<typeof estimateP50s> | undefined,
): ScreenerRow {
  const num = (v: unknown) => (v == null ? null : Number(v));
  const pos = num(r.positive_reviews);
  const neg = num(r.negative_reviews);
  const reviews = pos == null && neg == null ? null : (pos ?? 0) + (neg ?? 0);
  return {
    id: String(r.id),
    steamAppId: num(r.steam_app_id),
    name: String(r.name),
    releaseDate: (r.release_date as string | null) ?? null,
    releaseYear: releaseYearOf(r.release_date, r.release_year),
    developer: (r.developer as string | null) ?? null,
    publisher: (r.publisher as string | null) ?? null,
    genres: listOf(r.genres),
    tags: listOf(r.tags),
    platforms: listOf(r.platforms),
    price: num(r.price),
    // On sale: the list price and discount, as the game page shows them beside the price.
    discount: discountOf(r),
    // A price the source gave in GBP: its own figure and the rate, shown beside the dollars.
    priceConversion: priceConversionOf(r.price, r.price_source),
    reviews,
    positiveShare: reviews ? Math.round(((pos ?? 0) / reviews) * 1000) / 10 : null,
    owners: num(r.owners_estimate),
    ownersBelow: ownersBelow(r.owners_band),
    players: num(r.current_players),
    playersFigure: null,
    ownersEstimate: estimate?.owners ?? null,
    revenueEstimate: estimate?.revenue ?? null,
    ownersEstimateRange: estimate?.ownersRange ?? null,
    revenueEstimateRange: estimate?.revenueRange ?? null,
    estimateLowSignal: estimate ? estimate.lowSignal : null,
    estimateFreeToPlay: estimate ? estimate.freeToPlay : null,
    isDemo: Boolean(r.is_demo),
  };
}

// ---- Provenance ------------------------------------------------------------------------------------

/**
 * The catalog's sources: those of all its games' figures (selection-provenance.ts), as the market size
 * of the empty filter gives them.
 */
export async function catalogProvenance(): Promise<Provenance[]> {
  return (await marketSummary({})).provenance;
}

export async function screenGames(q: ScreenerQuery): Promise<ScreenerPage> {
  const { index } = await catalogIndex();
  // The sources of the matching games' figures, kept with the filter's market size (review r33-a #1).
  const { provenance } = await marketSummary(q);
  const matches = matchingSlots(index, q);
  const offset = (q.page - 1) * q.pageSize;
  const page = topK(
    matches,
    offset + q.pageSize,
    screenerOrder(index, q.sort, q.order),
    screenerKey(index, q.sort, q.order),
  ).slice(offset);
  return {
    rows: await rowsOf(
      index,
      page.map((s) => index.ids[s]!),
    ),
    total: matches.length,
    page: q.page,
    pageSize: q.pageSize,
    sort: q.sort,
    order: q.order,
    undatedLeftOut: undatedLeftOut(index, q),
    provenance,
  };
}

/**
 * The games a release-year filter leaves out for having no release year: those matching the filter
 * without its years whose year is unknown (NaN). 0 when the filter has no years.
 */
export function undatedLeftOut(index: CatalogIndex, f: ScreenerFilter): number {
  if (f.yearFrom == null && f.yearTo == null) return 0;
  const { releaseYear } = index.col;
  let n = 0;
  for (const s of matchingSlots(index, { ...f, yearFrom: undefined, yearTo: undefined })) {
    if (Number.isNaN(releaseYear[s]!)) n++;
  }
  return n;
}

// ---- Pick lists ----------------------------------------------------------------------------------------

let facetsCache: { generation: number; facets: CatalogFacets } | undefined;

/** The catalog's genres, tags and platforms with their game counts, recomputed when the catalog changed. */
export async function catalogFacets(): Promise<CatalogFacets> {
  const { index, generation } = await catalogIndex();
  if (facetsCache?.generation !== generation) {
    facetsCache = {
      generation,
      facets: {
        genres: index.facet("genres"),
        tags: index.facet("tags"),
        platforms: index.facet("platforms"),
        games: index.live,
      },
    };
  }
  return facetsCache.facets;
}

// ---- Market size of a filter -------------------------------------------------------------------------

const SUMMARY_CACHE_SIZE = 200;
/** Figures of recent filters, for the index generation they were computed at. */
const summaryCache = new Map<string, { figures: MarketSummary; tables: SourceTables }>();
let summaryGeneration = "";

/** The filter alone, keys in a fixed order: the cache key and the CSV file name. */
export function filterKey(f: ScreenerFilter): string {
  return SCREENER_FILTER_KEYS.flatMap((k) => (f[k] == null || f[k] === "" ? [] : [`${k}=${f[k]}`])).join("&");
}

/** The median of the known values (the mean of the middle two for an even count), to the cent. */
function medianOf(values: Float64Array): number | null {
  if (values.length === 0) return null;
  values.sort();
  const n = values.length;
  const mid = n % 2 === 0 ? (values[n / 2 - 1]! + values[n / 2]!) / 2 : values[(n - 1) / 2]!;
  return Math.round(mid * 100) / 100;
}

export async function marketSummary(f: ScreenerFilter): Promise<MarketSummary> {
  const { index, generation: indexGeneration } = await catalogIndex();
  // The data's last day: today (review r24 #6). A release date after it is an announced one (IGDB's,
  // a store's "coming soon") or a wrong one, not a release the data saw: neither the partial year nor
  // the releases per year count it. (Not the newest source's date: a source that dates releases but
  // no figure, or figures older than its games, would then drop real releases.)
  const until = new Date().toISOString().slice(0, 10);
  const generation = `${indexGeneration}|${until}`;
  if (generation !== summaryGeneration) {
    summaryCache.clear();
    summaryGeneration = generation;
  }
  const key = filterKey(f);
  const tables = await sourceTables();
  const cached = summaryCache.get(key);
  if (cached && sameTables(cached.tables, tables)) return cached.figures;
  const matches = matchingSlots(index, f);
  let figures: MarketSummary;
  if (cached) {
    // Only the sources' data changed (a sales file, IGDB's sync): the figures hold, their sources are read again.
    figures = {
      ...cached.figures,
      provenance: await provenanceOfGames(index, matches, cached.figures.estimates, tables),
    };
  } else {
    // The matching games' estimates summed as a company page sums its games' (estimate-sums.ts).
    const { estimates, outsideModel } = sumIndexedEstimates(index, matches);
    figures = {
      ...summarize(index, matches, until, newestReleaseDate(index, generation, until)),
      estimates,
      outsideModel,
      // The sources of these games' figures, each at the newest of theirs (review r33-a #1).
      provenance: await provenanceOfGames(index, matches, estimates, tables),
    };
  }
  if (summaryGeneration === generation) {
    if (!cached && summaryCache.size >= SUMMARY_CACHE_SIZE)
      summaryCache.delete(summaryCache.keys().next().value!);
    summaryCache.set(key, { figures, tables });
  }
  return figures;
}

/**
 * The day the catalog's release dates stop (its newest full release date up to today), by which a
 * list of releases per year marks its partial year (`markPartialYear`): the screener's summary and a
 * company page mark the same year (review r32-a #2).
 */
export function catalogReleaseEnd(index: CatalogIndex, indexGeneration: number | string): string | null {
  const until = new Date().toISOString().slice(0, 10);
  return newestReleaseDate(index, `${indexGeneration}|${until}`, until);
}

/**
 * The newest full release date (YYYY-MM-DD) in the whole catalog up to `until` (today: a later date
 * is announced, not data), read once per index generation and day.
 */
let newestRelease: { generation: string; date: string | null } | null = null;
function newestReleaseDate(index: CatalogIndex, generation: string, until: string): string | null {
  if (newestRelease?.generation === generation) return newestRelease.date;
  let date: string | null = null;
  for (const s of index.liveSlots()) {
    const key = index.releaseKeys[s]?.slice(0, 10);
    if (key && key.length === 10 && key <= until && (date == null || key > date)) date = key;
  }
  newestRelease = { generation, date };
  return date;
}

function summarize(
  index: CatalogIndex,
  matches: ReturnType<typeof matchingSlots>,
  /** The data's last day (today): a game dated after it (or in a later year) is not counted as released. */
  until: string,
  /** The newest release date in the catalog: the last year is partial when it ends before December 31. */
  newest: string | null,
): Omit<MarketSummary, "provenance" | "estimates" | "outsideModel"> {
  const { releaseKeys } = index;
  const { price, releaseYear } = index.col;
  const reviews = index.reviews;
  const prices: number[] = [];
  const reviewed: number[] = [];
  const years = new Map<number, number>();
  for (const s of matches) {
    if (!Number.isNaN(price[s]!)) prices.push(price[s]!);
    if (reviews[s]! > 0) reviewed.push(s);
    const year = releaseYear[s]!;
    // A year alone ("2020") is after "2019-05-20"; "2019" is not.
    const announced = (releaseKeys[s]?.slice(0, 10) ?? "") > until;
    if (!Number.isNaN(year) && !announced) years.set(year, (years.get(year) ?? 0) + 1);
  }
  const top = topK(reviewed, 5, byNumber(index, reviews, "desc"), { values: reviews, order: "desc" });
  return {
    games: matches.length,
    medianPrice: medianOf(Float64Array.from(prices)),
    medianReviews: medianOf(Float64Array.from(reviewed, (s) => reviews[s]!)),
    releasesPerYear: markPartialYear(releasesPerYear(years), newest),
    topGames: top.map((s) => ({ id: index.ids[s]!, name: index.names[s]!, reviews: reviews[s]! })),
  };
}

// ---- CSV of every matching row -----------------------------------------------------------------------

/** Rows read per statement while streaming. */
const CSV_CHUNK = 2000;

/** The CSV's file name: ASCII only, for `filename=`. */
export function screenerCsvName(f: ScreenerFilter): string {
  return asciiCsvFileName("market-screener", filterKey(f).replace(/&/g, "_") || "all-games");
}

/**
 * The Content-Disposition of the CSV: the ASCII name, and when the filter holds other letters
 * (`q=ストライダー`) the full name as `filename*` (RFC 6266 §4.3, RFC 5987), which browsers prefer.
 */
export function screenerCsvDisposition(f: ScreenerFilter): string {
  const ascii = screenerCsvName(f);
  const full = csvFileName("market-screener", filterKey(f).replace(/&/g, "_") || "all-games");
  if (full === ascii) return `attachment; filename="${ascii}"`;
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(full).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A row's cell as the table shows it. The release column holds the date, or the year alone where only
 * a year is known (VGChartz's games: "2006", an ISO 8601 date of reduced precision), as the table's
 * "Release date" and the company page's export do; the date alone left those games' cells empty.
 */
function csvCell(row: ScreenerRow, c: ScreenerColumn): ScreenerRow[ScreenerColumn] | string {
  if (c === "releaseDate")
    return row.releaseDate ?? (row.releaseYear == null ? null : String(row.releaseYear));
  return row[c];
}

/**
 * The CSV's companion columns (SCREENER_CSV_COMPANIONS), in their order: what the table says in
 * words where a figure is empty (a free-to-play game's revenue, a source's "under 20,000" owners,
 * review 14 b item 5), a low-signal estimate's flag and each estimate's P10 and P90 (a low-signal
 * row's figure is its range, review 12 item 5), a sale's list price and discount, a price given in
 * another currency (GBP) with its own figure and the rate, and what the players figure is and its time.
 */
const estimateRange = (
  c: "ownersEstimate" | "revenueEstimate",
  end: "low" | "high",
  name: ScreenerCsvCompanion,
) => ({
  name,
  header: headerWithUnit(name, SCREENER_COLUMN_INFO[c].unit),
  cell: (row: ScreenerRow) =>
    (c === "ownersEstimate" ? row.ownersEstimateRange : row.revenueEstimateRange)?.[end] ?? null,
});
const SCREENER_CSV_COMPANION_CELLS: Array<{
  name: ScreenerCsvCompanion;
  header: string;
  cell: (row: ScreenerRow) => string | number | boolean | null;
}> = [
  { name: "estimateLowSignal", header: SCREENER_CSV_LOW_SIGNAL, cell: (row) => row.estimateLowSignal },
  { name: "estimateFreeToPlay", header: SCREENER_CSV_FREE_TO_PLAY, cell: (row) => row.estimateFreeToPlay },
  { name: "ownersBelow", header: SCREENER_CSV_OWNERS_BELOW, cell: (row) => row.ownersBelow?.high ?? null },
  estimateRange("ownersEstimate", "low", "ownersEstimateP10"),
  estimateRange("ownersEstimate", "high", "ownersEstimateP90"),
  estimateRange("revenueEstimate", "low", "revenueEstimateP10"),
  estimateRange("revenueEstimate", "high", "revenueEstimateP90"),
  { name: "listPrice", header: SCREENER_CSV_DISCOUNT[0], cell: (row) => row.discount?.listPrice ?? null },
  { name: "discount", header: SCREENER_CSV_DISCOUNT[1], cell: (row) => row.discount?.percent ?? null },
  // The screener's headers are its `columns` names with their units, these three included.
  ...CONVERSION_CSV_COLUMNS.map(({ name, unit }, i) => ({
    name,
    header: unit ? `${name} (${unit})` : name,
    cell: (row: ScreenerRow) => conversionCsvCells(row.priceConversion)[i] ?? null,
  })),
  {
    name: "playersFigure",
    header: SCREENER_CSV_PLAYERS_FIGURE[0],
    cell: (row) => playersPeriod(row.playersFigure),
  },
  { name: "playersAt", header: SCREENER_CSV_PLAYERS_FIGURE[1], cell: (row) => row.playersFigure?.at ?? null },
];

/**
 * Every matching row, in the screener's order, as a stream of CSV text. The sorted ids come from the
 * catalog index (a few MB for the whole catalog), then the rows are read in chunks as the client
 * takes them, so memory stays flat however large the export.
 *
 * It starts with a UTF-8 byte-order mark, as the client's exports do (src/ui/export): without it
 * Excel on Windows reads the file as ANSI and garbles "Pokémon", "™" and CJK names.
 */
export async function screenerCsv(q: ScreenerQuery): Promise<ReadableStream<Uint8Array>> {
  const { index } = await catalogIndex();
  // Absent: every column; an empty list (`columns=id`) is the leading keys alone.
  const named = q.columns ?? null;
  const columns = named
    ? named.filter((c): c is ScreenerColumn => (SCREENER_COLUMNS as readonly string[]).includes(c))
    : [...SCREENER_COLUMNS];
  // The companion columns after the chosen ones, in one order whatever is chosen (columns added later
  // go at the end, so files read by position keep their columns): those of a chosen column, and any
  // named alone (review r23-a #7).
  const companions = SCREENER_CSV_COMPANION_CELLS.filter(
    (c) =>
      named == null ||
      named.includes(c.name) ||
      (SCREENER_CSV_COMPANIONS[c.name] as readonly ScreenerColumn[]).some((p) => columns.includes(p)),
  );
  const playersFigureNeeded =
    columns.includes("players") ||
    companions.some((c) => c.name === "playersFigure" || c.name === "playersAt");
  // A plain array: V8 sorts it with a comparator about twice as fast as a typed one.
  const matches = Array.from(matchingSlots(index, q)).sort(screenerOrder(index, q.sort, q.order));
  const ids = matches.map((s) => index.ids[s]!);
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          `\uFEFF${csvRow([
            ...SCREENER_CSV_KEYS,
            ...columns.map((c) =>
              headerWithUnit(
                c,
                SCREENER_COLUMN_INFO[c].unit === "ISO date" ? null : SCREENER_COLUMN_INFO[c].unit,
              ),
            ),
            ...companions.map((c) => c.header),
          ])}`,
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
      const rows = await rowsOf(index, chunk, playersFigureNeeded);
      let text = "";
      for (const row of rows)
        text += csvRow([
          ...SCREENER_CSV_KEYS.map((k) => row[k]),
          ...columns.map((c) => csvCell(row, c)),
          ...companions.map((c) => c.cell(row)),
        ]);
      controller.enqueue(encoder.encode(text));
    },
  });
}
