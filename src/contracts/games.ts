import { z } from "zod";
import type { GrowthBasis } from "./growth-basis.ts";
import type { PlayerFigures, ShownPlayersFigure } from "./player-figures.ts";
import type { PriceConversion } from "./price-conversion.ts";
import type { Provenance } from "./provenance.ts";
import type { RatingFigure } from "./rating-figure.ts";
import { SEARCH_MIN_LENGTH, searchableLength } from "./search-length.ts";

/**
 * The games catalog API (issue 4; spec §3 shapes, §7 calls): request schemas the server validates
 * with, and the answer shapes the client reads. One definition for both sides.
 */

// ---- Requests ----------------------------------------------------------------------------------

export { SEARCH_MIN_LENGTH, searchableLength } from "./search-length.ts";

/** The most results one search answers: a larger `limit` is refused (422 naming it), not cut quietly. */
export const SEARCH_MAX_LIMIT = 50;

import { cappedWholeNumber, wholeNumber } from "./query-number.ts";

export { wholeNumber };

export const SearchQuerySchema = z
  .object({
    q: z
      // Given twice, queryParams names it before this runs ("Give q once").
      .string({ message: "Required" })
      .trim()
      .max(100, { message: "At most 100 characters" })
      .refine((q) => searchableLength(q) >= SEARCH_MIN_LENGTH, {
        message: `Type at least ${SEARCH_MIN_LENGTH} letters or digits to search`,
      }),
    // Capped, not refused (issue 4): 500 gives the first 50.
    limit: cappedWholeNumber(1, SEARCH_MAX_LIMIT).default(20),
  })
  .strict();

export const GAME_SORTS = ["popularity", "name", "release", "rating", "players"] as const;
export type GameSort = (typeof GAME_SORTS)[number];

/**
 * `GET /api/games`. Strict: a misspelt filter (`genres=Racing`) is named, not ignored — ignored, it
 * answered the whole catalog as if filtered (as the screener's schema, contracts/market.ts).
 */
export const GameListQuerySchema = z
  .object({
    page: wholeNumber(1).default(1),
    pageSize: wholeNumber(1, 100).optional(),
    // The page size by the name search takes (`/api/games/search?limit=`): one or the other.
    limit: wholeNumber(1, 100).optional(),
    sort: z.enum(GAME_SORTS, { message: `One of ${GAME_SORTS.join(", ")}` }).default("popularity"),
    genre: z.string().trim().max(60, { message: "At most 60 characters" }).optional(),
    platform: z.string().trim().max(60, { message: "At most 60 characters" }).optional(),
    tag: z.string().trim().max(60, { message: "At most 60 characters" }).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.pageSize !== undefined && q.limit !== undefined && q.pageSize !== q.limit)
      ctx.addIssue({ code: "custom", path: ["limit"], message: "Give pageSize or limit, not both" });
  })
  .transform(({ limit, pageSize, ...rest }) => ({ ...rest, pageSize: pageSize ?? limit ?? 24 }));
export type GameListQuery = z.infer<typeof GameListQuerySchema>;

/** The longest game id the watchlist routes take (catalog ids and `steam-<appid>` are far shorter). */
export const GAME_ID_MAX_LENGTH = 100;

/**
 * A game id as the watchlist routes take it (`POST /api/user/games`'s `gameId`, `DELETE
 * /api/user/watchlist/{gameId}`): each fault with its own message, the same on both routes.
 */
export const GameIdSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Required: a game id" : "A game id, as text") })
  .trim()
  .min(1, { error: "Required: a game id" })
  .max(GAME_ID_MAX_LENGTH, { error: `At most ${GAME_ID_MAX_LENGTH} characters` });

/** Spec §7 body of `POST /api/user/games`. Name and image are taken from the catalog, not the body. */
export const TrackGameBodySchema = z
  .object({
    gameId: GameIdSchema,
    gameName: z.string().max(300).optional(),
    imageUrl: z.string().max(2000).nullable().optional(),
    /**
     * Adding sets it true (spec §4); a game leaves the watchlist by DELETE /api/user/watchlist/{gameId}.
     * Any other value is refused rather than ignored.
     */
    isWatchlisted: z
      .literal(true, {
        message: "Adding sets isWatchlisted true; remove a game with DELETE /api/user/watchlist/{gameId}",
      })
      .default(true),
  })
  .strict();

