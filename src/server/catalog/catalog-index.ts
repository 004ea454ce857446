import { foldCase, type ListField, listKey } from "../../contracts/facet-keys.ts";
import { PLAYER_WINDOW_DAYS } from "../../contracts/player-figures.ts";
import { dataVersion, rawClient, readRows } from "../db/client.ts";
import { env } from "../env.ts";
import { MODEL_VERSION } from "../estimates/coefficients.ts";
import { modelCoversSql } from "../estimates/model.ts";
import { log } from "../log.ts";
import {
  CATCH_UP_LIMIT,
  followCatalogLog,
  logEnds,
  logHead,
  logHeadSql,
  missedLogChanges,
  readCatalogLog,
} from "./changes.ts";
import { companyAliasKey, creditSlugs, foldName } from "./normalize.ts";
import { releaseKey } from "./release.ts";
import { listOf } from "./shapes.ts";

/**
 * The catalog's filterable figures, in this process's memory (docs/decisions/018-catalog-index.md):
 * what the market screener, its summary and CSV, the Games Database list, the genre/tag/platform pick
 * lists and similar games filter and sort on. At 330,000 games SQLite answered a filtered, sorted page
 * with its count in hundreds of milliseconds (every row's JSON lists are read to test a genre), so a
 * few concurrent requests queued for seconds; here one pass over typed arrays takes a few.
 *
 * Layout:
 * - games live in numbered slots; figures are columns (Float64Array, NaN for unknown). A changed game
 *   moves to a new slot and its old slot dies, so nothing is patched in place; when a quarter of the
 *   slots are dead the index is rebuilt.
 * - each genre, tag and platform (case-folded as SQLite's NOCASE does: ASCII letters only) has a bit
 *   set over the slots; a filter ANDs them with the live slots, 32 games a word.
 *
 * It follows the database as the search index does (docs/decisions/012-search-index.md): triggers log
 * every change of `games` in `catalog_changes` (and of `game_estimates` in `estimate_changes`,
 * migration 0015); when `dataVersion()` moved, the next read applies the logs from where it stopped.
 * The search index prunes the games' log; a log pruned past this index's place means a rebuild.
 *
 * Semantics are those of the SQL the screener ran before (tests/api/catalog-index.test.ts compares them):
 * unknown values never pass a range and sort last in both directions; ties are broken by id.
 */

export type { ListField };
export { foldCase };
export const LIST_FIELDS: readonly ListField[] = ["genres", "tags", "platforms"];

