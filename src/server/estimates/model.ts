import type { Coefficients, FittedRange } from "./calibrate.ts";
import { COEFFICIENTS } from "./coefficients.ts";
import {
  type EstimateInput,
  features,
  isFreeToPlay,
  knownPrice,
  reviewBucket,
  reviewsKnown,
  totalReviews,
} from "./features.ts";
import { type RevenueEstimate, revenueFromOwners } from "./revenue.ts";
import { dot, roundSignificant, truncatedNormalQuantile, wholePercentages, Z90 } from "./stats.ts";

/**
 * The estimator: each method gives log(owners) as a normal distribution (a centre and a spread);
 * the blend weighs them by precision and widens the range by how far they disagree.
 */
export type MethodName = "review-model" | "player-hours" | "owners-band" | "catalog-spread";

export interface MethodFigure {
  name: MethodName;
  label: string;
  /** Centre and spread of log(owners) by this method. */
  logMean: number;
  logSigma: number;
  /** Null for a method outside the range it was fitted on, beside methods that are not (weight 0). */
  owners: Range | null;
  /** Share of the blend, in whole percent (0.11 = 11 %); the weights of one estimate add up to 1. */
  weight: number;
  detail: string;
}

export interface Range {
  low: number;
  mid: number;
  high: number;
}

export interface Estimate {
  owners: Range;
  unitsSold: Range;
  revenue: RevenueEstimate;
  methods: MethodFigure[];
  modelVersion: string;
  /**
   * Fewer than 10 reviews (or none known) and no other signal — no player series, no owners band with
   * a lower end: the range is wide and the answer says so.
   */
  lowSignal: boolean;
  notes: string[];
}

/** Below this many reviews, reviews alone do not make an estimate worth a point figure. */
export const LOW_SIGNAL_REVIEWS = 10;

function range(logMean: number, logSigma: number, floor: number): Range {
  // Owners are whole people: at least one, and never fewer than the reviewers.
  const clamp = (v: number) => Math.max(floor, 1, Math.round(roundSignificant(v)));
  return {
    low: clamp(Math.exp(logMean - Z90 * logSigma)),
    mid: clamp(Math.exp(logMean)),
    high: clamp(Math.exp(logMean + Z90 * logSigma)),
  };
}

type Partial = Omit<MethodFigure, "owners" | "weight"> & {
  /** Why the figure lies outside the range the method was fitted on ("" for inside). */
  outside?: string;
  /**
   * The range the method's own model was fitted on (the review model with or without a release
   * year): what `outside` was decided by, and what caps its figure when it is the only method.
   */
  fittedRange?: FittedRange;
};

const count = (n: number) => n.toLocaleString("en-US");

/** Null when the game's reviews are unknown: unknown is not 0 reviews (see catalogSpread). */
export function reviewMethod(
  input: EstimateInput,
  c: Coefficients = COEFFICIENTS,
  explain = true,
): Partial | null {
  if (!reviewsKnown(input)) return null;
  const withYear = input.releaseYear != null;
  const model = withYear ? c.reviewModel.withYear : c.reviewModel.withoutYear;
  const reviews = totalReviews(input);
  const logMean = dot(model.coefficients, features(input, withYear));
  const multiplier = Math.exp(logMean) / Math.max(1, reviews);
  // Coefficients calibrated before the range was recorded have none: nothing is outside it.
  const fitted = model.fittedRange;
  const outside = !fitted
    ? ""
    : reviews > fitted.maxReviews
      ? `${count(reviews)} reviews, more than any of the games it was fitted on (up to ${count(fitted.maxReviews)})`
      : logMean > Math.log(fitted.maxOwners)
        ? `${count(reviews)} reviews × ${roundSignificant(multiplier, 2)} is more owners than the highest band it was fitted on (${count(fitted.maxOwners)})`
        : "";
  return {
    name: "review-model",
    label: "Review model",
    outside,
    ...(fitted ? { fittedRange: fitted } : {}),
    logMean,
    logSigma: model.sigmaByBucket[reviewBucket(reviews)]!,
    detail: !explain
      ? ""
      : reviews === 0
        ? // 0 × a multiplier is 0: say the figure itself, which the fit gives a game nobody has reviewed.
          `No reviews: ${roundSignificant(Math.exp(logMean), 2).toLocaleString("en-US")} owners, the fitted figure for a game without reviews and with this game's ${withYear ? "release year, " : ""}price and genres`
        : `${reviews.toLocaleString("en-US")} reviews × ${roundSignificant(multiplier, 2)} (fitted multiplier for this game's ${withYear ? "release year, " : ""}price, genres and positive share)`,
  };
}

