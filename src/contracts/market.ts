import { z } from "zod";
import type { PriceDiscount, SalesRegionGaps, SalesRegions } from "./game-page.ts";
import type { ShownPlayersFigure } from "./player-figures.ts";
import type { WithPriceConversion } from "./price-conversion.ts";
import type { Provenance } from "./provenance.ts";
import { fromQuery, wholeNumber } from "./query-number.ts";

/**
 * The market screener (issue 10): the whole catalog filtered, sorted and paged on the server,
 * `GET /api/market/screener`, its market-size summary `GET /api/market/summary` (same filters),
 * and company pages `GET /api/companies/:slug`.
 */

export const SCREENER_COLUMNS = [
  "name",
  "releaseDate",
  "developer",
  "publisher",
  "genres",
  "tags",
  "platforms",
  "price",
  "reviews",
  "positiveShare",
  "owners",
  "players",
  "ownersEstimate",
  "revenueEstimate",
] as const;
export type ScreenerColumn = (typeof SCREENER_COLUMNS)[number];

export const SCREENER_COLUMN_INFO: Record<ScreenerColumn, { label: string; unit: string | null }> = {
  name: { label: "Name", unit: null },
  releaseDate: { label: "Release date", unit: "ISO date" },
  developer: { label: "Developer", unit: null },
  publisher: { label: "Publisher", unit: null },
  genres: { label: "Genres", unit: null },
  tags: { label: "Tags", unit: null },
  platforms: { label: "Platforms", unit: null },
  price: { label: "Price", unit: "USD" },
  reviews: { label: "Reviews", unit: "count" },
  positiveShare: { label: "Positive share", unit: "%" },
  owners: { label: "Owners (source figure)", unit: "count" },
  // The newest figure, as the cards and Compare name it: a monthly average (SteamCharts) is an average
  // with its month, a count one with its day; its CSV says which (SCREENER_CSV_PLAYERS_FIGURE).
  players: { label: "Players (latest figure)", unit: "players" },
  ownersEstimate: { label: "Est. owners (P50)", unit: "count" },
  revenueEstimate: { label: "Est. gross revenue (P50)", unit: "USD" },
};

/** The CSV's first columns whatever the user picks, so its rows can be joined to other data. */
export const SCREENER_CSV_KEYS = ["id", "steamAppId"] as const;

/** What the table shows before the user picks columns. */
export const DEFAULT_SCREENER_COLUMNS: ScreenerColumn[] = [
  "name",
  "releaseDate",
  "genres",
  "price",
  "reviews",
  "positiveShare",
  "ownersEstimate",
  "revenueEstimate",
];

export const SCREENER_SORTS = [
  "name",
  "releaseDate",
  "price",
  "reviews",
  "positiveShare",
  "owners",
  "players",
  "ownersEstimate",
  "revenueEstimate",
] as const;
export type ScreenerSort = (typeof SCREENER_SORTS)[number];

export const SCREENER_MAX_PAGE_SIZE = 200;

const text = z.string().trim().min(1).max(60).optional();
const year = fromQuery(
  z
    .number({ message: "A year, such as 2019" })
    .int({ message: "A whole year, such as 2019" })
    .min(1970, { message: "From 1970" })
    .max(2100, { message: "Up to 2100" }),
).optional();
const money = fromQuery(
  z
    .number({ message: "A price in USD, such as 9.99" })
    .min(0, { message: "At least 0" })
    .max(10_000, { message: "At most 10000" }),
).optional();

const count = (message: string) =>
  fromQuery(z.number({ message }).min(0, { message: "At least 0" })).optional();

const filterShape = {
  genre: text,
  tag: text,
  platform: text,
  /**
   * Part of the name, case-insensitive; text, not a pattern (`%` and `_` are characters). Words alone
   * also match across punctuation and accents ("baldurs gate" finds "Baldur’s Gate 3").
   */
  q: z.string().trim().max(100).optional(),
  yearFrom: year,
  yearTo: year,
  priceMin: money,
  priceMax: money,
  minReviews: fromQuery(
    z
      .number({ message: "A number of reviews" })
      .int({ message: "A whole number" })
      .min(0, { message: "At least 0" }),
  ).optional(),
  /** Percent of positive reviews, 0–100. */
  minPositive: fromQuery(
    z
      .number({ message: "A percentage from 0 to 100" })
      .min(0, { message: "At least 0" })
      .max(100, { message: "At most 100" }),
  ).optional(),
  /** Estimated owners (P50 of the estimates), a range. */
  ownersMin: count("A number of owners"),
  ownersMax: count("A number of owners"),
  /** Estimated gross revenue in USD (P50 of the estimates), a range. */
  revenueMin: count("An amount in USD"),
  revenueMax: count("An amount in USD"),
};
export const SCREENER_FILTER_KEYS = Object.keys(filterShape) as Array<keyof typeof filterShape>;