/** SQLite's BINARY order on UTF-8 text: code point order (UTF-16 code units differ above U+FFFF). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (U+D800–U+DFFF) stands for a code point above every BMP character.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** SQLite's NOCASE order: BINARY after folding ASCII letters (compared in place: sorts call it 10⁶ times). */
export function compareNoCase(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** One genre, tag or platform: the slots that have it, and its spellings (the most used is shown). */
interface ValueSet {
  bits: Uint32Array;
  spellings: Map<string, number>;
}

export interface IndexedRow {
  id: string;
  name: string;
  normalizedName: string;
  /** The company names, for company pages. */
  developer: string | null;
  publisher: string | null;
  genres: string[];
  tags: string[];
  platforms: string[];
  releaseDate: string | null;
  releaseYear: number | null;
  price: number | null;
  positiveReviews: number | null;
  negativeReviews: number | null;
  owners: number | null;
  /**
   * Owners as the screener orders them: the figure; OWNERS_BELOW_SORT_KEY for a game whose source
   * says only "below 20,000" (a band with no lower end, no figure: owners-below.ts), fewer than every
   * figure; null when nothing is known of its owners.
   */
  ownersOrder: number | null;
  players: number | null;
  /**
   * The game's latest players figure unrounded (its newest `players` point; the row's count where no
   * point is behind it), for games whose row carries a count: totals sum these before rounding, as
   * Market Activity sums the same monthly means (`current_players` is rounded per game).
   */
  latestPlayers: number | null;
  /**
   * For a game with no count or monthly average (`players` null) whose only player figures are daily
   * peaks: its peak as the screens show it (shownPlayersFigure: the highest daily peak over the
   * PLAYER_WINDOW_DAYS days up to its newest), which the players orders rank after every count.
   */
  peakPlayers?: number | null;
  popularity: number;
  rating: number | null;
  ratingCount: number | null;
  ownersEstimate: number | null;
  revenueEstimate: number | null;
  /** The rest of a covered estimate, for sums over a filter (estimate-sums.ts): its P10s and P90s and data time (ms). */
  ownersEstimateLow: number | null;
  ownersEstimateHigh: number | null;
  revenueEstimateLow: number | null;
  revenueEstimateHigh: number | null;
  estimateAsOf: number | null;
  /** 1 for a covered estimate flagged low-signal (a range, no single figure: ADR 011), 0 for another. */
  estimateLowSignal: number | null;
  /** 1 for a game with a stored estimate the owners model does not cover (no figure above), else null. */
  outsideModel: number | null;
  /** 1 for a covered estimate of a free-to-play game (no copies sold, revenue not estimated), else null. */
  estimateFreeToPlay: number | null;
}

const NUMERIC = [
  "releaseYear",
  "price",
  "positiveReviews",
  "negativeReviews",
  "owners",
  "ownersOrder",
  "players",
  "latestPlayers",
  "peakPlayers",
  "popularity",
  "rating",
  "ratingCount",
  "ownersEstimate",
  "revenueEstimate",
  "ownersEstimateLow",
  "ownersEstimateHigh",
  "revenueEstimateLow",
  "revenueEstimateHigh",
  "estimateAsOf",
  "estimateLowSignal",
  "outsideModel",
  "estimateFreeToPlay",
] as const;
type NumericField = (typeof NUMERIC)[number];

export class CatalogIndex {
  /** Slots used (live and dead). */
  size = 0;
  live = 0;
  private capacity: number;
  readonly ids: string[] = [];
  readonly names: string[] = [];
  readonly normalizedNames: string[] = [];
  /** foldName of each slot's name, made the first time a query outside the name key asks (slots are never reused). */
  private readonly foldedNames: string[] = [];
  /**
   * Each slot's release as it sorts (`releaseKey`): the date, or the year alone for a game known only
   * by its year (VGChartz), so an order by release and the year filters agree.
   */
  readonly releaseKeys: Array<string | null> = [];
  /** Per column, NaN where unknown. */
  readonly col: Record<NumericField, Float64Array>;
  /** Reviews as the screener counts them (positive + negative; NaN when both unknown), and the positive share. */
  reviews: Float64Array;
  share: Float64Array;
  /**
   * The players orders' keys (playersOrder): each game's count or monthly average, then, ranked after
   * all of them in either direction, the peaks of games with daily peaks only; NaN without either.
   */
  playersDesc: Float64Array;
  playersAsc: Float64Array;
  /** The name's first three characters NOCASE-folded as one number, so most name comparisons are one. */
  nameKey: Float64Array;
  alive: Uint32Array;
  private readonly slotOf = new Map<string, number>();
  /**
   * The slots whose developer or publisher has this slug (slugify: a company page's address), in slot
   * order; dead slots stay until the next build and are skipped when read.
   */
  private readonly companySlots = new Map<string, number[]>();
  /**
   * The company slugs of each alias key (companyAliasKey: the name without its legal suffix words), so a
   * company page finds its other spellings' pages without looking at every company
   * (docs/decisions/033-company-aliases.md). A slug stays until the next build, as its slots do.
   */
  private readonly aliasSlugs = new Map<string, string[]>();
  /**
   * The company slugs some spelling of which has no alias key (companyAliasKey: a symbol the slug drops,
   * "Games++"): linked to no other page, nor any other to them, until the next build.
   */
  private readonly unaliased = new Set<string>();
  /** Every live slot in order, kept until the next change. */
  private liveList: Int32Array | null = null;
  readonly lists: Record<ListField, Map<string, ValueSet>> = {
    genres: new Map(),
    tags: new Map(),
    platforms: new Map(),
  };

  constructor(capacity = 1024) {
    this.capacity = Math.max(64, capacity);
    this.col = Object.fromEntries(NUMERIC.map((k) => [k, new Float64Array(this.capacity)])) as Record<
      NumericField,
      Float64Array
    >;
    this.reviews = new Float64Array(this.capacity);
    this.share = new Float64Array(this.capacity);
    this.playersDesc = new Float64Array(this.capacity);
    this.playersAsc = new Float64Array(this.capacity);
    this.nameKey = new Float64Array(this.capacity);
    this.alive = new Uint32Array(words(this.capacity));
  }

  static from(rows: IndexedRow[]): CatalogIndex {
    const index = new CatalogIndex(rows.length + 1024);
    for (const row of rows) index.put(row);
    return index;
  }

  get deadShare(): number {
    return this.size === 0 ? 0 : (this.size - this.live) / this.size;
  }

  slot(id: string): number | undefined {
    return this.slotOf.get(id);
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    for (const k of NUMERIC) this.col[k] = extend(this.col[k], capacity);
    this.reviews = extend(this.reviews, capacity);
    this.share = extend(this.share, capacity);
    this.playersDesc = extend(this.playersDesc, capacity);
    this.playersAsc = extend(this.playersAsc, capacity);
    this.nameKey = extend(this.nameKey, capacity);
    this.alive = extendBits(this.alive, capacity);
    for (const field of LIST_FIELDS)
      for (const set of this.lists[field].values()) set.bits = extendBits(set.bits, capacity);
    this.capacity = capacity;
  }

  /** Every live slot, in slot order (do not modify). */
  liveSlots(): Int32Array {
    if (!this.liveList) {
      const out = new Int32Array(this.live);
      let n = 0;
      CatalogIndex.forEach(this.alive.subarray(0, words(this.size)), (s) => {
        out[n++] = s;
      });
      this.liveList = out;
    }
    return this.liveList;
  }

  /** The slot's name as foldName folds it (the screener's `q` in other scripts than Latin). */
  foldedName(s: number): string {
    let folded = this.foldedNames[s];
    if (folded === undefined) {
      folded = foldName(this.names[s]!);
      this.foldedNames[s] = folded;
    }
    return folded;
  }

  /** Adds the game, or replaces what the index held for it. */
  put(row: IndexedRow): void {
    this.remove(row.id);
    this.liveList = null;
    if (this.size === this.capacity) this.grow();
    const s = this.size++;
    this.live++;
    this.ids[s] = row.id;
    this.names[s] = row.name;
    this.normalizedNames[s] = row.normalizedName;
    this.releaseKeys[s] = releaseKey(row.releaseDate, row.releaseYear);
    this.nameKey[s] = prefixKey(row.name);
    for (const k of NUMERIC) {
      const v = row[k];
      this.col[k][s] = v == null || !Number.isFinite(v) ? Number.NaN : v;
    }
    const pos = row.positiveReviews;
    const neg = row.negativeReviews;
    const reviews = pos == null && neg == null ? Number.NaN : (pos ?? 0) + (neg ?? 0);
    this.reviews[s] = reviews;
    // As SQL computed it: positive × 100 / reviews, unknown without reviews or without a positive count.
    this.share[s] = reviews > 0 && pos != null ? (pos * 100) / reviews : Number.NaN;
    const players = this.col.players[s]!;
    const peak = this.col.peakPlayers[s]!;
    this.playersDesc[s] = Number.isNaN(players) ? peak - PEAK_TIER : players;
    this.playersAsc[s] = Number.isNaN(players) ? peak + PEAK_TIER : players;
    this.alive[s >>> 5]! |= 1 << (s & 31);
    // Every company of both credits (co-developers and co-publishers too), each slug once.
    let firstSlugs: ReadonlyMap<string, string> | undefined;
    for (const credit of [row.developer, row.publisher]) {
      if (!credit) continue;
      const slugs = creditSlugs(credit);
      for (const [slug, name] of slugs) {
        if (firstSlugs?.has(slug)) continue;
        const slots = this.companySlots.get(slug);
        const key = this.unaliased.has(slug) ? null : companyAliasKey(name);
        if (key == null) this.unaliased.add(slug);
        if (slots) slots.push(s);
        else {
          this.companySlots.set(slug, [s]);
          if (key == null) continue;
          const spellings = this.aliasSlugs.get(key);
          if (spellings) spellings.push(slug);
          else this.aliasSlugs.set(key, [slug]);
        }
      }
      firstSlugs = slugs;
    }
    for (const field of LIST_FIELDS) {
      const seen = new Set<string>();
      for (const value of row[field]) {
        if (typeof value !== "string") continue;
        const key = listKey(field, value);
        if (seen.has(key)) continue;
        seen.add(key);
        let set = this.lists[field].get(key);
        if (!set) {
          set = { bits: new Uint32Array(words(this.capacity)), spellings: new Map() };
          this.lists[field].set(key, set);
        }
        set.bits[s >>> 5]! |= 1 << (s & 31);
        set.spellings.set(value, (set.spellings.get(value) ?? 0) + 1);
      }
    }
    this.slotOf.set(row.id, s);
  }

  remove(id: string): void {
    const s = this.slotOf.get(id);
    if (s == null) return;
    this.liveList = null;
    this.slotOf.delete(id);
    this.alive[s >>> 5]! &= ~(1 << (s & 31));
    this.live--;
    const bit = 1 << (s & 31);
    for (const field of LIST_FIELDS)
      for (const set of this.lists[field].values()) {
        if ((set.bits[s >>> 5]! & bit) === 0) continue;
        set.bits[s >>> 5]! &= ~bit;
      }
  }

  /** The ids of the live games whose developer or publisher has this slug, in slot order. */
  companyGameIds(slug: string): string[] {
    const out: string[] = [];
    for (const s of this.companySlots.get(slug) ?? []) {
      if (this.isAlive(s)) out.push(this.ids[s]!);
    }
    return out;
  }

  /** Whether a slot holds a live game (not removed or replaced since the last build). */
  private isAlive(s: number): boolean {
    return (this.alive[s >>> 5]! & (1 << (s & 31))) !== 0;
  }

  /**
   * The other company slugs of this slug's alias key that still have a live game: the pages of the same
   * company written differently ("valve-software" for "valve").
   */
  companyAliases(slug: string): string[] {
    // A slug is its own name's slug, so its key is its name's, unless a spelling of it had none.
    const key = this.unaliased.has(slug) ? null : companyAliasKey(slug);
    const spellings = (key != null && this.aliasSlugs.get(key)) || [];
    return spellings.filter(
      (other) =>
        other !== slug &&
        !this.unaliased.has(other) &&
        (this.companySlots.get(other) ?? []).some((s) => this.isAlive(s)),
    );
  }

  /** The live slots having every given list value (case-folded), as a bit set; null: no such value. */
  candidates(filters: Partial<Record<ListField, string>>): Uint32Array | null {
    const out = this.alive.slice(0, words(this.size));
    for (const field of LIST_FIELDS) {
      const value = filters[field];
      if (!value) continue;
      const set = this.lists[field].get(listKey(field, value));
      if (!set) return null;
      for (let w = 0; w < out.length; w++) out[w]! &= set.bits[w]!;
    }
    return out;
  }

  /** Calls `visit` with each slot whose bit is set, in slot order. */
  static forEach(bits: Uint32Array, visit: (slot: number) => void): void {
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w]!;
      while (word !== 0) {
        const low = word & -word;
        visit((w << 5) + (31 - Math.clz32(low)));
        word ^= low;
      }
    }
  }

  /** Each value of a list field with the number of live games having it (spelled as most games spell it). */
  facet(field: ListField): Array<{ value: string; games: number }> {
    const out: Array<{ value: string; games: number }> = [];
    const n = words(this.size);
    for (const set of this.lists[field].values()) {
      let games = 0;
      for (let w = 0; w < n; w++) games += popcount(set.bits[w]! & this.alive[w]!);
      if (games === 0) continue;
      let value = "";
      let best = -1;
      for (const [spelling, count] of set.spellings)
        if (count > best || (count === best && compareText(spelling, value) < 0)) {
          value = spelling;
          best = count;
        }
      out.push({ value, games });
    }
    return out.sort((a, b) => b.games - a.games || compareNoCase(a.value, b.value));
  }

  approximateBytes(): number {
    let bits = 0;
    for (const field of LIST_FIELDS) bits += this.lists[field].size * words(this.capacity) * 4;
    // Typed columns, bit sets, and about 3 short strings a slot.
    return this.capacity * 8 * (NUMERIC.length + 4) + bits + this.size * 3 * 48;
  }
}

