import { z } from "zod";
import type { GameSummary } from "./games.ts";
import type { PriceConversion, PriceConversionRate } from "./price-conversion.ts";
import type { Provenance } from "./provenance.ts";

/**
 * One page per game (issue 10): the game with its latest figures, its series and similar games.
 * `:id` is the catalog id or `steam-<appid>`.
 */

export const SERIES_METRICS = [
  "players",
  "players_peak",
  "reviews_positive",
  "reviews_negative",
  "price",
  "owners",
] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];

/** What a series' values count; CSV headers carry it. */
export const METRIC_UNITS: Record<SeriesMetric, string> = {
  players: "players",
  players_peak: "players",
  reviews_positive: "reviews",
  reviews_negative: "reviews",
  price: "USD",
  owners: "owners",
};

export const METRIC_LABELS: Record<SeriesMetric, string> = {
  players: "Average players",
  players_peak: "Peak players",
  reviews_positive: "Positive reviews",
  reviews_negative: "Negative reviews",
  price: "Price",
  owners: "Owners",
};

/** Which source fills a series the catalog has no points for (the empty chart says so). */
export const METRIC_FILLED_BY: Record<SeriesMetric, string> = {
  players: "Steam's live player counts (the Steam sync) or a SteamCharts history import",
  players_peak: "Steam's live player counts (the Steam sync) or a SteamCharts history import",
  reviews_positive: "the SteamSpy sync or a Steam store dataset import",
  reviews_negative: "the SteamSpy sync or a Steam store dataset import",
  price: "the SteamSpy sync or a Steam store dataset import",
  owners: "the SteamSpy sync or a Steam store dataset import",
};

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether a date (`2024-01-31`) or ISO 8601 time names a moment the calendar has: `2019-02-30` or
 * `T24:30` would otherwise be rolled over by Date.parse into the next month or day.
 */
export function isCalendarTime(s: string): boolean {
  if (s.length === 10) return isCalendarDate(s);
  const m = ISO_TIME.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return false;
  if (m[4] != null && (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] != null && Number(m[6]) > 59)))
    return false;
  return !Number.isNaN(Date.parse(s));
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
const isDigit = (s: string, i: number) => s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;
const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];

/**
 * isCalendarTime of a plain `YYYY-MM-DD`, in integer arithmetic (an importer checks every row's date):
 * month 1–12, day within the month (29 February in leap years). Years 0000–0099 are refused, as
 * Date.UTC reads them as 1900–1999 and isCalendarTime then finds a different day.
 */
function isCalendarDate(s: string): boolean {
  for (const i of DATE_DIGITS) if (!isDigit(s, i)) return false;
  if (s[4] !== "-" || s[7] !== "-") return false;
  const year = digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3);
  const month = digit(s, 5) * 10 + digit(s, 6);
  const day = digit(s, 8) * 10 + digit(s, 9);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  if (day <= 28) return true;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** A date (`2024-01-31`) or a full ISO 8601 time, one the calendar has. */
const isoTime = z.string().trim().refine(isCalendarTime, {
  message: "Use an ISO 8601 date or time the calendar has, such as 2024-01-31",
});

export const SeriesQuerySchema = z
  .object({
    metric: z.enum(SERIES_METRICS, { message: `One of ${SERIES_METRICS.join(", ")}` }),
    from: isoTime.optional(),
    to: isoTime.optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: "Must not be before from",
    path: ["to"],
  });
export type SeriesQuery = z.infer<typeof SeriesQuerySchema>;

/** A latest figure with where and when it comes from. */
export interface LatestFigure extends Provenance {
  value: number;
  /** `instant`, `day` or `month`: how long the value covers. */
  period: string;
  /** A price the source published in another currency: its own price and the rate (price figures only). */
  conversion?: PriceConversion;
}

/** An owners range as its source published it, with where and when. */
export interface OwnersBandFigure extends Provenance {
  low: number;
  high: number;
}

export interface PriceDiscount extends Provenance {
  /** USD, the full price. */
  listPrice: number;
  /** Whole percent off the list price (75 = the game sells at a quarter of it). */
  percent: number;
}

export interface CompanyLink {
  name: string;
  slug: string;
}

