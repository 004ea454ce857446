import { createHash } from "node:crypto";
import type { BandedRow } from "./dataset-rows.ts";
import {
  type EstimateInput,
  featureNames,
  features,
  REVIEW_BUCKETS,
  reviewBucket,
  totalReviews,
} from "./features.ts";
import { dot, normalMass, normalPdf, weightedRidge } from "./stats.ts";

/**
 * Fitting the review model: log(owners) = xβ + ε, ε ~ Normal(0, σ_bucket²), where each training row
 * only tells us that owners lie inside SteamSpy's band (and are at least the number of reviewers).
 * That is interval-censored regression, fitted by expectation–maximisation: replace each row's
 * unknown log(owners) by its expected value inside the band under the current fit, refit by weighted
 * least squares, repeat. Unlike regressing on the band's middle, the 0–20,000 band (no lower end)
 * and the open top band are used for what they say. Deterministic: same rows, same coefficients.
 */
export interface LinearModel {
  features: string[];
  coefficients: number[];
  /** Residual standard deviation of log(owners), by review bucket (REVIEW_BUCKETS order). */
  sigmaByBucket: number[];
  rowsByBucket: number[];
  /**
   * What the model was fitted on: the most reviews of any row and the top of the highest owners band.
   * A figure the model gives beyond either is extrapolated (7.4M reviews made 949M owners, more than
   * Steam has users), and the review method says so rather than weigh in (model.ts).
   */
  fittedRange: FittedRange;
}

export interface FittedRange {
  maxReviews: number;
  maxOwners: number;
}

export interface PlaytimeModel {
  features: string[];
  coefficients: number[];
  sigma: number;
  rows: number;
}

export interface Coefficients {
  modelVersion: string;
  fittedOn: { dataset: string; rows: number; sha256: string };
  method: string;
  reviewModel: { withYear: LinearModel; withoutYear: LinearModel };
  playtimeModel: PlaytimeModel;
  catalogPrior: CatalogPrior;
}

/**
 * The revision of the estimator's code (model.ts, revenue.ts, what store.ts reads), hashed into the
 * model version with the coefficients. A change that alters any stored figure, note or date for the
 * same inputs bumps it, and `bun run estimates:calibrate` then writes the new version: stored
 * estimates are redone only when their inputs or the model version change, so a change without a
 * new version would leave every stored estimate as the old code wrote it.
 * 1: the original estimator. 2: unknown reviews, open bands for few reviews, the catalog spread,
 * whole figures and percentages, asOf from the data. 3: owners at least the most players counted at
 * once. 4: a price of 0 is free to play only with a free-to-play genre or tag (knownPrice); without
 * one it is an unknown price (a delisted or bundled game). 5: a player series is not turned into owners
 * while reviews are unknown; a low-signal range is cut at the players counted rather than clamped.
 * 6: a free-to-play game's revenue is not estimated (null), not $0. 7: a game with a price above 0 is
 * not free to play, whatever its genres. 8: the review model outside its fitted range (more reviews
 * than any game it was fitted on, or more owners than the highest band) gives no figure and weight 0
 * beside another method, and is capped at the highest band's top when it is the only one.
 */
export const ESTIMATOR_REVISION = 8;

const RIDGE = 1;
const MAX_ITERATIONS = 200;
const TOLERANCE = 1e-7;

interface Interval {
  x: number[];
  lo: number;
  hi: number;
  bucket: number;
}

function intervalOf(row: BandedRow, withYear: boolean): Interval | null {
  if (!row.band) return null;
  const reviews = totalReviews(row.input);
  // Every reviewer owns the game, so the band's lower end rises to the review count when that is higher.
  const floor = reviews < row.band.high ? Math.max(row.band.low, reviews) : row.band.low;
  return {
    x: features(row.input, withYear),
    lo: floor > 0 ? Math.log(floor) : Number.NEGATIVE_INFINITY,
    hi: Math.log(row.band.high),
    bucket: reviewBucket(reviews),
  };
}

export function fitIntervalModel(rows: BandedRow[], withYear: boolean): LinearModel {
  const usable = rows.map((r) => intervalOf(r, withYear)).filter((d): d is Interval => d != null);
  const { beta, sigma } = fitIntervals(usable, REVIEW_BUCKETS.length);
  const rowsByBucket = new Array<number>(REVIEW_BUCKETS.length).fill(0);
  for (const d of usable) rowsByBucket[d.bucket]!++;
  const fittedRange: FittedRange = { maxReviews: 0, maxOwners: 0 };
  for (const r of rows) {
    if (!r.band) continue;
    fittedRange.maxReviews = Math.max(fittedRange.maxReviews, totalReviews(r.input));
    fittedRange.maxOwners = Math.max(fittedRange.maxOwners, r.band.high);
  }
  return {
    features: featureNames(withYear),
    coefficients: beta.map(round6),
    sigmaByBucket: sigma.map(round6),
    rowsByBucket,
    fittedRange,
  };
}

/**
 * What a game's owners are when nothing is known of it but that it is on the store: the spread of
 * log(owners) across every game of the calibration catalog, fitted on their bands as the review model
 * is (an intercept and one spread). The estimate of a game with no reviews known, no player series and
 * no owners band with a lower end is this spread, said to be so, rather than a figure for 0 reviews.
 */
