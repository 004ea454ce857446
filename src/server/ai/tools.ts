import { type JSONValue, tool } from "ai";
import { z } from "zod";
import type { PublishedSales } from "../../contracts/game-page.ts";
import { GROWTH_BASIS_LABELS } from "../../contracts/growth-basis.ts";
import { SCREENER_MAX_PAGE_SIZE, ScreenerQuerySchema } from "../../contracts/market.ts";
import { playersPeriod } from "../../contracts/player-figures.ts";
import { resolveGameId } from "../catalog/game-page.ts";
import { getMarketTrends } from "../catalog/market.ts";
import { sameTitleKey } from "../catalog/normalize.ts";
import { POINTS_OF_LAST } from "../catalog/player-figures.ts";
import { publishedSalesOf } from "../catalog/published-sales.ts";
import { marketSummary, screenGames } from "../catalog/screener.ts";
import { searchGames } from "../catalog/search.ts";
import { parseFormerNames } from "../catalog/search-index.ts";
import { sourceName } from "../catalog/source-names.ts";
import { DAY_MS } from "../catalog/stats.ts";
import { getTrendingSnapshot } from "../catalog/trending.ts";
import { placeholders, rawClient, readRows } from "../db/client.ts";
import { listed } from "../words.ts";
import { analyseGame, estimateFacts, gameFactSheet, gameFacts, MIN_PROJECTION_DAYS } from "./engine.ts";
import { factsForModel } from "./interpret.ts";

/**
 * The analyst's tools for "Ask the analyst": each reads our own data through the catalog's
 * services and answers facts in the units the model may quote. Every game a tool returns is
 * remembered with its facts, so the answer can cite the games and figures it used.
 */
export interface ToolLedger {
  /** Games the tools returned, by id, with the facts they carried. */
  games: Map<string, { name: string; facts: Record<string, unknown> }>;
  /** Every tool result, for the number check of the answer. */
  results: unknown[];
}

export const newLedger = (): ToolLedger => ({ games: new Map(), results: [] });

/**
 * The games one question covers at most: as many as compare_games takes and the Compare screen
 * compares (MAX_COMPARED), in the model's answers and in the statistics' alike.
 */
export const MAX_QUESTION_GAMES = 5;

/**
 * The catalog entries of one title an answer gives at most: a title the catalog holds as several
 * entries, one per set of platforms (VGChartz's Terraria: PC; X360+PS3+PSV; PS4+XOne; 3DS+WiiU),
 * counts once toward MAX_QUESTION_GAMES and is answered with up to this many of its entries. No title
 * of the VGChartz files has more than 5 (Monopoly, SimCity 2000); past it the answer says which it left out.
 */
export const MAX_TITLE_ENTRIES = 5;

/** The games a question covers and those it leaves out, by title (see coverTitles). */
export interface TitlesCovered<T> {
  /** The entries answered: of the first MAX_QUESTION_GAMES titles, up to MAX_TITLE_ENTRIES each, in order. */
  covered: T[];
  /** Titles past MAX_QUESTION_GAMES: each with its entries. */
  titlesLeftOut: T[][];
  /** Entries past MAX_TITLE_ENTRIES of a covered title: each title's, with how many entries it has. */
  entriesLeftOut: Array<{ title: string; entries: number; left: T[] }>;
}

/**
 * Games counted as the user names them: entries of one title (sameTitleKey, the game page's rule)
 * are one title, the titles kept in the order given, the first MAX_QUESTION_GAMES covered with up to
 * MAX_TITLE_ENTRIES of their entries (review r25 rev1 #1: Terraria's 4 entries took 4 of 5 places). A
 * name with no key ("魔塔") is a title of its own, and "ストライダー 2" is not "ロックマン 2" (review r26/b #2).
 */
export function coverTitles<T extends { name: string }>(games: readonly T[]): TitlesCovered<T> {
  const titles = new Map<string | T, T[]>();
  for (const g of games) {
    const key = sameTitleKey(g.name) ?? g;
    titles.set(key, [...(titles.get(key) ?? []), g]);
  }
  const all = [...titles.values()];
  const kept = all.slice(0, MAX_QUESTION_GAMES);
  return {
    covered: kept.flatMap((entries) => entries.slice(0, MAX_TITLE_ENTRIES)),
    titlesLeftOut: all.slice(MAX_QUESTION_GAMES),
    entriesLeftOut: kept
      .filter((entries) => entries.length > MAX_TITLE_ENTRIES)
      .map((entries) => ({
        title: entries[0]!.name,
        entries: entries.length,
        left: entries.slice(MAX_TITLE_ENTRIES),
      })),
  };
}