type Ranges = Partial<
  Record<
    "yearFrom" | "yearTo" | "priceMin" | "priceMax" | "ownersMin" | "ownersMax" | "revenueMin" | "revenueMax",
    number
  >
>;
/** A range whose end is before its start names the end as the field at fault. */
function checkRanges(f: Ranges, ctx: z.RefinementCtx) {
  if (f.yearFrom != null && f.yearTo != null && f.yearFrom > f.yearTo)
    ctx.addIssue({ code: "custom", message: "Must not be before yearFrom", path: ["yearTo"] });
  if (f.priceMin != null && f.priceMax != null && f.priceMin > f.priceMax)
    ctx.addIssue({ code: "custom", message: "Must not be below priceMin", path: ["priceMax"] });
  if (f.ownersMin != null && f.ownersMax != null && f.ownersMin > f.ownersMax)
    ctx.addIssue({ code: "custom", message: "Must not be below ownersMin", path: ["ownersMax"] });
  if (f.revenueMin != null && f.revenueMax != null && f.revenueMin > f.revenueMax)
    ctx.addIssue({ code: "custom", message: "Must not be below revenueMin", path: ["revenueMax"] });
}

/** The filters alone (`GET /api/market/summary`); the screener, its CSV and the screen's URL share them. */
export const ScreenerFilterSchema = z.object(filterShape).strict().superRefine(checkRanges);
export type ScreenerFilter = z.infer<typeof ScreenerFilterSchema>;

/**
 * The CSV's companion columns, by the names its header gives them, each with the chosen columns it
 * comes with (and in the order it follows them): the low-signal and free-to-play flags, the owners
 * band's top, the estimates' P10 and P90, a sale's list price and discount, a converted price's
 * source figure and rate, and what the players figure is and when. Each may also be named alone in
 * `columns` (review r23-a #7: the header's own names were refused).
 */
export const SCREENER_CSV_COMPANIONS = {
  estimateLowSignal: ["ownersEstimate", "revenueEstimate"],
  estimateFreeToPlay: ["revenueEstimate"],
  ownersBelow: ["owners"],
  ownersEstimateP10: ["ownersEstimate"],
  ownersEstimateP90: ["ownersEstimate"],
  revenueEstimateP10: ["revenueEstimate"],
  revenueEstimateP90: ["revenueEstimate"],
  listPrice: ["price"],
  discount: ["price"],
  priceConvertedFrom: ["price"],
  priceConvertedFromCurrency: ["price"],
  priceConversionRate: ["price"],
  playersFigure: ["players"],
  playersAt: ["players"],
} as const satisfies Record<string, readonly ScreenerColumn[]>;
export type ScreenerCsvCompanion = keyof typeof SCREENER_CSV_COMPANIONS;
/** A name `columns` takes: a column, a companion column or one of the leading keys. */
export type ScreenerCsvColumn = ScreenerColumn | ScreenerCsvCompanion;

const CSV_COLUMN_NAMES: ReadonlySet<string> = new Set([
  ...SCREENER_CSV_KEYS,
  ...SCREENER_COLUMNS,
  ...Object.keys(SCREENER_CSV_COMPANIONS),
]);

const columnList = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const named = s
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    if (named.length === 0) {
      ctx.addIssue({ code: "custom", message: "Name at least one column" });
      return z.NEVER;
    }
    const unknown = named.filter((c) => !CSV_COLUMN_NAMES.has(c));
    if (unknown.length) {
      ctx.addIssue({ code: "custom", message: `Unknown column ${unknown.join(", ")}` });
      return z.NEVER;
    }
    // A column named twice is a mistake in the request, as a parameter given twice is (review r23-a #7).
    const twice = [...new Set(named.filter((c, i) => named.indexOf(c) !== i))];
    if (twice.length) {
      ctx.addIssue({ code: "custom", message: `Named twice: ${twice.join(", ")}` });
      return z.NEVER;
    }
    // `id` and `steamAppId` lead every CSV: naming them (as its header does) is accepted and changes
    // nothing (review r22-c #9); `columns=id` is those two alone.
    return named.filter((c) => !(SCREENER_CSV_KEYS as readonly string[]).includes(c)) as ScreenerCsvColumn[];
  });