export interface GameDetail extends GameSummary {
  /** The release year, also when no full date is known (VGChartz gives years only); null when neither. */
  releaseYear: number | null;
  tags: string[];
  steamAppId: number | null;
  /** Steam store page for a Steam app; the game's own site otherwise; null when neither is known. */
  storeUrl: string | null;
  websiteUrl: string | null;
  /** Slugs of the (first) developer's and publisher's company pages. */
  developerSlug: string | null;
  publisherSlug: string | null;
  /**
   * Every company the developer and publisher credits name (co-developers, co-publishers), each with
   * its company page's slug, in the source's order.
   */
  developers: CompanyLink[];
  publishers: CompanyLink[];
  /** The newest point of each series the catalog holds for the game. */
  latest: Partial<Record<SeriesMetric, LatestFigure>>;
  /**
   * The newest owners band a source published for the game (SteamSpy's "0 .. 20,000"), with that
   * source and time; null when none. A band with no lower end (`low` 0) gives no owners figure
   * (`latest.owners`): it says only that owners stay below `high`, and the page says just that.
   */
  ownersBand: OwnersBandFigure | null;
  /**
   * While the game is on sale: the list price the current price's record gave beside it (SteamSpy's
   * `initialprice`, Steam's `price_overview.initial`) and the discount in whole percent, with that
   * record's source and time. Null when not on sale or when no source gave a list price.
   */
  discount: PriceDiscount | null;
  /**
   * Units sold as a sales dataset published them (VGChartz), per platform and region; null when the
   * catalog holds none. Published figures, apart from (never blended into) the Steam-based estimates.
   */
  publishedSales: PublishedSales | null;
  /**
   * An entry of several platforms: each platform's critic score as the sales dataset carries it, with
   * its count of critics, source and date; empty otherwise. The entry's `rating` is one platform's row,
   * so a page names each platform's rather than showing one as the game's (review r29-a #6).
   */
  platformCriticScores: PlatformCriticScore[];
  /**
   * The catalog's other entries of this title: games whose name has the same name-matching key
   * (`normalizeName`: case, accents, trademark signs and punctuation aside, nothing fuzzy), such as
   * the PS3/X360 and PS4/XOne entries beside a PC one. Null when there is none
   * (docs/decisions/031-same-title-entries.md).
   */
  sameTitle: SameTitle | null;
}

/** Another catalog entry of the same title, with its own headline figures and their sources. */
export interface SameTitleEntry {
  id: string;
  slug: string;
  name: string;
  platforms: string[];
  releaseDate: string | null;
  /** The year of `releaseDate`, or the only year the source gives (VGChartz); null when neither. */
  releaseYear: number | null;
  steamAppId: number | null;
  isDemo: boolean;
  /**
   * Units a sales dataset published for this entry, summed over its platforms, with the files and
   * dates; null when it has none.
   */
  publishedUnits: { units: number; provenance: Provenance[] } | null;
  /**
   * Its estimate of units sold (Steam-based, issue 11), P50 with P10–P90, and its source and time;
   * null when the owners model does not cover it or has no stored estimate. Never added to published units.
   */
  unitsEstimate: SameTitleEstimate | null;
}

export interface SameTitleEstimate extends Provenance {
  low: number;
  mid: number;
  high: number;
  /** Too little is known for a single figure: shown as its P10–P90 range. */
  lowSignal: boolean;
  /** Free to play: no copies sold, so no units figure. */
  freeToPlay: boolean;
}

export interface SameTitle {
  /** Oldest release first (a year alone before that year's dates; undated last), at most SAME_TITLE_SHOWN. */
  entries: SameTitleEntry[];
  /** How many other entries of the title the catalog holds (more than `entries` when capped). */
  total: number;
  /**
   * The published units of this game and every other entry of the title added up, when each of them
   * that has any has them from one and the same file and date, and at least two do; null otherwise.
   * A sum of those entries' published rows from that file, never with an estimate added.
   */
  publishedTotal: SameTitlePublishedTotal | null;
  /**
   * Why there is no `publishedTotal` where two or more entries have published units of one file and
   * date: their release years lie more than SAME_GAME_YEARS apart, or one of them has none, so they may
   * be different games of one name (a reboot) and their sum the figure of no one game. Null otherwise
   * (a sum is given, or there is none for a reason the section states itself: two files, part shown).
   */
  noTotalReason: string | null;
}

/**
 * How many years apart entries of one name may be released and still be taken for one game on several
 * platforms (GTA V: 2013, 2014 and 2015); further apart (Need for Speed: Most Wanted, 2005 and 2012),
 * or with a year unknown, they may be different games of that name (docs/decisions/031).
 */
export const SAME_GAME_YEARS = 3;

export interface SameTitlePublishedTotal extends Provenance {
  units: number;
  /** The entries summed (this game among them when it has published units), in `entries`' order. */
  gameIds: string[];
  /** Entries of the title without published units, not in the sum. */
  entriesWithout: number;
}

