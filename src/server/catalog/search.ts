import { SEARCH_MAX_LIMIT, type SearchResult } from "../../contracts/games.ts";
import { dataVersion, placeholders, readRows } from "../db/client.ts";
import {
  arabicNumerals,
  initialsQuery,
  isRoman,
  numeralAlias,
  splitLettersDigits,
  typoBudget,
} from "./fuzzy.ts";
import { normalizeName } from "./normalize.ts";
import { withShownFigures } from "./player-figures.ts";
import { type Candidate, type SearchIndex, searchIndex } from "./search-index.ts";
import { toGameSummary } from "./shapes.ts";

/**
 * Catalog search (issue 4, issue 13). User input is cut into words (letters and digits only, accents
 * folded), each a prefix, all required. The in-memory index (search-index.ts) finds the few hundred
 * most popular games whose names hold every word — or, when names give fewer, whose developer,
 * publisher or tags do. Ranking mixes how well the name matches (every word, a prefix of the name, the
 * exact name) with popularity; only the answered few are then read from the database.
 */
const CANDIDATES = 300;

/**
 * Recently answered games as results show them (the row's summary and the player figures from the
 * series): reading and shaping them cost more than the rest of a search together. Kept only while
 * nothing commits to the database (`dataVersion()`, as the session cache), so no write anywhere —
 * a game, a series point, another process — can leave an answer stale.
 */
type Shown = Awaited<ReturnType<typeof withShownFigures<ReturnType<typeof toGameSummary>>>>[number];
const shown = new Map<string, Shown>();
let shownVersion: number | null = null;
const SHOWN_MAX = 5000;