export const ScreenerQuerySchema = z
  .object({
    ...filterShape,
    sort: z.enum(SCREENER_SORTS, { message: `One of ${SCREENER_SORTS.join(", ")}` }).default("reviews"),
    order: z.enum(["asc", "desc"], { message: "asc or desc" }).default("desc"),
    page: wholeNumber(1).default(1),
    pageSize: wholeNumber(1, SCREENER_MAX_PAGE_SIZE).default(50),
    /**
     * The CSV's columns (all when absent), by the names its header gives them: a column brings its
     * companions (SCREENER_CSV_COMPANIONS); a companion named alone is included alone. The JSON rows
     * always carry every column.
     */
    columns: columnList.optional(),
    format: z.enum(["json", "csv"], { message: "json or csv" }).default("json"),
  })
  .strict()
  .superRefine(checkRanges);
export type ScreenerQuery = z.infer<typeof ScreenerQuerySchema>;

export interface ScreenerRow extends WithPriceConversion {
  id: string;
  steamAppId: number | null;
  name: string;
  releaseDate: string | null;
  /**
   * The release year, also when no full date is known (VGChartz gives years only): the table shows it,
   * and `sort=releaseDate` places such a game by its year.
   */
  releaseYear: number | null;
  developer: string | null;
  publisher: string | null;
  genres: string[];
  tags: string[];
  platforms: string[];
  /** The current price in USD (a sale price while the game is on sale: see `discount`). */
  price: number | null;
  /**
   * While the game is on sale: the list price its price's record gave and the discount, with that
   * record's source and time, as the game page shows them ("$7.99 (60% off $19.99)"); null otherwise.
   */
  discount: PriceDiscount | null;
  reviews: number | null;
  /** Percent, one decimal. */
  positiveShare: number | null;
  owners: number | null;
  /**
   * The players figure the table and the CSV show, `playersFigure`'s value: the game's latest count
   * or monthly average, or for a game whose only player figures are daily peaks its peak (its measure
   * in `playersFigure`); null without either. The "players" sort ranks the counts and averages, then
   * the peaks, then the games with neither (a peak is not ranked among averages and counts).
   */
  players: number | null;
  /**
   * The figure the table shows, with its time: a monthly average (SteamCharts, dated the 1st) has
   * `period: "month"`, a count none; a game with daily peaks only has its peak as the game page
   * shows it (`measure: "peak"`, `days`, `source`); null without a players figure.
   */
  playersFigure: ShownPlayersFigure | null;
  /**
   * When the game has no owners figure (`owners`) and its newest owners band has no lower end
   * (SteamSpy's "0 .. 20,000"): that band's top, with its source and time. The source gives no figure,
   * only "below 20,000", which the table shows as "< 20K"; null otherwise.
   */
  ownersBelow: OwnersBelow | null;
  /** P50 of the game's estimate; null when the game is not estimated. */
  ownersEstimate: number | null;
  /** Gross revenue in USD, P50 of the game's estimate; null without an estimate or a price. */
  revenueEstimate: number | null;
  /** P10–P90 of the owners estimate; null when the game is not estimated. */
  ownersEstimateRange: { low: number; high: number } | null;
  /** P10–P90 of the gross revenue estimate in USD; null without a revenue estimate. */
  revenueEstimateRange: { low: number; high: number } | null;
  /**
   * The estimate is low-signal (issue 11, ADR 011): too little is known of the game for a single
   * figure, so screens show its P10–P90 range, not the P50 (which only orders the rows); null when
   * the game is not estimated.
   */
  estimateLowSignal: boolean | null;
  /** The estimate is a free-to-play game's: no copies sold, revenue not estimated; null when not estimated. */
  estimateFreeToPlay: boolean | null;
  isDemo: boolean;
}

