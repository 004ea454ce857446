import { isStepCount, type ModelMessage, streamText } from "ai";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type {
  ChatEvent,
  ChatMessage,
  Citation,
  CitedFigure,
  Conversation,
  ConversationSummary,
  NumberCheckDrop,
} from "../../contracts/ai.ts";
import { MISSING_ESTIMATE } from "../../contracts/estimate-words.ts";
import type { PublishedSales } from "../../contracts/game-page.ts";
import { PLAYER_WINDOW_DAYS } from "../../contracts/player-figures.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { catalogIndex } from "../catalog/catalog-index.ts";
import { initialsKeys, numeralAlias, SUBTITLE } from "../catalog/fuzzy.ts";
import { discountOf } from "../catalog/game-page.ts";
import { normalizeName, sameTitleKey, slugify } from "../catalog/normalize.ts";
import { platformOf, platformSpellings } from "../catalog/platform-names.ts";
import { releaseKey } from "../catalog/release.ts";
import { type SearchResult, searchGames, searchQueryKey, searchTokens } from "../catalog/search.ts";
import { fieldWords, parseFormerNames, searchIndex } from "../catalog/search-index.ts";
import { db, readRows } from "../db/client.ts";
import { aiConversations, aiMessages } from "../db/schema/index.ts";
import { getGameEstimate } from "../estimates/store.ts";
import { utcDay, utcMonth } from "../format-utc-date.ts";
import { HttpProblem } from "../http/problem.ts";
import { log } from "../log.ts";
import { listed } from "../words.ts";
import {
  entryNames,
  escapeRegExp,
  factsIn,
  GamesGrounding,
  type Grounding,
  gamesNamed,
  gamesOfNumbers,
  gamesReferred,
  isShortForm,
  matches,
  type NameOfGames,
  namesFound,
  namesMasker,
  namesOf,
  numbersOfSegment,
  otherGameNames,
  platformsInFacts,
  render,
  type Segment,
  segmentsOf,
  withoutGames,
} from "./grounding.ts";
import {
  classify,
  isBrokenStream,
  MAX_ATTEMPTS,
  modelDeadlineMs,
  NO_USAGE,
  STREAM_CAP_MS,
  type Usage,
} from "./llm.ts";
import { configuredModel, STATISTICAL_MODEL } from "./provider.ts";
import {
  dataSources,
  figureKey,
  figureProvenance,
  type Quoted,
  type QuotedFigure,
  quotedSources,
} from "./sources.ts";
import {
  analystTools,
  coverTitles,
  entriesLeftOutSentence,
  entryLabel,
  factSheets,
  leftOutSentence,
  MAX_QUESTION_GAMES,
  MAX_TITLE_ENTRIES,
  newLedger,
  type ToolLedger,
} from "./tools.ts";

/**
 * "Ask the analyst": a conversation whose answers the model writes from tool calls into our own
 * data, streamed as they come. The stored answer is the number-checked one, with the games and
 * figures it cited; without a model (or when it fails) the statistics answer with the facts of the
 * games the question names.
 */
const SYSTEM = `You are the analyst of Gaming Intelligence, a game-market analytics product for game studios.
Answer questions about games and the games market using ONLY the tools, which read the product's own data.
- Find games with search_games first; use their ids with game_facts or compare_games.
- For questions about segments (genre, tag, price range, growth), use screen_games and market_figures.
- Every number you write must come from a tool result (rounded at most). Never invent figures, games or dates.
- players.averageLast7Days rests on players.daysInAverage days of readings: with fewer than 7, say how many days, never "the last 7 days".
- An estimate with lowSignal true has no single figure (no mid): write its low to high range, never one number for it.
- publishedSales are units sold as a sales file published them (its source and date, by platform and region): another measure from another source than the estimates. Give them beside the estimates with their source and date; never add them to an estimate or one to the other.
- peakPlayers is a daily peak (the day's highest count, not an average): call it a peak, with its day and source.
- A game with a sameNameNote is one of several catalog entries of its name, one per set of platforms: name its platforms, and never add the entries' figures together. search_games gives each entry's platforms.
- A question may name up to ${MAX_QUESTION_GAMES} games: cover each of them. A game the catalog holds as several entries (one per set of platforms) counts once: cover each of its entries, up to ${MAX_TITLE_ENTRIES}, by its platforms (compare_games takes up to ${MAX_QUESTION_GAMES} games with up to ${MAX_TITLE_ENTRIES} entries each).
- A game search_games found by a former name (formerNames) is the same game: say it is now called by its name ("PUBG: BATTLEGROUNDS, formerly PLAYERUNKNOWN'S BATTLEGROUNDS").
- A figure that is not in a tool result is not known: say that it is not known, and never write a number, "null" or "undefined" for it.
- If the tools do not hold the answer, say so plainly.
- Name the games you rely on by their exact names. Be concise: a short paragraph or a few bullet points.`;

const HISTORY_MESSAGES = 20;
const MAX_STEPS = 6;

function toMessage(r: typeof aiMessages.$inferSelect): ChatMessage {
  const details = (r.details ?? {}) as {
    numberCheck?: ChatMessage["numberCheck"];
    timeToFirstToken?: number;
    sources?: Provenance[];
  };
  return {
    id: r.id,
    role: r.role,
    content: r.content,
    citations: r.citations as Citation[],
    toolCalls: r.toolCalls as ChatMessage["toolCalls"],
    modelUsed: r.modelUsed,
    note: r.note,
    tokens: { input: r.inputTokens, output: r.outputTokens, total: r.inputTokens + r.outputTokens },
    processingTime: r.processingTime,
    timeToFirstToken: details.timeToFirstToken ?? null,
    numberCheck: details.numberCheck ?? null,
    sources: details.sources ?? [],
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listConversations(userId: string): Promise<ConversationSummary[]> {
  const rows = await db()
    .select({
      id: aiConversations.id,
      title: aiConversations.title,
      createdAt: aiConversations.createdAt,
      updatedAt: aiConversations.updatedAt,
      messages: count(aiMessages.id),
    })
    .from(aiConversations)
    .leftJoin(aiMessages, eq(aiMessages.conversationId, aiConversations.id))
    .where(eq(aiConversations.userId, userId))
    .groupBy(aiConversations.id)
    .orderBy(desc(aiConversations.updatedAt))
    .limit(50);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function getConversation(userId: string, id: string): Promise<Conversation | null> {
  const [c] = await db()
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)));
  if (!c) return null;
  const rows = await db()
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, id))
    .orderBy(asc(aiMessages.createdAt), asc(aiMessages.role));
  return {
    id: c.id,
    title: c.title,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    messages: rows.length,
    messageList: rows.map(toMessage),
  };
}

/** Tools that read the whole catalog (segments), not only the games they return. */
const CATALOG_TOOLS = new Set(["screen_games", "market_figures"]);

/**
 * What data an answer used and its time: the player and other series of every game the tools
 * returned, and the catalog's own sources when a segment tool ran (see dataSources).
 */
export function sourcesOf(ledger: ToolLedger, toolCalls: ChatMessage["toolCalls"]): Promise<Provenance[]> {
  return dataSources(ledger.games.keys(), {
    catalog: toolCalls.some((t) => CATALOG_TOOLS.has(t.name)),
    quoted: factSourcesOf(ledger),
  });
}

/**
 * The sources the tools' facts name beside their figures, past the series dataSources reads: each
 * sales file and its date of a game's published units, and a daily peak's own source and time.
 */
function factSourcesOf(ledger: ToolLedger): Provenance[] {
  return [...ledger.games.values()].flatMap(({ facts }) => {
    const sales = facts.publishedSales as { provenance?: Provenance[] } | null | undefined;
    const peak = facts.peakPlayers as { source: string; asOf: string } | null | undefined;
    return [
      ...(sales?.provenance ?? []).map(({ source, asOf }) => ({ source, asOf })),
      ...(peak ? [{ source: peak.source, asOf: peak.asOf }] : []),
    ];
  });
}

/**
 * The games an answer names (from those the tools returned), each with the figures it quoted about
 * them: sentence by sentence, the fields of the facts of the games the sentence refers to (as the
 * number check refers it: `gamesReferred`) that a number of that sentence is, read and matched as the
 * check reads and matches them (`numbersOfSegment`, `matches`: rounded to the digits shown, a
 * percentage only for a percentage-like field, a decline only for a negative figure, a number said to
 * be players only for a player field). A figure is cited for no number the check would not accept as
 * that game's figure. Digits inside the facts' strings (a month's year) are no figures, and a zero
 * cites nothing: "$0" would match every field that happens to be 0.
 */
export function citationsOf(
  text: string,
  ledger: ToolLedger,
  /** Catalog games the text names that no tool returned ("Cyberpunk 2077"): masked as the check masks them. */
  catalogNames: Iterable<string> = [],
): Citation[] {
  const games = [...ledger.games].map(([gameId, { name, facts }]) => ({
    gameId,
    name,
    facts,
    // A release year is a date, not a figure to cite: the file name of a source note
    // ("…_22_Dec_2016.csv") cited VGChartz's year of a platform as "year 2,016".
    figures: factsIn(facts).filter((f) => !f.inText && f.value !== 0 && !/(?:^|\.)year$/.test(f.path)),
  }));
  type Game = (typeof games)[number];
  // Entries of one title (Terraria on PC, on X360+PS3+PSV…) are told apart by their platforms, as the
  // answers label them, each cited and linked on its own; the bare name stands for all of them.
  const called = entryNames(games, (g) => platformsInFacts(g.facts));
  const labelOf = new Map(called.flatMap((c) => (c.of.length === 1 ? [[c.of[0]!, c.name] as const] : [])));
  // A name's digits ("Dota 2", a "2D" tag, "PS4") are no figure, as for the number check, which masks the same names.
  const masked = [
    ...games.flatMap((g) => [g.name, ...namesOf(g.facts)]),
    ...called.map((c) => c.name),
    ...catalogNames,
  ];
  const quoted = new Map<Game, Map<string, number>>();
  const segments = segmentsOf(text);
  const others = otherGameNames(
    catalogNames,
    called.map((c) => c.name),
  ).map((name) => ({ name }));
  const mask = namesMasker(masked);
  const gamesOf = (list: ReadonlyArray<NameOfGames<Game>>) => [...new Set(list.flatMap((c) => c.of))];
  segments.forEach((segment, at) => {
    const mapped = mask(segment.text);
    const written = numbersOfSegment(mapped.text);
    // A number cites only the game it is about (its clause's game; else the sentence's games).
    const about = gamesOfNumbers(segment.text, written, mapped, called, others);
    const referred = about.some((a) => a == null)
      ? gamesOf(gamesReferred({ segments, at, sentence: segment.text }, called))
      : [];
    written.forEach((w, i) => {
      if (w.value === 0) return;
      const of = about[i];
      for (const game of of ? gamesOf(of) : referred) {
        const figures = quoted.get(game) ?? new Map<string, number>();
        for (const f of game.figures) if (matches(f, w)) figures.set(f.path, f.value);
        quoted.set(game, figures);
      }
    });
  });
  // A title named by its bare name only ("Terraria") is cited by its first entry, unless the text
  // quotes or names some of its entries.
  const named = new Set<Game>();
  for (const c of gamesNamed(text, called))
    if (c.of.length === 1) named.add(c.of[0]!);
    else if (!c.of.some((g) => (quoted.get(g)?.size ?? 0) > 0)) named.add(c.of[0]!);
  return games
    .filter((g) => named.has(g) || (quoted.get(g)?.size ?? 0) > 0)
    .map((g) => ({
      gameId: g.gameId,
      // An entry of a title the catalog holds as several is named by its platforms, as its answer line
      // names it, also when the answer gives it alone (review r26/a #6).
      name: ((label) =>
        label === g.name && hasOtherEntries(g.facts) ? entryLabel(g.name, platformsInFacts(g.facts)) : label)(
        labelOf.get(g) ?? g.name,
      ),
      figures: oneFigureEach(quoted.get(g) ?? new Map()).map((f) => ({
        ...f,
        label: withPlatformNamed(f.label, g.facts),
      })),
    }));
}