/** An entry as the answers name it: with its platforms where the catalog holds its name as several. */
export const entryLabel = (name: string, platforms?: readonly string[] | null) =>
  platforms?.length ? `${name} (${platforms.join(", ")})` : name;

/** What an answer says of the games past MAX_QUESTION_GAMES a question names: left out, not passed over. */
export function leftOutSentence(names: readonly string[]): string {
  return `An answer covers at most ${MAX_QUESTION_GAMES} games, so ${listed(names.map((n) => `“${n}”`))} ${names.length === 1 ? "was" : "were"} left out: ask about ${names.length === 1 ? "it" : "them"} separately.`;
}

/** What an answer says of a title's entries past MAX_TITLE_ENTRIES: which, and how to ask for them. */
export function entriesLeftOutSentence(title: string, entries: number, left: readonly string[]): string {
  return `The catalog holds “${title}” as ${entries} entries, one per set of platforms, and an answer gives at most ${MAX_TITLE_ENTRIES} of a game, so ${listed(left.map((n) => `“${n}”`))} ${left.length === 1 ? "was" : "were"} left out: ask about ${left.length === 1 ? "it" : "them"} on ${left.length === 1 ? "its" : "their"} platform.`;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

function remember(ledger: ToolLedger, id: string, name: string, facts: Record<string, unknown>) {
  const known = ledger.games.get(id);
  ledger.games.set(id, { name, facts: { ...known?.facts, ...facts } });
}

/**
 * Average daily players over the last `days` and the same span before it, per game, from daily and
 * live counts (a monthly mean is not a day's players), for games with at least MIN_PROJECTION_DAYS
 * days of them in the latest span.
 */
async function growthOver(ids: string[], days: number) {
  if (ids.length === 0) return new Map<string, { now: number; before: number }>();
  const marks = placeholders(ids.length);
  const rs = await rawClient().execute({
    sql: `WITH last AS (SELECT game_id, max(ts) AS ts FROM game_metrics
                        WHERE metric = 'players' AND period != 'month' AND game_id IN (${marks}) GROUP BY game_id)
          SELECT m.game_id,
                 avg(CASE WHEN m.ts > last.ts - ${days * DAY_MS} THEN m.value END) AS now,
                 avg(CASE WHEN m.ts <= last.ts - ${days * DAY_MS} AND m.ts > last.ts - ${2 * days * DAY_MS} THEN m.value END) AS before,
                 count(DISTINCT CASE WHEN m.ts > last.ts - ${days * DAY_MS} THEN m.ts / ${DAY_MS} END) AS recent_days
          ${POINTS_OF_LAST}
          WHERE m.metric = 'players' AND m.period != 'month' GROUP BY m.game_id`,
    args: ids,
  });
  return new Map(
    rs.rows
      .filter(
        (r) =>
          r.now != null &&
          r.before != null &&
          Number(r.before) > 0 &&
          Number(r.recent_days) >= MIN_PROJECTION_DAYS,
      )
      .map((r) => [String(r.game_id), { now: Number(r.now), before: Number(r.before) }]),
  );
}

/** A catalog entry of a name the catalog holds as several, told apart by its platforms. */
export interface SameNameEntry {
  gameId: string;
  platforms: string[];
}

/**
 * Each game's platforms, and the other catalog entries of its title where the catalog holds several
 * (VGChartz's Grand Theft Auto V: PC, PS3+X360, PS4+XOne: each a game of its own), each with its
 * platforms: read by the catalog's name key (`normalized_name`, never the empty one), kept where the
 * names are one title (sameTitleKey: "ストライダー 2" is no entry of "ロックマン 2", review r26/b #2).
 */
async function entriesOfNames(ids: string[]) {
  const rows = ids.length
    ? await readRows(
        `SELECT g.id AS of_id, g.name AS of_name, o.id, o.name, o.platforms FROM games g
         JOIN games o ON o.normalized_name = g.normalized_name
         WHERE g.id IN (SELECT value FROM json_each(?)) AND g.normalized_name <> ''
         ORDER BY g.id, o.id = g.id DESC, o.popularity DESC, o.id`,
        [JSON.stringify(ids)],
      )
    : [];
  const out = new Map<string, { platforms: string[]; others: SameNameEntry[] }>();
  for (const r of rows) {
    const of = String(r.of_id);
    if (String(r.id) !== of) {
      const title = sameTitleKey(String(r.of_name));
      if (title === null || sameTitleKey(String(r.name)) !== title) continue;
    }
    const platforms = JSON.parse(String(r.platforms ?? "[]")) as string[];
    const entry = out.get(of) ?? { platforms: [], others: [] };
    if (String(r.id) === of) entry.platforms = platforms;
    else entry.others.push({ gameId: String(r.id), platforms });
    out.set(of, entry);
  }
  return out;
}

/** What a fact sheet says of a game whose name the catalog holds as several entries. */
export function sameNameNote(
  name: string,
  platforms: readonly string[],
  others: readonly SameNameEntry[],
): string {
  const on = (p: readonly string[]) => (p.length ? p.join(", ") : "platforms not recorded");
  return `The catalog holds “${name}” as ${others.length + 1} entries by platform: this one (${on(platforms)}) and the others (${others.map((o) => on(o.platforms)).join("; ")}, in sameNameEntries). Each is a game of its own with its own figures: name its platforms, and never add their figures together.`;
}

/**
 * The facts of these games, as game_facts and compare_games give them and the statistics answer
 * reads them: gameFactSheet's, the estimates, the daily peak a game whose only player figures are
 * peaks shows (`peakPlayers`: its measure, source and time), the units sold as a sales file
 * published them (`publishedSales`: platforms, regions, each file and its date; another measure of
 * another source, beside the estimates and never added to them), and where the catalog holds the
 * name as several entries, this entry's platforms and the others (`sameNameEntries`, `sameNameNote`).
 */
export async function factSheets(ledger: ToolLedger, ids: string[]) {
  const facts = await gameFacts(ids);
  const [estimates, sales, names] = await Promise.all([
    Promise.all(facts.map((g) => estimateFacts(g.id))),
    // Every game's published sales in one read (publishedSalesOf), not one read per game.
    publishedSalesOf(facts.map((g) => g.id)).catch(() => new Map<string, PublishedSales>()),
    entriesOfNames(facts.map((g) => g.id)),
  ]);
  return facts.map((g, i) => {
    const peak = g.shownPeak;
    const entries = names.get(g.id);
    const several = entries && entries.others.length > 0 ? entries : null;
    const sheet = {
      ...gameFactSheet(g, analyseGame(g)),
      peakPlayers: peak
        ? { players: peak.value, measure: playersPeriod(peak), source: peak.source, asOf: peak.at }
        : null,
      estimates: estimates[i],
      publishedSales: sales.get(g.id) ?? null,
      ...(several
        ? {
            platforms: several.platforms,
            sameNameEntries: several.others,
            sameNameNote: sameNameNote(g.name, several.platforms, several.others),
          }
        : {}),
    };
    remember(ledger, g.id, g.name, sheet);
    return sheet;
  });
}

/** The catalog ids behind ids as the API takes them (an id, `steam-<appid>`, `igdb-<id>`); unknown ones stay as given. */
const resolveIds = (ids: string[]) => Promise.all(ids.map(async (id) => (await resolveGameId(id)) ?? id));

/**
 * What the model reads of a tool's result: its facts without the figures that are not known (see
 * factsForModel), so that it is not handed a `null` to print. The ledger keeps the result whole.
 */
const toModelOutput = ({ output }: { output: unknown }) => ({
  type: "json" as const,
  value: factsForModel(output) as JSONValue,
});

export function analystTools(ledger: ToolLedger) {
  const record = <T>(result: T): T => {
    ledger.results.push(result);
    return result;
  };
  return {
    search_games: tool({
      description:
        "Find games in our catalog by name or a former name. Returns ids to use with the other tools, each game's platforms (one name may be several games, one per set of platforms), and the names a renamed game had (formerNames).",
      inputSchema: z.object({
        query: z.string().min(1).max(100),
        limit: z.number().int().min(1).max(10).optional(),
      }),
      toModelOutput,
      execute: async ({ query, limit }) => {
        const found = await searchGames(query, limit ?? 5);
        // A game found by a name it had ("PLAYERUNKNOWN'S BATTLEGROUNDS"): its former names say so.
        const former = found.length
          ? await readRows(
              "SELECT id, former_names FROM games WHERE former_names IS NOT NULL AND id IN (SELECT value FROM json_each(?))",
              [JSON.stringify(found.map((g) => g.id))],
            )
          : [];
        const formerOf = new Map(former.map((r) => [String(r.id), parseFormerNames(String(r.former_names))]));
        return record(
          found.map((g) => {
            const formerNames = formerOf.get(g.id) ?? [];
            // Its platforms tell apart entries of one name (Grand Theft Auto V on PC, on PS3+X360…).
            const facts = {
              gameId: g.id,
              name: g.name,
              ...(formerNames.length ? { formerNames } : {}),
              platforms: g.platforms,
              genres: g.genres.slice(0, 4),
              priceUsd: g.price,
            };
            remember(ledger, g.id, g.name, facts);
            return facts;
          }),
        );
      },
    }),
    game_facts: tool({
      description:
        "A game's facts: reviews and positive share, price, average daily players (last 7 days and the 7 before), or for a game with daily peaks only its peak (peakPlayers, with its measure, source and time), volatility, the 30-day projection with its fit, the estimates of owners, units sold and revenue (low / mid / high; a low-signal estimate has no mid, only its low to high range), the units sold as a sales file published them (publishedSales: platforms, regions, source and date; never added to an estimate), and where the catalog holds its name as several entries, its platforms and the others (sameNameNote).",
      inputSchema: z.object({
        gameId: z.string().min(1).describe("An id from search_games, or steam-<appid>."),
      }),
      toModelOutput,
      execute: async ({ gameId }) => {
        const [sheet] = await factSheets(ledger, await resolveIds([gameId]));
        return record(sheet ?? { error: `No game with id ${gameId}.` });
      },
    }),
    compare_games: tool({
      description: `The facts of two to ${MAX_QUESTION_GAMES} games side by side (ids from search_games). A game the catalog holds as several entries (one name, one entry per set of platforms) counts once: give the ids of its entries, up to ${MAX_TITLE_ENTRIES}.`,
      inputSchema: z.object({
        gameIds: z
          .array(z.string().min(1))
          .min(2)
          .max(MAX_QUESTION_GAMES * MAX_TITLE_ENTRIES),
      }),
      toModelOutput,
      execute: async ({ gameIds }) => {
        const ids = [...new Set(await resolveIds(gameIds))];
        // Counted by title, as the user names them (coverTitles): each title's entries together.
        const rows = await readRows(
          "SELECT id, name, platforms FROM games WHERE id IN (SELECT value FROM json_each(?))",
          [JSON.stringify(ids)],
        );
        const known = new Map(
          rows.map((r) => [
            String(r.id),
            {
              id: String(r.id),
              name: String(r.name),
              platforms: JSON.parse(String(r.platforms ?? "[]")) as string[],
            },
          ]),
        );
        const cover = coverTitles(ids.flatMap((id) => known.get(id) ?? []));
        const sheets = await factSheets(
          ledger,
          cover.covered.map((g) => g.id),
        );
        const left = [
          ...cover.entriesLeftOut.map(({ title, entries, left }) =>
            entriesLeftOutSentence(
              title,
              entries,
              left.map((g) => `${entryLabel(g.name, g.platforms)} (gameId ${g.id})`),
            ),
          ),
          ...(cover.titlesLeftOut.length
            ? [leftOutSentence(cover.titlesLeftOut.map((entries) => entries[0]!.name))]
            : []),
        ];
        const unknown = ids.filter((id) => !known.has(id));
        if (!left.length && !unknown.length) return record(sheets);
        return record({
          games: sheets,
          ...(left.length ? { leftOut: left.join(" ") } : {}),
          ...(unknown.length ? { error: `No game with id ${unknown.join(", ")}.` } : {}),
        });
      },
    }),
    screen_games: tool({
      description:
        "Games matching filters (genre, tag, price range in USD, minimum reviews), with their growth in average players, sorted by that growth, fastest first. Growth compares average daily players over the last `days` with the `days` before where the game has daily player counts there; otherwise it is the growth Overview → Trending shows (its newest period against the one before: 7 days, or for monthly series the latest month against the month before), and `growthPeriod`, `growthSource` and `growthAsOf` say which.",
      inputSchema: z.object({
        genre: z.string().optional(),
        tag: z.string().optional(),
        priceMin: z.number().min(0).optional(),
        priceMax: z.number().min(0).optional(),
        minReviews: z.number().int().min(0).optional(),
        days: z.number().int().min(7).max(180).optional(),
      }),
      toModelOutput,
      execute: async ({ days, ...filter }) => {
        const span = days ?? 90;
        // The most played games matching (growth weighs only games with players), then by growth.
        const query = ScreenerQuerySchema.parse({
          ...filter,
          sort: "players",
          order: "desc",
          pageSize: SCREENER_MAX_PAGE_SIZE,
        });
        const page = await screenGames(query);
        const ids = page.rows.map((r) => r.id);
        const [growth, trending] = await Promise.all([growthOver(ids, span), getTrendingSnapshot()]);
        let fromTrending = 0;
        const rows = page.rows
          .map((r) => {
            const g = growth.get(r.id);
            const t = g ? undefined : trending.growthByGame.get(r.id);
            if (t) fromTrending++;
            const facts = {
              gameId: r.id,
              name: r.name,
              priceUsd: r.price,
              reviews: r.reviews,
              positiveSharePct: r.positiveShare,
              averageDailyPlayers: g ? Math.round(g.now) : null,
              growthPct: g
                ? round1(((g.now - g.before) / g.before) * 100)
                : t
                  ? round1(t.growth * 100)
                  : null,
              growthPeriod: g
                ? `avg. daily players, last ${span} days vs. the ${span} before`
                : t
                  ? GROWTH_BASIS_LABELS[t.growthBasis]
                  : null,
              ...(t
                ? {
                    averagePlayersLatestPeriod: t.currentAverage,
                    averagePlayersPeriodBefore: t.previousAverage,
                    growthSource: sourceName(t.source),
                    // A month's figure is dated by its month ("2022-02"), a day's by its day.
                    growthAsOf: new Date(t.asOf).toISOString().slice(0, t.growthBasis === "month" ? 7 : 10),
                  }
                : {}),
            };
            return facts;
          })
          .sort(
            (a, b) => (b.growthPct ?? Number.NEGATIVE_INFINITY) - (a.growthPct ?? Number.NEGATIVE_INFINITY),
          )
          .slice(0, 10);
        for (const facts of rows) remember(ledger, facts.gameId, facts.name, facts);
        // The filter it ran with is part of the answer: "under $20" rests on it.
        return record({
          filter,
          matching: page.total,
          days: span,
          ...(fromTrending > 0
            ? {
                growthNote: `Games without daily player counts in the last ${span} days carry the growth Overview → Trending shows instead, over the period each one's growthPeriod names (growthSource, growthAsOf).`,
              }
            : {}),
          games: rows,
        });
      },
    }),
    market_figures: tool({
      description:
        "Market figures of a genre or tag: number of games, median price and reviews; for genres also daily players, change over the last weeks (momentum) and volatility out of 10.",
      inputSchema: z.object({ genre: z.string().optional(), tag: z.string().optional() }),
      toModelOutput,
      execute: async ({ genre, tag }) => {
        const [summary, trends] = await Promise.all([marketSummary({ genre, tag }), getMarketTrends()]);
        const trend = genre
          ? trends.find((t) => t.category.toLowerCase() === genre.toLowerCase())
          : undefined;
        for (const g of summary.topGames)
          remember(ledger, g.id, g.name, { gameId: g.id, name: g.name, reviews: g.reviews });
        return record({
          genre: genre ?? null,
          tag: tag ?? null,
          games: summary.games,
          medianPriceUsd: summary.medianPrice,
          medianReviews: summary.medianReviews,
          mostReviewed: summary.topGames,
          momentum: trend
            ? {
                dailyPlayers: trend.players,
                changePct: trend.change,
                volatilityOutOf10: trend.volatilityScore,
              }
            : null,
        });
      },
    }),
  };
}