/**
 * Three UTF-16 units of `name`, ASCII letters folded, packed in 48 bits so that comparing two keys
 * orders as compareNoCase orders the prefixes (equal keys: compare the names). Units are remapped so
 * surrogates (code points above U+FFFF) sort above the rest of the BMP, as in UTF-8.
 */
function prefixKey(name: string): number {
  let key = 0;
  for (let i = 0; i < 3; i++) {
    let u = i < name.length ? name.charCodeAt(i) : 0;
    if (u >= 65 && u <= 90) u += 32;
    else if (u >= 0xd800 && u <= 0xdfff) u += 0x2000;
    else if (u >= 0xe000) u -= 0x800;
    key = key * 65536 + u;
  }
  return key;
}

/** By name as SQLite's `name COLLATE NOCASE` orders, then `then`, then by id. */
export function byName(
  index: CatalogIndex,
  order: "asc" | "desc",
  then?: (a: number, b: number) => number,
): (a: number, b: number) => number {
  const { ids, names, nameKey } = index;
  const sign = order === "asc" ? 1 : -1;
  return (a, b) => {
    const x = nameKey[a]!;
    const y = nameKey[b]!;
    if (x !== y) return x < y ? -sign : sign;
    const c = compareNoCase(names[a]!, names[b]!);
    if (c !== 0) return c * sign;
    if (then) {
      const t = then(a, b);
      if (t !== 0) return t;
    }
    return compareText(ids[a]!, ids[b]!);
  };
}

