import type { InStatement } from "@libsql/client";
import { rawClient } from "../db/client.ts";
import type { Metric } from "../db/schema/index.ts";
import { query, run, type TxWork, writeTransaction } from "../db/write-transaction.ts";
import { markCatalogChanged } from "./changes.ts";
import { removeDemoDataIfPresent } from "./demo-data.ts";
import { catalogGenres } from "./genre-names.ts";
import {
  companyName,
  creditCompanies,
  normalizeName,
  slugify,
  slugOf,
  slugOfNormalized,
} from "./normalize.ts";
import { releaseYearOf } from "./release.ts";
import { sameTimeSourceOrder } from "./source-preference.ts";

/**
 * The one way games and their series enter the catalog (importers, live sources, demo data).
 * Sources describe a game with a `GameRecord`; `upsertGames` finds the game it already knows —
 * by Steam appid, then IGDB id, then normalised name + release year — and merges what is new
 * without erasing known values; figures of a time (price, reviews, owners, the store's name) keep
 * the newest by the data's date (`asOf`), whatever order datasets are imported in. Running the same
 * input twice changes nothing.
 */
export interface GameRecord {
  name: string;
  steamAppId?: number | null;
  igdbId?: number | null;
  summary?: string | null;
  genres?: string[];
  tags?: string[];
  platforms?: string[];
  developer?: string | null;
  publisher?: string | null;
  /** YYYY-MM-DD */
  releaseDate?: string | null;
  releaseYear?: number | null;
  price?: number | null;
  /**
   * The list (full) price the same record gives beside `price` (SteamSpy's `initialprice`, Steam's
   * `price_overview.initial`): written with the price, null when the record gave none.
   */
  listPrice?: number | null;
  rating?: number | null;
  ratingCount?: number | null;
  coverUrl?: string | null;
  websiteUrl?: string | null;
  currentPlayers?: number | null;
  ownersEstimate?: number | null;
  positiveReviews?: number | null;
  negativeReviews?: number | null;
  isDemo?: boolean;
  /**
   * When the record's figures were true: the date of its dataset (a snapshot's day, `--as-of`), or
   * now when absent (a live answer). A record older than the figures a game already holds does not
   * overwrite them (name, price, reviews, owners…): it only fills what is unknown, and its points
   * still land in the series at their own dates.
   */
  asOf?: Date | null;
}

export interface UpsertResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** The catalog id of each record, in input order. */
  ids: string[];
  /** The ids of the games this call created (their rows already carry the record's figures). */
  insertedIds: Set<string>;
  /** The ids of the games this call changed. */
  updatedIds: Set<string>;
}

const SCALARS = [
  ["summary", "summary"],
  ["developer", "developer"],
  ["publisher", "publisher"],
  ["releaseDate", "release_date"],
  ["releaseYear", "release_year"],
  ["price", "price"],
  ["rating", "rating"],
  ["ratingCount", "rating_count"],
  ["coverUrl", "cover_url"],
  ["websiteUrl", "website_url"],
  ["steamAppId", "steam_app_id"],
  ["igdbId", "igdb_id"],
  ["currentPlayers", "current_players"],
  ["ownersEstimate", "owners_estimate"],
  ["positiveReviews", "positive_reviews"],
  ["negativeReviews", "negative_reviews"],
] as const satisfies ReadonlyArray<readonly [keyof GameRecord, string]>;
const LISTS = [
  ["genres", "genres"],
  ["tags", "tags"],
  ["platforms", "platforms"],
] as const;

/** Descriptive fields: set once, never overwritten by another row's opinion. */
const FILL_ONLY = new Set([
  "summary",
  "developer",
  "publisher",
  "release_date",
  "release_year",
  "rating",
  "rating_count",
  "cover_url",
  "website_url",
]);

/**
 * Whether a record's credit (developer or publisher) names every company of the stored one and more:
 * stored "Valve", record "Valve, Hidden Path Entertainment". Such a credit replaces the stored one,
 * though credits are otherwise fill-only, so a game stored when the importers kept only the first
 * company gets its co-developers back when its file is imported again (ADR 007, co-credit addendum).
 * A credit that leaves out a stored company (a poorer source, another platform's publisher) does not.
 */
function extendsCredit(column: string, stored: unknown, incoming: unknown): boolean {
  if ((column !== "developer" && column !== "publisher") || typeof incoming !== "string") return false;
  const have = new Set(creditCompanies(String(stored)).map(slugOf));
  const offered = new Set(creditCompanies(incoming).map(slugOf));
  if (offered.size <= have.size) return false;
  for (const slug of have) if (!offered.has(slug)) return false;
  return true;
}

/**
 * Measures: figures of a time (a price, review counts, owners, players). A record dated before the
 * game's newest figures only fills them where unknown.
 */
const MEASURES = new Set([
  "price",
  "current_players",
  "owners_estimate",
  "positive_reviews",
  "negative_reviews",
]);

/** The series whose newest point dates a game's figures (as `gameFigureSources` shows them). */
const FIGURE_METRICS: readonly Metric[] = ["reviews_positive", "reviews_negative", "owners", "price"];
/** The newest point of FIGURE_METRICS of each game of a JSON list (0 when it has none). */
const FIGURES_AT_SQL = `SELECT j.value AS game_id, max(${FIGURE_METRICS.map(
  (m) => `coalesce((SELECT max(ts) FROM game_metrics m WHERE m.game_id = j.value AND m.metric = '${m}'), 0)`,
).join(", ")}) AS ts FROM json_each(?) j`;

type Row = Record<string, unknown> & { id: string; rowid?: number };

/**
 * The date of the newest dated sales file listing a game (ms), as a column of a query over `games`: a
 * release year after it, with no release date, is a planned year (docs/decisions/039), so an import
 * does not fill it in only for the VGChartz import to drop it again (`YEARS_AFTER_DATED_FILE_SQL`).
 */
const SALES_DATED_AT_SQL =
  "(SELECT max(s.as_of) FROM game_sales s WHERE s.game_id = games.id AND s.as_of IS NOT NULL) AS sales_dated_at";