/**
 * A published-units path with the platform it is of in place of its index
 * ("publishedSales.platforms[0].units" → "publishedSales.platforms[X360].units"), so that the
 * citation says which platform's units it quotes (review r26/a #7).
 */
function withPlatformNamed(path: string, facts: unknown): string {
  const at = path.match(/^publishedSales\.platforms\[(\d+)\]/);
  if (!at) return path;
  for (const o of Array.isArray(facts) ? facts : [facts]) {
    const platforms = (o as { publishedSales?: { platforms?: Array<{ platform?: unknown }> } } | null)
      ?.publishedSales?.platforms;
    const platform = platforms?.[Number(at[1])]?.platform;
    if (typeof platform === "string" && /^[^[\]]+$/.test(platform))
      return path.replace(at[0], `publishedSales.platforms[${platform}]`);
  }
  return path;
}

/** Whether a game's facts say the catalog holds its name as other entries too (factSheets' sameNameEntries). */
function hasOtherEntries(facts: unknown): boolean {
  return (Array.isArray(facts) ? facts : [facts]).some((o) => {
    const others = (o as { sameNameEntries?: unknown } | null)?.sameNameEntries;
    return Array.isArray(others) && others.length > 0;
  });
}

/**
 * A game's quoted figures, each once: one number that matches several fields of one table of a game's
 * facts (its published units: the total of a one-platform entry and that platform's, `publishedSales.units`
 * and `publishedSales.platforms[0].units`, review r25 rev1 finding 7; a platform's units and its one
 * region's) is one figure, cited by its shortest path. Fields of different tables (a 7-day and a
 * monthly average of the same value) stay apart: the number may be either.
 */
export function oneFigureEach(figures: ReadonlyMap<string, number>): CitedFigure[] {
  const order = [...figures.keys()];
  const table = (path: string) => path.split(/[.[]/)[0];
  const kept: CitedFigure[] = [];
  for (const [label, value] of [...figures].sort(([a], [b]) => a.length - b.length))
    if (!kept.some((k) => k.value === value && table(k.label) === table(label))) kept.push({ label, value });
  return kept.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label));
}

/** Words that start a question rather than a game's name. */
const QUESTION_WORDS = new Set(
  "which what who how why when where is are was were be been does do did can could should would will shall might must compare tell show give list the a an and or vs versus of in on for with about me".split(
    " ",
  ),
);

/**
 * Words to look games up by: runs of capitalised words or digits ("Compare Hades and Dead Cells" →
 * "Hades", "Dead Cells"), then the whole question. Only a game whose whole name the question holds is
 * taken from what they find (see statisticalAnswer).
 */
export function namesIn(question: string): string[] {
  const runs = question.match(/[A-Z0-9][\w'’:-]*(?:\s+(?:[A-Z0-9][\w'’:-]*|of|the))*/g) ?? [];
  const names = runs
    .map((run) => {
      const words = run.split(/\s+/);
      while (words.length && QUESTION_WORDS.has(words[0]!.toLowerCase())) words.shift();
      return words.join(" ");
    })
    .filter((n) => n.length >= 2);
  return [...new Set([...names, question])];
}

/** How many games of each search by namesIn are candidates for the games a question names. */
const NAMED_CANDIDATES = 20;
/** How many games of each search notInCatalog looks through for a name. */
const NAME_CHECK_GAMES = 50;

/**
 * Catalog searches of one answer, each query run once: a later ask for the same query, or one the
 * search reads the same ("Dota 2", "dota 2 ": searchQueryKey), is answered from the first, its first
 * `limit` games (the first games of a longer search are those of a shorter one:
 * tests/api/search-rank.test.ts). A failed search finds none.
 */
export type NameSearch = (
  query: string,
  limit: number,
  options?: { correct?: boolean },
) => Promise<SearchResult[]>;

/** Searches one answer keeps at most (a long answer's names); past it the least recently run goes. */
export const NAME_SEARCHES_KEPT = 256;

export function nameSearches(search: typeof searchGames = searchGames): NameSearch {
  const runs = new Map<string, { limit: number; found: Promise<SearchResult[]> }>();
  return (query, limit, { correct = false } = {}) => {
    const q = query.slice(0, 100);
    // A corrected search is the search box's (typing mistakes corrected): another answer than as typed.
    const key = `${correct ? "corrected\u0000" : ""}${searchQueryKey(q)}`;
    let run = runs.get(key);
    if (!run || run.limit < limit) {
      run = { limit, found: search(q, limit, { correct }).catch(() => []) };
      runs.delete(key);
      runs.set(key, run);
      if (runs.size > NAME_SEARCHES_KEPT) runs.delete(runs.keys().next().value!);
    }
    return run.found.then((games) => games.slice(0, limit));
  };
}

/**
 * The games a question names in full: looked up by namesIn, kept when the question holds the whole
 * name, all of them in the order the question names them (an answer takes MAX_QUESTION_GAMES and
 * says which it left out; the names' own checks read them all). Each run is searched for as many
 * games as notInCatalog looks through, so that its check of a run the answer found no game for reads
 * the same search from `search` rather than running it again.
 */