function words(n: number): number {
  return (n + 31) >>> 5;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function extend(a: Float64Array, capacity: number): Float64Array {
  const b = new Float64Array(capacity);
  b.set(a);
  return b;
}

function extendBits(a: Uint32Array, capacity: number): Uint32Array {
  const b = new Uint32Array(words(capacity));
  b.set(a);
  return b;
}

/**
 * The `k` best slots of `slots` in `compare`'s order (a bounded heap: a page near the top of
 * 330,000 matches costs one comparison for most of them), best first.
 */
export function topK(
  slots: ArrayLike<number>,
  k: number,
  compare: (a: number, b: number) => number,
  /** When `compare` orders first by this column (NaN last): lets most slots be turned away without a call. */
  key?: { values: Float64Array; order: "asc" | "desc" },
): number[] {
  if (k <= 0) return [];
  const n = slots.length;
  if (k * 4 >= n) return Array.from(slots).sort(compare).slice(0, k);
  // A max-heap on `compare`: the root is the worst of the best k so far.
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (compare(heap[i]!, heap[p]!) <= 0) return;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && compare(heap[l]!, heap[m]!) > 0) m = l;
      if (r < heap.length && compare(heap[r]!, heap[m]!) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  const values = key?.values;
  const desc = key?.order === "desc";
  for (let i = 0; i < n; i++) {
    const s = slots[i]!;
    if (heap.length < k) {
      heap.push(s);
      up(heap.length - 1);
      continue;
    }
    if (values) {
      const v = values[s]!;
      const r = values[heap[0]!]!;
      if (Number.isNaN(v)) {
        if (!Number.isNaN(r)) continue;
      } else if (!Number.isNaN(r) && (desc ? v < r : v > r)) continue;
    }
    if (compare(s, heap[0]!) < 0) {
      heap[0] = s;
      down(0);
    }
  }
  return heap.sort(compare);
}

/**
 * How far the players orders' keys move a peak-only game's peak (CatalogIndex.playersDesc/Asc): past
 * every count (no game has 10^15 players) and still an exact integer in a double (below 2^53).
 */
const PEAK_TIER = 1e15;

/**
 * The players order (screener, `/api/games`, their CSV: report r23-a #1): the games with a count or a
 * monthly average by it, then the games whose only player figures are daily peaks by their peak, then
 * the games with neither, each tier in the asked direction and by id on ties; unknowns last either way.
 * A peak is not ranked among counts and averages (a day's peak is not a month's mean), nor buried
 * among the games with no figure: the column shows it.
 */
export function playersOrderKey(
  index: CatalogIndex,
  order: "asc" | "desc",
): { values: Float64Array; order: "asc" | "desc" } {
  return { values: order === "asc" ? index.playersAsc : index.playersDesc, order };
}

/**
 * An order on slots by a numeric column: unknown (NaN) last whichever the direction, then by id.
 * `then` breaks ties before the id.
 */
export function byNumber(
  index: CatalogIndex,
  values: Float64Array,
  order: "asc" | "desc",
  then?: (a: number, b: number) => number,
): (a: number, b: number) => number {
  const ids = index.ids;
  const sign = order === "asc" ? 1 : -1;
  return (a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    // Two unknowns are equal (NaN !== NaN): they fall through to the id, or the order would not be one
    // and pages would repeat some games and skip others.
    if (x !== y && !(Number.isNaN(x) && Number.isNaN(y))) {
      if (Number.isNaN(x)) return 1;
      if (Number.isNaN(y)) return -1;
      return x < y ? -sign : sign;
    }
    if (then) {
      const t = then(a, b);
      if (t !== 0) return t;
    }
    return compareText(ids[a]!, ids[b]!);
  };
}

/** An order on slots by a text column (BINARY or NOCASE), unknown last, then by id. */
export function byText(
  index: CatalogIndex,
  values: ReadonlyArray<string | null>,
  order: "asc" | "desc",
  noCase: boolean,
  then?: (a: number, b: number) => number,
): (a: number, b: number) => number {
  const ids = index.ids;
  const sign = order === "asc" ? 1 : -1;
  const cmp = noCase ? compareNoCase : compareText;
  return (a, b) => {
    const x = values[a] ?? null;
    const y = values[b] ?? null;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const c = cmp(x, y);
      if (c !== 0) return c * sign;
    }
    if (then) {
      const t = then(a, b);
      if (t !== 0) return t;
    }
    return compareText(ids[a]!, ids[b]!);
  };
}