/** Whether `year` is after the year of the newest dated sales file listing the game `match`. */
function afterDatedSalesFile(match: Row, year: number): boolean {
  const at = match.sales_dated_at;
  return at != null && year > new Date(Number(at)).getUTCFullYear();
}

/** A single ranking figure from whatever popularity signals a game has (log-scaled, so no one signal dominates). */
export function popularityOf(g: Record<string, unknown>): number {
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);
  const reviews = n(g.positive_reviews) + n(g.negative_reviews);
  const score =
    3 * Math.log10(1 + n(g.current_players)) +
    2 * Math.log10(1 + reviews) +
    Math.log10(1 + n(g.owners_estimate)) +
    Math.log10(1 + n(g.rating_count) * 10);
  return Math.round(score * 1000) / 1000;
}

/** Platforms a Steam game can be on: a game listed on one of them may be the Steam game of its name. */
const PC_PLATFORM = /^(pc|mac|linux|windows)\b|microsoft windows|macos|steamos/i;

type StoreSide = "steam" | "console" | "unknown";

/**
 * What a game's ids and platforms say of where it is sold: on Steam (it has an appid), on consoles
 * only (platforms known, none of them a PC's, and no appid: a console sales list's row), or unknown.
 */
function storeSide(steamAppId: unknown, platforms: readonly string[]): StoreSide {
  if (steamAppId != null) return "steam";
  if (platforms.length > 0 && !platforms.some((p) => PC_PLATFORM.test(p))) return "console";
  return "unknown";
}

/** A Steam game and a console-only game of the same name are different games unless a year joins them. */
function storesDisagree(a: StoreSide, b: StoreSide): boolean {
  return (a === "steam" && b === "console") || (a === "console" && b === "steam");
}

const onPc = (platforms: readonly string[]) => platforms.some((p) => PC_PLATFORM.test(p));

/**
 * How many years a Steam release may follow a PC sales row of the same name and still be that game:
 * re-releases on Steam came a few years after the boxed PC game (GTA III: 2002 → 2008, Vice City:
 * 2003 → 2011 in the store snapshot), while a name reused for a new game came a decade or more later
 * (Doom: 1992 → 2016, Tomb Raider: 1996 → 2013, Prey: 2006 → 2017), or before. A name cannot tell
 * them apart within the window: Turok (2008 on PC, 2015 on Steam, a remaster of the 1997 game) is
 * the one wrong pair of the public files inside it.
 */
const STEAM_RERELEASE_YEARS = 8;

/**
 * Of games of one name, the one whose release year is nearest `year` (the first on a tie), among
 * those within `[from, to]` years of it (`year + from` to `year + to`).
 */
function nearestYear(games: Row[], year: number, from: number, to: number): Row | undefined {
  let best: Row | undefined;
  for (const g of games) {
    if (g.release_year == null) continue;
    const gap = Number(g.release_year) - year;
    if (gap < from || gap > to) continue;
    const bestGap =
      best?.release_year == null ? Number.POSITIVE_INFINITY : Math.abs(Number(best.release_year) - year);
    if (!best || Math.abs(gap) < bestGap) best = g;
  }
  return best;
}

/** A record's release year: its date's, when it has a date (the year never disagrees with it), else the year it gives. */
const yearOf = (r: GameRecord) => releaseYearOf(r.releaseDate, r.releaseYear);
/** The year a release date (YYYY-MM-DD) states; null when it states none. */
const yearOfDate = (date: unknown) => releaseYearOf(date, null);

