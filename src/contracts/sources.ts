import type { GrowthBasis } from "./growth-basis.ts";
import type { Provenance } from "./provenance.ts";
import type { RatingFigure } from "./rating-figure.ts";

/**
 * Answers of the data screens' endpoints (spec §3): the games database (`/api/igdb/*`), community
 * datasets (`/api/github-gaming/*`) and historical data (`/api/kaggle/*`). Types only: shared by the
 * server that builds them and the screens that show them.
 */
export interface IgdbGame {
  id: string;
  name: string;
  genres: Array<{ id: number; name: string }>;
  aggregated_rating: number | null;
  aggregated_rating_count: number | null;
  cover: { url: string } | null;
  first_release_date: number | null;
  /**
   * The release year, also when no full date is known (VGChartz gives years only): `first_release_date`
   * stays null rather than inventing a 1 January, and the card shows the year.
   */
  release_year: number | null;
  involved_companies: Array<{ developer: boolean; publisher: boolean; company: { name: string } }>;
  platforms: Array<{ id: number; name: string }>;
  summary: string | null;
  url: string | null;
  isDemo: boolean;
  /**
   * What `aggregated_rating` measures, named: user reviews' positive share or a critics' score (out
   * of 5, as every critic score in the app). Every answer gives it; the screens read it, not the raw
   * `aggregated_rating`.
   */
  ratingFigure: RatingFigure | null;
  /** Source and time of the game's rating and review figures (issue 9). */
  provenance?: Provenance | null;
  /** Each source of `provenance` with the time of its own newest figure. */
  figureSources?: Provenance[];
  /** Search answers only: the corrected words searched when none matched as typed (as SearchResult's). */
  correctedQuery?: string;
  /** `/api/igdb/trending` only: why the game trends (IgdbTrend). */
  trend?: IgdbTrend;
}

/**
 * Why a game of the Games Database's Trending tab trends: its players' growth as the Overview's
 * trending computes it (src/server/catalog/trending.ts), what it compares (`growthBasis`, named by
 * GROWTH_BASIS_LABELS), the two averages compared, and the source and time of the newest player point
 * it rests on (`asOf`; month-dated for a monthly series). Only games with such a figure are listed.
 */
export interface IgdbTrend extends Provenance {
  /** (currentAverage − previousAverage) / previousAverage. */
  growth: number;
  growthBasis: GrowthBasis;
  currentAverage: number;
  previousAverage: number;
  /** The latest month compared is partial: its source's file ends inside it (TrendingGame.growthPartial). */
  partial?: true;
}

export interface IgdbPlatform {
  id: string;
  name: string;
  abbreviation: string | null;
  generation: number | null;
  summary: string | null;
  platform_logo: { url: string } | null;
  /** The catalog's games on the platform, whichever source listed them. */
  games?: number;
  /** IGDB's platform record, or (until IGDB delivers) the platforms the catalog's games list. */
  provenance?: Provenance;
}

/** The most game ids a company's developed[] or published[] lists (`/api/igdb/companies`). */
export const COMPANY_GAME_IDS_LISTED = 100;

export interface IgdbCompany {
  id: string;
  name: string;
  logo: { url: string } | null;
  start_date: number | null;
  description: string | null;
  /**
   * Spec §3's developed[] and published[], as IGDB gives arrays of game ids: the ids of the catalog's
   * games whose developer (publisher) credit names the company, at most `COMPANY_GAME_IDS_LISTED` each
   * (the counts below say how many there are).
   */
  developed: string[];
  published: string[];
  /**
   * How many games the company developed (published): the catalog's, or IGDB's own count for an IGDB
   * company record (IGDB knows games the catalog does not hold).
   */
  developedCount: number;
  publishedCount: number;
  /** The company's page (`/companies/:slug`), for a company answered from the catalog's games. */
  slug?: string;
  /** IGDB's company record, or (until IGDB delivers) the developers and publishers the catalog's games name. */
  provenance?: Provenance;
}

/**
 * Spec §3 Status. `degraded`: the last IGDB sync failed; the games database still answers from what
 * was stored (at `lastSuccess`). `not_configured`: no IGDB keys are set, so IGDB is not in use at all
 * and the games database answers from the catalog alone (the Dashboard's platform list says the same
 * "Not configured"); never "operational", which would claim a connection that does not exist.
 */