export async function gamesNamedIn(
  question: string,
  search: NameSearch = nameSearches(),
): Promise<NamedGame[]> {
  const candidates = new Map<string, Candidate>();
  const found = await Promise.all(
    namesIn(question).map((q) =>
      search(q, q === question ? NAMED_CANDIDATES : NAME_CHECK_GAMES).then((games) =>
        games.slice(0, NAMED_CANDIDATES),
      ),
    ),
  );
  for (const games of found) for (const g of games) candidates.set(g.id, candidateOf(g));
  const named = sameNamedEntries(question, namesFound(question, candidates.values()), [
    ...candidates.values(),
  ]);
  const referred = await gamesReferredIn(question, named, search);
  const ids = new Set(named.map((g) => g.id));
  // In the order the question names them: an answer covering the first MAX_QUESTION_GAMES of them
  // covers the first the user wrote (entries of one name stay together, in their order).
  const key = ` ${normalizeName(question)} `;
  const at = (g: NamedGame) => {
    const i = key.indexOf(` ${normalizeName(g.as ?? g.name)} `);
    return i < 0 ? Number.POSITIVE_INFINITY : i;
  };
  return [...named, ...referred.filter((g) => !ids.has(g.id))]
    .map((g, i) => ({ g, i, at: at(g) }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map(({ g }) => g);
}

/** A game a name search found, as sameNamedEntries reads it. */
interface Candidate {
  id: string;
  name: string;
  platforms: string[];
  releaseDate?: string | null;
  releaseYear?: number | null;
}

const candidateOf = (g: SearchResult): Candidate => ({
  id: g.id,
  name: g.name,
  platforms: g.platforms ?? [],
  releaseDate: g.releaseDate,
  releaseYear: g.releaseYear,
});

/**
 * Entries of one title oldest release first, as the game page's same-title section lists them (a
 * year alone before that year's dates, undated last; then by id): review r26/a #11.
 */
function oldestFirst<T extends Candidate>(entries: readonly T[]): T[] {
  const order = (c: Candidate) => releaseKey(c.releaseDate, c.releaseYear);
  return [...entries].sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    if (x !== y) return x == null ? 1 : y == null ? -1 : x < y ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/**
 * Every catalog entry of a name the question gives, where the catalog holds several (VGChartz's Grand
 * Theft Auto V: PC, PS3+X360, PS4+XOne: review r23-a #2), each with its platforms to tell it apart,
 * oldest first; when the question names platforms ("on PS4", "PlayStation 4") that some of them have,
 * those only. The question's words outside the game's name (and outside `as`, the words it was
 * referred to by: "gta 5") are read for platforms ("Wii Sports" names no Wii).
 */
export function sameNamedEntries(
  question: string,
  named: ReadonlyArray<{ id: string; name: string; as?: string }>,
  candidates: ReadonlyArray<Candidate>,
): NamedGame[] {
  const out: NamedGame[] = [];
  const seen = new Set<string>();
  for (const game of named) {
    if (seen.has(game.id)) continue;
    // One title as the game page has it (sameTitleKey): "魔塔" has no entries in "勇者" (review r26/b #2).
    const key = sameTitleKey(game.name);
    const group = key === null ? [] : oldestFirst(candidates.filter((c) => sameTitleKey(c.name) === key));
    if (!group.some((c) => c.id === game.id) || group.length < 2) {
      seen.add(game.id);
      out.push({ id: game.id, name: game.name });
      continue;
    }
    const rest = [game.name, ...(game.as ? [game.as] : [])].reduce(
      (text, words) => text.replace(new RegExp(escapeRegExp(words), "giu"), " "),
      question,
    );
    const mentioned = (platform: string) => {
      const known = platformOf(platform);
      return [platform, known.name, known.abbreviation]
        .filter((s): s is string => !!s)
        .some((s) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(s)}(?![\\p{L}\\p{N}])`, "iu").test(rest));
    };
    const onPlatform = group.filter((c) => c.platforms.some(mentioned));
    for (const c of onPlatform.length ? onPlatform : group) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push({ id: c.id, name: c.name, platforms: c.platforms });
    }
  }
  return out;
}

/** A game the question names: by its name, or (`as`) by the words of the question that refer to it. */
export interface NamedGame {
  id: string;
  name: string;
  /** Its platforms, when the catalog holds other entries of the same name (sameNamedEntries). */
  platforms?: string[];
  /** The question's words it was found by when they are not its name ("PUBG", "gta 5", "Dark Souls 3"). */
  as?: string;
  /** The former name it was found by, when the question calls it by no form of its name now. */
  formerly?: string;
  /**
   * The question's words (`as` too) when the search box's typo correction read them as this game's
   * name ("Hollow Knigt" → Hollow Knight): the answer says so.
   */
  corrected?: string;
}

/** Words of a question that say what is asked rather than which game: never a game reference alone. */
const ASKING_WORDS = new Set(
  `many much people play plays played playing have has had sell sells selling sold make makes made earn earns
  earned earning earnings right now currently recently number count total totals estimate estimates estimated
  future forecast forecasts forecasting predict predicted prediction predictions projected projection expect
  expected
  look looks doing compared comparison between rank ranked ranking rated rating ratings owned own ownership
  copies units unit gross net income money week weeks month months year years day days daily monthly weekly
  average peak concurrent stats statistics figures figure data big bigger biggest good better well doing
  please thanks want know need get see than year's`.split(/\s+/),
);

/** The names a question's games account for: theirs, and the words that referred to them ("PUBG"). */
const accounted = (games: readonly NamedGame[]) => [
  ...games,
  ...games.flatMap((g) => (g.as ? [{ name: g.as }] : [])),
];

/** Runs of words a question's game references are looked for in, at most this long. */
const REFERENCE_WORDS = 6;
/** Catalog searches for game references per question at most. */
const REFERENCE_SEARCHES = 24;
/** Games of each search a reference is checked against. */
const REFERENCE_CANDIDATES = 10;

/** A key with its numbers 1–20 written the other way (3 ↔ iii, fuzzy.ts), or null when it has none. */
function otherNumerals(key: string): string | null {
  let changed = false;
  const words = key.split(" ").map((w) => {
    // A lone "i" or "v" is too often a word ("I", "v." for versus) to be read as a number.
    const alias = w === "i" || w === "v" ? null : numeralAlias(w);
    if (alias === null) return w;
    changed = true;
    return alias;
  });
  return changed ? words.join(" ") : null;
}

/**
 * The question's words that may refer to a game: its runs of words with no question word, common word
 * ("most", "games", "players") or asking word ("many", "played", "right now") among them, and with a
 * letter ("How many players does PUBG have?" → "PUBG"; "gta 5 players" → "gta 5"). Each with its words.
 */
export function referencesIn(question: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const words = question.match(/[\p{L}\p{N}][\p{L}\p{N}'’:.&-]*/gu) ?? [];
  for (const raw of words) {
    const word = raw.replace(/[.:'’-]+$/u, "").replace(/['’]s$/iu, "");
    const key = normalizeName(word);
    const filler =
      !key ||
      QUESTION_WORDS.has(key) ||
      COMMON_WORDS.has(key) ||
      ASKING_WORDS.has(key) ||
      // A platform's number ("PlayStation 3") is a game's too ("Dark Souls 3"); a year is no name.
      (NOT_GAME_WORDS.has(key) && !/^\d+$/.test(key)) ||
      /^(?:19|20)\d\d$/.test(key);
    if (filler) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(word);
  }
  if (run.length) runs.push(run);
  return runs.filter((r) => r.some((w) => /\p{L}/u.test(w))).map((r) => r.slice(0, REFERENCE_WORDS));
}

/**
 * Whether the words `span` refer to the game as the search box finds it, typing mistakes not
 * corrected (a corrected game is one the question did not name): its name or a former name, or the
 * title before a subtitle ("PUBG" of "PUBG: BATTLEGROUNDS", "Witcher 3" of "The Witcher 3: Wild Hunt"),
 * with numbers written either way ("Dark Souls 3" of "DARK SOULS III"); an abbreviation of one of
 * those (docs/decisions/028: "gta 5" of "Grand Theft Auto V"), unless it is a plain lowercase word
 * the catalog has in some game's name, credits or tags; or a short form written in capitals ("PUBG" of
 * "PLAYERUNKNOWN'S BATTLEGROUNDS").
 */
export function refersTo(
  span: string,
  game: { name: string; formerNames?: readonly string[] },
  knownWord: (word: string) => boolean = () => false,
): boolean {
  return referenceKind(span, game, knownWord) !== null;
}

/**
 * How the words `span` refer to the game (see refersTo): by its name, title or former name
 * (`"name"`), by the initials of one (`"initials"`: "gta 5", "Dota" of Defenders of Tetsoidea
 * Academy), or as a short form written in capitals (`"short"`: "PUBG"); null when they do not.
 */
export function referenceKind(
  span: string,
  game: { name: string; formerNames?: readonly string[] },
  knownWord: (word: string) => boolean = () => false,
): "name" | "initials" | "short" | null {
  const key = normalizeName(span);
  if (!key || !/[a-z]/.test(key)) return null;
  const keys = [key, otherNumerals(key)].filter((k): k is string => k != null);
  // A possessive is read without its "'s" on both sides: referencesIn drops it from the question's
  // words ("PLAYERUNKNOWN'S BATTLEGROUNDS" → "PLAYERUNKNOWN BATTLEGROUNDS"), so a name holding one
  // is matched without it too (review r22-a, item 2).
  const named = [game.name, ...(game.formerNames ?? [])];
  const names = [...new Set([...named, ...named.map((n) => n.replace(/['’]s(?![\p{L}\p{N}])/giu, ""))])];
  const titles = new Set(
    names.flatMap((name) => {
      const title = name.split(SUBTITLE)[0]!;
      return [normalizeName(name), normalizeName(title)].flatMap((k) => [k, k.replace(/^the /, "")]);
    }),
  );
  if (keys.some((k) => titles.has(k))) return "name";
  const plainWord = /^[a-z]+$/.test(span);
  if (!(plainWord && knownWord(span))) {
    const initials = new Set(names.flatMap((name) => initialsKeys(name)));
    if (keys.some((k) => initials.has(k.replace(/ /g, "")))) return "initials";
  }
  return !/\s/.test(span.trim()) && (span.match(/\p{Lu}/gu)?.length ?? 0) >= 2 && isShortForm(span, game.name)
    ? "short"
    : null;
}

/**
 * The games the question refers to by words that are not their whole names (see refersTo), outside
 * the games already found by name: each run of referencesIn, its longest spans first, each span
 * searched as typed and with its numbers written the other way ("gta 5" → "gta v"), and the best
 * ranked game it refers to taken. A span referring to no game as typed is searched as the search box
 * searches it, typing mistakes corrected (docs/decisions/028): a game its corrected words refer to is
 * taken, `corrected` (review r29-a, finding 1: "Hollow Knigt" is Hollow Knight). A span that is part of
 * a run whose next word beside it is one the catalog knows nowhere (no name word starts with it, no
 * name, credit or tag has it) is part of a name the catalog does not hold as typed: "Hollow" of
 * "Hollow Kxqzvvt" is not the game Hollow.
 */
async function gamesReferredIn(
  question: string,
  named: readonly NamedGame[],
  search: NameSearch,
): Promise<NamedGame[]> {
  const covered = ` ${normalizeName(named.map((g) => g.name).join(" | "))} `;
  const knownWord = await catalogKnows();
  const knownTerm = await catalogTerms();
  const found: NamedGame[] = [];
  const formerNames = formerNamesReader();
  let searches = 0;
  for (const run of referencesIn(question)) {
    const taken = run.map(() => false);
    const unknown = run.map((word) => !knownTerm(word));
    for (let size = run.length; size >= 1; size--)
      for (let from = 0; from + size <= run.length; from++) {
        if (taken.slice(from, from + size).some(Boolean)) continue;
        const span = run.slice(from, from + size).join(" ");
        const key = normalizeName(span);
        // Words of a game already found by its name ("Dead Cells"), or no word with a letter.
        if (!/[a-z]/.test(key) || covered.includes(` ${key} `)) continue;
        const beside = [from - 1, from + size].filter((i) => i >= 0 && i < run.length && !taken[i]);
        const partOfUnknownName = beside.some((i) => unknown[i]);
        const queries = [span, otherNumerals(key)].filter((q): q is string => q != null);
        let game: SearchResult | undefined;
        let games: SearchResult[] = [];
        let former: ReadonlyMap<string, string[]> = new Map();
        let corrected: string | undefined;
        if (!partOfUnknownName) {
          if (searches + queries.length > REFERENCE_SEARCHES) return found;
          searches += queries.length;
          games = (await Promise.all(queries.map((q) => search(q, REFERENCE_CANDIDATES)))).flat();
          if (games.length) {
            former = await formerNames(games.map((g) => g.id));
            const kindOf = (g: SearchResult) =>
              referenceKind(span, { name: g.name, formerNames: former.get(g.id) }, knownWord);
            game = games.find((g) => kindOf(g) !== null);
            if (game && kindOf(game) === "initials") {
              // Another game's name starting with the words, ranked above by the search, is the game
              // meant: "Dota" is Dota 2, not Defenders of Tetsoidea Academy (review r29/v, finding 2).
              // Either way the answer says what the words were read as.
              const initialsGame = game;
              game =
                games
                  .slice(0, games.indexOf(initialsGame))
                  .find((g) => normalizeName(g.name).startsWith(`${key} `)) ?? initialsGame;
              corrected = span;
            }
          }
        }
        // A name with its last letter dropped ("What did Celest earn?"), as the search box ranks it
        // first: the start of a name's word is no unknown word, so it is not corrected below
        // (review r29/v, finding 3).
        if (!game && games[0] && looksLikeName(question, span)) {
          const first = games[0];
          const titles = [first.name, first.name.split(SUBTITLE)[0]!].map(normalizeName);
          if (titles.some((t) => t.length === key.length + 1 && t.startsWith(key))) {
            game = first;
            corrected = span;
          }
        }
        // As the search box reads it: only a span with a word the catalog knows nowhere is corrected,
        // and only one that looks like a name (review r29/v, finding 1: "grows" is no "GROW: Wild West").
        if (!game && looksLikeName(question, span) && span.split(" ").some((w) => !knownTerm(w))) {
          if (searches + 1 > REFERENCE_SEARCHES) return found;
          searches += 1;
          games = await search(span, REFERENCE_CANDIDATES, { correct: true });
          const read = games[0]?.correctedQuery;
          if (read) {
            former = await formerNames(games.map((g) => g.id));
            game = games.find((g) =>
              refersTo(read, { name: g.name, formerNames: former.get(g.id) }, knownWord),
            );
            if (game) corrected = span;
          }
        }
        if (!game) continue;
        taken.fill(true, from, from + size);
        const words = games[0]?.correctedQuery ?? span;
        // Found by a former name only: the answer says what it is called now (review r25 rev1, finding 7).
        const formerly = refersTo(words, { name: game.name }, knownWord)
          ? undefined
          : former.get(game.id)?.find((name) => refersTo(words, { name }, knownWord));
        // A title the catalog holds as several entries is answered with all of them, as by its full
        // name ("gta 5" answered Grand Theft Auto V's PC entry alone: review r26/a #6).
        const entries = sameNamedEntries(
          question,
          [{ id: game.id, name: game.name, as: span }],
          games.map(candidateOf),
        );
        for (const entry of entries)
          if (!found.some((g) => g.id === entry.id))
            found.push({
              ...entry,
              as: span,
              ...(formerly ? { formerly } : {}),
              ...(corrected ? { corrected } : {}),
            });
      }
  }
  return found;
}

/**
 * Whether the question's words `span` look like a game's name the user may have mistyped: several
 * words ("stardw valey", "Hollow Knigt"), or one word with a capital letter that does not start a
 * sentence ("What did Celest earn?"). A single lowercase word, or the capitalised first word of a
 * sentence, is read as the ordinary word it most likely is: "Which genre grows fastest?" does not ask
 * about the game GROW: Wild West (review r29/v, finding 1).
 */
export function looksLikeName(question: string, span: string): boolean {
  const words = span.split(" ");
  if (words.length >= 2) return true;
  const word = words[0] ?? "";
  if (!/\p{Lu}/u.test(word)) return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return !new RegExp(`(?:^|[.!?]\\s+)[^\\p{L}\\p{N}]*${escaped}(?![\\p{L}\\p{N}])`, "u").test(
    question.trim(),
  );
}

/**
 * Whether the catalog knows a word as the search box reads it (each of its words: the start of some
 * name's word, or a whole word of a name, former name, credit or tag); without the search index, or
 * with no game in it (nothing to correct a word to), every word.
 */
async function catalogTerms(): Promise<(word: string) => boolean> {
  const index = await searchIndex().catch(() => null);
  return index && index.size > 0
    ? (word) => searchTokens(word).every((t) => index.hasNamePrefix(t) || index.hasWord(t))
    : () => true;
}

/**
 * The former names of games (`games.former_names`) by id, an empty list for a game without, for one
 * question's references: each game's read once (the spans of a run mostly find the same games), the
 * games not read yet in one query. A failed read is tried again at the next ask, answering none meanwhile.
 */
function formerNamesReader(): (ids: readonly string[]) => Promise<ReadonlyMap<string, string[]>> {
  const known = new Map<string, string[]>();
  return async (ids) => {
    const fresh = [...new Set(ids)].filter((id) => !known.has(id));
    if (!fresh.length) return known;
    const rows = await readRows(
      "SELECT id, former_names FROM games WHERE former_names IS NOT NULL AND id IN (SELECT value FROM json_each(?))",
      [JSON.stringify(fresh)],
    ).catch(() => null);
    if (!rows) return known;
    for (const id of fresh) known.set(id, []);
    for (const row of rows) known.set(String(row.id), parseFormerNames(String(row.former_names)));
    return known;
  };
}

/**
 * Platforms, and genres and kinds of game the catalog's tags may spell otherwise: words a question
 * speaks of that name no game ("Nintendo Switch", "PC", "roguelikes"). The words of every platform
 * the catalog's platform names know (platform-names.ts: "playstation", "ps4", "wii", "gamecube",
 * "dreamcast"…), and those of platforms it has no other spelling of, and of devices and genres.
 */
const NOT_GAME_WORDS = new Set([
  ...platformSpellings().flatMap((spelling) => normalizeName(spelling).split(" ")),
  ...`pcs mac macos osx linux steamos deck ps1 ps5 series switch ios android iphone ipad mobile console
  consoles handheld vr fps mmo mmorpg moba rts roguelike roguelikes roguelite roguelites platformer
  platformers metroidvania metroidvanias shooters rpgs sandbox survival`.split(/\s+/),
]);

/**
 * Words of a run that name nothing by themselves: common words, numbers, quarters and halves
 * ("Q3", "H1"), platforms and genres, and short all-capital words (FPS, DLC, AAA, PC).
 */
function namesNothing(word: string): boolean {
  if (/^\p{Lu}[\p{Lu}\d]{0,3}$/u.test(word) || /^[QH][1-4]$/i.test(word)) return true;
  const key = normalizeName(word);
  return !key || key.split(" ").every((w) => COMMON_WORDS.has(w) || NOT_GAME_WORDS.has(w) || /^\d+$/.test(w));
}

/**
 * Whether the question lists the run among others ("Hades and Dead Cells", "Hades vs Celeste",
 * "A, B or C"): then it is read as a game's name whatever else the word may be. ("Compare Valve's
 * games with Elden Ring" lists no Valve.)
 */
function listedIn(question: string, run: string): boolean {
  const joined = String.raw`(?:\s+(?:and|or|vs\.?|versus)\s+|\s*[,&/]\s*)`;
  const name = escapeRegExp(run);
  return new RegExp(`${joined}${name}(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])${name}${joined}`, "u").test(
    question,
  );
}

/**
 * The names a question gives that no catalog game answers to ("Compare Hades and Dead Cells" with only
 * Dead Cells found → "Hades"): the runs of capitalised words namesIn reads, with a word that names
 * something (not only common words, numbers, quarters, platforms, genres or short capitals: "FPS",
 * "Q3 2023", "Nintendo Switch"), that none of the games found accounts for (the run holds its whole
 * name, or is its short form: "CS:GO"). A game whose name only holds the run ("Hades' Star" for
 * "Hades") does not.
 *
 * Only a run the question plainly gives as a game's name is said: one it lists with others ("Hades
 * and Dead Cells", "Hades vs Celeste"), or one with a word the catalog knows nowhere (`known`: in no game's name, developer,
 * publisher or tags, as the search index has them). "How much revenue did Valve make?" names a
 * developer, not a game we lack.
 */
export function namesNotFound(
  question: string,
  found: ReadonlyArray<{ name: string }>,
  known: (word: string) => boolean = () => false,
): string[] {
  const keys = found.map((g) => ({ name: g.name, key: normalizeName(g.name) }));
  // Words that open a sentence are capitalised whatever they are ("Say…", "Rank…"): one alone there is no name.
  const openers = new Set(
    [...question.matchAll(/(?:^|[.!?]\s+)([\p{L}\p{N}'’:-]+)/gu)].map((m) => m[1]!.toLowerCase()),
  );
  const names = namesIn(question)
    .map((run) => run.replace(/['’]s?$/u, ""))
    .filter((run) => {
      if (run === question || !/\p{L}/u.test(run)) return false;
      const key = normalizeName(run);
      if (!key || run.split(/\s+/).every(namesNothing)) return false;
      if (key.split(" ").length === 1 && openers.has(run.toLowerCase())) return false;
      // The run holds a found game's whole name, or is its short form ("CS:GO": two capitals or more).
      if (
        keys.some(
          (g) =>
            ` ${key} `.includes(` ${g.key} `) ||
            run.split(/\s+/).some((w) => /\p{Lu}.*\p{Lu}/u.test(w) && isShortForm(w, g.name)),
        )
      )
        return false;
      if (listedIn(question, run)) return true;
      // A place or a company ("popular in Europe", "a studio in Berlin", "games from Valve") or a kind
      // of game ("Battle Royale games") is no game's name, whatever words it has.
      if (placeOrKind(question, run)) return false;
      return !fieldWords(run).every(known);
    });
  return [...new Set(names)].slice(0, MAX_QUESTION_GAMES);
}

/**
 * Whether the question writes the run after "in", "from", "at", "by"… or before "games", "studio"…,
 * or the run ends as a company's does ("Indie Studio").
 */
function placeOrKind(question: string, run: string): boolean {
  if (/\s(?:studios?|publishers?|developers?|company|companies)$/iu.test(run)) return true;
  const name = escapeRegExp(run);
  return new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:in|from|at|by|near|across|to|of)\s+(?:the\s+)?${name}(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])${name}\s+(?:games?|titles?|studios?|developers?|publishers?|editions?|genres?|market|players)(?![\p{L}\p{N}])`,
    "iu",
  ).test(question);
}

/**
 * The names of `names` the catalog has in no form: checked as the answer's own name matching reads
 * names, against the games a search for the name, its words and its first letter finds (the most
 * popular first): a name that is part of a game's name ("Witcher 3" of "The Witcher 3: Wild Hunt",
 * "Ori" of "Ori and the Blind Forest"), a short form of it ("CS:GO", "GTA V", "PUBG"), or a developer's
 * or publisher's exact name ("Valve", "Ubisoft"). A name found so is not said missing: a false "not
 * in our catalog" is worse than saying nothing.
 */
export async function notInCatalog(
  names: readonly string[],
  search: NameSearch = nameSearches(),
): Promise<string[]> {
  const missing: string[] = [];
  for (const name of names) if (!(await catalogHasName(name, search))) missing.push(name);
  return missing;
}

async function catalogHasName(name: string, search: NameSearch): Promise<boolean> {
  const key = normalizeName(name);
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const queries = [name, ...words.filter((w) => w.length >= 2), words[0]?.[0] ?? ""].filter(Boolean);
  const games = (await Promise.all(queries.map((q) => search(q, NAME_CHECK_GAMES)))).flat();
  const compact = name.replace(/\s+/g, "");
  // A name with a word the catalog knows nowhere does not name the game whose name is its other
  // words: "Hollow Kxqzvvt" is no name of Hollow (review r29-a, finding 1).
  const knownTerm = await catalogTerms();
  const holdsUnknown = words.some((w) => !knownTerm(w));
  const named = games.some(
    (g) =>
      (key && ` ${normalizeName(g.name)} `.includes(` ${key} `)) ||
      isShortForm(compact, g.name) ||
      words.some((w) => isShortForm(w, g.name)) ||
      (!holdsUnknown && gamesNamed(name, [g]).length > 0),
  );
  if (named) return true;
  // A developer or publisher, co-credits too: the catalog index's company lookup (as company pages
  // use it), in memory, not a scan of every game's credits. Without the index, nothing is said missing.
  const slug = slugify(name);
  if (!slug) return false;
  return catalogIndex().then(
    ({ index }) => index.companyGameIds(slug).length > 0,
    () => true,
  );
}

/**
 * Whether the catalog knows a word in any game's name, developer, publisher or tags; without the
 * search index, every word (nothing is said missing but what the question lists).
 */
async function catalogKnows(): Promise<(word: string) => boolean> {
  const index = await searchIndex().catch(() => null);
  return index ? (word) => index.hasWord(word) : () => true;
}

const NOT_IN_DATA = "a number that is not in our data";
/** As the analysis card says it of a figure that is a fact, only of another game than the sentence's. */
const NOT_ABOUT = "a number that is not a figure of what the sentence speaks of";

/**
 * What the chat's note says of the sentences the number check dropped, each for why it was: a
 * number that is none of the facts, or one that is a fact of another game than the sentence speaks
 * of (`notAbout`), counted apart. `withheld` is the answer's text when no sentence was kept.
 */
export function droppedNote(
  drops: ReadonlyArray<{ unknown: readonly string[]; notAbout?: readonly string[] }>,
  segments: number,
  kept: boolean,
): { note: string; withheld: string } {
  const unknown = drops.filter((d) => d.unknown.length > 0).length;
  const notAbout = drops.length - unknown;
  const citing = (n: number, what: string) => `${n} citing ${what}`;
  const withheld =
    notAbout === 0
      ? "The answer cited figures that are not in our data and was withheld."
      : unknown === 0
        ? "The answer cited figures that are not of what its sentences speak of and was withheld."
        : "The answer cited figures that are not in our data, or not of what its sentences speak of, and was withheld.";
  if (!kept) {
    const what =
      notAbout === 0
        ? NOT_IN_DATA
        : unknown === 0
          ? NOT_ABOUT
          : `${NOT_IN_DATA} (${unknown}) or ${NOT_ABOUT} (${notAbout})`;
    return {
      note: `Every sentence of the answer (${segments}) cited ${what}, so it was withheld.`,
      withheld,
    };
  }
  const were = drops.length === 1 ? "was" : "were";
  if (unknown === 0 || notAbout === 0)
    return {
      note: `${drops.length} of its ${segments} sentences citing ${notAbout === 0 ? NOT_IN_DATA : NOT_ABOUT} ${were} left out.`,
      withheld,
    };
  return {
    note: `${drops.length} of its ${segments} sentences ${were} left out: ${citing(unknown, NOT_IN_DATA)}, ${citing(notAbout, NOT_ABOUT)}.`,
    withheld,
  };
}

/** What the answer says of names it found no game for: "Our catalog has no game called Hades." */
export function notFoundSentence(names: readonly string[]): string {
  return `Our catalog has no game called ${listed(names.map((n) => `“${n}”`)).replace(/ and (?=“[^“]*$)/, " or ")}.`;
}

/**
 * The 7-day player average in words, saying how many days of readings it rests on: one reading is
 * no week's average, and fewer than 7 days are not "the last 7 days".
 */
export function playersSentence(average: number, days: number): string {
  const players = average.toLocaleString("en");
  if (days >= PLAYER_WINDOW_DAYS)
    return `${players} average daily players over the last ${PLAYER_WINDOW_DAYS} days`;
  if (days <= 1)
    return `${players} players on the one day of readings we have (not yet a ${PLAYER_WINDOW_DAYS}-day average)`;
  return `${players} average daily players over the ${days} days of readings in the last ${PLAYER_WINDOW_DAYS}`;
}

/** A question about players or their change ("How many players…", "is it growing?"). */
const ASKS_PLAYERS =
  /\b(players?|playing|play count|ccu|audience|popular(ity)?|grow(s|ing|th)?|declin(e|es|ing)|shrink(s|ing)?|trend(s|ing)?)\b/i;

/** A question about owners, sales or revenue ("How many owners…", "how much did it sell?"). */
const ASKS_OWNERS_WORDS =
  /\b(owners?|owned|ownership|sales|sells?|selling|sold|units|copies|revenue|earn(?:s|ed|ings?)?|gross|income)\b/i;
const asksOwnersIn = (question: string) => ASKS_OWNERS_WORDS.test(question) || ASKS_REVENUE.test(question);
/** …about units sold, and about revenue: their estimates are given beside the owners'. */
const ASKS_UNITS = /\b(sales|sells?|selling|sold|units|copies)\b/i;
const ASKS_REVENUE =
  /\b(revenue|earn(?:s|ed|ings?)?|gross|income|money|dollars)\b|\bhow much\b[^.?!]*\b(make|makes|made|making)\b/i;
/**
 * A question about what a game will earn or sell ("What will it earn next year?", "Forecast its
 * revenue", "How much will it sell in 2027?"): no estimate looks ahead, so the answer says it makes no
 * forecast (review r29-a, finding 2). Asked with ASKS_OWNERS: a players projection is a forecast we make.
 */
const ASKS_FUTURE =
  /\b(forecasts?|forecasting|predict(?:s|ed|ion|ions)?|projections?|future|next (?:year|month|quarter|season|decade)|coming (?:year|months?|quarters?)|(?:will|going to)\b[^.?!]*\b(?:earn|make|sell|gross|bring|reach))\b/i;

type EstimateRange = { low: number; mid?: number; high: number };

/**
 * An estimate as the game page's estimates give it: the P50 with its P10–P90 range, or for a
 * low-signal estimate the range alone (never a single figure).
 */
export function estimateSentence(what: string, range: EstimateRange, dollars = false): string {
  const f = (v: number) => `${dollars ? "$" : ""}${Math.round(v).toLocaleString("en")}`;
  return range.mid == null
    ? `${what} between ${f(range.low)} and ${f(range.high)} (P10–P90; too little is known of the game for a single figure)`
    : `${what} ${f(range.mid)} (P50; P10–P90 ${f(range.low)}–${f(range.high)})`;
}

/**
 * The methods an estimate blends, as the game page's estimates list them: "from the review model ",
 * "from a blend of review model (60 %) and owners band (40 %) "; a method outside its fitted range
 * (weight 0) gives no figure and is not named.
 */
export function estimateMethods(methods: ReadonlyArray<{ label: string; weight: number }>): string {
  const used = methods.filter((m) => m.weight > 0);
  if (used.length === 0) return "";
  if (used.length === 1) return `from the ${used[0]!.label.toLowerCase()} `;
  const named = used.map((m) => `${m.label.toLowerCase()} (${Math.round(m.weight * 100)} %)`);
  return `from a blend of ${named.slice(0, -1).join(", ")} and ${named.at(-1)} `;
}

/**
 * The estimates a question about owners, sales or revenue asks for, in words: owners always, units
 * sold and gross revenue when asked, then the model and its blend of methods (as the game page's
 * estimates panel shows them), or why there is no figure.
 */
async function estimatesSentence(
  sheet: Awaited<ReturnType<typeof factSheets>>[number],
  question: string,
): Promise<string> {
  const facts = sheet.estimates;
  if (!facts?.owners) {
    const e = await getGameEstimate(sheet.gameId, { inputSources: false }).catch(() => null);
    return e?.covered === false ? `owners ${MISSING_ESTIMATE.notCovered}` : "no owners estimate";
  }
  const free = sheet.priceUsd === 0;
  // Asked for the future, each estimate is said to be to date: none looks ahead.
  const toDate = asksForecast(question) ? " to date" : "";
  const parts = [estimateSentence(`estimated owners${toDate}`, facts.owners)];
  if (ASKS_UNITS.test(question))
    parts.push(
      free
        ? `units sold ${MISSING_ESTIMATE.freeUnits}`
        : facts.unitsSold
          ? estimateSentence(`estimated units sold${toDate}`, facts.unitsSold)
          : `units sold ${MISSING_ESTIMATE.noPrice}`,
    );
  if (ASKS_REVENUE.test(question))
    parts.push(
      free
        ? `gross revenue ${MISSING_ESTIMATE.freeRevenue}`
        : facts.grossRevenueUsd
          ? estimateSentence(`estimated gross revenue${toDate}`, facts.grossRevenueUsd, true)
          : `gross revenue ${MISSING_ESTIMATE.noPrice}`,
    );
  const e = await getGameEstimate(sheet.gameId, { inputSources: false }).catch(() => null);
  return `${parts.join(", ")}, ${estimateMethods(e?.methods ?? [])}(estimates model ${facts.modelVersion})`;
}

/** Whether the question asks what games will earn or sell (ASKS_FUTURE with ASKS_OWNERS). */
const asksForecast = (question: string) => ASKS_FUTURE.test(question) && asksOwnersIn(question);

/**
 * What the answer says it cannot answer, before its lines (review r29-a, finding 2): no forecast of
 * earnings or sales; no revenue estimate for a free-to-play game (as the Market Screener says: its
 * in-game revenue is not estimated); no revenue figure for a game with published units only (sales
 * files give units, not revenue, and the estimates, from Steam figures, do not cover it). An entry of a
 * title whose other entries have an estimate is named with its platforms (`label`), a title none of
 * whose entries has one by its name alone.
 */
export function cannotAnswer(
  question: string,
  sheets: ReadonlyArray<{
    name: string;
    label: string;
    priceUsd: number | null;
    hasEstimate: boolean;
    hasPublished: boolean;
  }>,
): string[] {
  const out: string[] = [];
  if (asksForecast(question))
    out.push(
      "I make no forecast of future earnings or sales: the estimates below are each game's lifetime figures to date.",
    );
  if (!ASKS_REVENUE.test(question)) return out;
  const free = [...new Set(sheets.filter((s) => s.priceUsd === 0).map((s) => s.name))];
  for (const name of free)
    out.push(
      `No revenue estimate for ${name}: it is free to play, and free-to-play games sell no copies; their in-game revenue is not estimated.`,
    );
  const unitsOnly = sheets.filter((s) => s.priceUsd !== 0 && !s.hasEstimate && s.hasPublished);
  const labels = [
    ...new Set(
      unitsOnly.map((s) =>
        sheets.some((other) => other.name === s.name && other.hasEstimate) ? s.label : s.name,
      ),
    ),
  ];
  if (labels.length)
    out.push(
      `No revenue figure for ${labels.length < 2 ? labels[0] : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`}: published sales give units sold, not revenue, and our estimates (from Steam figures) do not cover ${labels.length > 1 ? "them" : "it"}.`,
    );
  return out;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A question about where games sold ("in which regions", "in Japan", "in the US", "NA sales"):
 * published sales then give their regions. "us", "na" and "eu" are words too ("Tell us about Wii
 * Sports", review r24 #11): as regions they are written in capitals, or follow "in".
 */
const ASKS_REGIONS_WORDS =
  /\b(regions?|regional|where|north america|america|usa|europe|european|japan|japanese|jp)\b/i;
const ASKS_REGIONS_CODES = /\b(US|NA|EU|JP)\b/;
const ASKS_REGIONS_IN = /\bin (the )?(us|na|eu)\b/i;
const asksRegions = (question: string) =>
  ASKS_REGIONS_WORDS.test(question) || ASKS_REGIONS_CODES.test(question) || ASKS_REGIONS_IN.test(question);

/**
 * A figure's source and date as a source note writes them ("Steam via SteamSpy (dataset) · Jun 2023"):
 * a source dating by the month, or data older than 60 days, by its month; newer data by its day. Several
 * sources are joined with "; "; none is said as such ("source not recorded"), never left out.
 */
export function sourceWords(provenance: readonly Provenance[], now = Date.now()): string {
  const named = provenance.filter((p) => p.source.trim() && p.source.toLowerCase() !== "none");
  if (!named.length) return "source not recorded";
  return named
    .map((p) => {
      const t = p.asOf == null ? Number.NaN : Date.parse(p.asOf);
      if (Number.isNaN(t)) return `${p.source} · date not given`;
      const byMonth = p.asOfPrecision === "month" || now - t >= 60 * 86_400_000;
      return `${p.source} · ${(byMonth ? utcMonth : utcDay)(t)}`;
    })
    .join("; ");
}

const USD = new Intl.NumberFormat("en", { style: "currency", currency: "USD" });

/**
 * A price as every screen writes it (the client's formatPrice and priceText): money with its cents
 * ("$15.20"), a price of 0 as "Free", and a sale as "$5.99 (90% off $59.99)".
 */
export function priceWords(price: number, discount?: { listPrice: number; percent: number } | null): string {
  if (price === 0) return "Free";
  const money = USD.format(price);
  return discount ? `${money} (${discount.percent}% off ${USD.format(discount.listPrice)})` : money;
}

/** Units as the datasets publish them: millions to two decimals ("82.53 million"). */
const millions = (units: number) =>
  `${(units / 1_000_000).toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} million`;

const REGION_NAMES = [
  ["northAmerica", "North America"],
  ["europe", "Europe"],
  ["japan", "Japan"],
  ["other", "other regions"],
] as const;

/**
 * Published unit sales in words (the game page's "Units sold (published)"): the total and its platforms,
 * with the regions when the question asks where, a region no platform gives said so, and one some do not
 * give said as a partial sum. Never added to an estimate: they are another measure of another source.
 */
export function publishedSalesWords(sales: PublishedSales, regions: boolean): string {
  const platforms = sales.platforms.map((p) =>
    sales.platforms.length > 1 ? `${p.platform} ${millions(p.units)}` : p.platform,
  );
  const parts = [`${millions(sales.units)} units sold as published (${platforms.join(", ")})`];
  if (regions) {
    const given = REGION_NAMES.flatMap(([key, name]) => {
      const value = sales.regions[key];
      if (value == null) return [];
      const gap = sales.regionsNotGiven[key];
      return [
        `${name} ${millions(value)}${gap ? ` (${gap} of ${sales.platforms.length} platforms do not give it)` : ""}`,
      ];
    });
    const missing = REGION_NAMES.filter(([key]) => sales.regions[key] == null).map(([, name]) => name);
    parts.push(
      `by region ${given.length ? given.join(", ") : "none given"}${missing.length ? `; ${missing.join(", ")} not given by the file` : ""}`,
    );
  }
  return parts.join(", ");
}

/**
 * Without the model: the facts of the games the question names, as plain sentences; when it names
 * none, of the games the model's tool calls had already found (a model that ran out of steps). Each
 * game's newest player figure with its period and change (the 7-day average, else the monthly mean
 * month on month, as Game Analysis states it), first when the question asks about players (review
 * r20c, item 4); `quoted` says which figures the text holds, so the answer names only their sources.
 * Every figure names its source and date beside it (review r22-a, item 2), and a question about sales
 * gets the published units where the catalog holds them, beside (never added to) the Steam estimate.
 */
async function statisticalAnswer(
  ledger: ToolLedger,
  namedInQuestion: Promise<NamedGame[]>,
  question: string,
  search: NameSearch,
): Promise<{ text: string; cited?: string; quoted: Quoted[] }> {
  const all = await namedInQuestion;
  // At most MAX_QUESTION_GAMES games as the user names them, as compare_games and the Compare screen
  // take: a title the catalog holds as several entries counts once, answered with its entries (up to
  // MAX_TITLE_ENTRIES); the titles and entries past that are said.
  const cover = coverTitles(all);
  const found = cover.covered;
  const leftOut = cover.titlesLeftOut.map((entries) => entries[0]!.as ?? entries[0]!.name);
  const entriesLeftOut = cover.entriesLeftOut.map(({ title, entries, left }) =>
    entriesLeftOutSentence(
      title,
      entries,
      left.map((g) => entryLabel(g.name, g.platforms)),
    ),
  );
  const named = found.map((g) => g.id);
  // A name the question gives that is no game of ours is said, not passed over ("Compare Hades and
  // Dead Cells" must not read as an answer about both).
  const missing = await notInCatalog(namesNotFound(question, accounted(all), await catalogKnows()), search);
  const looked = [...ledger.games].map(([id, g]) => ({ id, name: g.name }));
  const ids = named.length ? named : coverTitles(looked).covered.map((g) => g.id);
  const quoted: Quoted[] = [];
  if (ids.length === 0)
    return {
      text: `Without the language model I can only answer about games a question names, and your question names none I could find.${missing.length ? ` ${notFoundSentence(missing)}` : ""} The Games Database and Analytics screens have the catalog's figures.`,
      quoted,
    };
  const asksPlayers = ASKS_PLAYERS.test(question);
  const asksOwners = asksOwnersIn(question);
  const asksUnits = ASKS_UNITS.test(question);
  // The facts the model's tools give (factSheets): published units are in every answer about a game
  // that has them (review r23-a #2: "Tell me about Wii Sports" read "no figures stored yet"), first
  // when the question asks for units or sales; a game with neither a 7-day average nor a monthly one
  // has the daily peak the screens show (ELDEN RING's 39,123 read "no player figures stored").
  const sheets = await factSheets(ledger, ids);
  const sales = sheets.map((s) => s.publishedSales);
  const records = await readRows(
    "SELECT id, price, list_price, price_source, price_at FROM games WHERE id IN (SELECT value FROM json_each(?))",
    [JSON.stringify(ids)],
  );
  const discounts = new Map(records.map((r) => [String(r.id), discountOf(r)]));
  // A game asked by its former name is called by its name now, the former one beside it.
  const formerlyOf = new Map(found.flatMap((g) => (g.formerly ? [[g.id, g.formerly] as const] : [])));
  // Entries of one name told apart by their platforms ("Grand Theft Auto V (PS4, XOne)").
  const platformsOf = new Map(found.flatMap((g) => (g.platforms ? [[g.id, g.platforms] as const] : [])));
  for (const sheet of sheets)
    if (sheet.sameNameEntries && !platformsOf.has(sheet.gameId))
      platformsOf.set(sheet.gameId, sheet.platforms ?? []);
  // Every figure a line may quote, read at once: each names its own source and date.
  const candidates: Quoted[] = sheets.flatMap((sheet, i) => [
    ...(
      [
        "reviews",
        "price",
        "monthlyPlayers",
        "dailyPlayers",
        "peakPlayers",
        "estimates",
        "projection",
      ] as const
    ).map((figure) => ({ gameId: sheet.gameId, figure })),
    ...(sales[i]
      ? [{ gameId: sheet.gameId, figure: "publishedSales" as const, provenance: sales[i].provenance }]
      : []),
  ]);
  const sourcesOf = await figureProvenance(candidates);
  const lines: string[] = [];
  for (const [i, sheet] of sheets.entries()) {
    const published = sales[i];
    const use = (figure: QuotedFigure, text: string) => {
      quoted.push({
        gameId: sheet.gameId,
        figure,
        ...(figure === "publishedSales" && published ? { provenance: published.provenance } : {}),
      });
      return `${text} (${sourceWords(sourcesOf.get(figureKey(sheet.gameId, figure)) ?? [])})`;
    };
    const peak = sheet.peakPlayers;
    const week = sheet.players.weekOnWeekChangePct;
    const month = sheet.monthlyPlayers;
    const [y, m] = (month?.month ?? "").split("-");
    const players =
      sheet.players.averageLast7Days != null
        ? use(
            "dailyPlayers",
            `${playersSentence(sheet.players.averageLast7Days, sheet.players.daysInAverage)}${week != null ? `, ${week >= 0 ? "+" : ""}${week}% on the 7 days before` : ""}`,
          )
        : month
          ? use(
              "monthlyPlayers",
              `${month.averagePlayers.toLocaleString("en")} average players in ${MONTHS[Number(m) - 1]} ${y} (monthly average${month.partialMonth ? ", partial month" : ""})${month.monthOnMonthChangePct != null ? `, ${month.monthOnMonthChangePct >= 0 ? "+" : ""}${month.monthOnMonthChangePct}% on the month before` : ", no month before to compare with"}`,
            )
          : peak
            ? use(
                "peakPlayers",
                `${peak.players.toLocaleString("en")} players (${peak.measure}, ${utcDay(Date.parse(peak.asOf))})`,
              )
            : asksPlayers
              ? "no player figures stored"
              : null;
    // Published units first when asked for, in the order the text quotes them.
    const salesWords = published ? publishedSalesWords(published, asksRegions(question)) : null;
    const publishedPart = salesWords && asksUnits ? use("publishedSales", salesWords) : null;
    // Only an estimate given is a quoted figure: "no owners estimate" names no source. A game the
    // model does not cover whose published units answer the question needs no word on its estimate.
    const estimates = !asksOwners
      ? null
      : sheet.estimates?.owners
        ? use("estimates", await estimatesSentence(sheet, question))
        : published
          ? null
          : await estimatesSentence(sheet, question);
    const parts = [
      publishedPart,
      estimates && published ? `the Steam estimate beside them (not added): ${estimates}` : estimates,
      asksPlayers ? players : null,
      sheet.positiveSharePct != null && sheet.reviews
        ? use(
            "reviews",
            `${sheet.positiveSharePct}% positive of ${sheet.reviews.total.toLocaleString("en")} reviews`,
          )
        : null,
      asksPlayers ? null : players,
      salesWords && !asksUnits ? use("publishedSales", salesWords) : null,
      sheet.projection
        ? use(
            "projection",
            `${sheet.marketTrend}: projected ${sheet.projection.direction} to ${sheet.projection.projectedPlayers.toLocaleString("en")} in ${sheet.projection.horizonDays} days`,
          )
        : null,
      sheet.priceUsd != null ? use("price", priceWords(sheet.priceUsd, discounts.get(sheet.gameId))) : null,
    ].filter(Boolean);
    const formerly = formerlyOf.get(sheet.gameId);
    const label = `${entryLabel(sheet.name, platformsOf.get(sheet.gameId))}${formerly ? ` (formerly ${formerly})` : ""}`;
    lines.push(`${label}: ${parts.length ? parts.join(", ") : "no figures stored yet"}.`);
  }
  const which = named.length ? "The games your question names" : "The games the analyst looked up";
  // A name read as the search box corrects it is said, so that the user sees which game was meant.
  const readAs = [
    ...new Map(found.flatMap((g) => (g.corrected ? [[g.corrected, g.name] as const] : []))).entries(),
  ]
    .map(([typed, name]) => `“${typed}” read as “${name}”: no game name matched “${typed}”.`)
    .join(" ");
  const answer = `${which}, from our data:\n${lines.map((l) => `- ${l}`).join("\n")}`;
  const after = [
    ...entriesLeftOut,
    leftOut.length ? leftOutSentence(leftOut) : null,
    missing.length ? notFoundSentence(missing) : null,
  ].filter(Boolean);
  // The sentences after the lines ("An answer covers at most 5 games…") quote no figure of a game:
  // their numbers cited the last line's game ("5" as God of War's 4.7 out of 5: review r26/a #7).
  const text = after.length ? `${answer}\n\n${after.join(" ")}` : answer;
  // First what it read the names as and what it cannot answer: never another question answered in silence.
  const cannot = cannotAnswer(
    question,
    sheets.map((sheet, i) => ({
      name: sheet.name,
      label: entryLabel(sheet.name, platformsOf.get(sheet.gameId)),
      priceUsd: sheet.priceUsd,
      hasEstimate: Boolean(sheet.estimates?.owners),
      hasPublished: Boolean(sales[i]),
    })),
  );
  const before = [readAs, ...cannot].filter(Boolean).join(" ");
  return { text: before ? `${before}\n\n${text}` : text, cited: answer, quoted };
}

/**
 * What answers a question asked now, as its `modelUsed` names it (`GET /api/ai/chat/model`): the
 * configured model's label while the user's token budget allows it, else the statistics with why.
 */
export function chatModelUsed(budgetAllowed: boolean): string {
  const configured = configuredModel();
  if (!configured) return STATISTICAL_MODEL;
  return budgetAllowed ? configured.label : "statistical model (monthly token budget used up)";
}

async function conversationFor(userId: string, id: string | undefined, question: string) {
  const now = new Date();
  if (id) {
    const [c] = await db()
      .select()
      .from(aiConversations)
      .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, userId)));
    if (!c) throw new HttpProblem(404, "No conversation of yours has this id.");
    return c.id;
  }
  const newId = crypto.randomUUID();
  await db()
    .insert(aiConversations)
    .values({ id: newId, userId, title: question.slice(0, 80), createdAt: now, updatedAt: now });
  return newId;
}

/** Why a streamed answer that was arriving stopped without an error status or a timeout. */
const DROPPED = "the connection dropped before the answer was complete";

/**
 * An error of our own code while it handled the model's stream (the number check of the words, say):
 * no fault of the model or of the connection, and not to be told as either.
 */
const OWN_FAILURE = "an error on our side while handling its answer";

class OwnFailure extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "OwnFailure";
  }
}

/** Runs our own work on a part of the model's stream; what it throws is an OwnFailure. */
async function ours<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new OwnFailure(error);
  }
}

/**
 * The stream's parts that come of the model's own output: only these count against its silence. The
 * SDK's `start` comes before the request is answered, and `start-step` before each request of a step.
 */
const MODEL_CONTENT = new Set<string>([
  "text-delta",
  "reasoning-delta",
  "tool-input-delta",
  "tool-call",
  "tool-result",
  "finish-step",
]);

/** The SDK's error for a tool call on a step that offered none (its class is not exported). */
const isToolChoiceViolation = (error: unknown) =>
  error instanceof Error && error.name === "AI_ToolChoiceViolationError";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What an answer rested on, kept with it so that follow-ups may repeat its figures and games. */
interface StoredFacts {
  results: unknown[];
  games: Array<{ gameId: string; name: string; facts: Record<string, unknown> }>;
}

const storedFacts = (ledger: ToolLedger): StoredFacts => ({
  results: ledger.results,
  games: [...ledger.games].map(([gameId, { name, facts }]) => ({ gameId, name, facts })),
});

/** The facts of the earlier answers of a conversation (those sent to the model with the question). */
function earlierFacts(rows: Array<typeof aiMessages.$inferSelect>): ToolLedger {
  const earlier = newLedger();
  for (const row of [...rows].reverse()) {
    const facts = (row.details as { facts?: StoredFacts } | null)?.facts;
    if (row.role !== "assistant" || !facts) continue;
    earlier.results.push(...facts.results);
    for (const g of facts.games) earlier.games.set(g.gameId, { name: g.name, facts: g.facts });
  }
  return earlier;
}

/**
 * The number check of an answer, game by game (as each game's text in Game Analysis): a sentence
 * that names games, by name or short form ("CS:GO"), or naming none follows one that did ("It has…"),
 * may cite those games' figures and the tools' figures that belong to no game (a filter, a count of
 * matches, a genre's figures), never another game's. A sentence about no game, before any game is
 * named, may cite only the figures of no game, or the one game's when the facts hold only one. Game
 * names (those the tools returned and catalog names the text or question holds) are no numbers.
 */
class AnswerGrounding extends GamesGrounding {
  constructor(ledger: ToolLedger, earlier: ToolLedger, names: Iterable<string> = []) {
    const games = new Map(earlier.games);
    for (const [id, g] of ledger.games) games.set(id, g);
    const ids = new Set(games.keys());
    super(
      {
        tools: ledger.results,
        games: [...ledger.games.values()].map((g) => g.facts),
        earlier: earlier.results,
        earlierGames: [...earlier.games.values()].map((g) => g.facts),
      },
      [...games].map(([id, g]) => ({ id, name: g.name, facts: g.facts })),
      { tools: withoutGames(ledger.results, ids), earlier: withoutGames(earlier.results, ids) },
    );
    const catalog = [...names];
    for (const name of catalog) this.names.add(name);
    // A catalog game no tool returned ("Cyberpunk 2077"): a sentence naming it cites no figure of ours.
    const own = [...games.values()].map((g) => g.name);
    for (const name of otherGameNames(catalog, own)) this.otherGames.add(name);
  }
}

/** The facts a number may come from: this answer's tool results, then the conversation's earlier ones. */
const groundingOf = (ledger: ToolLedger, earlier: ToolLedger, names: Iterable<string>) =>
  new AnswerGrounding(ledger, earlier, names);

/**
 * Catalog games named in a text whose names hold numbers ("Dota 2", "Cyberpunk 2077"): looked up by
 * the runs of capitalised words and digits that hold a digit, kept when the text holds the whole name.
 */
class CatalogNames {
  readonly names = new Set<string>();
  private readonly asked = new Set<string>();

  /** The answer's searches (nameSearches): a name the question's look-up searched is not searched again. */
  constructor(private readonly search: NameSearch) {}

  async learn(text: string): Promise<void> {
    const queries = new Set<string>();
    for (const run of namesIn(text)) {
      if (run === text || !/\d/.test(run)) continue;
      // "In 2022 Dota 2": each start at a word with a letter.
      const words = run.split(/\s+/);
      words.forEach((w, i) => {
        if (/\p{L}/u.test(w)) queries.add(words.slice(i).join(" "));
      });
    }
    const fresh = [...queries].filter((q) => !this.asked.has(q)).slice(0, 8);
    for (const query of fresh) this.asked.add(query);
    for (const found of await Promise.all(fresh.map((query) => this.search(query, 10))))
      for (const g of namesFound(text, found)) this.names.add(g.name);
    await this.learnExact(text);
  }

  /**
   * Capitalised names of the text that are a catalog game's whole name ("Dead Cells", "Celeste"),
   * looked up in the search index's names (no query): the longest in each run of capitalised words,
   * common words alone ("It", "February") not.
   */
  private async learnExact(text: string): Promise<void> {
    const index = await searchIndex().catch(() => null);
    if (!index) return;
    for (const run of namesIn(text)) {
      if (run === text) continue;
      const words = run.split(/\s+/).map((w) => w.replace(/(?:['’]s?|[:'’-])+$/u, ""));
      const taken: Array<[number, number]> = [];
      for (let size = Math.min(words.length, 8); size >= 1; size--)
        for (let from = 0; from + size <= words.length; from++) {
          const to = from + size;
          if (taken.some(([a, b]) => from < b && a < to)) continue;
          const name = words.slice(from, to).join(" ");
          const key = normalizeName(name);
          if (key.length < 2 || !/\p{L}/u.test(name) || (size === 1 && COMMON_WORDS.has(key))) continue;
          if (!this.looked.has(key)) this.looked.set(key, index.hasName(key));
          if (!this.looked.get(key)) continue;
          taken.push([from, to]);
          this.names.add(name);
        }
    }
  }

  private readonly looked = new Map<string, boolean>();
}

/** Words that start sentences more often than they name a game, though some game is called so. */
const COMMON_WORDS = new Set(
  `it its it's they them their this that these those there here he she we you i me my our your his her
  a an the and or but nor so yet if then than as at by for from in into of on onto to with without
  unlike like both while after before since during until all some many most more less few each every
  other another any none one two three first second third last next new top best overall however also
  still meanwhile instead yes no not only even just over under up down out about around
  january february march april may june july august september october november december
  monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow
  steam players player reviews review sales owners revenue price market game games genre genres
  action adventure indie rpg strategy simulation casual sports racing puzzle horror shooter
  early access free`.split(/\s+/),
);

/** The games an answer may cite: this answer's, and the conversation's earlier ones it names again. */
function citable(ledger: ToolLedger, earlier: ToolLedger): ToolLedger {
  const games = new Map(earlier.games);
  for (const [id, g] of ledger.games) games.set(id, g);
  return { games, results: [] };
}

/**
 * How many sentences of a cut-off text are finished: all but a last one without its closing mark, or
 * one that stops at a digit and a point with nothing after ("… is rated 4." of "4.3": a decimal
 * point, as the streaming split holds it back, not a sentence's end).
 */
function finishedSegments(text: string): number {
  const segments = segmentsOf(text);
  const last = segments.at(-1);
  return last && ((!/[.!?…:)"'”’]$/.test(last.text) && !/\n\s*$/.test(text)) || /\d\.$/.test(text))
    ? segments.length - 1
    : segments.length;
}

/** A text without its unfinished last sentence (an answer cut off at the output limit). */
function withoutUnfinished(text: string): string {
  return render(segmentsOf(text).slice(0, finishedSegments(text)));
}

/**
 * The model's words as they may be streamed: only whole sentences (or lines) whose numbers are
 * facts known when they are complete. A sentence is complete once the text after it shows where it
 * ends; its verdict is final, so what was streamed stays a prefix of what is shown next. The answer
 * stored at the end is checked again, whole, against all the facts (it can only keep more).
 * (Exported for the tests of an error of our own mid-answer.)
 */
export class CheckedStream {
  private text = "";
  private readonly kept: Segment[] = [];
  private decided = 0;
  private sent = "";
  private grounding: Grounding | null = null;
  private factsSeen = -1;

  constructor(
    private readonly ledger: ToolLedger,
    private readonly earlier: ToolLedger,
    private readonly catalog: CatalogNames,
  ) {}

  /** Adds model text; answers the checked words to stream now ("" for none). */
  async push(piece: string): Promise<string> {
    this.text += piece;
    const segments = segmentsOf(this.text);
    // The last sentence may go on, unless a line break closed it.
    const complete = /\n\s*$/.test(this.text) ? segments.length : segments.length - 1;
    return this.decide(segments, complete);
  }

  /**
   * The rest at the end of the answer. An answer cut off at the output limit ends in a sentence the
   * model did not finish: it is not given.
   */
  end(cutOff = false): Promise<string> {
    const segments = segmentsOf(this.text);
    return this.decide(segments, cutOff ? finishedSegments(this.text) : segments.length);
  }

  private async decide(segments: Segment[], complete: number): Promise<string> {
    if (complete <= this.decided) return "";
    const names = this.catalog.names.size;
    await this.catalog.learn(render(segments.slice(this.decided, complete)));
    const size = this.ledger.results.length + this.ledger.games.size;
    if (!this.grounding || size !== this.factsSeen || names !== this.catalog.names.size) {
      this.grounding = groundingOf(this.ledger, this.earlier, this.catalog.names);
      this.factsSeen = size;
    }
    for (; this.decided < complete; this.decided++) {
      const s = segments[this.decided]!;
      if (this.grounding.keeps("stream", s.text, { segments, at: this.decided })) this.kept.push(s);
    }
    const now = render(this.kept);
    const delta = now.slice(this.sent.length);
    this.sent = now;
    return delta;
  }
}

/**
 * Asks the analyst; yields the events to stream. The conversation and question are stored before
 * the first event, the answer after the last, so a dropped connection loses no question.
 */
export async function* askAnalyst(
  userId: string,
  request: { conversationId?: string; message: string },
  budget: { allowed: boolean; reason: string | null } = { allowed: true, reason: null },
): AsyncGenerator<ChatEvent> {
  const started = performance.now();
  const conversationId = await conversationFor(userId, request.conversationId, request.message);
  const previous = await db()
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId))
    .orderBy(desc(aiMessages.createdAt))
    .limit(HISTORY_MESSAGES);
  const questionAt = new Date();
  await db().insert(aiMessages).values({
    id: crypto.randomUUID(),
    conversationId,
    role: "user",
    content: request.message,
    createdAt: questionAt,
  });
  const messageId = crypto.randomUUID();
  yield { type: "start", conversationId, messageId };

  const ledger = newLedger();
  const earlier = earlierFacts(previous);
  // The games the question names, looked up once: for the number check, and for the statistics
  // answer should the model not answer. Its searches are kept for the check of names it found no
  // game for (notInCatalog), which searches the same names.
  const searches = nameSearches();
  // Catalog games named in the question or the answer: the digits of their names are no figures.
  const catalog = new CatalogNames(searches);
  let namedLookup: ReturnType<typeof gamesNamedIn> | undefined;
  const namedInQuestion = () => {
    namedLookup ??= gamesNamedIn(request.message, searches);
    return namedLookup;
  };
  const configured = configuredModel();
  const model = budget.allowed ? configured : null;
  let text = "";
  let usage: Usage = NO_USAGE;
  let note: string | null = budget.allowed || !configuredModel() ? null : budget.reason;
  let firstToken: number | null = null;
  let modelStarted = false;
  const toolCalls: ChatMessage["toolCalls"] = [];
  // Each tool step is shown and recorded once, however often the model (or a retry) repeats it.
  const toolsShown = new Set<string>();
  let answeredByModel = false;
  // Why the answer was cut short with words already given: the output limit ("length"), the
  // model's stream stopping (silent past the timeout, a dropped connection), or an error of our own
  // while handling it. Its unfinished last sentence is then not given.
  let cutOff: { by: "length" } | { by: "stopped"; reason: string } | { by: "ours" } | null = null;

  if (model) {
    for (const g of await namedInQuestion()) catalog.names.add(g.name);
    const messages: ModelMessage[] = [
      ...previous.reverse().map((m) => ({ role: m.role, content: m.content }) as ModelMessage),
      { role: "user", content: request.message },
    ];
    // Attempts and their waits start within two timeouts; an answer that is coming may go on until the
    // model is silent for AI_TIMEOUT_MS, or until the cap on one answer.
    const deadline = performance.now() + modelDeadlineMs(model.timeoutMs);
    const cap = performance.now() + STREAM_CAP_MS;
    let reason = "";
    let attempts = 0;
    const stream = new CheckedStream(ledger, earlier, catalog);
    const tools = analystTools(ledger);
    const words = (checked: string): ChatEvent | null => {
      if (!checked) return null;
      firstToken ??= Math.round(performance.now() - started);
      return { type: "delta", text: checked };
    };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !answeredByModel; attempt++) {
      const left = deadline - performance.now();
      if (left <= 0) break;
      attempts = attempt;
      const controller = new AbortController();
      let timedOut = false;
      let capped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // A limit on the model's silence: until its first content (words, a tool call, a step's end) an
      // attempt may wait AI_TIMEOUT_MS within the attempts' deadline; then each content part gives it
      // AI_TIMEOUT_MS more, up to the cap on one answer. The SDK's own parts (`start`, sent before the
      // request is even answered; `start-step`) are no sign of the model, and our own work on a part
      // (the number check, a reader slow to take the words) is not its silence: the timer is stopped
      // meanwhile and set again when that is done.
      const quietFor = (ms: number, atCap: boolean) => {
        clearTimeout(timer);
        timer = setTimeout(
          () => {
            timedOut = true;
            capped = atCap;
            controller.abort();
          },
          Math.max(1, ms),
        );
      };
      quietFor(Math.min(model.timeoutMs, left), false);
      try {
        const result = streamText({
          model: model.model,
          system: SYSTEM,
          messages,
          tools,
          stopWhen: isStepCount(MAX_STEPS),
          // The last step has no tools: the model must answer from what the tools gave it.
          prepareStep: ({ stepNumber }) =>
            stepNumber >= MAX_STEPS - 1 ? { toolChoice: "none", activeTools: [] } : undefined,
          maxOutputTokens: model.maxOutputTokens,
          temperature: 0.2,
          maxRetries: 0,
          abortSignal: controller.signal,
          // Errors arrive as `error` parts below and are logged there; the SDK would print them again.
          onError: () => {},
        });
        let steps = 0;
        let outOfSteps = false;
        let finishReason: string | undefined;
        for await (const part of result.fullStream) {
          const content = MODEL_CONTENT.has(part.type);
          if (content) clearTimeout(timer);
          try {
            if (part.type === "text-delta") {
              modelStarted = true;
              text += part.text;
              const event = words(await ours(() => stream.push(part.text)));
              if (event) yield event;
            } else if (part.type === "tool-call") {
              // A tool the model made up (or called with input that does not fit) did not run: the SDK
              // answers the model with the error, and it is neither recorded nor shown.
              if (part.invalid || !Object.hasOwn(tools, part.toolName)) continue;
              const key = `${part.toolName} ${JSON.stringify(part.input)}`;
              if (toolsShown.has(key)) continue;
              toolsShown.add(key);
              toolCalls.push({ name: part.toolName, input: part.input });
              yield { type: "tool", name: part.toolName, input: part.input };
            } else if (part.type === "finish-step") {
              steps++;
              finishReason = part.finishReason;
              usage = {
                inputTokens: usage.inputTokens + (part.usage.inputTokens ?? 0),
                outputTokens: usage.outputTokens + (part.usage.outputTokens ?? 0),
                totalTokens:
                  usage.totalTokens + (part.usage.inputTokens ?? 0) + (part.usage.outputTokens ?? 0),
              };
            } else if (part.type === "error") {
              // The last step offers no tools; a model that calls one anyway has run out of steps.
              if (isToolChoiceViolation(part.error)) {
                outOfSteps = true;
                continue;
              }
              throw part.error;
            } else if (part.type === "abort") {
              throw new Error("aborted");
            }
          } finally {
            if (content) {
              const untilCap = cap - performance.now();
              quietFor(Math.min(model.timeoutMs, untilCap), untilCap <= model.timeoutMs);
            }
          }
        }
        answeredByModel = text.trim().length > 0;
        // (A stream that closed without the model's finish is an `error` part, thrown above: the
        // provider's "Response stream ended without a finish reason", a dropped connection.)
        if (answeredByModel && finishReason === "length") cutOff = { by: "length" };
        if (!answeredByModel && (outOfSteps || steps >= MAX_STEPS)) {
          // Out of steps is no passing failure: another attempt would run the same loop and bill it
          // again. The statistics answer at once.
          reason = `kept calling tools for ${MAX_STEPS} steps without answering`;
          break;
        }
        if (!answeredByModel) reason = "answered nothing";
      } catch (error) {
        if (error instanceof OwnFailure) {
          // Our fault, not the model's: logged as such, and not tried again (it would bill the model
          // for the same failure).
          log.error("chat answer failed in our own handling", {
            attempt,
            error: String(
              error.cause instanceof Error ? (error.cause.stack ?? error.cause) : error.cause,
            ).slice(0, 2000),
          });
          reason = OWN_FAILURE;
          if (text.trim()) {
            cutOff = { by: "ours" };
            answeredByModel = true;
          }
          break;
        }
        const verdict = classify(error, timedOut);
        // Words had come, so the model's answer was arriving: an error a dropped connection raises is
        // the stream breaking off, not an answer that did not fit.
        reason = capped
          ? `took longer than the ${STREAM_CAP_MS / 60_000} minutes one answer may take`
          : modelStarted && !timedOut && isBrokenStream(error)
            ? DROPPED
            : verdict.reason;
        log.warn("language model attempt failed", {
          purpose: "chat",
          attempt,
          reason,
          error: error instanceof Error ? error.message.slice(0, 300) : String(error),
        });
        // Words already given are kept, but for an unfinished last sentence; another attempt would repeat them.
        if (text.trim()) {
          cutOff = { by: "stopped", reason };
          answeredByModel = true;
          break;
        }
        if (!verdict.retry || attempt === MAX_ATTEMPTS) break;
        const wait = verdict.waitMs ?? 250 * 2 ** (attempt - 1);
        if (wait > 10_000 || performance.now() + wait >= deadline) break;
        await sleep(wait);
      } finally {
        clearTimeout(timer);
      }
    }
    if (answeredByModel) {
      // After an error of our own in the number check, the rest may fail the same way: then nothing more
      // streams, and the stored answer is checked whole below.
      const rest = await stream.end(cutOff != null).catch((error: unknown) => {
        if (cutOff?.by !== "ours") throw error;
        return "";
      });
      const event = words(rest);
      if (event) yield event;
    }
    if (cutOff) {
      const finished = withoutUnfinished(text);
      const unfinished = finished !== render(segmentsOf(text));
      text = finished;
      const left = text && unfinished ? "; its unfinished last sentence is left out" : "";
      note =
        cutOff.by === "length"
          ? `The answer reached the output limit of ${model.maxOutputTokens.toLocaleString("en")} tokens and was cut off, so it may be incomplete${left}.`
          : cutOff.by === "ours"
            ? `The answer was cut short by an error on our side while we handled it, so it may be incomplete${left}.`
            : `The language model (${model.label}) stopped: ${cutOff.reason}, so the answer may be incomplete${left}.`;
    }
    if (!answeredByModel)
      note = `The language model (${model.label}) was unavailable: ${reason} after ${attempts} attempt${attempts === 1 ? "" : "s"}. This answer comes from the statistics alone.`;
  }

  let numberCheck: ChatMessage["numberCheck"] = null;
  let modelUsed: string;
  // Set when the answer is written from the statistics alone: the figures its text quotes.
  let quotedFigures: Quoted[] | null = null;
  /** The part of the text whose numbers are figures of its games (statistics: its lines, not the sentences after). */
  let citedText: string | undefined;
  if (answeredByModel && model) {
    // Numbers may come from this answer's tool results and from the earlier answers of the
    // conversation; the question's own numbers are not facts.
    await catalog.learn(text);
    const grounding = groundingOf(ledger, earlier, catalog.names);
    const checked = grounding.text("answer", text);
    numberCheck = { checked: grounding.checked, dropped: grounding.dropped as NumberCheckDrop[] };
    const dropped = grounding.dropped.length;
    if (!text.trim())
      text =
        cutOff?.by !== "length"
          ? "The answer stopped before its first sentence was complete."
          : "The answer was cut off at the output limit before its first sentence was complete.";
    else if (dropped) {
      const why = droppedNote(grounding.dropped, grounding.segments, Boolean(checked));
      text = checked || why.withheld;
      note = [note, why.note].filter(Boolean).join(" ");
    }
    modelUsed = model.label;
    // A name of the question that is no game of ours, and that the answer does not speak of: said in
    // the note, so that an answer about one of two games does not pass for a comparison.
    let missing = namesNotFound(
      request.message,
      [...accounted(await namedInQuestion()), ...[...ledger.games.values()].map((g) => ({ name: g.name }))],
      await catalogKnows(),
    ).filter((name) => !normalizeName(text).includes(normalizeName(name)));
    missing = await notInCatalog(missing, searches);
    if (missing.length) note = [note, notFoundSentence(missing)].filter(Boolean).join(" ");
  } else {
    const statistics = await statisticalAnswer(ledger, namedInQuestion(), request.message, searches);
    text = statistics.text;
    citedText = statistics.cited;
    quotedFigures = statistics.quoted;
    firstToken = Math.round(performance.now() - started);
    yield { type: "delta", text };
    modelUsed = model ? `statistical model (${model.label} unavailable)` : chatModelUsed(budget.allowed);
  }

  const processingTime = Math.max(1, Math.round(performance.now() - started));
  const citations = citationsOf(citedText ?? text, citable(ledger, earlier), catalog.names);
  // Statistics alone: the sources of the figures the text quotes, not of every series of its games.
  const sources = quotedFigures ? await quotedSources(quotedFigures) : await sourcesOf(ledger, toolCalls);
  const createdAt = new Date(Math.max(Date.now(), questionAt.getTime() + 1));
  const [row] = await db()
    .insert(aiMessages)
    .values({
      id: messageId,
      conversationId,
      role: "assistant",
      content: text,
      citations,
      toolCalls,
      modelUsed,
      note,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      processingTime,
      details: { numberCheck, timeToFirstToken: firstToken, sources, facts: storedFacts(ledger) },
      createdAt,
    })
    .returning();
  await db()
    .update(aiConversations)
    .set({ updatedAt: createdAt })
    .where(eq(aiConversations.id, conversationId));
  yield { type: "done", message: toMessage(row!) };
}