function parseList(v: unknown): string[] {
  if (Array.isArray(v)) return v as string[];
  if (typeof v === "string") {
    try {
      const parsed = JSON.parse(v);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

const BATCH = 1000;
/** Series points per INSERT statement (6 columns). */
const POINTS_PER_STATEMENT = 1000;

/**
 * Multi-row INSERTs of `rows` (arrays in `columns` order), `perStatement` rows each. Full statements
 * have the same text, so the write connection prepares one and reuses it (write-transaction.ts).
 * One statement per many rows also lets SQLite maintain the FTS index once per statement rather than
 * once per row (FTS5 flushes its pending terms at each statement's end).
 */
export function* insertRows(
  head: string,
  width: number,
  rows: unknown[][],
  perStatement: number,
  tail = "",
): TxWork<number> {
  const values: unknown[] = [];
  for (const row of rows) for (const v of row) values.push(v);
  return yield* insertValues(head, width, values, perStatement, tail);
}

/** `insertRows` of the rows' values laid end to end (`width` a row), without an array per row. */
export function* insertValues(
  head: string,
  width: number,
  values: unknown[],
  perStatement: number,
  tail = "",
): TxWork<number> {
  let changed = 0;
  const rows = values.length / width;
  let i = 0;
  while (i < rows) {
    // Full statements, then what is left in statements of powers of two rows (300 → 256 + 32 + 8 + 4):
    // a batch's last statement has a length of its own each time, and each was prepared again (about
    // 1.5 ms for 1,000 points); these few lengths stay prepared for the whole import.
    const left = rows - i;
    let n = perStatement;
    if (left < perStatement) for (n = 1; n * 2 <= left; ) n *= 2;
    const args = n === rows ? values : values.slice(i * width, (i + n) * width);
    changed += yield* run(valuesSql(head, width, n, tail), args);
    i += n;
  }
  return changed;
}

/**
 * The text of a multi-row INSERT, kept: the same string each time, whose hash the statement cache
 * (write-transaction.ts) then does not work out again over its tens of kilobytes.
 */
function valuesSql(head: string, width: number, n: number, tail: string): string {
  const key = `${width}|${n}|${head}|${tail}`;
  let sql = VALUES_SQL.get(key);
  if (sql === undefined) {
    const one = `(${Array.from({ length: width }, () => "?").join(",")})`;
    sql = `${head} VALUES ${Array.from({ length: n }, () => one).join(",")} ${tail}`;
    if (VALUES_SQL.size >= 64) VALUES_SQL.clear();
    VALUES_SQL.set(key, sql);
  }
  return sql;
}
const VALUES_SQL = new Map<string, string>();

/** Upserts games in batches of 1,000, each in one write transaction. */
export async function upsertGames(records: GameRecord[], source: string): Promise<UpsertResult> {
  const result: UpsertResult = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    ids: [],
    insertedIds: new Set(),
    updatedIds: new Set(),
  };
  // Real games replace demo ones: the two never mix on a screen (issue 9).
  if (records.some((r) => !r.isDemo)) await removeDemoDataIfPresent();
  for (let i = 0; i < records.length; i += BATCH) {
    const batch = records.slice(i, i + BATCH);
    const part = await writeTransaction(() => upsertGamesIn(batch, source));
    result.inserted += part.inserted;
    result.updated += part.updated;
    result.unchanged += part.unchanged;
    result.ids.push(...part.ids);
    for (const id of part.insertedIds) result.insertedIds.add(id);
    for (const id of part.updatedIds) result.updatedIds.add(id);
  }
  if (result.inserted + result.updated > 0) markCatalogChanged();
  return result;
}

/** The columns of a new game's row, in the order its INSERT names them. */
export const INSERT_COLUMNS = [
  "id",
  "slug",
  "name",
  "normalized_name",
  "genres",
  "tags",
  "platforms",
  "is_demo",
  "release_year",
  "name_as_of",
  ...SCALARS.map(([, column]) => column).filter((c) => c !== "release_year"),
  "price_source",
  "price_at",
  "list_price",
  "popularity",
  "created_at",
  "updated_at",
];

/** The most values SQLite binds in one statement (SQLITE_MAX_VARIABLE_NUMBER's default since 3.32). */
export const SQLITE_MAX_BOUND_VALUES = 32_766;

/** Rows per multi-row INSERT of `width` columns: as many as SQLite binds, at most 1,000 (a batch). */
export function rowsPerStatement(width: number): number {
  return Math.max(1, Math.min(BATCH, Math.floor(SQLITE_MAX_BOUND_VALUES / width)));
}

/**
 * Games per INSERT statement, from INSERT_COLUMNS' count: 31 columns now, so 1,000 rows (31,000 bound
 * values, a batch's in one); more than 32 columns would take fewer rows per statement, never more
 * values than SQLite binds.
 */
export const GAME_ROWS_PER_STATEMENT = rowsPerStatement(INSERT_COLUMNS.length);

/**
 * Upserts up to 1,000 games inside the caller's write transaction (GameBatcher: with their series
 * points). The caller removes demo data first and signals the catalog change after the commit.
 */
export function* upsertGamesIn(given: GameRecord[], source: string): TxWork<UpsertResult> {
  // Every source's placeholders ("Unknown", "N/A") are no company, whichever importer or sync sent them.
  const records = given.map((r) => {
    if (r.developer === undefined && r.publisher === undefined) return r;
    const copy = { ...r };
    if (r.developer !== undefined) copy.developer = companyName(r.developer);
    if (r.publisher !== undefined) copy.publisher = companyName(r.publisher);
    return copy;
  });
  const steamIds = [...new Set(records.map((r) => r.steamAppId).filter((v): v is number => v != null))];
  const igdbIds = [...new Set(records.map((r) => r.igdbId).filter((v): v is number => v != null))];
  // Each record's name key and slug base, worked out once (an import calls this for every row).
  const norms = records.map((r) => normalizeName(r.name));
  const bases = norms.map(slugOfNormalized);
  const names = [...new Set(norms)];

  const existing = new Map<string, Row>();
  const bySteam = new Map<number, Row>();
  const byIgdb = new Map<number, Row>();
  const byName = new Map<string, Row[]>();
  const remember = (row: Row) => {
    existing.set(row.id, row);
    if (row.steam_app_id != null) bySteam.set(Number(row.steam_app_id), row);
    if (row.igdb_id != null) byIgdb.set(Number(row.igdb_id), row);
    const key = String(row.normalized_name);
    const known = byName.get(key);
    if (!known) byName.set(key, [row]);
    else byName.set(key, [...known.filter((r) => r.id !== row.id), row]);
  };
  // Games this batch merged into a Steam game (below), by the id of the game that holds them now.
  const absorbedInto = new Map<string, string>();
  const forget = (row: Row) => {
    existing.delete(row.id);
    const key = String(row.normalized_name);
    byName.set(
      key,
      (byName.get(key) ?? []).filter((r) => r.id !== row.id),
    );
  };
  // The games this batch may match, read in one query per key (the keys travel as one JSON array, so
  // the statement text never changes and stays prepared), inside the batch's write transaction.
  const lookups: Array<[string, unknown[]]> = [];
  if (steamIds.length) lookups.push(["steam_app_id", steamIds]);
  if (igdbIds.length) lookups.push(["igdb_id", igdbIds]);
  if (names.length) lookups.push(["normalized_name", names]);
  // A game an earlier key of the list found is left out of the later reads (a re-import's games all
  // come back by name after their appid): it would be skipped here anyway, after the driver had made
  // an object of its whole row.
  const earlier: string[] = [];
  const earlierArgs: string[] = [];
  // The newest dated sales file of each game, only for a batch with a year alone to fill in (a sales
  // list's rows), not for every Steam record of an import.
  const salesDatedAt = records.some((r) => r.releaseYear != null && !r.releaseDate)
    ? `, ${SALES_DATED_AT_SQL}`
    : "";
  for (const [column, keys] of lookups) {
    const json = JSON.stringify(keys);
    const rows = yield* query(
      `SELECT rowid AS row_order, *${salesDatedAt} FROM games WHERE ${column} IN (SELECT value FROM json_each(?))${earlier.join("")} ORDER BY rowid`,
      [json, ...earlierArgs],
    );
    for (const row of rows) if (!existing.has(String(row.id))) remember(row as Row);
    earlier.push(` AND (${column} IS NULL OR ${column} NOT IN (SELECT value FROM json_each(?)))`);
    earlierArgs.push(json);
  }

  // The known games holding a sales row on PC, with the years of those rows (a VGChartz PC row that
  // joined a Steam game keeps its own year there): a row of another platform and that year is the same
  // game, and a Steam game holding one is the PC row's game, as a name-only match sees it (below).
  const pcSalesYears = new Map<string, Set<number>>();
  if (existing.size > 0 && records.some((r) => r.steamAppId == null)) {
    const rows = yield* query(
      `SELECT game_id, year FROM game_sales
        WHERE game_id IN (SELECT value FROM json_each(?)) AND upper(platform) = 'PC'`,
      [JSON.stringify([...existing.keys()])],
    );
    for (const row of rows) {
      const id = String(row.game_id);
      const years = pcSalesYears.get(id) ?? new Set();
      if (row.year != null) years.add(Number(row.year));
      pcSalesYears.set(id, years);
    }
  }

  // The date of each known game's figures: its newest point of reviews, owners or price, the date its
  // figures are shown with (gameFigureSources). A record dated before it is an older dataset: it fills
  // what the game lacks and changes nothing it knows. Only read when a record carries a date (an
  // undated record is a live answer, newer than any point).
  const figuresAt = new Map<string, number>();
  if (existing.size > 0 && records.some((r) => r.asOf != null)) {
    // One index seek per game and metric (the newest point of each), not a pass over every point of
    // the game: a live-synced game holds tens of thousands.
    const rows = yield* query(FIGURES_AT_SQL, [JSON.stringify([...existing.keys()])]);
    for (const row of rows) if (Number(row.ts) > 0) figuresAt.set(String(row.game_id), Number(row.ts));
  }

  // Slugs must be unique: look up every candidate slug (name, name-year, name-id) at once.
  const slugCandidates = (r: GameRecord, i: number) => {
    const base = bases[i]!;
    const year = yearOf(r);
    return [
      base,
      year ? `${base}-${year}` : null,
      r.steamAppId ? `${base}-${r.steamAppId}` : null,
      r.igdbId ? `${base}-igdb-${r.igdbId}` : null,
    ].filter((v): v is string => !!v);
  };
  const candidates = records.map(slugCandidates);
  // Only the slugs a record may take are looked up. A record whose Steam appid names a known game is
  // that game (bySteam only grows below): it takes none. A record takes its base slug unless the
  // catalog has it or another candidate of the batch is the same text; only then are its other
  // candidates looked at, and looked up (a second read, of the few whose base is taken). Every slug a
  // record considers is one looked up, so it chooses as if all had been (a first import: about a
  // third of the slugs; a re-import: none).
  const taken = new Set<string>();
  const needing: number[] = [];
  for (let i = 0; i < records.length; i++) {
    const appid = records[i]!.steamAppId;
    if (appid == null || !bySteam.has(appid)) needing.push(i);
  }
  const uses = new Map<string, number>();
  for (const i of needing) for (const c of candidates[i]!) uses.set(c, (uses.get(c) ?? 0) + 1);
  const firstRead = new Set<string>();
  for (const i of needing) {
    const own = candidates[i]!;
    if (uses.get(own[0]!)! > 1) for (const c of own) firstRead.add(c);
    else firstRead.add(own[0]!);
  }
  const takenOf = function* (slugs: Set<string>): TxWork<void> {
    if (slugs.size === 0) return;
    const rows = yield* query("SELECT slug FROM games WHERE slug IN (SELECT value FROM json_each(?))", [
      JSON.stringify([...slugs]),
    ]);
    for (const row of rows) taken.add(String(row.slug));
  };
  yield* takenOf(firstRead);
  const secondRead = new Set<string>();
  for (const i of needing) {
    const own = candidates[i]!;
    if (taken.has(own[0]!)) for (const c of own) if (!firstRead.has(c)) secondRead.add(c);
  }
  yield* takenOf(secondRead);

  const updates: Array<{ sql: string; args: unknown[] }> = [];
  /** The new games' values, laid end to end in INSERT_COLUMNS order. */
  const inserts: unknown[] = [];
  const out: UpsertResult = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    ids: [],
    insertedIds: new Set(),
    updatedIds: new Set(),
  };
  const now = Date.now();
  for (const [i, r] of records.entries()) {
    const norm = norms[i]!;
    const year = yearOf(r);
    // The record is the Steam game joining a PC sales row of another year: its year and date win.
    let steamDated = false;
    let match: Row | undefined =
      (r.steamAppId != null ? bySteam.get(r.steamAppId) : undefined) ??
      (r.igdbId != null ? byIgdb.get(r.igdbId) : undefined);
    // An undated Steam game (SteamSpy's: it gives no release date) and another source's game of its
    // name are joined only when a date places them, as for DOOM (2016) and Doom (1992): by name alone
    // neither the re-release window nor a shared year can be checked. When a store record dates the
    // Steam game, it takes the games of its window (below), so the catalog does not depend on the
    // order of the imports (decision 007).
    // (A record that places itself nowhere, by neither a year nor a platform, still joins by name.)
    const placed = (y: unknown, platforms: readonly string[]) => y != null || platforms.length > 0;
    const undatedSteam = (c: Row) =>
      (c.steam_app_id != null && c.release_year == null && placed(year, r.platforms ?? [])) ||
      (r.steamAppId != null && year == null && placed(c.release_year, parseList(c.platforms)));
    // No game of its name (most records of a first import): nothing below could match.
    if (!match && byName.get(norm)?.length) {
      const candidates = byName.get(norm) ?? [];
      // Deterministic, so a second run makes the same choices: the same year first; a record without a
      // year joins the oldest game of that name; a dated record may complete an undated game. Without
      // a shared year, a name alone does not join a Steam game and a console-only one (the 2022 Steam
      // "God of War" is not the 2005 PS2 game a sales list names).
      const compatible = candidates
        .filter(
          (c) =>
            (r.steamAppId == null || c.steam_app_id == null || Number(c.steam_app_id) === r.steamAppId) &&
            (r.igdbId == null || c.igdb_id == null || Number(c.igdb_id) === r.igdbId),
        )
        .sort(
          (a, b) =>
            Number(a.row_order ?? Number.MAX_SAFE_INTEGER) - Number(b.row_order ?? Number.MAX_SAFE_INTEGER),
        );
      const side = storeSide(r.steamAppId, r.platforms ?? []);
      // A Steam game holding a PC sales row is also that row's game, which a console row may complete
      // (an undated PC row joined SteamSpy's undated BioShock 2; its X360 row of 2010 dates them both,
      // as it dates the PC row's game when SteamSpy comes after).
      const byNameOnly = (c: Row) =>
        !storesDisagree(side, storeSide(c.steam_app_id, parseList(c.platforms))) ||
        (side === "console" && pcSalesYears.has(c.id));
      // A Steam game is a PC game: a sales row on PC is the Steam game of its name released that year or
      // up to STEAM_RERELEASE_YEARS later (GTA III: on PC in 2002, on Steam in 2008), or an undated one
      // (SteamSpy's), before any other game of its year; and a Steam record is the game of a PC sales row
      // of its name up to STEAM_RERELEASE_YEARS before it, before a console game of its own year. The
      // Steam game's own year and date stay, and the other games of that year join it (below), so the
      // catalog is the same whichever came first. A name alone cannot tell a re-release from a new game
      // of an old name beyond that window, so those stay apart. Console-only rows still need a shared year.
      if (year != null && r.steamAppId == null && onPc(r.platforms ?? [])) {
        const steam = compatible.filter((c) => c.steam_app_id != null);
        // Not an undated Steam game (SteamSpy's): without its date the window cannot be checked, and
        // DOOM (2016) would take Doom's 1992 sales; it takes this row's game when its date comes (below).
        match = nearestYear(steam, year, 0, STEAM_RERELEASE_YEARS);
      } else if (year != null && r.steamAppId != null) {
        match = nearestYear(
          compatible.filter((c) => c.steam_app_id == null && onPc(parseList(c.platforms))),
          year,
          -STEAM_RERELEASE_YEARS,
          0,
        );
        if (match) steamDated = true;
      }
      // A game holding a PC sales row of the record's year shares that year too, though a Steam game's
      // own year may be later (GTA: San Andreas, PS2 and PC 2005, on Steam in 2008): the console row
      // joins it, as it would have joined the PC row's game had the Steam record come after.
      match ??=
        (year != null
          ? (compatible.find((c) => c.release_year != null && Number(c.release_year) === year) ??
            (r.steamAppId == null ? compatible.find((c) => pcSalesYears.get(c.id)?.has(year)) : undefined))
          : undefined) ??
        (year == null
          ? compatible.find((c) => byNameOnly(c) && !undatedSteam(c))
          : compatible.find((c) => c.release_year == null && byNameOnly(c) && !undatedSteam(c)));
    }
    if (!match) {
      let slug =
        candidates[i]!.find((c) => !taken.has(c)) ?? `${bases[i]}-${crypto.randomUUID().slice(0, 8)}`;
      while (taken.has(slug)) slug = `${bases[i]}-${crypto.randomUUID().slice(0, 8)}`;
      taken.add(slug);
      const row: Row = {
        // Time-ordered ids: a bulk load appends to the primary key and series indexes instead of
        // inserting at random places in them (several times faster on a large import).
        id: Bun.randomUUIDv7(),
        slug,
        name: r.name,
        normalized_name: norm,
        genres: JSON.stringify(catalogGenres(r.genres ?? [])),
        tags: JSON.stringify(r.tags ?? []),
        platforms: JSON.stringify(r.platforms ?? []),
        is_demo: r.isDemo ? 1 : 0,
        release_year: year,
        // Only a store's name is dated: another source's spelling gives way to the store's name, of
        // whatever date, once the game is matched to its appid.
        name_as_of: r.steamAppId != null ? (r.asOf?.getTime() ?? now) : null,
      };
      for (const [field, column] of SCALARS) {
        if (column === "release_year") continue;
        const v = r[field];
        row[column] = v === undefined ? null : v;
      }
      // The price names its source and its data's time (a price alert records them: migration 0024).
      if (row.price != null) {
        row.price_source = source;
        row.price_at = r.asOf?.getTime() ?? now;
        row.list_price = r.listPrice ?? null;
      }
      row.popularity = popularityOf(row);
      row.created_at = now;
      row.updated_at = now;
      for (const c of INSERT_COLUMNS) inserts.push(row[c] ?? null);
      remember(row);
      out.inserted++;
      out.ids.push(row.id);
      out.insertedIds.add(row.id);
      continue;
    }

    // Merge: measures (price, players, reviews…) take the newest value by the data's date, so an older
    // dataset imported after a newer one only fills gaps; descriptions only fill gaps, so rows that
    // disagree (one publisher per platform, say) cannot flip a game back and forth; lists are united;
    // nothing known is erased.
    const at = r.asOf?.getTime() ?? now;
    const known = figuresAt.get(match.id);
    const older = known != null && at < known;
    const changes: Record<string, unknown> = {};
    let measured = false;
    for (const [field, column] of SCALARS) {
      let v = r[field] as unknown;
      if (column === "release_year") {
        v = year;
        // A year alone, after the date of a dated sales file listing the game, is a planned release:
        // not filled in (the VGChartz import would drop it again, rewriting the game at every import).
        if (
          year != null &&
          !r.releaseDate &&
          (match.release_date == null || match.release_date === "") &&
          afterDatedSalesFile(match, year)
        )
          continue;
      }
      if (v === undefined || v === null || v === "") continue;
      const fillOnly =
        (FILL_ONLY.has(column) &&
          !(steamDated && (column === "release_year" || column === "release_date"))) ||
        (older && MEASURES.has(column));
      if (MEASURES.has(column)) measured = true;
      if (
        fillOnly &&
        match[column] != null &&
        match[column] !== "" &&
        !extendsCredit(column, match[column], v)
      )
        continue;
      if (match[column] !== v && !(typeof v === "number" && Number(match[column]) === v)) changes[column] = v;
    }
    // A new price names its source and its data's time, which a price alert records (migration 0024).
    if (changes.price !== undefined) {
      changes.price_source = source;
      changes.price_at = at;
    }
    // The list price goes with the record's price, whenever that price is the game's (a sale that
    // starts or ends may leave one of the two unchanged); a record without one leaves it unknown.
    if (r.price != null && !(older && match.price != null)) {
      const list = r.listPrice ?? null;
      if ((match.list_price == null ? null : Number(match.list_price)) !== list) changes.list_price = list;
    }
    // The record's figures are now the game's newest (within this batch too).
    if (measured && !older) figuresAt.set(match.id, Math.max(known ?? at, at));
    for (const [field, column] of LISTS) {
      // Genres in the catalog's vocabulary: VGChartz's "Role-Playing" is Steam's "RPG" (genre-names.ts).
      const incoming = field === "genres" && r.genres ? catalogGenres(r.genres) : r[field];
      if (!incoming?.length) continue;
      const current = parseList(match[column]);
      const merged = [...new Set([...current, ...incoming])];
      if (merged.length !== current.length) changes[column] = JSON.stringify(merged);
    }
    // A Steam game given a release year (its store's date, a PC sales row's year, or the Steam record
    // joining a PC row's game) is the game of every other row of its name and that year: had the Steam
    // game been dated first, those rows would have joined it by the shared year (decision 007). Such a
    // game, made before the year was known (SteamSpy's BioShock 2 is undated; VGChartz's X360 and PS3
    // rows of 2010 made a console game), is merged into the Steam game, so the catalog does not depend
    // on the order of the imports.
    const absorbed: Row[] = [];
    const newYear = changes.release_year ?? yearOfDate(changes.release_date);
    if ((changes.steam_app_id ?? match.steam_app_id) != null && newYear != null) {
      const igdb = changes.igdb_id ?? match.igdb_id;
      for (const c of byName.get(norm) ?? []) {
        if (c.id === match.id || c.steam_app_id != null || c.release_year == null) continue;
        // Its year, or a PC game's up to STEAM_RERELEASE_YEARS before it: the game a PC sales row of
        // that year joins when the Steam game is dated first.
        const gap = Number(newYear) - Number(c.release_year);
        if (gap !== 0 && !(gap > 0 && gap <= STEAM_RERELEASE_YEARS && onPc(parseList(c.platforms)))) continue;
        if (igdb != null && c.igdb_id != null && Number(c.igdb_id) !== Number(igdb)) continue;
        absorbed.push(c);
      }
    }
    for (const a of absorbed) {
      // As a record of it would: descriptions fill gaps, lists are united.
      for (const [, column] of SCALARS) {
        if (!FILL_ONLY.has(column) && column !== "igdb_id") continue;
        const v = a[column];
        const current = column in changes ? changes[column] : match[column];
        if (v != null && v !== "" && (current == null || current === "")) changes[column] = v;
      }
      for (const [, column] of LISTS) {
        const current = parseList(changes[column] ?? match[column]);
        const merged = [...new Set([...current, ...parseList(a[column])])];
        if (merged.length !== current.length) changes[column] = JSON.stringify(merged);
      }
    }
    // The release year is the release date's, whichever record gave each: a Steam record's date that
    // replaces or completes a PC sales row's year takes its year with it (review eight, item 2).
    const dateYear = yearOfDate(changes.release_date ?? match.release_date);
    if (dateYear != null && Number(changes.release_year ?? match.release_year) !== dateYear) {
      changes.release_year = dateYear;
    }
    // The store's own name for its appid is authoritative, as of the newest data: the name keeps its
    // own date (a 2019 snapshot does not give "PUBG: BATTLEGROUNDS" back its 2019 name, nor take
    // SteamCharts' 2022 names away, though SteamCharts dates no price or reviews). Rows written before
    // names were dated fall back on the date of their figures.
    // A game matched to its appid by this record (a sales list's or IGDB's row, found by name) takes
    // the store's name, whatever the date of the name it had.
    let nameAsOf: number | undefined;
    const sameApp = Number(match.steam_app_id) === r.steamAppId;
    if (r.steamAppId != null && (sameApp || match.steam_app_id == null)) {
      const nameAt = !sameApp ? null : match.name_as_of != null ? Number(match.name_as_of) : known;
      if (nameAt == null || at >= nameAt) {
        if (match.name !== r.name) {
          changes.name = r.name;
          changes.normalized_name = norm;
        }
        if (nameAt == null || at > nameAt) nameAsOf = at;
      }
      // The name it loses, or an older record's other name for the same app, stays searchable
      // (review r18c, item 7): "PLAYERUNKNOWN'S BATTLEGROUNDS" still finds "PUBG: BATTLEGROUNDS".
      // A name it takes again is no longer a former one.
      if (sameApp) {
        const current = String(changes.normalized_name ?? match.normalized_name);
        const other = changes.name != null ? String(match.name) : r.name;
        const before = parseList(match.former_names);
        const former = before.filter((n) => normalizeName(n) !== current);
        if (normalizeName(other) !== current && !former.includes(other)) former.push(other);
        if (former.length !== before.length || former.some((n, k) => n !== before[k]))
          changes.former_names = former.length ? JSON.stringify(former) : null;
      }
    }
    if (Object.keys(changes).length === 0) {
      out.unchanged++;
      out.ids.push(match.id);
      if (nameAsOf != null) {
        // Only the name's date moves (the same name, seen in newer data): nothing shown changes.
        updates.push({ sql: "UPDATE games SET name_as_of = ? WHERE id = ?", args: [nameAsOf, match.id] });
        remember({ ...match, name_as_of: nameAsOf });
      }
      continue;
    }
    if (nameAsOf != null) changes.name_as_of = nameAsOf;
    const merged = { ...match, ...changes };
    const popularity = popularityOf(merged);
    if (popularity !== Number(match.popularity)) changes.popularity = popularity;
    changes.updated_at = now;
    const cols = Object.keys(changes);
    updates.push({
      sql: `UPDATE games SET ${cols.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`,
      args: [...cols.map((c) => changes[c]), match.id],
    });
    remember({ ...merged, ...changes });
    out.updated++;
    out.updatedIds.add(match.id);
    out.ids.push(match.id);
    for (const a of absorbed) {
      // Its sales rows, series, watchlist entries and notifications move to the Steam game (a row the
      // Steam game already has of the same key stays, and the other goes with the merged game); its
      // estimates go with it, and the Steam game's are recomputed, as it changed.
      for (const table of ["game_sales", "game_metrics", "user_games"]) {
        updates.push({
          sql: `UPDATE OR IGNORE ${table} SET game_id = ? WHERE game_id = ?`,
          args: [match.id, a.id],
        });
      }
      updates.push({ sql: "UPDATE notifications SET game_id = ? WHERE game_id = ?", args: [match.id, a.id] });
      updates.push({ sql: "DELETE FROM games WHERE id = ?", args: [a.id] });
      forget(a);
      absorbedInto.set(a.id, match.id);
      out.insertedIds.delete(a.id);
      out.updatedIds.delete(a.id);
    }
  }
  // A record of this batch that went to a game merged since names the game that holds it now.
  if (absorbedInto.size > 0) {
    const holder = (id: string): string => {
      const next = absorbedInto.get(id);
      return next == null ? id : holder(next);
    };
    out.ids = out.ids.map(holder);
  }
  // Inserts first: an update in this batch may complete a game the same batch inserted.
  yield* insertValues(
    `INSERT INTO games (${INSERT_COLUMNS.join(",")})`,
    INSERT_COLUMNS.length,
    inserts,
    GAME_ROWS_PER_STATEMENT,
  );
  for (const update of updates) yield* run(update.sql, update.args);
  return out;
}

export interface MetricPoint {
  gameId: string;
  metric: Metric;
  ts: Date;
  value: number;
  period?: "instant" | "day" | "month";
  source: string;
}

/**
 * Records time-series points; re-recording the same point changes nothing. Afterwards each touched
 * game's latest figures (players, owners, reviews) are refreshed for ranking.
 */
export interface RecordOptions {
  /**
   * Games created together with these points whose rows already carry the same latest figures
   * (an importer's new games): their figures need no refresh from the series.
   */
  fresh?: ReadonlySet<string>;
  /** Told the id of every game whose points changed (for estimates of just those games). */
  touched?: Set<string>;
}

const POINT_HEAD = "INSERT INTO game_metrics (game_id, metric, ts, value, period, source)";
const POINT_CONFLICT = `ON CONFLICT (game_id, metric, ts, source) DO UPDATE SET value = excluded.value, period = excluded.period
  WHERE game_metrics.value != excluded.value OR game_metrics.period != excluded.period`;

export async function recordMetrics(points: MetricPoint[], options: RecordOptions = {}): Promise<number> {
  if (points.length === 0) return 0;
  const changed = await writeTransaction(() => recordMetricsIn(points, options));
  if (changed > 0) markCatalogChanged();
  return changed;
}

/** `recordMetrics` inside the caller's write transaction; the caller signals the catalog change. */
export function* recordMetricsIn(points: MetricPoint[], options: RecordOptions = {}): TxWork<number> {
  let changed = 0;
  const touched = new Set<string>();
  const fresh = options.fresh;
  // A point's values in the INSERT's column order, laid end to end in `out`.
  const pushRow = (out: unknown[], p: MetricPoint) =>
    out.push(p.gameId, p.metric, p.ts.getTime(), p.value, p.period ?? "day", p.source);
  // Points of games created with them change no other game's figures: they are written without
  // asking SQLite to answer each row back (most of a large import's points).
  const newGameValues: unknown[] = [];
  const others: MetricPoint[] = fresh ? [] : points;
  if (fresh)
    for (const p of points) {
      if (!fresh.has(p.gameId)) others.push(p);
      else {
        pushRow(newGameValues, p);
        options.touched?.add(p.gameId);
      }
    }
  changed += yield* insertValues(POINT_HEAD, 6, newGameValues, POINTS_PER_STATEMENT, POINT_CONFLICT);
  // RETURNING names the points inserted or changed; a point already stored with the same value
  // returns nothing, so a re-import of unchanged data touches no game.
  for (let i = 0; i < others.length; i += POINTS_PER_STATEMENT) {
    const part = others.slice(i, i + POINTS_PER_STATEMENT);
    const args: unknown[] = [];
    for (const p of part) pushRow(args, p);
    const rows = yield* query(
      `${POINT_HEAD} VALUES ${Array.from(part, () => "(?,?,?,?,?,?)").join(",")} ${POINT_CONFLICT} RETURNING game_id`,
      args,
    );
    changed += rows.length;
    for (const r of rows) touched.add(String(r.game_id));
  }
  for (const id of touched) options.touched?.add(id);
  if (touched.size) yield* refreshLatestFigures([...touched]);
  return changed;
}

/**
 * A game's row carries the newest point of each of these series, whatever order sources recorded
 * them in (an older dataset imported last does not put its figures back): counts as whole numbers,
 * rounded as the game page rounds them (SteamCharts' monthly average 33,403.95 is 33,404 players),
 * the price with its source and time (refreshed on its own, below).
 */
const LATEST: Array<[Metric, string, "INTEGER" | "REAL", tieBreak: string]> = [
  // Of two sources' counts at one time, the last source's (the newest point by the unique index read
  // backwards), which player-figures.ts and the screener name too.
  ["players", "current_players", "INTEGER", ""],
  ["owners", "owners_estimate", "INTEGER", ""],
  // Of two at one time, Steam's own before SteamSpy's (`sameTimeSourceOrder`, review r27 #3), as the
  // price below and the figures' sources on the screens.
  ["reviews_positive", "positive_reviews", "INTEGER", `, ${sameTimeSourceOrder()}`],
  ["reviews_negative", "negative_reviews", "INTEGER", `, ${sameTimeSourceOrder()}`],
];

function* refreshLatestFigures(gameIds: string[]): TxWork<void> {
  for (let i = 0; i < gameIds.length; i += 500) {
    const ids = JSON.stringify(gameIds.slice(i, i + 500));
    for (const [metric, column, type, tieBreak] of LATEST) {
      yield* run(
        `UPDATE games SET ${column} = coalesce((SELECT ${type === "INTEGER" ? "CAST(round(value) AS INTEGER)" : "CAST(value AS REAL)"} FROM game_metrics m WHERE m.game_id = games.id AND m.metric = ? ORDER BY ts DESC${tieBreak} LIMIT 1), ${column})
         WHERE id IN (SELECT value FROM json_each(?))`,
        [metric, ids],
      );
    }
    // The price with its point's source and time (a price alert records them: migration 0024).
    yield* run(
      `UPDATE games SET (price, price_source, price_at) = (
         SELECT CAST(value AS REAL), source, ts FROM game_metrics m
         WHERE m.game_id = games.id AND m.metric = 'price' ORDER BY ts DESC, ${sameTimeSourceOrder()} LIMIT 1)
       WHERE id IN (SELECT value FROM json_each(?))
         AND EXISTS (SELECT 1 FROM game_metrics m WHERE m.game_id = games.id AND m.metric = 'price')`,
      [ids],
    );
    // The rating shown beside the review counts is their positive share: it follows the counts just
    // refreshed, so a newer snapshot's reviews do not sit beside an older share and total.
    yield* run(
      `UPDATE games SET rating = round(positive_reviews * 1000.0 / (positive_reviews + negative_reviews)) / 10.0,
              rating_count = positive_reviews + negative_reviews
       WHERE id IN (SELECT value FROM json_each(?)) AND positive_reviews + negative_reviews > 0
         AND (rating IS NOT round(positive_reviews * 1000.0 / (positive_reviews + negative_reviews)) / 10.0
              OR rating_count IS NOT positive_reviews + negative_reviews)`,
      [ids],
    );
    const rows = yield* query(
      `SELECT id, current_players, owners_estimate, positive_reviews, negative_reviews, rating_count, popularity
       FROM games WHERE id IN (SELECT value FROM json_each(?))`,
      [ids],
    );
    for (const row of rows) {
      const p = popularityOf(row);
      if (p !== Number(row.popularity))
        yield* run("UPDATE games SET popularity = ? WHERE id = ?", [p, String(row.id)]);
    }
  }
}

/** A critics' score a source gives a game (0–100), dated by the source's data. */
export interface CriticScore {
  gameId: string;
  score: number;
  ts: Date;
  source: string;
}

/**
 * Dates a game's rating when it is a critics' score: a `critic_score` point for each game whose row
 * shows that score as its rating (the first source to rate a game keeps the rating, so another
 * source's score for it, or one of its other platforms', is not what the game shows). Its source and
 * date are then the rating's provenance (`gameFigureSources`).
 */
export async function recordCriticScores(scores: CriticScore[]): Promise<number> {
  if (scores.length === 0) return 0;
  const shown = new Map<string, number>();
  const ids = [...new Set(scores.map((s) => s.gameId))];
  for (let i = 0; i < ids.length; i += 500) {
    const rs = await rawClient().execute({
      sql: "SELECT id, rating FROM games WHERE id IN (SELECT value FROM json_each(?)) AND rating IS NOT NULL",
      args: [JSON.stringify(ids.slice(i, i + 500))],
    });
    for (const row of rs.rows) shown.set(String(row.id), Number(row.rating));
  }
  const points = new Map<string, MetricPoint>();
  for (const s of scores) {
    if (shown.get(s.gameId) !== s.score || points.has(s.gameId)) continue;
    points.set(s.gameId, {
      gameId: s.gameId,
      metric: "critic_score",
      ts: s.ts,
      value: s.score,
      period: "instant",
      source: s.source,
    });
  }
  return recordMetrics([...points.values()]);
}

export interface PlatformRecord {
  name: string;
  slug?: string;
  abbreviation?: string | null;
  generation?: number | null;
  summary?: string | null;
  logoUrl?: string | null;
  igdbId?: number | null;
}

export async function upsertPlatforms(records: PlatformRecord[]): Promise<number> {
  const statements: InStatement[] = records.map((p) => ({
    sql: `INSERT INTO platforms (id, slug, name, abbreviation, generation, summary, logo_url, igdb_id)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (slug) DO UPDATE SET name = excluded.name,
            abbreviation = coalesce(excluded.abbreviation, abbreviation), generation = coalesce(excluded.generation, generation),
            summary = coalesce(excluded.summary, summary), logo_url = coalesce(excluded.logo_url, logo_url),
            igdb_id = coalesce(excluded.igdb_id, igdb_id)`,
    args: [
      crypto.randomUUID(),
      p.slug ?? slugify(p.name),
      p.name,
      p.abbreviation ?? null,
      p.generation ?? null,
      p.summary ?? null,
      p.logoUrl ?? null,
      p.igdbId ?? null,
    ],
  }));
  if (statements.length) await rawClient().batch(statements, "write");
  return statements.length;
}

export interface CompanyRecord {
  name: string;
  slug?: string;
  logoUrl?: string | null;
  startDate?: string | null;
  description?: string | null;
  developedCount?: number;
  publishedCount?: number;
  igdbId?: number | null;
}

export async function upsertCompanies(records: CompanyRecord[]): Promise<number> {
  const statements: InStatement[] = records.map((c) => ({
    sql: `INSERT INTO companies (id, slug, name, logo_url, start_date, description, developed_count, published_count, igdb_id)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (slug) DO UPDATE SET name = excluded.name, logo_url = coalesce(excluded.logo_url, logo_url),
            start_date = coalesce(excluded.start_date, start_date), description = coalesce(excluded.description, description),
            developed_count = max(excluded.developed_count, developed_count), published_count = max(excluded.published_count, published_count),
            igdb_id = coalesce(excluded.igdb_id, igdb_id)`,
    args: [
      crypto.randomUUID(),
      c.slug ?? slugify(c.name),
      c.name,
      c.logoUrl ?? null,
      c.startDate ?? null,
      c.description ?? null,
      c.developedCount ?? 0,
      c.publishedCount ?? 0,
      c.igdbId ?? null,
    ],
  }));
  if (statements.length) await rawClient().batch(statements, "write");
  return statements.length;
}
