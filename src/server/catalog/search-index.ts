import { dataVersion, placeholders, rawClient, readRows } from "../db/client.ts";
import { env } from "../env.ts";
import { log } from "../log.ts";
import { CATCH_UP_LIMIT, catalogLogPrunableTo, logHead, readCatalogLog } from "./changes.ts";
import { editDistanceWithin, initialsKeysWithNumerals, numeralAliases } from "./fuzzy.ts";
import { normalizeName } from "./normalize.ts";

/**
 * The catalog's search index, in this process's memory (issue 13, docs/decisions/012-search-index.md):
 * every word of each game's name (display and normalised), developer, publisher and tags, so a
 * search answers in microseconds instead of queueing behind one database connection.
 *
 * Words are tokenised as SQLite FTS5's `unicode61 remove_diacritics 2` does (letters and digits, case
 * and accents folded), the way search matched before. A query word matches a game when it is a prefix
 * of one of the game's words; a game matches by name when every query word is found in its name.
 *
 * Layout, chosen for memory and for cheap changes:
 * - games live in numbered slots (typed arrays: popularity, liveness, where their words are); a
 *   changed game moves to a new slot and its old slot dies, so nothing is ever searched for and
 *   patched in place; dead slots are dropped when the index is compacted.
 * - words have numeric ids. Ids below `sortedCount` are in alphabetical order, so all the words that
 *   start with a prefix are one id range (two binary searches) and "does this game have a word with
 *   this prefix" is an integer comparison. Words first seen since are checked by string until there
 *   are enough of them to renumber everything.
 * - each word keeps the slots whose name has it and the slots whose other fields have it.
 * - slots are numbered in popularity order, so every posting list is in popularity order too: the
 *   few hundred most popular matches are the first ones met, and a query stops there. Games added or
 *   re-ranked since are checked one by one until there are enough of them to renumber all slots.
 *
 * It follows the database through the `catalog_changes` log (one row per inserted, changed or deleted
 * game, written by triggers, migration 0013): whenever `dataVersion()` says something committed, the
 * next search first reads the log from where it stopped and re-reads those games — whichever process
 * or code path wrote them.
 */

/** Printable ASCII: nothing to fold (other text takes the full path, which is correct for all). */
const ASCII = /^[\t\n\r -~]*$/;

