/**
 * What the estimator knows about one game, whichever source it came from, and the feature vector
 * the fitted review model reads. The same code builds features for calibration (Steam Store Games
 * rows), the back-test (SteamSpy rows) and the catalog, so the three cannot drift apart.
 */
export interface EstimateInput {
  positiveReviews: number | null;
  negativeReviews: number | null;
  /**
   * List price in USD; 0 = free to play (with "Free to Play" among its genres or tags, see
   * `knownPrice`); null = unknown.
   */
  priceUsd: number | null;
  releaseYear: number | null;
  genres: string[];
  tags: string[];
  /** Player-hours summed over a player series (average concurrent players × hours covered). */
  playerHours?: number | null;
  /** First and last time covered by that series (ISO dates). */
  playerSeriesFrom?: string | null;
  playerSeriesTo?: string | null;
  /** An owners band a source published (SteamSpy: `20,000 .. 50,000`). */
  ownersBand?: { low: number; high: number; source: string; asOf: string | null } | null;
  /**
   * The most players any source counted at once (a count, a monthly average, a peak): every one of
   * them owns the game, so owners are at least this many.
   */
  peakPlayers?: number | null;
}

/** Genres (Steam's store genres) that get their own coefficient; the rest share the baseline. */
export const MODEL_GENRES = [
  "Action",
  "Adventure",
  "Casual",
  "Indie",
  "RPG",
  "Simulation",
  "Strategy",
  "Sports",
  "Racing",
  "Massively Multiplayer",
  "Early Access",
  "Free to Play",
] as const;

/** Release-year groups; 2016 is the baseline (no coefficient). */
export const YEAR_GROUPS = [
  { name: "year ≤ 2009", test: (y: number) => y <= 2009 },
  { name: "year 2010–2012", test: (y: number) => y >= 2010 && y <= 2012 },
  { name: "year 2013", test: (y: number) => y === 2013 },
  { name: "year 2014", test: (y: number) => y === 2014 },
  { name: "year 2015", test: (y: number) => y === 2015 },
  { name: "year 2017", test: (y: number) => y === 2017 },
  { name: "year 2018", test: (y: number) => y === 2018 },
  { name: "year ≥ 2019", test: (y: number) => y >= 2019 },
] as const;

/** Review-count buckets: the residual spread is fitted per bucket, and the back-test reports by them. */
export const REVIEW_BUCKETS = [
  { name: "0–9", min: 0, max: 9 },
  { name: "10–99", min: 10, max: 99 },
  { name: "100–999", min: 100, max: 999 },
  { name: "1,000–9,999", min: 1000, max: 9999 },
  { name: "10,000+", min: 10000, max: Number.POSITIVE_INFINITY },
] as const;

export function reviewBucket(reviews: number): number {
  return REVIEW_BUCKETS.findIndex((b) => reviews >= b.min && reviews <= b.max);
}

/**
 * Whether the game's review counts are known: a source that carries none (SteamCharts, an
 * IGDB-only game) leaves both null, which is not the same as 0 reviews.
 */
export function reviewsKnown(input: EstimateInput): boolean {
  return input.positiveReviews != null || input.negativeReviews != null;
}

/** Reviews counted (0 when unknown: check reviewsKnown before reading it as a signal). */
export function totalReviews(input: EstimateInput): number {
  return Math.max(0, input.positiveReviews ?? 0) + Math.max(0, input.negativeReviews ?? 0);
}

/** Centre of the log-review scale, so the squared term does not fight the intercept. */
const LOG_REVIEW_CENTRE = 5;
/** Typical positive share on Steam; centring keeps "unknown share" at the average. */
const SHARE_CENTRE = 0.8;

/**
 * An unknown price counts as the median paid price of the calibration snapshot (£4.79 = $6.08): the
 * price term then adds nothing beyond what a typical paid game carries.
 */
export const TYPICAL_PAID_PRICE_USD = 6.08;

/** Each model genre by its lower-case name (a catalog's genres and tags differ in case). */
const MODEL_GENRE_OF = new Map(MODEL_GENRES.map((g) => [g.toLowerCase(), g]));

/** The genres a game is filed under; tags stand in when a source gave none (tags include the genre names). */
export function modelGenres(input: EstimateInput): string[] {
  const own = input.genres.length ? input.genres : input.tags;
  const found = new Set<string>();
  for (const g of own) {
    const known = modelGenreOf(g);
    if (known) found.add(known);
  }
  return MODEL_GENRES.filter((g) => found.has(g));
}