/**
 * Null without a player series, and when the game's reviews are unknown: hours per owner are fitted on
 * the review count above all (a game with many reviews is played for longer), so with reviews unknown
 * the fit would read them as 0 — about 2.7 hours per owner, which made Valheim's 502M player-hours
 * 186M owners. The series then only says owners are at least its most players at once (peakPlayers).
 */
/**
 * What a low-signal estimate lacks. A player series of fewer than 3 monthly averages is shown on the
 * game page but not used (estimates/store.ts), so "no player series" would contradict the chart above.
 */
const NO_SERIES_OR_BAND = "no monthly player series of 3 months or more, no owners band";

export function playerMethod(
  input: EstimateInput,
  c: Coefficients = COEFFICIENTS,
  explain = true,
): Partial | null {
  const hours = input.playerHours;
  if (hours == null || hours <= 0 || !reviewsKnown(input)) return null;
  const m = c.playtimeModel;
  const yearKnown = input.releaseYear != null;
  // The playtime model was fitted with release years; without one the game counts as a 2016 release (the baseline).
  const logHoursPerOwner = dot(
    m.coefficients,
    features(yearKnown ? input : { ...input, releaseYear: 2016 }, true),
  );
  return {
    name: "player-hours",
    label: "Player hours",
    logMean: Math.log(hours) - logHoursPerOwner,
    logSigma: m.sigma,
    detail: !explain
      ? ""
      : `${roundSignificant(hours, 3).toLocaleString("en-US")} player-hours${input.playerSeriesFrom ? ` (${input.playerSeriesFrom} to ${input.playerSeriesTo})` : ""} ÷ ${roundSignificant(Math.exp(logHoursPerOwner), 2)} hours per owner (fitted)`,
  };
}

export function bandMethod(input: EstimateInput, explain = true): Partial | null {
  const band = input.ownersBand;
  if (!band || !(band.high > 0)) return null;
  // A band with no lower end (0 .. 20,000) starts at the reviewer count: every reviewer owns the game.
  const low = Math.max(band.low, totalReviews(input), 1);
  if (low >= band.high) return null;
  // Owners spread evenly in log scale across the band: centre at the geometric middle, sd = width/√12.
  const logWidth = Math.log(band.high) - Math.log(low);
  return {
    name: "owners-band",
    label: "Owners band",
    logMean: (Math.log(band.high) + Math.log(low)) / 2,
    logSigma: logWidth / Math.sqrt(12),
    detail: !explain
      ? ""
      : `${band.source}: ${band.low.toLocaleString("en-US")} .. ${band.high.toLocaleString("en-US")} owners${band.asOf ? ` (${band.asOf.slice(0, 10)})` : ""}`,
  };
}

/**
 * Nothing known but that the game is on the store: the spread of owners across the calibration
 * catalog's games. Used only when no method has data; the estimate is then flagged low-signal.
 */
export function catalogSpread(c: Coefficients = COEFFICIENTS, explain = true): Partial {
  const prior = c.catalogPrior;
  return {
    name: "catalog-spread",
    label: "Catalog spread",
    logMean: prior.logMean,
    logSigma: prior.logSigma,
    detail: !explain
      ? ""
      : `No reviews, owners band with a lower end or player series with reviews known: the spread of owners across the ${prior.rows.toLocaleString("en-US")} games of ${c.fittedOn.dataset}, not a figure for this game`,
  };
}

/**
 * Whether the owners model speaks for a game at all. It is fitted on Steam games and reads Steam's
 * signals, so it covers a game on Steam (even one it knows nothing more of: the catalog spread is then
 * what any game on the store might have) and a game with any Steam signal — reviews, an owners band,
 * a player series, players counted. A game with none of them and not on Steam (a console game from a
 * sales dataset, an IGDB record) would get the spread of Steam games' owners, which says nothing about
 * it: screens show no figure for it (published sales, where the catalog has them, stand on their own).
 */
export function modelCovers(input: EstimateInput, onSteam: boolean): boolean {
  return (
    onSteam ||
    reviewsKnown(input) ||
    input.ownersBand != null ||
    (input.playerHours ?? 0) > 0 ||
    (input.peakPlayers ?? 0) > 0
  );
}

/**
 * modelCovers in SQL, for a stored estimate `e` (its inputs in `inputs_key`) of a game `g`: for sums
 * and lists that read many estimates at once (estimate totals, the screener's columns).
 */
export function modelCoversSql(e: string, g: string): string {
  const input = (field: string) => `json_extract(${e}.inputs_key, '$.${field}')`;
  return `(${g}.steam_app_id IS NOT NULL OR ${input("positiveReviews")} IS NOT NULL
    OR ${input("negativeReviews")} IS NOT NULL OR ${input("ownersBand")} IS NOT NULL
    OR coalesce(${input("playerHours")}, 0) > 0 OR coalesce(${input("peakPlayers")}, 0) > 0)`;
}