/** The most other entries of a title a game page lists. */
export const SAME_TITLE_SHOWN = 20;

/** Units sold per region; null where the dataset does not give the region (the 2016 file has no "other"). */
export interface SalesRegions {
  northAmerica: number | null;
  europe: number | null;
  japan: number | null;
  other: number | null;
}

/** Per region, how many summed rows (platforms, for one game) do not give it: left out of that region's sum. */
export type SalesRegionGaps = Record<keyof SalesRegions, number>;

/** One platform's published sales, in units (the datasets publish millions to two decimals). */
export interface PublishedPlatformSales {
  platform: string;
  /** Release year on the platform as the dataset gives it. */
  year: number | null;
  units: number;
  regions: SalesRegions;
  /** The dataset named as a person reads it, with its file ("VGChartz sales dataset (vgsales.csv)"). */
  source: string;
  /** When the file was taken; null when neither the import nor the file's name says. */
  asOf: string | null;
}

/** A platform's critic score (0–100, Metacritic's as VGChartz carries it) and how many critics it counts. */
export interface PlatformCriticScore extends Provenance {
  platform: string;
  score: number;
  critics: number | null;
}

/** Published unit sales of one game or a set of games, with where and when they come from. */
export interface PublishedSales {
  /** Sum over the platforms. */
  units: number;
  /**
   * Sums over the platforms that give each region (the Dec 2016 file has no Other column); null only
   * when none gives it. `regionsNotGiven` counts the platforms each sum leaves out.
   */
  regions: SalesRegions;
  regionsNotGiven: SalesRegionGaps;
  /** Largest first. */
  platforms: PublishedPlatformSales[];
  /** One per dataset the figures come from. */
  provenance: Provenance[];
}

export interface SeriesPoint {
  /** ISO 8601 start of the period. */
  t: string;
  value: number;
  /**
   * `instant`, `day` or `month`: how long this point covers. Only when the series' points differ in
   * period (SteamCharts' monthly peaks beside daily peaks); otherwise the series' `period` says it.
   */
  period?: string;
  /**
   * The source of this point, as a person reads it ("SteamDB"), when the series' points come from
   * more than one source (SteamCharts' monthly peaks, SteamDB's daily ones, SteamSpy's peak of the day
   * before): those are not comparable, so a chart draws a line per source. Otherwise the series'
   * `source` says it.
   */
  source?: string;
  /**
   * An owners point that is the middle of its source's band: the band as published, so an export
   * can say the figure is a midpoint of `low .. high` (review r22/a, item 4).
   */
  band?: { low: number; high: number };
}

export interface GameSeries {
  metric: SeriesMetric;
  unit: string;
  /**
   * The period the points cover (`day`, `month`, `instant`); null without points. `mixed` when the
   * points differ in period (monthly peaks beside a day's peak): each point then carries its own, and
   * `periods` counts the points of each.
   */
  period: string | null;
  /** With `period: "mixed"`: how many points cover each period (`{ month: 48, day: 1 }`). */
  periods?: Record<string, number>;
  /** The sources of the points, as a person reads them ("SteamCharts; Steam"); null without points. */
  source: string | null;
  /** Time of the newest point; null without points. */
  asOf: string | null;
  /** How its sources' figures were derived, where they are not the published numbers themselves. */
  method?: string;
  /** The same, one entry per source (as `source` names it), so each point's method can be told. */
  methods?: Array<{ source: string; method: string }>;
  /**
   * Its sources (as `source` names them) that date their figures by the month only: their points'
   * times are the month's first instant, shown as the month ("May 2019").
   */
  monthDated?: string[];
  /**
   * A price series with points from a source that gives another currency (Steam Store Games' GBP):
   * each such source's currency and rate, so the chart can say its prices are converted.
   */
  conversions?: PriceConversionRate[];
  /** Oldest first. */
  points: SeriesPoint[];
  /** Without points at all: the source that would fill the series. */
  filledBy?: string;
  /**
   * Without points between `from` and `to` while the series has points elsewhere: the times of its
   * first and last point, and a sentence saying so (the chart shows it in place of `filledBy`).
   */
  outside?: { first: string; last: string; note: string };
}

export interface SimilarGame extends GameSummary {
  /** Shared genres weigh 2, shared tags 1. */
  score: number;
  shared: string[];
  /**
   * Where and when the game's price comes from (its record's price source and time); null without a
   * price (review r21/b, item 5: the similar games' CSV gave prices with neither).
   */
  priceProvenance: Provenance | null;
}
