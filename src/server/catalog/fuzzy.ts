import { normalizeName } from "./normalize.ts";

/**
 * The forgiving parts of game search (docs/decisions/028-search-abbreviations-and-typos.md): a name's
 * abbreviations ("gta", "csgo") and how far a typed word may be from a known one.
 */

/** Roman numerals up to XX: kept whole in an abbreviation, as digits are ("Grand Theft Auto V" → "gtav"). */
const ROMAN_LIST = "i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi xvii xviii xix xx".split(" ");
const ROMAN = new Set(ROMAN_LIST);

/**
 * The other spelling of a numeral from 1 to 20 ("iii" → "3", "3" → "iii"), or null: names are matched
 * as if written either way ("dark souls 3" is DARK SOULS™ III, "civ 5" Civilization V).
 */
export function numeralAlias(word: string): string | null {
  const roman = ROMAN_LIST.indexOf(word);
  if (roman >= 0) return String(roman + 1);
  if (!/^[1-9][0-9]?$/.test(word)) return null;
  return ROMAN_LIST[Number(word) - 1] ?? null;
}

/** Whether the word is a roman numeral from I to XX. */
export function isRoman(word: string): boolean {
  return ROMAN.has(word);
}

/**
 * The words' other spellings of their numerals, as extra words: every numeral but the first word (a
 * name's first word is seldom its number: "I Am Bread", "V Rising", "X-Morph").
 */
export function numeralAliases(words: readonly string[]): string[] {
  const aliases: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const alias = numeralAlias(words[i]!);
    if (alias !== null && !words.includes(alias) && !aliases.includes(alias)) aliases.push(alias);
  }
  return aliases;
}

/** A name-matching key with its roman numerals (but the first word) in digits: "dark souls iii" → "dark souls 3". */
export function arabicNumerals(key: string): string {
  const words = key.split(" ");
  let changed = false;
  for (let i = 1; i < words.length; i++) {
    if (!ROMAN.has(words[i]!)) continue;
    words[i] = numeralAlias(words[i]!)!;
    changed = true;
  }
  return changed ? words.join(" ") : key;
}

/** A query word of letters then digits typed together ("dota2", "civ6"), as the two words; else null. */
export function splitLettersDigits(token: string): [string, string] | null {
  const m = /^([a-z]{2,})([0-9]+)$/.exec(token);
  return m ? [m[1]!, m[2]!] : null;
}
/** Shorter keys cannot be searched (3 letters or digits at least); longer ones nobody types. */
export const INITIALS_MIN = 3;
export const INITIALS_MAX = 10;

function initialsOf(words: readonly string[]): string | null {
  // One word's "initials" are the word itself, which the name search already finds.
  if (words.length < 2) return null;
  let key = "";
  for (const w of words) key += /^[0-9]+$/.test(w) || ROMAN.has(w) ? w : w[0];
  return key.length >= INITIALS_MIN && key.length <= INITIALS_MAX ? key : null;
}

function withoutTrailingNumbers(words: readonly string[]): string[] {
  let end = words.length;
  while (end > 0 && (/^[0-9]+$/.test(words[end - 1]!) || ROMAN.has(words[end - 1]!))) end--;
  return words.slice(0, end);
}

const keyWords = (text: string) => normalizeName(text).split(" ").filter(Boolean);

/**
 * A name's abbreviations: the initials of every word ("Counter-Strike: Global Offensive" → "csgo",
 * "Left 4 Dead 2" → "l4d2", "Grand Theft Auto V" → "gtav"), of the title before a subtitle ("Grand
 * Theft Auto: San Andreas" → "gta"), of each subtitle ("The Legend of Zelda: Breath of the Wild" →
 * "botw", "…: Knights of the Old Republic" → "kotor") and of the name without its trailing numbers
 * ("Grand Theft Auto V" → "gta"). Hyphenated words count as two; digits and roman numerals are kept
 * whole; keys of 3–10 characters only.
 */
export function initialsKeys(name: string, normalized = normalizeName(name)): string[] {
  return keysOf(normalized ? normalized.split(" ") : [], titleWords(name), subtitlesWords(name));
}