export interface IgdbStatus {
  status: "operational" | "degraded" | "not_configured";
  /**
   * True only when the keys are set and Twitch accepted these keys at the last attempt to use them
   * (a sync that got a token and its answers). False without keys, when Twitch refused them, and while
   * no run has tried them yet (`message` says which); the screen shows "Not authenticated".
   */
  authenticated: boolean;
  lastSync: string | null;
  lastSuccess: string | null;
  /** Admins: why (the failure, the missing settings); customers: a generic sentence, or null. */
  message: string | null;
}

/**
 * `/api/igdb/newest-release`: the catalog's newest release date up to today (YYYY-MM-DD; null when it
 * holds none), and the sources of the games released that day, each dated by its own data. The Games
 * Database's Recent tab says it when no game was released in the past 30 days (report r31-a #5).
 */
export interface NewestRelease {
  date: string | null;
  provenance: Provenance[];
}

export interface CommunityDataset {
  fullName: string;
  name: string;
  description: string | null;
  topics: string[];
  owner: { login: string; avatarUrl: string | null };
  stars: number;
  lastUpdated: string;
  /** KB, as GitHub reports repository size. */
  size: number;
  language: string | null;
  htmlUrl: string;
  downloadUrl: string;
}

export interface DatasetContent {
  file: string;
  metadata: { totalEntries: number; format: "csv" | "json"; lastUpdated: string | null };
  dataType: string;
  games: Array<Record<string, unknown>>;
}

export interface KaggleDataset {
  ref: string;
  title: string;
  downloadCount: number;
  usabilityRating: number;
  size: number;
  voteCount: number;
  lastUpdated: string | null;
}

/**
 * What a player figure measures: the average count over a month or a day (a day's counts every 15
 * minutes, averaged), or the peak of concurrent players in it. A peak is not an average, and a month's
 * average is not a day's: figures of different measures or sources are not one series.
 */
export type PlayerMeasure = "monthly average" | "monthly peak" | "daily average" | "daily peak";

/** One player series of a game: one source, one measure. */
export interface PlayerSeriesInfo {
  measure: PlayerMeasure;
  /** The source as a person reads it, dated by the series' newest point. */
  provenance: Provenance;
}

export interface HistoricalGame {
  gameId: string;
  gameName: string;
  platform: string | null;
  /**
   * One player series, oldest first (dated the 1st of the month for monthly figures, the day for
   * daily ones): one source and one measure (`players`), so that its points compare. Figures keep
   * the precision their source gives (an average may have decimals); screens round them.
   */
  playerTrends: Array<{ date: string; playerCount: number }>;
  /** What `playerTrends` measures and where it comes from; null without player figures. */
  players?: PlayerSeriesInfo | null;
  /**
   * The newest figure of each of the game's other player series (another source or measure), newest
   * first: shown apart, as they do not compare with `playerTrends` or with each other.
   */
  otherPlayerFigures?: Array<PlayerSeriesInfo & { date: string; playerCount: number }>;
  /**
   * `period: "month"`: the point is dated by month only (its sources date their figures so, e.g. the
   * Steam Store Games snapshot, May 2019): a screen says the month, not the 1st it is stored on.
   */
  reviewTrends: Array<{ date: string; sentiment: number; averageRating: number; period?: "month" }>;
  /** Where the review sentiment comes from, dated by its newest point; null without reviews. */
  reviewProvenance?: Provenance | null;
  /** Each source of the review history, dated by its own newest point, oldest first. */
  reviewSources?: Provenance[];
  isDemo?: boolean;
  /** Every source of the game's player and review series, and their newest point of all. */
  provenance?: Provenance;
}