export const REPORT_TYPES = ["market_overview", "watchlist_summary", "genre_trends"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const ReportBodySchema = z
  .object({
    // A missing type reads "Required", as other routes say of a missing field (review r22-c #9).
    reportType: z.enum(REPORT_TYPES, {
      // Anything else defers (undefined) to the house's "One of …" (src/contracts/zod-messages.ts).
      error: (issue) => (issue.input === undefined ? "Required" : undefined),
    }),
  })
  .strict();

// ---- Answers -----------------------------------------------------------------------------------

/** A game as lists and search answer it (spec §3 "Search result": both id/gameId and name/gameName). */
export interface GameSummary {
  id: string;
  gameId: string;
  name: string;
  gameName: string;
  slug: string;
  imageUrl: string | null;
  platform: string | null;
  platforms: string[];
  /** Where the record comes from ("Steam", "IGDB"), null for other sources. */
  source: string | null;
  genre: string | null;
  genres: string[];
  /** USD; 0 for free to play. */
  price: number | null;
  /**
   * When `price` is a conversion (the source published it in another currency): the source's own
   * price and the rate. Absent for USD prices.
   */
  priceConversion?: PriceConversion | null;
  /** Out of 5. */
  rating: number | null;
  ratingCount: number | null;
  /** What `rating` measures, named: user reviews' positive share or a critics' score. */
  ratingFigure?: RatingFigure | null;
  /**
   * The figure the screens show, the same on every list (`GET /api/games`, search, the watchlist,
   * trending) as the screener's `players`: `playersFigure.value`, the latest count or monthly average,
   * or for a game whose only player figures are daily peaks that peak, a different measure
   * (`playersFigure.measure` says so; read it before ranking or summing). The game page
   * (`GET /api/games/:id`) answers it by the same rule.
   */
  playerCount: number | null;
  /**
   * The lists and the game page: what `playerCount` is (shownPlayersFigure): a count, a monthly average
   * (`period: "month"`) or a peak (`measure: "peak"`, its days and source), with its time.
   */
  playersFigure?: ShownPlayersFigure | null;
  releaseDate: string | null;
  /**
   * The year of `releaseDate`, or the only release the source gives (VGChartz lists years alone); null
   * when neither is known. With `platforms` it tells same-named games apart (a console edition from
   * the Steam one).
   */
  releaseYear: number | null;
  developer: string | null;
  publisher: string | null;
  summary: string | null;
  isDemo: boolean;
  /** Latest count, 7-day average and peak (src/server/catalog/player-figures.ts); null without a history. */
  players?: PlayerFigures | null;
  /** Source and time of the game's review, rating, owner and price figures. */
  provenance?: Provenance | null;
  /**
   * The same figures' sources, each with the time of its own newest figure (`provenance` names them
   * all under the newest one's time): a 2019 snapshot beside a 2023 dataset reads as both dates.
   */
  figureSources?: Provenance[];
}

export interface SearchResult extends GameSummary {
  /** Relevance and popularity combined; higher first. */
  score: number;
  /**
   * Present when no name matched the words as typed and a correction did ("stardw valley" →
   * "stardew valley"): the words searched, the same on every result of the answer.
   */
  correctedQuery?: string;
}

export interface GameListPage {
  games: GameSummary[];
  total: number;
  page: number;
  pageSize: number;
}

// Trending's order and the notes that say it: in a module of their own, free of zod, for the screens.
export {
  GROWTH_ORDER_NOTE,
  TRENDING_GROWTH_CAP,
  TRENDING_MIN_PLAYERS,
  TRENDING_ORDER_NOTE,
} from "./trending-order.ts";

/** Spec §3 "Trending game", plus the figures it was ranked on. */
export interface TrendingGame {
  id: string;
  gameId: string;
  gameName: string;
  platform: string | null;
  /** Every platform of the entry (`platform` is the first), so same-named entries can be told apart. */
  platforms: string[];
  genre: string | null;
  /** The latest player count or monthly average (`playersFigure.value`), as on every list. */
  playerCount: number;
  /** What `playerCount` is, with its time (GameSummary's `playersFigure`). */
  playersFigure?: ShownPlayersFigure | null;
  /**
   * Mean players over the latest 7 days (or the latest month; for live counts younger than two weeks
   * the last 24 hours, or in their first two days the latest count): what growth compares.
   */
  currentAverage: number;
  /** Mean players over the 7 days (month, 24 hours) before, or the count before. */
  previousPlayerCount: number;
  /** (currentAverage − previous) / previous. */
  growth: number;
  /** What growth compares (`GROWTH_BASIS_LABELS` names it on the screens). */
  growthBasis: GrowthBasis;
  /**
   * The latest month compared is partial: its source's file ends inside it (SteamCharts lists the month
   * in progress), so its average covers part of the month only.
   */
  growthPartial?: true;
  price: number | null;
  /** When `price` is a conversion from the source's currency (GameSummary.priceConversion). */
  priceConversion?: PriceConversion | null;
  rating: number | null;
  /** What `rating` measures, named: user reviews' positive share or a critics' score. */
  ratingFigure?: RatingFigure | null;
  imageUrl: string | null;
  isDemo: boolean;
  players?: PlayerFigures | null;
  provenance?: Provenance | null;
  /** Each source of `provenance` with its own time (GameSummary's `figureSources`). */
  figureSources?: Provenance[];
}

/** Payload on the `trending_games` channel (spec §3 "Trending live channel"). */
export interface TrendingEvent {
  games: Array<{
    id: string;
    gameName: string;
    playerCount: number;
    platform: string | null;
    growth: number;
  }>;
}

/** Spec §3 "User game", joined with the catalog's figures. */
export interface UserGame {
  id: string;
  gameId: string;
  gameName: string;
  imageUrl: string | null;
  isWatchlisted: boolean;
  playTime: number | null;
  lastPlayed: string | null;
  rating: number | null;
  platform: string | null;
  /** Every platform of the entry (`platform` is the first), so same-named entries can be told apart. */
  platforms: string[];
  genre: string | null;
  /**
   * The figure the screens show, as on every list (GameSummary's `playerCount`): the latest count or
   * monthly average, or a peak-only game's peak (`playersFigure.measure` says so).
   */
  playerCount: number | null;
  /** What `playerCount` is, with its time (GameSummary's `playersFigure`). */
  playersFigure?: ShownPlayersFigure | null;
  price: number | null;
  /** Source and time of `price` (with how it was converted, where it was); null without a price or source. */
  priceProvenance?: Provenance | null;
  /** When `price` is a conversion from the source's currency (GameSummary.priceConversion). */
  priceConversion?: PriceConversion | null;
  addedAt: string;
  /** The game's rating out of 5 from its reviews, as the other lists show it (`rating` is the user's own). */
  gameRating?: number | null;
  /** What `gameRating` measures, named: user reviews' positive share or a critics' score. */
  ratingFigure?: RatingFigure | null;
  players?: PlayerFigures | null;
  provenance?: Provenance | null;
  /** Each source of `provenance` with its own time (GameSummary's `figureSources`). */
  figureSources?: Provenance[];
  isDemo?: boolean;
}

/** A genre's players and their change: what every signed-in user reads of the genres. */
export interface GenreTrend {
  category: string;
  players: number;
  games: number;
  /** Percent change of the genre's players over the window. */
  change: number;
  /** The player series behind it and the newest point's time. */
  provenance?: Provenance;
}

/** A genre with its volatility, a premium figure (ADR 020): premium and admin users only. */
export interface MarketTrend extends GenreTrend {
  /** 0–10, see src/server/catalog/market.ts for the formula. */
  volatilityScore: number;
}

/**
 * `GET /api/analytics/market-trends` and the genres of a report: `volatilityScore` is there for premium
 * access only, as `marketVolatility` on the overview (ADR 020).
 */
export type GenreTrendRow = GenreTrend & { volatilityScore?: number };

/** A row that carries its volatility (every row does for premium access). */
export function hasVolatility(genre: GenreTrendRow): genre is MarketTrend {
  return typeof genre.volatilityScore === "number";
}

/** The genre without its premium figure. */
export function withoutVolatility({ volatilityScore: _, ...genre }: GenreTrendRow): GenreTrend {
  return genre;
}

/**
 * One day (or month) of the catalog's player series (`GET /api/analytics/activity`). A series has one
 * basis throughout: days when its window has daily or live counts (monthly means are then left out,
 * not counted as the day they are dated on), months when it has monthly figures only.
 */
export interface ActivityPoint {
  /** The day, `YYYY-MM-DD` (UTC); for a month, its 1st. */
  date: string;
  /**
   * `day`: the sum of the games' average daily or live count that day. `month`: the total of the
   * games' monthly averages (SteamCharts) for the month starting at `date`, not a day's players.
   */
  basis: "day" | "month";
  /** Players summed over the games with a figure that day (month). */
  players: number;
  games: number;
  /** Where that day's points come from ("Steam", "Steam via SteamSpy"), and the day itself. */
  source?: string;
  asOf?: string;
  /**
   * The newest point only (review 9, item 4): whether it has figures for notably fewer games than
   * the point before (under 90 %, the Overview's rule): a period not every game has reported yet,
   * drawn and said to be partial. Earlier points are what the data holds and carry neither field.
   */
  partial?: boolean;
  /** With `partial`: the games with figures in the point before. */
  previousGames?: number;
  /**
   * A month a source's file was taken in (SteamCharts lists the month in progress as its newest): its
   * averages cover part of the month, and the chart names it "Feb 2022 (partial month)" (review r26-a #2).
   */
  partialMonth?: true;
}

export interface OverviewFigures {
  /** Average daily total of players over the latest 7 days of data (not a live sum). */
  marketActivity: {
    /**
     * The newest period's total, over every game with figures in it (`games`); `null` with no player
     * figures at all (`games` 0): no data, not "0 players" (review r22-c #2).
     */
    players: number | null;
    /**
     * Percent change against the period before, like with like: over the games with figures in both
     * periods (`comparedGames`), not the newest period's total against the whole previous one.
     */
    change: number | null;
    /** Games with figures in the newest period (7 days, or month). */
    games: number;
    /** Games with figures in both the newest period and the one before: the ones `change` compares. */
    comparedGames: number;
    /** Games with figures in the period before. */
    previousGames: number;
    /**
     * The newest period has figures for notably fewer games than the one before (under 90 %): it
     * is partial, and is said to be (issue 9).
     */
    partial: boolean;
    /**
     * `month` when the latest figures are monthly averages (SteamCharts): the total of the games'
     * averages for that month, compared with the month before, not a daily total over 7 days.
     */
    basis?: "days" | "month";
    /**
     * With `basis: "month"`: the month is one a source's file was taken in (SteamCharts' newest), so
     * its averages cover part of it; the texts name it "Feb 2022 (partial month)" (review r26-a #2).
     */
    partialMonth?: true;
    provenance?: Provenance;
  };
  /** Games whose players actually grew against their previous period (not the list cap). */
  trendingCount: number;
  /** Games with two periods of player counts to compare (trending's candidates, growing or not). */
  trendingCompared?: number;
  /**
   * The trending count's source, newest point and rule (at least 100 players, the periods compared);
   * null when no game grows (review r27-a #7).
   */
  trendingProvenance?: Provenance | null;
  /**
   * Premium only (spec §6): absent for regular users. Games the AI's market prediction projects to
   * rise, hold (within ±5%) or decline over the next `horizonDays`, of the `projected` games.
   */
  aiPredictions?: {
    /**
     * The four counts are `null` when nothing could be projected (no game has `minDays` days of daily
     * counts in the latest 30 days of data, or no player figures at all): no data rather than "0
     * rising" (review r22-c #2, r23-a #6). `playerData` then says what the catalog holds instead.
     */
    rising: number | null;
    stable: number | null;
    declining: number | null;
    projected: number | null;
    horizonDays: number;
    /**
     * Days of daily player counts (within the latest 30 of data) a game needs to be projected: with
     * `projected` 0, no projection was possible, and the card says why instead of "0 rising".
     */
    minDays: number;
    /**
     * With nothing projected: the newest player figure of each source and measure the catalog holds,
     * newest first (a month's average is dated by its month); empty without any player figure.
     */
    playerData?: Array<{ source: string; measure: "month" | "day" | "instant" | "peak"; asOf: string }>;
    provenance: Provenance;
  };
  /** Premium only (spec §6): absent for regular users. */
  marketVolatility?: { score: number | null; categories: number; provenance?: Provenance };
  isDemo: boolean;
  dataAsOf: string | null;
}

export interface ReportSummary {
  id: string;
  reportType: string;
  generatedAt: string;
}

export interface Report extends ReportSummary {
  data: unknown;
}
export { GROWTH_BASES, GROWTH_BASIS_LABELS, type GrowthBasis } from "./growth-basis.ts";