// --- following the database ---------------------------------------------------------------------

/**
 * A stored estimate's P50s, for games the owners model covers (modelCovers): a game with no Steam
 * signal keeps the Steam catalog's spread as its stored range, which is not a figure for it, so the
 * screener shows none rather than sort and filter by it.
 */
const COVERED = modelCoversSql("e", "g");
const COVERED_FIGURES = `${[
  "owners_low",
  "owners_mid",
  "owners_high",
  "gross_low",
  "gross_mid",
  "gross_high",
  "as_of",
  "low_signal",
]
  .map((c) => `CASE WHEN ${COVERED} THEN e.${c} END AS ${c}`)
  .join(", ")},
  CASE WHEN e.game_id IS NOT NULL AND NOT (${COVERED}) THEN 1 END AS outside_model,
  CASE WHEN ${COVERED} AND e.units_mid = 0 THEN 1 END AS free_to_play`;
const COVERED_ESTIMATES = `SELECT e.game_id, ${COVERED_FIGURES} FROM game_estimates e JOIN games g ON g.id = e.game_id`;
/**
 * The sort key of a game known only to have fewer owners than a band's top ("< 20K"): below every
 * owners figure (sources store none under 20,000; the band with no lower end is not one).
 */
export const OWNERS_BELOW_SORT_KEY = -1;
/** The low end of the game's newest owners band when it has no owners figure (as OWNERS_BAND_COLUMN picks it). */
const OWNERS_BAND_LOW = `CASE WHEN g.owners_estimate IS NULL THEN (
  SELECT b.low FROM game_owner_bands b WHERE b.game_id = g.id ORDER BY b.as_of DESC, b.source LIMIT 1) END AS owners_band_low`;