/** The CSV column that says which rows' estimates are low-signal, after the estimate columns chosen. */
export const SCREENER_CSV_LOW_SIGNAL = "estimateLowSignal (true/false)";
/** With the revenue estimate column: which rows are free-to-play games (revenue not estimated, not unknown). */
export const SCREENER_CSV_FREE_TO_PLAY = "estimateFreeToPlay (true/false)";
/** With the owners column: the top of a band with no lower end, where the source gives only "under N". */
export const SCREENER_CSV_OWNERS_BELOW = "ownersBelow (count)";
/** With the price column, last: a game on sale's list price and discount (empty when not on sale). */
export const SCREENER_CSV_DISCOUNT = ["listPrice (USD)", "discount (%)"] as const;
/**
 * With the players column, last: what its figure is ("month (average)" or "count", as Compare's
 * "Players figure") and the time it is of (a month's average is dated the month's first day).
 */
export const SCREENER_CSV_PLAYERS_FIGURE = ["playersFigure", "playersAt (ISO time)"] as const;

export interface ScreenerPage {
  rows: ScreenerRow[];
  total: number;
  page: number;
  pageSize: number;
  sort: ScreenerSort;
  order: "asc" | "desc";
  /**
   * Games that match every other filter but are left out by a release-year filter because no source
   * gives their release date or year (SteamSpy's export has none); 0 without a release-year filter.
   */
  undatedLeftOut: number;
  /** Where the figures come from (one entry per source), newest data time of each. */
  provenance: Provenance[];
}

/**
 * Sums of stored estimates over a set of games (issue 11: company pages and the screener), the games
 * the owners model covers only (modelCovers): P50s summed, P10 and P90 summed as a loose bracket.
 */
export interface EstimateSums {
  /** Games estimated (and covered by the model): the ones summed. */
  games: number;
  owners: { low: number; mid: number; high: number };
  /** Over the estimated games with a revenue estimate (a known price); null when none has one. */
  grossRevenue: { low: number; mid: number; high: number } | null;
  /** Estimated games with no revenue estimate (no known price): in `owners`, not in `grossRevenue`. */
  gamesWithoutRevenue: number;
  /**
   * Estimated free-to-play games: no copies sold and their in-game revenue not estimated, so in
   * `owners`, not in `grossRevenue` (never summed as $0).
   */
  freeToPlayGames: number;
  /**
   * Estimated games whose estimate is low-signal (no single figure is shown for them, only their
   * P10–P90 range): their P50s are in the sums all the same, and the screens say how many.
   */
  lowSignalGames: number;
  provenance: Provenance;
}

export interface MarketSummary {
  games: number;
  /** USD, among the games with a known price. */
  medianPrice: number | null;
  /** Reviews (positive + negative), among the games with reviews. */
  medianReviews: number | null;
  /**
   * Games per year, released up to today: a game dated later (announced, "coming soon") is not
   * counted. The last year has `partial: true` and `until` (YYYY-MM-DD, the newest release date in
   * the catalog up to today) when the catalog's data stop before that year's end (the Steam Store
   * snapshot ends in May 2019): its count is of part of the year only.
   */
  releasesPerYear: Array<{ year: number; games: number; partial?: true; until?: string }>;
  /** The five with the most reviews. */
  topGames: Array<{ id: string; name: string; reviews: number }>;
  /** The matching games' estimates summed (issue 11), as company pages sum theirs; null when none is estimated. */
  estimates: EstimateSums | null;
  /** Matching games with a stored estimate the owners model does not cover: not summed. */
  outsideModel: number;
  provenance: Provenance[];
}

/** The top of an owners band with no lower end ("below 20,000"), with its source and time. */
export interface OwnersBelow extends Provenance {
  high: number;
}

export interface CompanyGame extends WithPriceConversion {
  id: string;
  name: string;
  releaseDate: string | null;
  /** The release year, also when no full date is known (VGChartz gives years only). */
  releaseYear: number | null;
  role: "developer" | "publisher" | "developer and publisher";
  price: number | null;
  reviews: number | null;
  positiveShare: number | null;
  owners: number | null;
  /**
   * When the game has no owners figure (`owners`) and its newest owners band has no lower end
   * (SteamSpy's "0 .. 20,000"): that band's top, with its source and time. The source gives no figure,
   * only "below 20,000", which the table shows as "< 20K"; null otherwise.
   */
  ownersBelow: OwnersBelow | null;
  /** P50 of the game's estimate; null when none, or when the owners model does not cover the game (not on Steam, no Steam signal). */
  ownersEstimate: number | null;
  revenueEstimate: number | null;
  /** P10–P90 of the owners estimate; null when the game is not estimated. */
  ownersEstimateRange: { low: number; high: number } | null;
  /** P10–P90 of the gross revenue estimate in USD; null without a revenue estimate. */
  revenueEstimateRange: { low: number; high: number } | null;
  /**
   * The estimate is low-signal (issue 11, ADR 011): the page shows its P10–P90 range, not the P50,
   * as the screener does; null when the game is not estimated.
   */
  estimateLowSignal: boolean | null;
  /** The estimate is a free-to-play game's: no copies sold, revenue not estimated; null when not estimated. */
  estimateFreeToPlay: boolean | null;
  /**
   * Units sold as a sales dataset published them (VGChartz), over the game's rows that name this company
   * (`totals.publishedSales`); null when the catalog holds none.
   */
  publishedUnits: number | null;
  genres: string[];
  isDemo: boolean;
}