export function searchTokens(q: string): string[] {
  return (
    q
      .replace(/[™®©℠]/g, "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      // As in normalizeName: "Baldur's" is the one word "baldurs" (the index holds both forms).
      .replace(/['’`]/g, "")
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 8)
  );
}

/**
 * What a search answers to: two queries with the same key ("Dota 2", "dota 2 ") find the same games,
 * so an answer kept for one is the other's (searchGamesJson, the chat's nameSearches).
 */
export function searchQueryKey(q: string): string {
  return `${normalizeName(q)}\u0000${searchTokens(q).join(" ")}`;
}

export function buildMatchExpression(q: string): string | null {
  const tokens = searchTokens(q);
  if (tokens.length === 0) return null;
  return tokens.map((t) => `"${t.replace(/"/g, "")}"*`).join(" ");
}

export type { SearchResult };

/** The answered games of one query, best first, with their scores (`game` as results show it). */
interface Ranked {
  id: string;
  score: number;
  game: Shown;
}

/** How well a candidate's name matches the query, with its popularity: the ranking's score. */
export function scorer(q: string, tokens: string[]): (game: Candidate) => number {
  const wanted = normalizeName(q);
  // Each token with the space before it, built once rather than for every candidate.
  const spaced = tokens.map((t) => ` ${t}`);
  // Numerals 1–20 match either spelling (docs/decisions/028, addendum): a roman numeral typed ("civ v")
  // only as a whole word, not as the start of a longer one ("vi"); digits also as the roman word.
  const numerals = tokens.map((t) => {
    const alias = numeralAlias(t);
    return alias === null ? null : { roman: isRoman(t), alias: ` ${alias}` };
  });
  const anyNumeral = numerals.some((n) => n !== null);
  const wantedArabic = anyNumeral ? arabicNumerals(wanted) : wanted;
  return (game) => {
    const name = game.normalizedName;
    // Words of the normalised name that start with the token: at the start, or after a space (the
    // name is single-spaced, and tokens have none). No split: this runs for every candidate. A token
    // that is a whole word of the name also earns WHOLE_WORD points: "mario" is a word of Super Mario
    // Bros., and only the start of MarionetteAI's first word.
    let inName = 0;
    let whole = 0;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const numeral = numerals[i];
      if (numeral == null) {
        if (name.startsWith(token) || name.includes(spaced[i]!)) {
          inName++;
          if (hasWholeWord(name, token)) whole++;
        }
      } else if (numeral.roman) {
        if (hasWholeWord(name, token) || hasWholeWord(name, numeral.alias, true)) {
          inName++;
          whole++;
        }
      } else if (hasWholeWord(name, token) || hasWholeWord(name, numeral.alias, true)) {
        inName++;
        whole++;
      } else if (name.startsWith(token) || name.includes(spaced[i]!)) inName++;
    }
    let score = (inName * 10 + whole * WHOLE_WORD) / tokens.length + game.popularity * 0.5;
    const nameArabic = anyNumeral ? arabicNumerals(name) : name;
    if (name === wanted || nameArabic === wantedArabic) score += 25;
    else if (name.startsWith(wanted) || nameArabic.startsWith(wantedArabic)) score += 8;
    return Math.round(score * 100) / 100;
  };
}

/**
 * What a query word that is a whole word of the name adds (per query word, as the 10 of a word
 * found): while a word is being typed it starts a longer word in every name, so half-typed queries
 * keep their order, and a name holding the typed word whole comes before one where it is only the
 * start of another word (docs/decisions/048).
 */
export const WHOLE_WORD = 5;

/** Whether `word` is a whole word of the single-spaced `name` (`spaced`: it has its space before it, and is no first word). */
function hasWholeWord(name: string, word: string, spaced = false): boolean {
  let from = 0;
  for (;;) {
    const at = name.indexOf(word, from);
    if (at < 0) return false;
    const end = at + word.length;
    if (
      (spaced || at === 0 || name.charCodeAt(at - 1) === 32) &&
      (end === name.length || name.charCodeAt(end) === 32)
    )
      return true;
    from = at + 1;
  }
}

/**
 * The popularity at or below which a game matched through its developer, publisher or tags can no
 * longer be among the `limit` answered, given the name matches (search-index.ts walks such games
 * most popular first and stops there). Such a game misses a query word in its name, so it scores at
 * most (n − 1)/n of the name's 10 + WHOLE_WORD points plus half its popularity, and no name bonus: a name that
 * starts with the query holds every query word when the words are plain letters and digits (other
 * scripts fall outside the normalised name, so no floor for them). Ties keep name matches first.
 */
export function othersFloor(tokens: string[], namedScores: readonly number[], limit: number): number {
  if (namedScores.length < limit || !tokens.every((t) => /^[a-z0-9]+$/.test(t)))
    return Number.NEGATIVE_INFINITY;
  const nth = namedScores.toSorted((a, b) => b - a)[limit - 1]!;
  return 2 * (nth - ((tokens.length - 1) / tokens.length) * (10 + WHOLE_WORD));
}

/**
 * An abbreviation's score (docs/decisions/028-search-abbreviations-and-typos.md): as a name that starts with the query and holds every
 * query word whole — so such games rank among the names typed in full from their start by the same
 * popularity, and ahead of matches through developer, publisher or tags.
 */
export function initialsScore(game: Candidate): number {
  return Math.round((10 + WHOLE_WORD + 8 + game.popularity * 0.5) * 100) / 100;
}

/** The ranked answer, and how many of its candidates matched by name (or abbreviation). */
interface Ranking {
  top: Array<{ id: string; score: number }>;
  named: number;
  /** The popularity of the best answered game (-Infinity when none). */
  best: number;
}

function rankWith(q: string, tokens: string[], index: SearchIndex, limit: number): Ranking {
  const score = scorer(q, tokens);
  const top = Math.min(limit, SEARCH_MAX_LIMIT);
  // Rank by how well the name matches, then by popularity (candidates come most popular first, and
  // the sort is stable).
  // The name matches come first among the candidates, scored once: for the floor, then for the ranking.
  let namedScores: number[] | null = null;
  const candidates = index.candidates(tokens, CANDIDATES, (named) => {
    namedScores = named.map(score);
    return othersFloor(tokens, namedScores, top);
  });
  // Not called: the name matches alone filled the candidates.
  const named: number = namedScores === null ? candidates.length : (namedScores as number[]).length;
  let scored = candidates.map((game, i) => ({
    id: game.id,
    score: namedScores?.[i] ?? score(game),
    popularity: game.popularity,
  }));
  const key = initialsQuery(tokens);
  // Each scores by popularity alone (initialsScore): only the `top` most popular can be answered.
  const abbreviated = key ? index.initialsMatches(key, top) : [];
  if (abbreviated.length) {
    // Games the abbreviation names join the name matches in popularity order (a name match first on
    // a tie), each scored as the better of its two ways in; then the matches through other fields.
    const byId = new Map(scored.map((s, i) => [s.id, i]));
    const joined: typeof scored = [];
    for (const game of abbreviated) {
      const at = byId.get(game.id);
      const s = initialsScore(game);
      if (at === undefined) joined.push({ id: game.id, score: s, popularity: game.popularity });
      else if (s > scored[at]!.score) scored[at]!.score = s;
    }
    const names = scored.slice(0, named);
    const merged: typeof scored = [];
    let a = 0;
    let b = 0;
    while (a < names.length || b < joined.length) {
      if (b >= joined.length || (a < names.length && names[a]!.popularity >= joined[b]!.popularity))
        merged.push(names[a++]!);
      else merged.push(joined[b++]!);
    }
    scored = [...merged, ...scored.slice(named)];
  }
  scored.sort((x, y) => y.score - x.score);
  return {
    top: scored.slice(0, top).map(({ id, score }) => ({ id, score })),
    named: named + abbreviated.length,
    best: scored.length && top > 0 ? scored[0]!.popularity : Number.NEGATIVE_INFINITY,
  };
}

/** The best `limit` candidates, best first, with their scores (ties: in candidate order). */
export function rankCandidates(
  q: string,
  tokens: string[],
  index: SearchIndex,
  limit: number,
): Array<{ id: string; score: number }> {
  return rankWith(q, tokens, index, limit).top;
}

/** Corrections tried per query at most (each is one search of the index: a fraction of a millisecond). */
const CORRECTION_TRIES = 6;
/** Vocabulary words considered per typed word. */
const CORRECTIONS_PER_WORD = 3;
/** Ways of cutting one run-together word in two tried at most ("eldenring" → "elden ring"). */
const SPLIT_TRIES = 3;

type Answer = { top: Array<{ id: string; score: number }>; corrected?: string };

/**
 * Like rankCandidates, and when no name matches the words as typed (nothing, or only games matched
 * through developer, publisher or tags):
 * - a word of letters then digits typed together ("dota2", "civ6") is searched as the two words — the
 *   same query, so no `corrected`;
 * - then, searching for the box only (`correct`), the words the index does not know (no name word
 *   starts with them, and no field has them as a word) are cut in two name words ("eldenring" →
 *   "elden ring"), else corrected to name words within one edit (4–7 letters) or two (8 or more),
 *   nearest and most used first; and last a query's numbers are left out ("doom 2016" → "doom") when
 *   other words remain. The first such query that matches names and whose best answer is at least as
 *   popular as the catalog's median game answers, with `corrected` saying what was searched; an
 *   answer of only obscure games is no better guess than none (docs/decisions/028, addendum).
 */
export function rankQuery(
  q: string,
  tokens: string[],
  index: SearchIndex,
  limit: number,
  correct: boolean,
): Answer {
  const exact = rankWith(q, tokens, index, limit);
  if (exact.named > 0) return { top: exact.top };
  let words = tokens;
  if (tokens.some((t) => splitLettersDigits(t) !== null)) {
    words = tokens.flatMap((t) => splitLettersDigits(t) ?? [t]);
    const split = rankWith(words.join(" "), words, index, limit);
    if (split.named > 0) return { top: split.top };
  }
  if (!correct) return { top: exact.top };
  const floor = index.medianPopularity();
  const tried = new Set<string>();
  const attempt = (candidate: string[]): Answer | null => {
    const corrected = candidate.join(" ");
    if (tried.has(corrected)) return null;
    tried.add(corrected);
    const ranking = rankWith(corrected, candidate, index, limit);
    return ranking.named > 0 && ranking.best >= floor ? { top: ranking.top, corrected } : null;
  };
  const fixed = correctedWords(words, index, attempt);
  if (fixed) return fixed;
  // A number the names lack ("doom 2016", "dark souls 4"): the other words' answer, if any.
  const rest = words.filter((t) => !/^[0-9]+$/.test(t));
  if (rest.length > 0 && rest.length < words.length)
    return attempt(rest) ?? correctedWords(rest, index, attempt) ?? { top: exact.top };
  return { top: exact.top };
}

/** The first answer of the words with unknown ones cut in two, or corrected (see rankQuery). */
function correctedWords(
  tokens: string[],
  index: SearchIndex,
  attempt: (words: string[]) => Answer | null,
): Answer | null {
  // A word the index knows — the start of a name word, or a whole word of any field ("pubg", a tag
  // of the games that answer it) — is no typo.
  const known = tokens.map((t) => index.hasNamePrefix(t) || index.hasWord(t));
  if (known.every(Boolean)) return null;
  // Two words typed as one: each unknown word cut where both parts are name words.
  for (let i = 0; i < tokens.length; i++) {
    if (known[i]) continue;
    const token = tokens[i]!;
    let tries = 0;
    for (let cut = 3; cut <= token.length - 3 && tries < SPLIT_TRIES; cut++) {
      const left = token.slice(0, cut);
      const right = token.slice(cut);
      if (!/^[a-z]+$/.test(token) || !index.hasNameWord(left) || !index.hasNameWord(right)) continue;
      tries++;
      const found = attempt([...tokens.slice(0, i), left, right, ...tokens.slice(i + 1)]);
      if (found) return found;
    }
  }
  const options = tokens.map((token, i) =>
    known[i]
      ? [{ word: token, distance: 0, names: 0 }]
      : index.corrections(token, typoBudget(token.length), CORRECTIONS_PER_WORD),
  );
  // A word nothing is near: no correction.
  if (options.some((o) => o.length === 0)) return null;
  // Combinations, fewest edits first (then the words' order of preference), a few at most.
  let combos: Array<{ words: string[]; distance: number; rank: number }> = [
    { words: [], distance: 0, rank: 0 },
  ];
  for (const choices of options) {
    combos = combos.flatMap((c) =>
      choices.map((o, i) => ({
        words: [...c.words, o.word],
        distance: c.distance + o.distance,
        rank: c.rank + i,
      })),
    );
    combos.sort((x, y) => x.distance - y.distance || x.rank - y.rank);
    combos = combos.slice(0, CORRECTION_TRIES);
  }
  for (const combo of combos) {
    const found = attempt(combo.words);
    if (found) return found;
  }
  return null;
}

async function rank(
  q: string,
  limit: number,
  correct: boolean,
): Promise<{ ranked: Ranked[]; corrected?: string }> {
  const tokens = searchTokens(q);
  if (tokens.length === 0) return { ranked: [] };
  const { top, corrected } = rankQuery(q, tokens, await searchIndex(), limit, correct);
  // Only the answered few are read whole and turned into the API shape.
  const version = dataVersion();
  if (version !== shownVersion) {
    shown.clear();
    shownVersion = version;
  }
  const missing = top.filter(({ id }) => !shown.has(id)).map(({ id }) => id);
  const read = new Map<string, Shown>();
  if (missing.length) {
    const rows = await readRows(`SELECT * FROM games WHERE id IN (${placeholders(missing.length)})`, missing);
    const games = await withShownFigures(rows.map((row) => toGameSummary(row)));
    // Stored only when nothing committed while they were read.
    const keep = version !== null && dataVersion() === version;
    for (const game of games) {
      read.set(game.gameId, game);
      if (!keep) continue;
      if (shown.size >= SHOWN_MAX) shown.delete(shown.keys().next().value!);
      shown.set(game.gameId, game);
    }
  }
  const ranked = top.flatMap(({ id, score }) => {
    const game = read.get(id) ?? shown.get(id);
    return game ? [{ id, score, game }] : [];
  });
  return corrected === undefined ? { ranked } : { ranked, corrected };
}

/**
 * The answer to a search. With `correct` (the search boxes), words no name has are corrected when
 * nothing matches by name as typed; each result then carries `correctedQuery`, the words searched.
 * Without it (the analyst, which looks up names it was given), the words are taken as typed.
 */
export async function searchGames(q: string, limit = 20, { correct = false } = {}): Promise<SearchResult[]> {
  const { ranked, corrected } = await rank(q, limit, correct);
  return ranked.map(({ game, score }) =>
    corrected === undefined ? { ...game, score } : { ...game, score, correctedQuery: corrected },
  );
}

/**
 * Answers as sent: the JSON text of `searchGames(q, limit)`, byte for byte. Typing into the search
 * box sends the same prefixes again and again, so whole answers are kept (ANSWERS_MAX_CHARS in all)
 * — like `shown`, only while nothing commits to the database. Games are serialised once each and
 * their text reused by every answer that shows them: building a 20-game answer is then joining
 * strings, not walking objects.
 */
export async function searchGamesJson(q: string, limit = 20): Promise<string> {
  // The search box's answer: typing mistakes corrected (see searchGames).
  const key = `${Math.min(limit, SEARCH_MAX_LIMIT)}\u0000${searchQueryKey(q)}`;
  const version = dataVersion();
  if (version !== answersVersion) {
    answers.clear();
    answersChars = 0;
    answersVersion = version;
  }
  const cached = answers.get(key);
  if (cached !== undefined) {
    // Most recently used last: the oldest unused answers go first when the cache is full.
    answers.delete(key);
    answers.set(key, cached);
    return cached;
  }
  const { ranked, corrected } = await rank(q, limit, true);
  const correctedText = corrected === undefined ? "" : `,"correctedQuery":${JSON.stringify(corrected)}`;
  let json = "[";
  for (let i = 0; i < ranked.length; i++) {
    const { game, score } = ranked[i]!;
    let fragment = fragments.get(game);
    if (fragment === undefined) {
      // `{...game, score}` serialises as the game's members, then score: the same text.
      fragment = JSON.stringify(game).slice(0, -1);
      fragments.set(game, fragment);
    }
    json += `${i ? "," : ""}${fragment},"score":${JSON.stringify(score)}${correctedText}}`;
  }
  json += "]";
  if (version !== null && dataVersion() === version && answersVersion === version) {
    answers.set(key, json);
    answersChars += key.length + json.length;
    for (const [oldKey, old] of answers) {
      if (answersChars <= ANSWERS_MAX_CHARS) break;
      answers.delete(oldKey);
      answersChars -= oldKey.length + old.length;
    }
  }
  return json;
}

/** Whole answers by (limit, query key) while `answersVersion` is the database's version. */
const answers = new Map<string, string>();
let answersChars = 0;
let answersVersion: number | null = null;
/** About 16 MiB of UTF-16: some 500 answers of 20 games. */
const ANSWERS_MAX_CHARS = 8 * 2 ** 20;
/** Each shown game's JSON text without its closing brace; dropped with the game. */
const fragments = new WeakMap<Shown, string>();