/**
 * The unrounded value of the game's newest players point, for a game whose row carries a count (the
 * count itself where no point is behind it): refreshLatestFigures rounds it into `current_players`,
 * and updates the row whenever a players point is recorded, so the change log brings it here.
 */
const LATEST_PLAYERS = `CASE WHEN g.current_players IS NOT NULL THEN coalesce((
  SELECT m.value FROM game_metrics m WHERE m.game_id = g.id AND m.metric = 'players' ORDER BY m.ts DESC LIMIT 1),
  g.current_players) END AS latest_players`;
/**
 * For a game with no count (its row's `current_players` is what refreshLatestFigures keeps of its
 * counts): its highest daily peak over the PLAYER_WINDOW_DAYS days up to its newest, rounded, the peak
 * playerFigures gives it and the screens show (player-figures.ts).
 */
const PEAK_PLAYERS = `CASE WHEN g.current_players IS NULL THEN (
  SELECT CAST(round(max(p.value)) AS INTEGER) FROM game_metrics p
   WHERE p.game_id = g.id AND p.metric = 'players_peak' AND p.period = 'day'
     AND p.ts > (SELECT l.ts FROM game_metrics l WHERE l.game_id = g.id AND l.metric = 'players_peak' AND l.period = 'day'
                  ORDER BY l.ts DESC LIMIT 1) - ${PLAYER_WINDOW_DAYS * 86_400_000}) END AS peak_players`;
const COLUMNS = `g.id, g.name, g.normalized_name, g.developer, g.publisher, g.genres, g.tags, g.platforms, g.release_date, g.release_year,
  g.price, g.positive_reviews, g.negative_reviews, g.owners_estimate, g.current_players, ${LATEST_PLAYERS}, ${PEAK_PLAYERS}, g.popularity,
  g.rating, g.rating_count, ${OWNERS_BAND_LOW}, ${COVERED_FIGURES}`;
const FROM = "games g LEFT JOIN game_estimates e ON e.game_id = g.id AND e.model_version = ?";
/** Rows read per query when (re)building, so other requests get turns in between. */
const BUILD_CHUNK = 5_000;
/** Applied rows of the estimates log are deleted once this many have piled up. */
const PRUNE_ABOVE = 20_000;

const num = (v: unknown): number | null => (v == null || v === "" ? null : Number(v));