export interface MarketHistory {
  globalRevenue: Array<{
    year: number;
    revenue: number;
    growth: number | null;
    /**
     * The edition whose stated growth `growth` is ("Newzoo Global Games Market Report 2024"): against
     * that edition's own figure for the year before, which need not be the revenue shown for that year.
     * Null without a growth figure.
     */
    growthSource?: string | null;
    forecast: boolean;
    /** What later editions reported for this year instead: the figure was revised. Null when not. */
    revisedLater?: string | null;
    /**
     * What earlier editions had given for this year before the figure shown (a forecast year's
     * earlier forecasts): not a revision of the figure. Null when none.
     */
    earlierFigures?: string | null;
    /** The citation's confidence ("high", "medium (forecast)"…). */
    confidence?: string | null;
    /**
     * The edition the figure is quoted from ("Newzoo Global Games Market Report 2023"; a forecast's
     * update), or, for a figure no edition gave, the edition it was derived from (2012: back-calculated
     * from the 2013 edition's figure and growth; `note` says how). Null without one.
     */
    edition?: string | null;
    /**
     * How a figure no edition published was arrived at, in the citation's words ("No Newzoo 2012
     * edition figure found; value back-calculated from GGMR 2013 (70.4 = +6% YoY)"). Null otherwise.
     */
    note?: string | null;
    /** When that edition was published (its last month named), ISO 8601; null where it names none. */
    asOf?: string | null;
  }>;
  platformDistribution: Record<string, number>;
  platformYear: number | null;
  regionalMarkets: Array<{
    region: string;
    share: number;
    /**
     * Growth on the year before `regionalYear`, against that year's figure in its own edition (`growthBase`).
     * Null where the year before has no figure for the region: never a rate over a longer span.
     */
    growth: number | null;
    revenue: number;
    /** The figure `growth` is against: the year before and the edition it is quoted from. Null without one. */
    growthBase?: { year: number; revenue: number; edition: string | null } | null;
    /**
     * The year before has a figure for the region, but Newzoo restated that year after the edition it
     * is quoted from: the two editions are not on one basis, so there is no growth. Null otherwise.
     * `reason`: what the citation table says changed ("Q1 2025 methodology change"), null where it
     * names nothing. `worldTotalRestated`: the later figures the table gives for that year, which are
     * the WORLD TOTAL's in billions of USD ("184.3 (late 2024), 177.9 (+0.6%) …"), never the region's:
     * the table has no restated regional figure (review r28-a #4).
     */
    notComparable?: {
      year: number;
      revenue: number;
      edition: string | null;
      reason: string | null;
      worldTotalRestated: string;
    } | null;
  }>;
  regionalYear: number | null;
  source: string;
  /** Newzoo, dated by the latest edition quoted (issue 9 §3). */
  provenance?: Provenance;
}

export interface EsportsSummary {
  /**
   * `viewership`: the game's highest monthly peak of Twitch viewers in the data, in `viewershipMonth`
   * (ISO 8601, the month's first day); null without Twitch figures.
   */
  topGames: Array<{
    game: string;
    viewership: number | null;
    viewershipMonth?: string | null;
    prizePool: number;
  }>;
  growth: Array<{
    year: number;
    totalPrizePool: number;
    totalViewership: number | null;
    /** Months of the year the data covers (2021 ends in September): a partial year is not comparable. */
    months?: number;
    /** Months of the year the hours watched cover (null without Twitch data for the year). */
    viewershipMonths?: number | null;
    partial?: boolean;
  }>;
  /**
   * No per-tournament list is public here: each row is one game's month (`month`, ISO 8601, its first
   * day), the richest by prize money, with how many of its tournaments paid out then (`tournaments`)
   * and that month's peak Twitch viewers of the game.
   */
  tournaments: Array<{
    name: string;
    game: string;
    prizePool: number;
    viewers: number | null;
    month?: string;
    tournaments?: number | null;
  }>;
  /** One per dataset (Esports Earnings, Twitch), dated by the last month it covers. */
  provenance: Provenance[];
  /** Each figure's own source, dated by the last month its data covers; null without its data. */
  figureSources?: {
    prizePool: Provenance | null;
    viewers: Provenance | null;
    hoursWatched: Provenance | null;
  };
}

/** A store's offer: Epic's running free promotions, GOG's prices and discounts. */
export interface StoreOffer {
  store: "Epic" | "GOG";
  id: string;
  title: string;
  /** USD. */
  price: number | null;
  originalPrice: number | null;
  discountPercent: number | null;
  free: boolean;
  imageUrl: string | null;
  url: string | null;
  startsAt: string | null;
  endsAt: string | null;
}

/** The sources `bun run sync <source>` runs. */
export type SyncSource = "steam" | "steamspy" | "epic" | "gog" | "igdb" | "github" | "kaggle";

/** The last run of one source (`source_syncs`). */
export interface SyncState {
  source: SyncSource;
  status: "ok" | "error";
  message: string | null;
  /** Records the last run stored. */
  records: number;
  lastSyncAt: string;
  /** The last run that succeeded: what the app serves came in then. */
  lastSuccessAt: string | null;
  durationMs: number | null;
}