export interface CatalogPrior {
  logMean: number;
  logSigma: number;
  rows: number;
}

export function fitCatalogPrior(rows: BandedRow[]): CatalogPrior {
  const usable: Interval[] = [];
  for (const r of rows) {
    if (!r.band) continue;
    usable.push({
      x: [1],
      lo: r.band.low > 0 ? Math.log(r.band.low) : Number.NEGATIVE_INFINITY,
      hi: Math.log(r.band.high),
      bucket: 0,
    });
  }
  const { beta, sigma } = fitIntervals(usable, 1);
  return { logMean: round6(beta[0]!), logSigma: round6(sigma[0]!), rows: usable.length };
}

/** The EM fit of log(owners) = xβ + ε on interval-censored rows, with one spread per bucket. */
function fitIntervals(usable: Interval[], buckets: number): { beta: number[]; sigma: number[] } {
  const x = usable.map((d) => d.x);
  // Start from the band's middle (one band-width below the top when the band has no lower end).
  let y = usable.map((d) => (Number.isFinite(d.lo) ? (d.lo + d.hi) / 2 : d.hi - 1));
  let sigma = new Array<number>(buckets).fill(1);
  let beta = new Array<number>(x[0]!.length).fill(0);
  let previous = Number.POSITIVE_INFINITY;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    beta = weightedRidge(
      x,
      y,
      usable.map((d) => 1 / sigma[d.bucket]! ** 2),
      RIDGE,
    );
    const sumSq = new Array<number>(buckets).fill(0);
    const count = new Array<number>(buckets).fill(0);
    const nextY: number[] = [];
    let logLik = 0;
    for (let i = 0; i < usable.length; i++) {
      const d = usable[i]!;
      const mu = dot(beta, d.x);
      const s = sigma[d.bucket]!;
      const a = (d.lo - mu) / s;
      const b = (d.hi - mu) / s;
      const mass = normalMass(a, b);
      let mean: number;
      let variance: number;
      if (mass < 1e-300) {
        // The fit puts no weight inside this band: take its nearest edge.
        mean = mu < d.lo ? d.lo : d.hi;
        variance = 0;
      } else {
        const pa = normalPdf(a);
        const pb = normalPdf(b);
        const ratio = (pa - pb) / mass;
        const aTerm = Number.isFinite(a) ? a * pa : 0;
        const bTerm = Number.isFinite(b) ? b * pb : 0;
        mean = mu + s * ratio;
        variance = Math.max(0, s * s * (1 + (aTerm - bTerm) / mass - ratio * ratio));
        logLik += Math.log(mass);
      }
      nextY.push(mean);
      sumSq[d.bucket]! += (mean - mu) ** 2 + variance;
      count[d.bucket]!++;
    }
    y = nextY;
    sigma = sigma.map((old, k) => (count[k]! > 0 ? Math.sqrt(sumSq[k]! / count[k]!) : old));
    if (Math.abs(previous - logLik) < TOLERANCE * Math.abs(logLik)) break;
    previous = logLik;
  }
  return { beta, sigma };
}

/** log(hours played per owner who played) on the same features: turns player-hours into owners. */
export function fitPlaytimeModel(rows: Array<{ input: EstimateInput; hours: number }>): PlaytimeModel {
  const x = rows.map((r) => features(r.input, true));
  const y = rows.map((r) => Math.log(r.hours));
  const beta = weightedRidge(
    x,
    y,
    rows.map(() => 1),
    RIDGE,
  );
  let ss = 0;
  for (let i = 0; i < rows.length; i++) ss += (y[i]! - dot(beta, x[i]!)) ** 2;
  return {
    features: featureNames(true),
    coefficients: beta.map(round6),
    sigma: round6(Math.sqrt(ss / Math.max(1, rows.length - beta.length))),
    rows: rows.length,
  };
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

export function calibrate(
  rows: BandedRow[],
  playtime: Array<{ input: EstimateInput; hours: number }>,
  dataset: { name: string; sha256: string },
): Coefficients {
  const dated = rows.filter((r) => r.input.releaseYear != null);
  const body = {
    fittedOn: { dataset: dataset.name, rows: rows.length, sha256: dataset.sha256 },
    method:
      "Interval-censored log-normal regression (EM) of owners on reviews, positive share, price, release year and genre; residual spread per review bucket",
    reviewModel: {
      withYear: fitIntervalModel(dated, true),
      withoutYear: fitIntervalModel(rows, false),
    },
    playtimeModel: fitPlaytimeModel(playtime),
    catalogPrior: fitCatalogPrior(rows),
  };
  // A change of coefficients is a new version: the version is named after what was fitted, and after
  // the estimator's revision, since the same coefficients can give other figures (ADR 011).
  // The file's name is left out: the same content under another name is the same model.
  const { fittedOn, ...fitted } = body;
  const digest = createHash("sha256")
    .update(JSON.stringify({ estimator: ESTIMATOR_REVISION, sha256: fittedOn.sha256, ...fitted }))
    .digest("hex")
    .slice(0, 8);
  return { modelVersion: `owners-1.${digest}`, ...body };
}