/**
 * Another company page whose name is this company's written differently: the same name once legal or
 * corporate suffix words are dropped ("Valve Software", "Valve Corporation" for "Valve";
 * docs/decisions/033-company-aliases.md), with that page's own figures.
 */
export interface CompanyAlias {
  slug: string;
  /** As that page names it (the spelling its games use most). */
  name: string;
  /** That page's games (its totals.games). */
  games: number;
  /** That page's published units (its totals.publishedSales), with their datasets and dates; null when none. */
  publishedSales: {
    units: number;
    games: number;
    otherGames: number;
    provenance: Provenance[];
  } | null;
}

export interface CompanyPage {
  slug: string;
  name: string;
  games: CompanyGame[];
  totals: {
    games: number;
    developed: number;
    published: number;
    /**
     * Reviews (positive + negative) summed over the games with review figures; null when none has
     * any: unknown, not 0.
     */
    reviews: number | null;
    /** Games with review figures: the ones `reviews` sums. */
    reviewedGames: number;
    firstYear: number | null;
    lastYear: number | null;
    /** Games with no release date or year in any source (SteamSpy gives none): outside firstYear–lastYear. */
    undatedGames: number;
    releasesPerYear: Array<{ year: number; games: number; partial?: true; until?: string }>;
    /**
     * Games the owners model does not cover (not on Steam, and no Steam reviews, owners band or
     * players): no estimate of theirs is shown or summed.
     */
    outsideModel: number;
    /** Sums of the games' estimates (P50, with P10 and P90 summed as a loose bracket); null when none is estimated. */
    estimates: EstimateSums | null;
    /**
     * Units sold as sales datasets published them (VGChartz), summed over the rows that name the company
     * as their publisher or developer (not rows of other publishers merged into a game of the same name,
     * and with its rows merged into another company's game): a published figure beside the estimates,
     * never added to them. Null when none.
     */
    publishedSales: {
      games: number;
      units: number;
      /**
       * Each region summed over the rows that give it (the Dec 2016 file has no Other column); null only
       * when no row gives it. `regionsNotGiven` counts the rows each sum leaves out.
       */
      regions: SalesRegions;
      regionsNotGiven: SalesRegionGaps;
      /** One per dataset (file and date) the figures come from. */
      provenance: Provenance[];
      /**
       * Games listed under another company holding rows that name this one (its release on a platform,
       * merged into a game of the same name): their rows are in `units`, not in `games`.
       */
      otherGames: number;
      /**
       * Rows counted by their game's companies because they were stored before the sales file recorded
       * each row's publisher and developer (a game can hold rows of other publishers): 0 once it is
       * imported again.
       */
      rowsBeforeCompanies: number;
      /** Says how many such rows the total holds, and that re-importing the file attributes them; null when none. */
      note: string | null;
    } | null;
  };
  provenance: Provenance[];
  /**
   * The pages of this company under its other spellings (review r27 a, item 5), most games first; null
   * when it has none. Their figures are theirs alone: never added to this page's, which `note` says.
   */
  alsoListedAs: {
    companies: CompanyAlias[];
    note: string;
  } | null;
}

/** The URL and API query of a filter: empty values left out, keys in a stable order. */
export function filterToParams(
  filter: Partial<Record<string, string | number | undefined | null>>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  return params;
}

/** One value of a genre, tag or platform pick list, with the number of catalog games having it. */
export interface FacetValue {
  value: string;
  games: number;
}

/** `GET /api/market/facets`: the catalog's genres, tags and platforms, most games first. */
export interface CatalogFacets {
  genres: FacetValue[];
  tags: FacetValue[];
  platforms: FacetValue[];
  /** Games in the catalog the counts are over. */
  games: number;
}