/** Words as FTS5's unicode61 tokenizer with remove_diacritics 2 makes them. */
export function fieldWords(text: string | null | undefined): string[] {
  if (!text) return [];
  // Most names are plain ASCII: nothing to fold, and a cheaper split (the index is built from 330,000).
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  return (
    text
      // Before NFKD, which would turn "™" into the letters "TM".
      .replace(/[™®©℠]/g, "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
  );
}

/**
 * Scripts written without spaces between words (Chinese, Japanese): a title such as 懒人修仙传 is one
 * "word" to the tokenizer, so a prefix could only ever find its start. The index also holds every
 * later part of such a word (人修仙传, 修仙传, …) among the name's words, so a query finds the title
 * from any of its characters on.
 */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Longer unspaced words (rare) keep their first parts only: the index stays bounded. */
const UNSPACED_SUFFIXES_MAX = 40;

/** The name's words, and for a word of an unspaced script every part of it from its 2nd character on. */
export function nameWords(text: string | null | undefined): string[] {
  const words = fieldWords(text);
  if (!text || ASCII.test(text) || !UNSPACED_SCRIPT.test(text)) return words;
  const parts: string[] = [];
  for (const word of words) {
    if (!UNSPACED_SCRIPT.test(word)) continue;
    const chars = Array.from(word);
    for (let i = 1; i < Math.min(chars.length, UNSPACED_SUFFIXES_MAX); i++)
      parts.push(chars.slice(i).join(""));
  }
  return parts.length ? [...words, ...parts] : words;
}

/** A game's former names (`games.former_names`, a JSON array), the strings only. */
export function parseFormerNames(stored: string | null | undefined): string[] {
  if (!stored) return [];
  let names: unknown;
  try {
    names = JSON.parse(stored);
  } catch {
    return [];
  }
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
}

/** The words of a game's former names, in both forms a name is indexed in (display and normalised). */
function formerWords(stored: string | null | undefined): string[] {
  return parseFormerNames(stored).flatMap((n) => [...nameWords(n), ...nameWords(normalizeName(n))]);
}

/** The abbreviations of a game's name and former names (fuzzy.ts), numerals also in digits ("ff7"). */
function gameInitials(game: IndexedGame): string[] {
  const keys = initialsKeysWithNumerals(game.name, game.normalizedName);
  if (!game.formerNames) return keys;
  for (const name of parseFormerNames(game.formerNames))
    for (const k of initialsKeysWithNumerals(name)) if (!keys.includes(k)) keys.push(k);
  return keys;
}

/** A vocabulary word a typed word may stand for, with its distance and in how many names it is. */
export interface Correction {
  word: string;
  distance: number;
  names: number;
}

export interface IndexedGame {
  id: string;
  name: string;
  normalizedName: string;
  developer: string | null;
  publisher: string | null;
  /** As stored: a JSON array of strings. */
  tags: string | null;
  /**
   * Names the game had (as stored: a JSON array; `games.former_names`): searchable as other fields
   * are, so a game renamed by newer data is found by its former name without changing how games rank
   * by their current names (review r18c, item 7).
   */
  formerNames?: string | null;
  popularity: number;
}

export interface Candidate {
  id: string;
  normalizedName: string;
  popularity: number;
}

/** Words first seen since the last renumbering, checked by string, before everything is renumbered. */
const MAX_UNSORTED_WORDS = 4096;
/** Games added or re-ranked since slots were last numbered by popularity; checked one by one until then. */
const MAX_RECENT_GAMES = 2048;
/** A prefix spanning more words than this is walked slot by slot rather than merged word by word. */
const MAX_MERGED_WORDS = 24;

const NO_SLOTS: number[] = [];

interface Range {
  /** Sorted word ids from lo (inclusive) to hi (exclusive)… */
  lo: number;
  hi: number;
  /** …and unsorted ones (ids >= sortedCount) that match. */
  extra: number[];
  words: number;
  nameSize: number;
  anySize: number;
}

export interface IndexLimits {
  unsortedWords: number;
  recentGames: number;
}

export class SearchIndex {
  constructor(
    private readonly limits: IndexLimits = {
      unsortedWords: MAX_UNSORTED_WORDS,
      recentGames: MAX_RECENT_GAMES,
    },
  ) {}

  // Slots: below `rankedSlots` numbered by popularity (0 the most popular), so every posting list, kept
  // in slot order, is also in popularity order. Games added or re-ranked since are in `recent`.
  private ids: string[] = [];
  private normalized: string[] = [];
  private popularity = new Float64Array(1024);
  private alive = new Uint8Array(1024);
  private moved = new Uint8Array(1024);
  /** Where the slot's word ids start in `words`, how many, and how many of those are its name's. */
  private start = new Int32Array(1024);
  private count = new Uint16Array(1024);
  private nameCount = new Uint16Array(1024);
  private words = new Int32Array(1 << 16);
  private wordsLength = 0;
  private slots = 0;
  private rankedSlots = 0;
  private recent: number[] = [];
  private slotById = new Map<string, number>();
  private deadSlots = 0;
  // Words. Sorted ones are found by binary search; only those seen since are in this map.
  private unsortedIds = new Map<string, number>();
  private wordText: string[] = [];
  private namePostings: number[][] = [];
  private otherPostings: number[][] = [];
  private sortedCount = 0;
  // Abbreviations (fuzzy.ts initialsKeys) → the slot or slots having them, ascending; a dead slot stays
  // until slots are renumbered (it is skipped when read).
  private initials = new Map<string, number | number[]>();
  /**
   * Name words (plain letters, 3 or more) by first letter and length, and by last letter and length:
   * a typed word within two edits of a known word keeps its first or its last letter in nearly every
   * case, so correcting it reads a few buckets, not the vocabulary. Rebuilt with the word order.
   */
  private spelling = new Map<number, number[]>();

  get size(): number {
    return this.slotById.size;
  }

  /** Adds the game, or replaces what the index knew of it. */
  put(game: IndexedGame): void {
    const existing = this.slotById.get(game.id);
    if (existing !== undefined) {
      if (this.sameWords(existing, game)) {
        if (this.popularity[existing] !== game.popularity) {
          this.popularity[existing] = game.popularity;
          if (!this.moved[existing]) {
            this.moved[existing] = 1;
            this.recent.push(existing);
          }
        }
        return;
      }
      this.kill(existing);
    }
    this.add(game);
  }

  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot !== undefined) this.kill(slot);
  }

  /**
   * The matching games for the query words, most popular first: at most `want` whose names match,
   * then — only when the names gave fewer than `want` — games matched through developer, publisher
   * or tags, up to `want` in all.
   */
  candidates(
    tokens: string[],
    want: number,
    /**
     * Given the name matches, the popularity at or below which a match through other fields can no
     * longer matter to the caller (search.ts: it could not rank among the answered): those are not
     * collected. Called whenever other fields are searched, so the caller always learns which
     * candidates are name matches; its floor is ignored while games added or re-ranked since the last
     * numbering are pending (their popularity breaks the slots' order the floor relies on).
     */
    othersFloor?: (named: Candidate[]) => number,
  ): Candidate[] {
    if (tokens.length === 0 || this.size === 0) return [];
    this.tidy();
    const ranges = tokens.map((t) => this.range(t));
    const named = this.collect(ranges, true, want).map((slot) => this.candidate(slot));
    if (named.length >= want) return named;
    const asked = othersFloor ? othersFloor(named) : Number.NEGATIVE_INFINITY;
    const floor = this.recent.length === 0 ? asked : Number.NEGATIVE_INFINITY;
    const others = this.collect(ranges, false, want - named.length, floor);
    return [...named, ...others.map((slot) => this.candidate(slot))];
  }

  /**
   * Whether a game's whole name has this name-matching key (normalizeName: "dead cells"): the games
   * holding its rarest word are compared, no query run (the number check asks it of a sentence's
   * capitalised words).
   */
  hasName(key: string): boolean {
    const words = key.split(" ").filter(Boolean);
    if (!words.length || this.size === 0) return false;
    let lead: number[] | null = null;
    for (const word of words) {
      const id = this.knownWord(word);
      const postings = id < 0 ? NO_SLOTS : (this.namePostings[id] ?? NO_SLOTS);
      if (!postings.length) return false;
      if (!lead || postings.length < lead.length) lead = postings;
    }
    for (const slot of lead ?? NO_SLOTS) if (this.alive[slot] && this.normalized[slot] === key) return true;
    return false;
  }

  /**
   * Whether some game has this word (as fieldWords makes them: "valve") in its name, former names,
   * developer, publisher or tags: a capitalised word of a question the catalog knows in any role.
   */
  hasWord(word: string): boolean {
    if (this.size === 0) return false;
    const id = this.knownWord(word);
    if (id < 0) return false;
    for (const postings of [this.namePostings[id], this.otherPostings[id]])
      for (const slot of postings ?? NO_SLOTS) if (this.alive[slot]) return true;
    return false;
  }

  /** Live games having this abbreviation (fuzzy.ts: "csgo", "gta"), most popular first, at most `want`. */
  initialsMatches(key: string, want: number): Candidate[] {
    const slots = this.initials.get(key);
    if (slots === undefined) return [];
    // Ascending slots are in popularity order, except games added or re-ranked since the numbering.
    const ranked: number[] = [];
    const pending: number[] = [];
    for (const slot of typeof slots === "number" ? [slots] : slots) {
      if (!this.alive[slot]) continue;
      if (this.moved[slot]) pending.push(slot);
      else if (ranked.length < want) ranked.push(slot);
    }
    const found = pending.length
      ? [...ranked, ...pending]
          .sort((a, b) => this.popularity[b]! - this.popularity[a]! || a - b)
          .slice(0, want)
      : ranked;
    return found.map((slot) => this.candidate(slot));
  }

  /** Whether some live game's name has exactly this word (fieldWords: "elden", "ring"). */
  hasNameWord(word: string): boolean {
    if (this.size === 0) return false;
    const id = this.knownWord(word);
    if (id < 0) return false;
    for (const slot of this.namePostings[id] ?? NO_SLOTS) if (this.alive[slot]) return true;
    return false;
  }

  /**
   * The popularity of the catalog's median game (of the slots numbered by popularity at the last
   * renumbering; 0 when none are): a corrected search must answer a game at least this popular
   * (search.ts, rankQuery).
   */
  medianPopularity(): number {
    if (this.rankedSlots === 0) return 0;
    return this.popularity[Math.floor((this.rankedSlots - 1) / 2)]!;
  }

  /** Whether some name has a word starting with `prefix` (a query word the name search can use). */
  hasNamePrefix(prefix: string): boolean {
    return this.size > 0 && this.range(prefix).nameSize > 0;
  }

  /**
   * Name words within `max` edits of `typed` (Damerau: a swap of neighbours is one), nearest first,
   * then the most used in names, at most `want`. Reads the words of `typed`'s first letter and of its
   * last letter whose lengths are within `max`: a typo changing both ends is not corrected.
   */
  corrections(typed: string, max: number, want: number): Correction[] {
    if (max <= 0 || this.size === 0 || !/^[a-z]+$/.test(typed)) return [];
    const seen = new Set<number>();
    const found: Correction[] = [];
    const check = (id: number) => {
      if (seen.has(id)) return;
      seen.add(id);
      const word = this.wordText[id]!;
      const distance = editDistanceWithin(typed, word, max);
      if (distance <= max && distance > 0)
        found.push({ word, distance, names: this.namePostings[id]!.length });
    };
    const first = typed.charCodeAt(0);
    const last = typed.charCodeAt(typed.length - 1);
    for (let length = typed.length - max; length <= typed.length + max; length++) {
      for (const id of this.spelling.get(spellingKey(0, first, length)) ?? NO_SLOTS) check(id);
      for (const id of this.spelling.get(spellingKey(1, last, length)) ?? NO_SLOTS) check(id);
    }
    // Words first seen since the last renumbering (a few thousand at most).
    for (let id = this.sortedCount; id < this.wordText.length; id++)
      if (this.namePostings[id]!.length && isSpellingWord(this.wordText[id]!)) check(id);
    return found
      .sort((a, b) => a.distance - b.distance || b.names - a.names || (a.word < b.word ? -1 : 1))
      .slice(0, want);
  }

  /** The first sorted word not below `word` (binary search over the sorted part of the words). */
  private lowerBound(word: string): number {
    const text = this.wordText;
    let lo = 0;
    let hi = this.sortedCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (text[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** A word's id when the index has it, else -1 (wordId adds it). */
  private knownWord(word: string): number {
    const lo = this.lowerBound(word);
    if (lo < this.sortedCount && this.wordText[lo] === word) return lo;
    return this.unsortedIds.get(word) ?? -1;
  }

  private candidate(slot: number): Candidate {
    return {
      id: this.ids[slot]!,
      normalizedName: this.normalized[slot]!,
      popularity: this.popularity[slot]!,
    };
  }

  /** Rough bytes held (typed arrays exactly; arrays, strings and maps estimated). */
  approximateBytes(): number {
    let postings = 0;
    for (const list of this.namePostings) postings += 8 + (list === NO_SLOTS ? 0 : 16 + list.length * 8);
    for (const list of this.otherPostings) postings += 8 + (list === NO_SLOTS ? 0 : 16 + list.length * 8);
    let strings = 0;
    for (const s of this.ids) strings += 24 + s.length;
    for (const s of this.normalized) strings += 24 + s.length;
    for (const s of this.wordText) strings += 24 + s.length;
    const typed =
      this.popularity.byteLength +
      this.alive.byteLength +
      this.moved.byteLength +
      this.start.byteLength +
      this.count.byteLength +
      this.nameCount.byteLength +
      this.words.byteLength;
    // The abbreviations table, at what Bun's heap measured (bun:jsc heapStats, 600,000 keys of 9
    // characters): about 77 bytes an entry besides its key's characters, and 32 + 8 a slot for a list.
    let initials = 0;
    for (const [key, slots] of this.initials)
      initials += 80 + key.length + (typeof slots === "number" ? 0 : 32 + slots.length * 8);
    let spelling = 0;
    for (const bucket of this.spelling.values()) spelling += 56 + bucket.length * 8;
    const maps = (this.slotById.size + this.unsortedIds.size) * 40 + initials + spelling;
    return (
      typed +
      postings +
      strings +
      maps +
      (this.ids.length + this.normalized.length + this.wordText.length) * 8
    );
  }

  // --- matching ---------------------------------------------------------------------------------

  /**
   * Live slots matching every range — by name, or (nameOnly false) in any field but not by name —
   * most popular first, at most `want`.
   */
  private collect(
    ranges: Range[],
    nameOnly: boolean,
    want: number,
    /** Slots are walked most popular first: the walk ends at the first at or below this popularity. */
    floor = Number.NEGATIVE_INFINITY,
  ): number[] {
    const sized = [...ranges].sort((a, b) => (nameOnly ? a.nameSize - b.nameSize : a.anySize - b.anySize));
    const rarest = sized[0]!;
    if ((nameOnly ? rarest.nameSize : rarest.anySize) === 0) return [];
    const ranked = this.slotsAbove(floor);
    // Every game is at or below the floor (or none is numbered) and none is pending: nothing to walk.
    if (ranked === 0 && this.recent.length === 0) return [];
    const accept = (slot: number) =>
      this.alive[slot] === 1 &&
      this.matches(slot, sized, nameOnly) &&
      (nameOnly || !this.matches(slot, sized, true));
    const found: number[] = [];
    // Words spanning few distinct words (most) are joined through their posting lists; a prefix of
    // very many words ("2" in a name: every number starting with 2) is only checked on the slots the
    // others produce — or, when every word is like that, on every slot in order.
    const joined = sized.filter((r) => r.words <= MAX_MERGED_WORDS);
    if (joined.length > 0) {
      // Every posting list is in slot (popularity) order: a leapfrog join over one cursor per word
      // meets the matches most popular first, jumping over runs that cannot match.
      const cursors = joined.map((r) => this.cursor(r, nameOnly));
      if (!nameOnly && joined.length === sized.length) {
        // A game matching here has a query word outside its name (else it matched by name), so it
        // is in some word's other-fields list: joined too, the walk skips the name matches, and
        // leads when it is the smallest (developer, publisher and tag words are rarer in names).
        const lists: number[][] = [];
        let size = 0;
        for (const r of joined) {
          const each = (id: number) => {
            const list = this.otherPostings[id]!;
            if (list.length) {
              lists.push(list);
              size += list.length;
            }
          };
          for (let id = r.lo; id < r.hi; id++) each(id);
          for (const id of r.extra) each(id);
        }
        // No query word outside any name (recent games' words are listed too): nothing matches here.
        if (size === 0) return [];
        if (size < rarest.anySize) cursors.unshift(new Cursor(lists));
        else cursors.push(new Cursor(lists));
      }
      const lead = cursors[0]!;
      let candidate = lead.seek(0);
      while (candidate < ranked && found.length < want) {
        let agreed = true;
        for (let c = 1; c < cursors.length; c++) {
          const at = cursors[c]!.seek(candidate);
          if (at !== candidate) {
            candidate = lead.seek(at);
            agreed = false;
            break;
          }
        }
        if (!agreed) continue;
        // The cursors agree; the wide words, dead or re-ranked slots and, for other fields, games that
        // match by name are checked here.
        if (!this.moved[candidate] && accept(candidate)) found.push(candidate);
        candidate = lead.seek(candidate + 1);
      }
    } else {
      for (let slot = 0; slot < ranked && found.length < want; slot++) {
        if (!this.moved[slot] && accept(slot)) found.push(slot);
      }
    }
    if (this.recent.length === 0) return found;
    // Games added or re-ranked since slots were numbered: checked one by one, merged by popularity.
    const extra = this.recent.filter(accept);
    if (extra.length === 0) return found;
    return [...found, ...extra]
      .sort((a, b) => this.popularity[b]! - this.popularity[a]! || a - b)
      .slice(0, want);
  }

  /** How many ranked slots (most popular first) are above `floor` in popularity. */
  private slotsAbove(floor: number): number {
    if (floor === Number.NEGATIVE_INFINITY) return this.rankedSlots;
    let lo = 0;
    let hi = this.rankedSlots;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.popularity[mid]! > floor) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The slots having a word of the range (in their name, or anywhere), as one ascending cursor. */
  private cursor(range: Range, nameOnly: boolean): Cursor {
    const lists: number[][] = [];
    const each = (id: number) => {
      if (this.namePostings[id]!.length) lists.push(this.namePostings[id]!);
      if (!nameOnly && this.otherPostings[id]!.length) lists.push(this.otherPostings[id]!);
    };
    for (let id = range.lo; id < range.hi; id++) each(id);
    for (const id of range.extra) each(id);
    return new Cursor(lists);
  }

  /** Whether every range has a word in the slot (in its name, or anywhere). */
  private matches(slot: number, ranges: Range[], nameOnly: boolean): boolean {
    const from = this.start[slot]!;
    const to = from + (nameOnly ? this.nameCount[slot]! : this.count[slot]!);
    const words = this.words;
    const sorted = this.sortedCount;
    for (const r of ranges) {
      let hit = false;
      for (let k = from; k < to; k++) {
        const w = words[k]!;
        if (w < sorted ? w >= r.lo && w < r.hi : r.extra.includes(w)) {
          hit = true;
          break;
        }
      }
      if (!hit) return false;
    }
    return true;
  }

  /** The words starting with `prefix`, and how many slots they hold. */
  private range(prefix: string): Range {
    const text = this.wordText;
    const lo = this.lowerBound(prefix);
    let end = lo;
    let top = this.sortedCount;
    while (end < top) {
      const mid = (end + top) >>> 1;
      if (text[mid]!.startsWith(prefix)) end = mid + 1;
      else top = mid;
    }
    const extra: number[] = [];
    for (let id = this.sortedCount; id < text.length; id++) if (text[id]!.startsWith(prefix)) extra.push(id);
    const words = end - lo + extra.length;
    // Too many words to merge: it is checked slot by slot, never led with, so its size does not matter.
    if (words > MAX_MERGED_WORDS) {
      return {
        lo,
        hi: end,
        extra,
        words,
        nameSize: Number.MAX_SAFE_INTEGER,
        anySize: Number.MAX_SAFE_INTEGER,
      };
    }
    let nameSize = 0;
    let anySize = 0;
    const add = (id: number) => {
      nameSize += this.namePostings[id]!.length;
      anySize += this.namePostings[id]!.length + this.otherPostings[id]!.length;
    };
    for (let id = lo; id < end; id++) add(id);
    for (const id of extra) add(id);
    return { lo, hi: end, extra, words, nameSize, anySize };
  }

  // --- changes ----------------------------------------------------------------------------------

  private wordsOf(game: IndexedGame): { name: string[]; other: string[] } {
    const name = [
      ...new Set([
        ...nameWords(game.name),
        ...nameWords(game.normalizedName),
        // Numerals 1–20 in the other spelling too ("iii" → "3", "5" → "v"): the name's words as well.
        ...numeralAliases(game.normalizedName.split(" ")),
      ]),
    ];
    const other = [
      ...new Set([
        ...fieldWords(game.developer),
        ...fieldWords(game.publisher),
        ...fieldWords(game.tags),
        ...formerWords(game.formerNames),
      ]),
    ];
    return { name, other };
  }

  private sameWords(slot: number, game: IndexedGame): boolean {
    const { name, other } = this.wordsOf(game);
    if (name.length !== this.nameCount[slot] || name.length + other.length !== this.count[slot]) return false;
    const from = this.start[slot]!;
    const all = [...name, ...other];
    for (let k = 0; k < all.length; k++) if (this.wordText[this.words[from + k]!] !== all[k]) return false;
    if (this.normalized[slot] !== game.normalizedName) return false;
    // The abbreviations also follow the raw name's subtitle separator, which the words do not keep:
    // "Grand Theft Auto San Andreas" renamed "…Auto: San Andreas" gains "gta" (review r21 L9).
    for (const key of gameInitials(game)) {
      const slots = this.initials.get(key);
      if (slots !== slot && !(Array.isArray(slots) && slots.includes(slot))) return false;
    }
    return true;
  }

  private wordId(word: string): number {
    const text = this.wordText;
    let id = this.knownWord(word);
    if (id < 0) {
      id = text.length;
      this.unsortedIds.set(word, id);
      text.push(word);
      // Most words are in names only or in other fields only: one shared empty list until needed.
      this.namePostings.push(NO_SLOTS);
      this.otherPostings.push(NO_SLOTS);
    }
    return id;
  }

  private post(lists: number[][], word: number, slot: number): void {
    if (lists[word] === NO_SLOTS) lists[word] = [slot];
    else lists[word]!.push(slot);
  }

  private add(game: IndexedGame): void {
    this.addWords(game.id, game.normalizedName, game.popularity, this.wordsOf(game), gameInitials(game));
  }

  private addWords(
    id: string,
    normalized: string,
    popularity: number,
    words: { name: string[]; other: string[] },
    initials: readonly string[],
  ): void {
    const { name, other } = words;
    const slot = this.slots++;
    this.ensureSlots(this.slots);
    const total = name.length + other.length;
    this.ensureWords(this.wordsLength + total);
    this.ids[slot] = id;
    this.normalized[slot] = normalized;
    this.popularity[slot] = popularity;
    this.alive[slot] = 1;
    this.start[slot] = this.wordsLength;
    this.count[slot] = Math.min(total, 0xffff);
    this.nameCount[slot] = Math.min(name.length, 0xffff);
    const nameSet = new Set<number>();
    for (const w of name) {
      const wid = this.wordId(w);
      this.words[this.wordsLength++] = wid;
      nameSet.add(wid);
      this.post(this.namePostings, wid, slot);
    }
    for (const w of other) {
      const wid = this.wordId(w);
      this.words[this.wordsLength++] = wid;
      if (!nameSet.has(wid)) this.post(this.otherPostings, wid, slot);
    }
    for (const key of initials) addSlot(this.initials, key, slot);
    this.slotById.set(id, slot);
    // "moved" marks every slot listed in `recent`, so none is listed twice.
    this.moved[slot] = 1;
    this.recent.push(slot);
  }

  private kill(slot: number): void {
    this.alive[slot] = 0;
    this.slotById.delete(this.ids[slot]!);
    this.deadSlots++;
  }

  private ensureSlots(n: number): void {
    if (n <= this.alive.length) return;
    const size = Math.max(n, this.alive.length * 2);
    const grow = <T extends Float64Array | Uint8Array | Int32Array | Uint16Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.popularity = grow(this.popularity);
    this.alive = grow(this.alive);
    this.moved = grow(this.moved);
    this.start = grow(this.start);
    this.count = grow(this.count);
    this.nameCount = grow(this.nameCount);
  }

  private ensureWords(n: number): void {
    if (n <= this.words.length) return;
    const b = new Int32Array(Math.max(n, this.words.length * 2));
    b.set(this.words.subarray(0, this.wordsLength));
    this.words = b;
  }

  /** Before a query: renumber words, or slots by popularity, once enough has piled up. */
  private tidy(): void {
    runNow(this.tidying());
  }

  /**
   * The same as the tidying a query would do, in slices with other work let in between: renumbering
   * 330,000 slots is seconds of CPU, which must not stop the server's other requests.
   */
  async settle(): Promise<void> {
    await runSliced(this.tidying());
  }

  private *tidying(): Generator<void, void> {
    if (this.wordText.length - this.sortedCount > this.limits.unsortedWords) yield* this.renumberWords();
    if (
      this.recent.length > this.limits.recentGames ||
      (this.deadSlots > 1024 && this.deadSlots > this.size / 4)
    ) {
      yield* this.renumberSlots();
    }
  }

  /** Puts every word id in alphabetical order (postings and slot words follow). */
  private *renumberWords(): Generator<void, void> {
    const n = this.wordText.length;
    const text = this.wordText;
    const byText = yield* sortInSteps(
      Array.from({ length: n }, (_, i) => i),
      (a, b) => (text[a]! < text[b]! ? -1 : text[a]! > text[b]! ? 1 : 0),
    );
    const newId = new Int32Array(n);
    for (let i = 0; i < n; i++) newId[byText[i]!] = i;
    const wordText = byText.map((id) => this.wordText[id]!);
    const namePostings = byText.map((id) => this.namePostings[id]!);
    const otherPostings = byText.map((id) => this.otherPostings[id]!);
    yield;
    // Into a copy, so the index stays whole (and searchable) between slices.
    const words = new Int32Array(this.words.length);
    for (let k = 0; k < this.wordsLength; k++) {
      words[k] = newId[this.words[k]!]!;
      if ((k & 0xffff) === 0xffff) yield;
    }
    this.wordText = wordText;
    this.namePostings = namePostings;
    this.otherPostings = otherPostings;
    this.words = words;
    this.unsortedIds = new Map();
    this.sortedCount = n;
    yield;
    const spelling = new Map<number, number[]>();
    for (let id = 0; id < n; id++) {
      const word = wordText[id]!;
      if (!namePostings[id]!.length || !isSpellingWord(word)) continue;
      for (const key of [
        spellingKey(0, word.charCodeAt(0), word.length),
        spellingKey(1, word.charCodeAt(word.length - 1), word.length),
      ]) {
        const bucket = spelling.get(key);
        if (bucket) bucket.push(id);
        else spelling.set(key, [id]);
      }
      if ((id & 0xffff) === 0xffff) yield;
    }
    this.spelling = spelling;
  }

  /** Re-adds every live game in popularity order, without dead slots: slot order is popularity again. */
  private *renumberSlots(): Generator<void, void> {
    const alive: number[] = [];
    for (let s = 0; s < this.slots; s++) if (this.alive[s]) alive.push(s);
    const live = yield* sortInSteps(alive, (a, b) => this.popularity[b]! - this.popularity[a]! || a - b);
    const next = new SearchIndex(this.limits);
    for (let i = 0; i < live.length; i++) {
      const s = live[i]!;
      const from = this.start[s]!;
      const text = (a: number, b: number) => Array.from(this.words.subarray(a, b), (w) => this.wordText[w]!);
      next.addWords(
        this.ids[s]!,
        this.normalized[s]!,
        this.popularity[s]!,
        {
          name: text(from, from + this.nameCount[s]!),
          other: text(from + this.nameCount[s]!, from + this.count[s]!),
        },
        [],
      );
      if ((i & 0xff) === 0xff) yield;
    }
    // Abbreviations follow their games to the new slots (dead ones dropped), in the new slot order.
    const newSlot = new Int32Array(this.slots).fill(-1);
    for (let i = 0; i < live.length; i++) newSlot[live[i]!] = i;
    let steps = 0;
    for (const [key, slots] of this.initials) {
      const moved = (typeof slots === "number" ? [slots] : slots)
        .map((s) => newSlot[s]!)
        .filter((s) => s >= 0)
        .sort((a, b) => a - b);
      if (moved.length) next.initials.set(key, moved.length === 1 ? moved[0]! : moved);
      if ((++steps & 0xffff) === 0) yield;
    }
    yield* next.ranked();
    Object.assign(this, next);
  }

  /** Every slot so far is in popularity order (none pending), and words are renumbered. */
  private *ranked(): Generator<void, void> {
    this.recent = [];
    this.moved.fill(0);
    this.rankedSlots = this.slots;
    yield* this.renumberWords();
  }

  /** A whole index at once: slots in popularity order, words in alphabetical order. */
  static from(games: IndexedGame[], limits?: IndexLimits): SearchIndex {
    const index = new SearchIndex(limits);
    runNow(index.filling(games));
    return index;
  }

  /** The same index as `from`, built in slices with the server's other work let in between. */
  static async fromSliced(games: IndexedGame[], limits?: IndexLimits): Promise<SearchIndex> {
    const index = new SearchIndex(limits);
    await runSliced(index.filling(games));
    return index;
  }

  private *filling(games: IndexedGame[]): Generator<void, void> {
    const sorted = yield* sortInSteps(
      games,
      (a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    for (let i = 0; i < sorted.length; i++) {
      this.put(sorted[i]!);
      if ((i & 0xff) === 0xff) yield;
    }
    yield* this.ranked();
  }
}

/** A word typed words may be corrected to: plain letters, 3 or more. */
function isSpellingWord(word: string): boolean {
  return word.length >= 3 && word.length < 64 && /^[a-z]+$/.test(word);
}

/** The `spelling` bucket of words with this first (end 0) or last (end 1) letter and length. */
function spellingKey(end: 0 | 1, letter: number, length: number): number {
  return (letter * 64 + length) * 2 + end;
}

function addSlot(map: Map<string, number | number[]>, key: string, slot: number): void {
  const slots = map.get(key);
  if (slots === undefined) map.set(key, slot);
  else if (typeof slots === "number") {
    if (slots !== slot) map.set(key, [slots, slot]);
  } else if (slots.at(-1) !== slot) slots.push(slot);
}

/**
 * A sorted copy of `items`: a stable merge sort in steps, so sorting 330,000 games or words (half a
 * second of CPU in one `Array.prototype.sort`) can be sliced like the rest of a build.
 */
function* sortInSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  const RUN = 2048;
  let from = items.slice();
  for (let i = 0; i < from.length; i += RUN) {
    const run = from.slice(i, i + RUN).sort(compare);
    for (let k = 0; k < run.length; k++) from[i + k] = run[k]!;
    yield;
  }
  let to = new Array<T>(from.length);
  for (let width = RUN; width < from.length; width *= 2) {
    let steps = 0;
    for (let lo = 0; lo < from.length; lo += 2 * width) {
      const mid = Math.min(lo + width, from.length);
      const hi = Math.min(lo + 2 * width, from.length);
      let a = lo;
      let b = mid;
      let k = lo;
      // The left run wins ties: stable.
      while (a < mid && b < hi) {
        to[k++] = compare(from[b]!, from[a]!) < 0 ? from[b++]! : from[a++]!;
        if ((++steps & 0xfff) === 0) yield;
      }
      while (a < mid) to[k++] = from[a++]!;
      while (b < hi) to[k++] = from[b++]!;
    }
    [from, to] = [to, from];
    yield;
  }
  return from;
}

/** Longest stretch a sliced job keeps the event loop before letting other work in. */
const SLICE_MS = 8;

function runNow(steps: Generator<void, void>): void {
  while (!steps.next().done);
}

/** Runs the steps, yielding to the event loop (I/O first: requests waiting) every SLICE_MS. */
async function runSliced(steps: Generator<void, void>): Promise<void> {
  let sliceStart = performance.now();
  while (!steps.next().done) {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/** The union of ascending slot lists, read in ascending order with jumps forward. */
class Cursor {
  private heads: Int32Array;
  /** What the last seek answered: the smallest head, until a seek asks for more. */
  private current = -1;

  constructor(private readonly lists: number[][]) {
    this.heads = new Int32Array(lists.length);
  }

  /** The smallest slot >= target in any list (MAX_SAFE_INTEGER when none). */
  seek(target: number): number {
    // A join asks each word again for the slot it already stands on: answered without the lists.
    if (target <= this.current) return this.current;
    let best = Number.MAX_SAFE_INTEGER;
    for (let l = 0; l < this.lists.length; l++) {
      const list = this.lists[l]!;
      let h = this.heads[l]!;
      if (h < list.length && list[h]! < target) {
        // Gallop, then binary search: long runs below the target are skipped in log steps.
        let step = 1;
        while (h + step < list.length && list[h + step]! < target) step *= 2;
        let lo = h + (step >> 1) + 1;
        let hi = Math.min(h + step, list.length);
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (list[mid]! < target) lo = mid + 1;
          else hi = mid;
        }
        h = lo;
        this.heads[l] = h;
      }
      if (h < list.length && list[h]! < best) best = list[h]!;
    }
    this.current = best;
    return best;
  }
}

// --- following the database ---------------------------------------------------------------------

const COLUMNS = "id, name, normalized_name, developer, publisher, tags, former_names, popularity";
/** Rows read per query when (re)building, so other requests get turns in between (each read blocks). */
const BUILD_CHUNK = 5_000;
/** Applied log rows are deleted once this many have piled up. */
const PRUNE_ABOVE = 20_000;

function toGame(row: Record<string, unknown>): IndexedGame {
  return {
    id: String(row.id),
    name: String(row.name ?? ""),
    normalizedName: String(row.normalized_name ?? ""),
    developer: row.developer == null ? null : String(row.developer),
    publisher: row.publisher == null ? null : String(row.publisher),
    tags: row.tags == null ? null : String(row.tags),
    formerNames: row.former_names == null ? null : String(row.former_names),
    popularity: Number(row.popularity ?? 0),
  };
}

interface State {
  url: string;
  index: SearchIndex;
  /** The last `catalog_changes.seq` applied. */
  seq: number;
  /** `dataVersion()` when the index was last brought up to date. */
  version: number | null;
}

let state: State | undefined;
let pending: Promise<State> | undefined;
/** A whole build (not a catch-up from the change log) is under way. */
let building = false;

/** The index, brought up to date with the database first when anything has committed since. */
export async function searchIndex(): Promise<SearchIndex> {
  const url = env().DATABASE_URL;
  const version = dataVersion();
  if (state && state.url === url && version !== null && version === state.version) return state.index;
  pending ??= refresh(url).finally(() => {
    pending = undefined;
  });
  return (await pending).index;
}

async function refresh(url: string): Promise<State> {
  // Read before anything else: a commit after this point moves it again and is picked up next time.
  const version = dataVersion();
  if (!state || state.url !== url) {
    state = await build(url, version);
    return state;
  }
  const log = await readCatalogLog(state.seq, CATCH_UP_LIMIT);
  if (log.rebuild) {
    state = await build(url, version);
    return state;
  }
  const ids = log.gameIds;
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await readRows(
      `SELECT ${COLUMNS} FROM games WHERE id IN (${placeholders(chunk.length)})`,
      chunk,
    );
    for (const row of rows) {
      const game = toGame(row);
      seen.add(game.id);
      state.index.put(game);
    }
  }
  for (const id of ids) if (!seen.has(id)) state.index.remove(id);
  // Renumbering, when enough changes piled up, here in slices rather than inside the next query.
  await state.index.settle();
  if (log.last != null) state.seq = log.last;
  state.version = version;
  // Only what the other followers in this process (the catalog index) have applied too.
  const prunable = catalogLogPrunableTo(state.seq, CATCH_UP_LIMIT);
  if (prunable > PRUNE_ABOVE && log.first != null && prunable - log.first > PRUNE_ABOVE) {
    await rawClient().execute({ sql: "DELETE FROM catalog_changes WHERE seq <= ?", args: [prunable] });
    // That delete was a commit: take the version after it, so it does not send the next search here.
    state.version = dataVersion();
  }
  return state;
}

async function build(url: string, version: number | null): Promise<State> {
  building = true;
  try {
    return await buildIndex(url, version);
  } finally {
    building = false;
  }
}

async function buildIndex(url: string, version: number | null): Promise<State> {
  const started = performance.now();
  const seq = await logHead("catalog_changes");
  const games: IndexedGame[] = [];
  let after = "";
  for (;;) {
    const rows = await readRows(
      `SELECT ${COLUMNS} FROM games WHERE id > ? ORDER BY id LIMIT ${BUILD_CHUNK}`,
      [after],
    );
    for (const row of rows) games.push(toGame(row));
    if (rows.length < BUILD_CHUNK) break;
    after = games.at(-1)!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  // In slices: at 330,000 games this is seconds of CPU, and health checks, sockets and every other
  // request keep being answered meanwhile (searches wait for it: see searchIndex).
  const index = await SearchIndex.fromSliced(games);
  log.info("search index built", {
    games: index.size,
    ms: Math.round(performance.now() - started),
    approximateMiB: Math.round(index.approximateBytes() / 2 ** 20),
  });
  return { url, index, seq, version };
}

/**
 * Whether a search now would wait for a whole build (the first after a start, or a rebuild): seconds
 * at 330,000 games, longer than an HTTP server lets a request sit idle by default.
 */
export function searchIndexBuilding(): boolean {
  return state?.url !== env().DATABASE_URL || (pending !== undefined && building);
}

/**
 * Starts building the index now (at server start) rather than on the first search; settles (never
 * rejects) when it is built or has failed.
 */
export function warmSearchIndex(): Promise<void> {
  return searchIndex().then(
    () => undefined,
    (error) => log.error("search index build failed", { error: String(error) }),
  );
}