/**
 * The model genre a genre or tag names (any case), or null; remembered, as the estimates ask for
 * the same few hundred tags of every game several times over.
 */
function modelGenreOf(name: string): string | null {
  let known = GENRE_OF_NAME.get(name);
  if (known === undefined) {
    known = MODEL_GENRE_OF.get(name.toLowerCase()) ?? null;
    if (GENRE_OF_NAME.size >= 10_000) GENRE_OF_NAME.clear();
    GENRE_OF_NAME.set(name, known);
  }
  return known;
}
const GENRE_OF_NAME = new Map<string, string | null>();

/** "Free to Play" among a game's genres or its tags. */
function freeToPlayListed(game: { genres: readonly string[]; tags: readonly string[] }): boolean {
  for (const g of game.genres) if (modelGenreOf(g) === "Free to Play") return true;
  for (const g of game.tags) if (modelGenreOf(g) === "Free to Play") return true;
  return false;
}

/**
 * The price the estimates may use. A price of 0 says "free to play" only beside a free-to-play
 * genre or tag: SteamSpy answers 0 for a paid game no longer sold (FIFA 22, Grand Theft Auto III),
 * and the store snapshot for one sold only in a bundle. Without that signal 0 is an unknown price:
 * units are estimated, revenue is not.
 */
export function knownPrice(game: {
  priceUsd: number | null;
  genres: readonly string[];
  tags: readonly string[];
}): number | null {
  return game.priceUsd === 0 && !freeToPlayListed(game) ? null : game.priceUsd;
}

/**
 * The price the estimates read (units × list price): the list price the record gave beside the
 * current one, when it is at least the current price (a sale's price is below it); else the current
 * price (a source that gives one price, a row stored before list prices were kept: migration 0028).
 */
export function listPriceOf(price: number | null, listPrice: number | null): number | null {
  return listPrice != null && (price == null || listPrice >= price) ? listPrice : price;
}

/**
 * The price a source's record stores: `knownPrice` by the record's own genres and tags, when it has
 * any. A record with neither (SteamSpy's top-100 and `all` answers carry no genres) cannot tell a
 * free game from a delisted one: its 0 is kept, and read with the catalog's genres and tags.
 */
export function recordPrice(game: {
  priceUsd: number | null;
  genres: readonly string[];
  tags: readonly string[];
}): number | null {
  return game.genres.length || game.tags.length ? knownPrice(game) : game.priceUsd;
}

/**
 * Free to play: a price of 0 beside a free-to-play genre or tag, or no known price beside one. A game
 * with a price above 0 sells copies at it, whatever its genres say (37 games of the Kaggle file list
 * "Free to Play" beside a price, Creativerse at $24.99: it went paid): it is estimated as sold.
 */
export function isFreeToPlay(input: EstimateInput): boolean {
  if (input.priceUsd != null && input.priceUsd > 0) return false;
  return (input.priceUsd === 0 && freeToPlayListed(input)) || modelGenres(input).includes("Free to Play");
}

/** Feature names of a model, in the order of its coefficients. */
export function featureNames(withYear: boolean): string[] {
  return [
    "intercept",
    "log reviews",
    "log reviews squared",
    "positive share",
    "positive share × log reviews",
    "free to play",
    "log price (USD)",
    ...(withYear ? YEAR_GROUPS.map((g) => g.name) : []),
    ...MODEL_GENRES.map((g) => `genre ${g}`),
  ];
}

export function features(input: EstimateInput, withYear: boolean): number[] {
  const reviews = totalReviews(input);
  const lr = Math.log1p(reviews) - LOG_REVIEW_CENTRE;
  const share = reviews > 0 ? (input.positiveReviews ?? 0) / reviews - SHARE_CENTRE : 0;
  const free = isFreeToPlay(input);
  const price = knownPrice(input);
  const genres = modelGenres(input);
  const year = input.releaseYear;
  const out = [
    1,
    lr,
    lr * lr,
    share,
    share * lr,
    free ? 1 : 0,
    free ? 0 : Math.log1p(price ?? TYPICAL_PAID_PRICE_USD),
  ];
  if (withYear) for (const g of YEAR_GROUPS) out.push(year != null && g.test(year) ? 1 : 0);
  for (const g of MODEL_GENRES) out.push(genres.includes(g) ? 1 : 0);
  return out;
}