function toRow(r: Record<string, unknown>): IndexedRow {
  return {
    id: String(r.id),
    name: String(r.name ?? ""),
    normalizedName: String(r.normalized_name ?? ""),
    developer: r.developer == null ? null : String(r.developer),
    publisher: r.publisher == null ? null : String(r.publisher),
    genres: listOf(r.genres),
    tags: listOf(r.tags),
    platforms: listOf(r.platforms),
    releaseDate: r.release_date == null ? null : String(r.release_date),
    releaseYear: num(r.release_year),
    price: num(r.price),
    positiveReviews: num(r.positive_reviews),
    negativeReviews: num(r.negative_reviews),
    owners: num(r.owners_estimate),
    ownersOrder: num(r.owners_estimate) ?? (num(r.owners_band_low) === 0 ? OWNERS_BELOW_SORT_KEY : null),
    players: num(r.current_players),
    latestPlayers: num(r.latest_players),
    peakPlayers: num(r.peak_players),
    popularity: Number(r.popularity ?? 0),
    rating: num(r.rating),
    ratingCount: num(r.rating_count),
    ...estimateFields(r),
  };
}

/** The estimate columns of an index row, from a row of COVERED_FIGURES. */
function estimateFields(r: Record<string, unknown>) {
  return {
    ownersEstimate: num(r.owners_mid),
    revenueEstimate: num(r.gross_mid),
    ownersEstimateLow: num(r.owners_low),
    ownersEstimateHigh: num(r.owners_high),
    revenueEstimateLow: num(r.gross_low),
    revenueEstimateHigh: num(r.gross_high),
    estimateAsOf: num(r.as_of),
    estimateLowSignal: num(r.low_signal),
    outsideModel: num(r.outside_model),
    // Only a free-to-play game sells no copies (revenue.ts).
    estimateFreeToPlay: num(r.free_to_play),
  } satisfies Partial<IndexedRow>;
}
const ESTIMATE_FIELDS = Object.keys(estimateFields({})) as Array<keyof ReturnType<typeof estimateFields>>;

interface State {
  url: string;
  index: CatalogIndex;
  /** The last `catalog_changes.seq` applied. */
  seq: number;
  /** The last `estimate_changes.seq` applied. */
  estimateSeq: number;
  /** `dataVersion()` when the index was last brought up to date (null: check the log every time). */
  version: number | null;
  /** Moves whenever the index's content changed: the key of caches derived from it. */
  generation: number;
}

let state: State | undefined;
// The search index prunes the shared change log; it leaves the rows this index has not applied yet.
followCatalogLog(() => state?.seq ?? null);
let pending: Promise<State> | undefined;
let generations = 0;

export interface CatalogSnapshot {
  index: CatalogIndex;
  /** Changes whenever the index's content did: derived caches are keyed by it. */
  generation: number;
}

let building = false;
async function wholeBuild(url: string, version: number | null): Promise<State> {
  building = true;
  try {
    return await build(url, version);
  } finally {
    building = false;
  }
}

/**
 * Whether a screener or list request now would wait for a whole build (the first after a start, or a
 * rebuild): seconds at 330,000 games, more under load.
 */
export function catalogIndexBuilding(): boolean {
  return state?.url !== env().DATABASE_URL || (pending !== undefined && building);
}

/** The index, brought up to date with the database first when anything has committed since. */
export async function catalogIndex(): Promise<CatalogSnapshot> {
  const url = env().DATABASE_URL;
  const version = dataVersion();
  if (state && state.url === url && version !== null && version === state.version) return state;
  pending ??= refresh(url).finally(() => {
    pending = undefined;
  });
  return await pending;
}