/**
 * One of the 8 platforms of spec §1 with its real connection state (`/api/platforms/all`).
 * `not_configured`: a key is missing; `never_synced`: ready, nothing fetched yet; `connected`: the
 * last sync succeeded; `error`: it failed, and what was stored before is still served.
 */
export interface PlatformConnection {
  id: "steam" | "epic" | "gog" | "playstation" | "xbox" | "igdb" | "kaggle" | "github";
  name: string;
  /**
   * How the data comes in. For PlayStation and Xbox, the sources of the games stored ("games from
   * VGChartz sales dataset (vgsales.csv); metadata via IGDB"), or "metadata via IGDB" while none is;
   * "IGDB not connected" in place of "metadata via IGDB" while IGDB has no keys.
   */
  source: string;
  configured: boolean;
  /** The environment variables still missing, when not configured (admins only; [] for customers). */
  missing: string[];
  status: "connected" | "never_synced" | "error" | "not_configured";
  lastSync: string | null;
  lastSuccess: string | null;
  /** Why the last sync failed (admins only; null for customers). */
  message: string | null;
  /** What we hold from it now. */
  stored: { count: number; unit: "games" | "free games" | "offers" | "datasets" };
  /**
   * How often this server's schedule syncs it ("every 12 hours"); null while no schedule does (the
   * scheduler is off, or the workflow that syncs it is paused). Given by `/api/platforms/all`.
   */
  schedule?: string | null;
}

/**
 * Games and current players per platform, counted from the catalog (`/api/platforms/stats`), one row per
 * platform whichever source spelt it ("PS4", "PlayStation 4"): every platform the catalog's games list,
 * none left out, most games first.
 */
export interface PlatformStat {
  platform: string;
  games: number;
  /**
   * The platform's share of the catalog's games, in percent to one decimal: `games` of `catalogGames`.
   * A game on several platforms counts under each, so the shares add up to more than 100% (review
   * r27-a #1: the platforms' counts summed read PC 48.8% where 70.1% of the games are on PC).
   */
  share: number;
  /** Every game of the catalog, the share's base (games listing no platform included). */
  catalogGames: number;
  /**
   * Players measured on the platform now; null when no source measures them there (no data). Steam's
   * counts are the only player counts the catalog holds: they count under PC, never under the consoles
   * a game is also sold on.
   */
  players: number | null;
  /** The games whose players are summed. */
  playerGames: number;
  /** Where `players` comes from and its newest data; null without players. */
  provenance: Provenance | null;
}

/** How many of the catalog's free-to-play games `/api/platforms/free-games` lists (the most played). */
export const FREE_CATALOG_GAMES_LISTED = 20;

/**
 * The source a Games Database list names when it answers from the catalog (IGDB has not delivered
 * its records): the screen then names the catalog's own sources beside it.
 */
export const CATALOG_LIST_SOURCE = "Games catalog";

/**
 * How many games are free to play right now (`/api/platforms/free-games/count`): every free-to-play
 * game of the catalog, as the free games list picks them (a price of 0 and "Free to Play" among the
 * genres or tags), not the list's length, which stops at FREE_CATALOG_GAMES_LISTED.
 */
export interface FreeGamesCount {
  /** The catalog's free-to-play games. */
  catalog: number;
  /** The stores' free promotions still running (Epic, GOG). */
  promotions: number;
  /** Where the catalog games' price of 0 comes from, each source at its newest; the stores' syncs. */
  provenance: Provenance[];
}

/** A game free to play right now (`/api/platforms/free-games`). */
export interface FreeGame {
  id: string;
  /** The catalog game behind a free-to-play row, whose page its name links to; null for a store's promotion. */
  gameId: string | null;
  name: string;
  store: "Epic" | "Steam" | "GOG" | "Catalog";
  playerCount: number | null;
  imageUrl: string | null;
  url: string | null;
  endsAt: string | null;
  /**
   * A catalog game's: the source and data time of the price of 0 that makes it free; null for a
   * store's promotion (its source is the store, as of its last sync) or a price of no known source.
   */
  provenance: Provenance | null;
  /**
   * A catalog game's player count (`playerCount`, which ranks the list): its source and data time;
   * null without one (a store's promotion, or no player series).
   */
  playersProvenance: Provenance | null;
}