/**
 * What an estimate says of a game the model does not cover (modelCovers). "This entry": the title may
 * well be on Steam as another catalog entry (GTA V's PS4/XOne entry beside its PC one), so it does not
 * say the game is not on Steam (review r25 #2).
 */
export const NOT_COVERED_NOTE =
  "This entry is not a Steam app, and no Steam reviews, owners band or player figures are known for it: the owners model covers Steam games, so it gives no estimate for this entry.";

/** An owners band that starts at 0 (SteamSpy's `0 .. 20,000`) says only that owners stay below its top. */
function hasNoLowerEnd(input: EstimateInput): boolean {
  return input.ownersBand != null && !(input.ownersBand.low > 0);
}

/**
 * Every method that has data for this game, blended. `explain: false` leaves each method's `detail`
 * empty: the figures are the same, without the text only a game page shows (the estimates store
 * keeps figures, and a page runs the model again on the stored inputs; about a third of the model's
 * time for an import's games).
 */
export function estimate(
  input: EstimateInput,
  options: { coefficients?: Coefficients; exclude?: MethodName[]; explain?: boolean } = {},
): Estimate {
  const c = options.coefficients ?? COEFFICIENTS;
  const explain = options.explain ?? true;
  const known = reviewsKnown(input);
  const reviews = totalReviews(input);
  const kept = (m: Partial | null): m is Partial => m != null && !options.exclude?.includes(m.name);
  const review = reviewMethod(input, c, explain);
  const player = playerMethod(input, c, explain);
  const band = bandMethod(input, explain);
  // Fewer than 10 reviews (or none known) is low signal unless a player series or a band with a lower
  // end says more. A band with no lower end (0 .. 20,000) spans four orders of magnitude over such a
  // game: it only says owners stay below its top, so it caps the range and is not blended, where its
  // precision would have narrowed the range around its log-middle as if it were a measurement.
  const openBand = kept(band) && hasNoLowerEnd(input);
  const lowSignal = (!known || reviews < LOW_SIGNAL_REVIEWS) && !kept(player) && (!kept(band) || openBand);
  // The review model far outside the range it was fitted on (CS:GO's 7.4M reviews × 130 = 949M owners,
  // P90 2B) is no measurement: beside another method it gives no figure and no weight; alone, its
  // figure is capped at the top of the highest owners band it was fitted on, and says so.
  const outside = kept(review) && review.outside ? review : null;
  const others = [player, lowSignal ? null : band].filter(kept);
  // Capped by the range of the model that ran (review 19, item 9): the one `outside` was decided by.
  const fittedTop = outside?.fittedRange?.maxOwners ?? Number.POSITIVE_INFINITY;
  const capped: Partial | null =
    outside && others.length === 0
      ? {
          ...outside,
          logMean: Math.min(outside.logMean, Math.log(fittedTop)),
          detail: explain
            ? `Outside the fitted range: ${outside.outside}. The only method with data, so its figure is capped at ${count(fittedTop)} owners, the top of the highest band it was fitted on`
            : "",
        }
      : null;
  const blended = [outside ? capped : review, ...others].filter(kept);
  const candidates = blended.length ? blended : [catalogSpread(c, explain)];
  const precision = candidates.map((m) => 1 / m.logSigma ** 2);
  const total = precision.reduce((a, b) => a + b, 0);
  const weights = precision.map((p) => p / total);
  const logMean = candidates.reduce((s, m, i) => s + weights[i]! * m.logMean, 0);
  // Spread of the blend: the combined precision, plus the weighted disagreement between methods.
  const disagreement = candidates.reduce((s, m, i) => s + weights[i]! * (m.logMean - logMean) ** 2, 0);
  const logSigma = Math.sqrt(1 / total + disagreement);
  // Every reviewer owns the game, and so does every player counted at once.
  const peak = input.peakPlayers != null && input.peakPlayers > 0 ? Math.round(input.peakPlayers) : 0;
  const floor = Math.max(reviews, peak);
  const unfloored = range(logMean, logSigma, reviews);
  // A low-signal range is cut to what is known of the game: owners at least the reviewers and the
  // most players counted at once, and at most the top of an open band. Clamping instead would give a
  // point figure (P10 = P50 = P90 = the players counted) where the spread lies below the floor. Each
  // method a low-signal answer lists is cut the same way, so no row of the methods is a point either.
  const top = lowSignal && openBand && input.ownersBand ? input.ownersBand.high : Number.POSITIVE_INFINITY;
  const cut = (mean: number, sigma: number): Range => {
    const clamped = range(mean, sigma, floor);
    if (!lowSignal || Math.max(1, floor) >= top) return clamped;
    if (!(top < Number.POSITIVE_INFINITY) && !(floor > range(mean, sigma, reviews).low)) return clamped;
    const lo = (Math.log(Math.max(1, floor)) - mean) / sigma;
    const hi = (Math.log(top) - mean) / sigma;
    const at = (q: number) => Math.exp(mean + sigma * truncatedNormalQuantile(q, lo, hi));
    const clamp = (v: number) => Math.max(floor, 1, Math.round(roundSignificant(v)));
    return { low: clamp(at(0.1)), mid: clamp(at(0.5)), high: clamp(at(0.9)) };
  };
  // Whole percentages that add up to 100, so the weights a page or a provenance line shows do too.
  const percent = wholePercentages(weights);
  const methods: MethodFigure[] = candidates.map((m, i) => ({
    ...m,
    owners: cut(m.logMean, m.logSigma),
    weight: percent[i]! / 100,
  }));
  const owners = cut(logMean, logSigma);
  if (outside && !capped) {
    methods.unshift({
      ...outside,
      owners: null,
      weight: 0,
      detail: explain
        ? `Outside the fitted range: ${outside.outside}. No figure and no weight: the other methods make the estimate`
        : "",
    });
  }
  const notes: string[] = [];
  if (lowSignal && openBand && band && input.ownersBand) {
    methods.push({
      ...band,
      owners: cut(band.logMean, band.logSigma),
      weight: 0,
      detail: explain
        ? `${band.detail}: no lower end, so it caps the range rather than joining the blend`
        : "",
    });
  }
  const hours = input.playerHours ?? 0;
  const unusedSeries = hours > 0 && !known && !options.exclude?.includes("player-hours");
  if (lowSignal) {
    const capped =
      openBand && input.ownersBand
        ? `, capped at the owners band's ${input.ownersBand.high.toLocaleString("en-US")}`
        : "";
    const above =
      floor > unfloored.low ? `, above the ${floor.toLocaleString("en-US")} players counted at once` : "";
    notes.push(
      unusedSeries
        ? `Reviews unknown: the player series (${roundSignificant(hours, 3).toLocaleString("en-US")} player-hours${input.playerSeriesFrom ? `, ${input.playerSeriesFrom} to ${input.playerSeriesTo}` : ""}) cannot be turned into owners, since hours per owner are fitted on review counts, price and genres. The range is the spread of owners across Steam games${above}${capped}; it is wide, not a point figure.`
        : known
          ? `${reviews === 0 ? "No reviews" : `Only ${reviews} review${reviews === 1 ? "" : "s"}`}, ${NO_SERIES_OR_BAND}${openBand ? " with a lower end" : ""}: the range is wide, not a point figure${capped}.`
          : `Reviews unknown, ${NO_SERIES_OR_BAND}${openBand ? " with a lower end" : ""}: the range is the spread of owners across Steam games${above}${capped}; it is wide, not a point figure.`,
    );
  } else if (!known) notes.push("Reviews unknown: the review model is left out.");
  if (disagreement > 0.25) notes.push("The methods disagree: the range is widened by their spread.");
  // A band with a lower end in the blend, and a P10 under it (ELDEN RING: band 20M .. 50M, P10 17.3M):
  // the page says why, as the band is what the source published (review r22/a, item 5).
  const blendedBand = kept(band) && !lowSignal && !openBand ? input.ownersBand : null;
  if (blendedBand && owners.low < blendedBand.low) {
    const lower = methods.filter(
      (m) => m.name !== "owners-band" && m.weight > 0 && m.owners && m.owners.mid < blendedBand.low,
    );
    notes.push(
      lower.length
        ? `P10 ${count(owners.low)} is below the owners band's low end of ${count(blendedBand.low)}: the other ${lower.length === 1 ? "method" : "methods"} in the blend (${lower.map((m) => `${m.label.toLowerCase()} P50 ${count(m.owners!.mid)}, ${Math.round(m.weight * 100)} %`).join("; ")}) ${lower.length === 1 ? "puts" : "put"} owners lower than the band, and the range spans both.`
        : `P10 ${count(owners.low)} is below the owners band's low end of ${count(blendedBand.low)}: the other methods in the blend widen the range past the band.`,
    );
  }
  if (peak > reviews && peak > unfloored.low)
    notes.push(
      `At least ${peak.toLocaleString("en-US")} owners: the most players counted at once, each of whom owns the game.`,
    );
  const free = isFreeToPlay(input);
  const price = free ? 0 : knownPrice(input);
  const revenue = revenueFromOwners(owners, price);
  if (free) notes.push("Free to play: no copies are sold; in-game purchases are not estimated.");
  else if (price == null) notes.push("Price unknown: units are estimated, revenue is not.");
  return {
    owners,
    unitsSold: revenue.units,
    revenue: revenue.revenue,
    methods,
    modelVersion: c.modelVersion,
    lowSignal,
    notes,
  };
}