/**
 * `initialsKeys`, and the same keys with the roman numerals (but a first word's) in digits: "FINAL
 * FANTASY VII" is also "ff7", "Grand Theft Auto V" "gta5". The index keeps these.
 */
export function initialsKeysWithNumerals(name: string, normalized = normalizeName(name)): string[] {
  const keys = initialsKeys(name, normalized);
  const words = normalized ? normalized.split(" ") : [];
  if (!words.some((w, i) => i > 0 && ROMAN.has(w))) return keys;
  const arabic = (ws: readonly string[]) => ws.map((w, i) => (i > 0 && ROMAN.has(w) ? numeralAlias(w)! : w));
  const title = titleWords(name);
  const subtitles = subtitlesWords(name).map(arabic);
  for (const k of keysOf(arabic(words), title && arabic(title), subtitles))
    if (!keys.includes(k)) keys.push(k);
  return keys;
}

/** The words of the title before a subtitle, or null when the name has no subtitle. */
function titleWords(name: string): string[] | null {
  const title = SUBTITLE.test(name) ? name.split(SUBTITLE)[0]! : name;
  return title.length < name.length ? keyWords(title) : null;
}

/**
 * The words of each subtitle, in order: "A: B - C" → B's and C's. A leading franchise in capitals
 * before words that are not ("STAR WARS™ Knights of the Old Republic™", Steam's spelling, no ":")
 * also ends a title: the words after it, to the next separator, are a subtitle too ("kotor").
 */
function subtitlesWords(name: string): string[][] {
  const parts = name.split(SUBTITLE);
  const afterFranchise = afterCapitalsRun(parts[0]!);
  return [...(afterFranchise ? [afterFranchise] : []), ...parts.slice(1)]
    .map(keyWords)
    .filter((words) => words.length > 0);
}

/**
 * The rest of a title that opens with two or more words in capitals followed by a word that is not
 * ("STAR WARS Knights of …" → "Knights of …"), or null. One capital word ("DOOM Eternal", "LEGO
 * Batman") is a name, not a franchise before a title.
 */
function afterCapitalsRun(title: string): string | null {
  const words = title.trim().split(/\s+/);
  let run = 0;
  while (run < words.length && isCapitalsWord(words[run]!)) run++;
  if (run < 2 || run >= words.length || !/\p{Ll}/u.test(words[run]!)) return null;
  return words.slice(run).join(" ");
}

const isCapitalsWord = (word: string) => {
  const letters = word.replace(/[^\p{L}]/gu, "");
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
};

function keysOf(
  words: readonly string[],
  title: readonly string[] | null,
  subtitles: readonly (readonly string[])[],
): string[] {
  const keys: string[] = [];
  const add = (words: readonly string[]) => {
    const key = initialsOf(words);
    if (key && !keys.includes(key)) keys.push(key);
    const short = withoutTrailingNumbers(words);
    const shortKey = short.length < words.length ? initialsOf(short) : null;
    if (shortKey && !keys.includes(shortKey)) keys.push(shortKey);
  };
  add(words);
  if (title) add(title);
  for (const subtitle of subtitles) add(subtitle);
  return keys;
}

/** Where a subtitle starts: "Grand Theft Auto: San Andreas", "Half-Life 2 - Episode One". */
export const SUBTITLE = /:| [-–—] /;

/** The query as an abbreviation: its letters and digits run together ("cs:go" → "csgo"), or null. */
export function initialsQuery(tokens: readonly string[]): string | null {
  const key = tokens.join("");
  return key.length >= INITIALS_MIN && key.length <= INITIALS_MAX && /^[a-z0-9]+$/.test(key) ? key : null;
}

/** How many edits a typed word of this length may be from a known word: none under 4 letters. */
export function typoBudget(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** Longest words compared (longer ones are not corrected); three rows reused by every comparison. */
const ROW = 64;
const rows = [new Int32Array(ROW), new Int32Array(ROW), new Int32Array(ROW)];

/**
 * The Damerau (optimal string alignment) distance between a and b — a swap of two neighbouring
 * letters is one edit — or `max + 1` as soon as it must exceed `max` (most pairs stop in a row or two).
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  if (n >= ROW || a.length >= ROW) return max + 1;
  let before = rows[0]!;
  let previous = rows[1]!;
  let current = rows[2]!;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[n]!, max + 1);
}