async function refresh(url: string): Promise<State> {
  // Read before anything else: a commit after this point moves it again and is picked up next time.
  const version = dataVersion();
  if (!state || state.url !== url) {
    state = await wholeBuild(url, version);
    return state;
  }
  const log = await readCatalogLog(state.seq, CATCH_UP_LIMIT);
  if (log.rebuild) {
    state = await wholeBuild(url, version);
    return state;
  }
  let changed = false;
  if (log.last != null) {
    const ids = log.gameIds;
    const seen = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = await readRows(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE g.id IN (SELECT value FROM json_each(?))`,
        [MODEL_VERSION, JSON.stringify(chunk)],
      );
      for (const r of rows) {
        const row = toRow(r);
        seen.add(row.id);
        state.index.put(row);
      }
    }
    for (const id of ids) if (!seen.has(id)) state.index.remove(id);
    state.seq = log.last;
    changed = true;
    if (state.index.deadShare > 0.25) {
      state = await wholeBuild(url, version);
      return state;
    }
  }
  if (await applyEstimateChanges(state)) changed = true;
  if (changed) state.generation = ++generations;
  state.version = version;
  return state;
}

/**
 * Estimates change apart from games (a new model version re-estimates all of them): their log is
 * applied to the estimate columns in place, or, past 50,000 changes or pruned past this index (by
 * another server process, even to an empty log: `missedLogChanges`), the columns are read again
 * whole. The log's ends are read after its rows, as `readCatalogLog` does. True when anything was
 * applied.
 */
async function applyEstimateChanges(current: State): Promise<boolean> {
  const changes = await readRows(
    "SELECT seq, game_id FROM estimate_changes WHERE seq > ? ORDER BY seq LIMIT ?",
    [current.estimateSeq, CATCH_UP_LIMIT + 1],
  );
  const ends = await logEnds("estimate_changes");
  const first = ends.first;
  const index = current.index;
  const columns = ESTIMATE_FIELDS.map((k) => index.col[k]);
  const set = (rows: Array<Record<string, unknown>>) => {
    for (const r of rows) {
      const s = index.slot(String(r.game_id));
      if (s == null) continue;
      const fields = estimateFields(r);
      ESTIMATE_FIELDS.forEach((k, i) => {
        columns[i]![s] = fields[k] ?? Number.NaN;
      });
    }
  };
  if (changes.length > CATCH_UP_LIMIT || missedLogChanges(current.estimateSeq, ends)) {
    const top = await logHead("estimate_changes");
    for (const column of columns) column.fill(Number.NaN);
    let after = "";
    for (;;) {
      const rows = await readRows(
        `${COVERED_ESTIMATES}
         WHERE +e.model_version = ? AND e.game_id > ? ORDER BY e.game_id LIMIT ${BUILD_CHUNK}`,
        [MODEL_VERSION, after],
      );
      set(rows);
      if (rows.length < BUILD_CHUNK) break;
      after = String(rows.at(-1)!.game_id);
      await new Promise((resolve) => setImmediate(resolve));
    }
    current.estimateSeq = top;
    await pruneEstimateLog(current.estimateSeq, first);
    return true;
  }
  if (changes.length === 0) return false;
  const ids = [...new Set(changes.map((r) => String(r.game_id)))];
  for (const id of ids) {
    const s = index.slot(id);
    if (s == null) continue;
    for (const column of columns) column[s] = Number.NaN;
  }
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    set(
      await readRows(
        `${COVERED_ESTIMATES}
         WHERE +e.model_version = ? AND e.game_id IN (SELECT value FROM json_each(?))`,
        [MODEL_VERSION, JSON.stringify(chunk)],
      ),
    );
  }
  current.estimateSeq = Number(changes.at(-1)!.seq);
  await pruneEstimateLog(current.estimateSeq, first);
  return true;
}

/**
 * This index is the estimates log's only reader: applied rows go once enough pile up (another server
 * process behind it reads the columns whole).
 */
async function pruneEstimateLog(applied: number, first: number | null): Promise<void> {
  if (first == null || applied - first <= PRUNE_ABOVE) return;
  await rawClient().execute({ sql: "DELETE FROM estimate_changes WHERE seq <= ?", args: [applied] });
}

async function build(url: string, version: number | null): Promise<State> {
  const started = performance.now();
  const [top] = await readRows(
    `SELECT ${logHeadSql("catalog_changes")} AS seq, ${logHeadSql("estimate_changes")} AS estimate_seq,
            (SELECT count(*) FROM games) AS n`,
  );
  const seq = Number(top?.seq ?? 0);
  const estimateSeq = Number(top?.estimate_seq ?? 0);
  const count = Number(top?.n ?? 0);
  const index = new CatalogIndex(count + 1024);
  let after = "";
  for (;;) {
    const rows = await readRows(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE g.id > ? ORDER BY g.id LIMIT ${BUILD_CHUNK}`,
      [MODEL_VERSION, after],
    );
    for (const r of rows) index.put(toRow(r));
    if (rows.length < BUILD_CHUNK) break;
    after = String(rows.at(-1)!.id);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (index.live > 1000)
    log.info("catalog index built", {
      games: index.live,
      ms: Math.round(performance.now() - started),
      approximateMiB: Math.round(index.approximateBytes() / 2 ** 20),
    });
  return { url, index, seq, estimateSeq, version, generation: ++generations };
}

/**
 * Starts building the index now (at server start) rather than on the first screener request; settles
 * (never rejects) when it is built or has failed.
 */
export function warmCatalogIndex(): Promise<void> {
  return catalogIndex().then(
    () => undefined,
    (error) => log.error("catalog index build failed", { error: String(error) }),
  );
}
