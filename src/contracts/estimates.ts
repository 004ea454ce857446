import { z } from "zod";
import { wholeNumber } from "./games.ts";
import { type Provenance, ProvenanceSchema } from "./provenance.ts";

/**
 * Owners, units and revenue estimates (issue 11): `GET /api/games/:id/estimates`, the totals by
 * developer, publisher, genre and tag, and the methodology. Every range is P10 / P50 / P90.
 */
export const RangeSchema = z.object({ low: z.number(), mid: z.number(), high: z.number() });
export type EstimateRange = z.infer<typeof RangeSchema>;

/** `catalog-spread`: no method had data, so the spread of owners across the calibration catalog (low signal). */
export const ESTIMATE_METHODS = ["review-model", "player-hours", "owners-band", "catalog-spread"] as const;

export const EstimateMethodSchema = z.object({
  name: z.enum(ESTIMATE_METHODS),
  label: z.string(),
  /** Null for a method outside the range it was fitted on (the review model at more reviews or owners than any game it was fitted on), beside other methods: weight 0, and `detail` says why. */
  owners: RangeSchema.nullable(),
  /** Share of the blend (0–1, whole percent); the weights of one answer add up to 1. An owners band with no lower end only caps a low-signal range, and a method outside its fitted range gives no figure: weight 0. */
  weight: z.number(),
  /** What the figure was computed from, in words. */
  detail: z.string(),
});
export type EstimateMethod = z.infer<typeof EstimateMethodSchema>;

export const EstimateInputsSchema = z.object({
  positiveReviews: z.number().nullable(),
  negativeReviews: z.number().nullable(),
  priceUsd: z.number().nullable(),
  releaseYear: z.number().nullable(),
  genres: z.array(z.string()),
  tags: z.array(z.string()),
  ownersBand: z
    .object({ low: z.number(), high: z.number(), source: z.string(), asOf: z.string().nullable() })
    .nullable(),
  playerSeries: z
    .object({ playerHours: z.number(), from: z.string(), to: z.string(), source: z.string() })
    .nullable(),
  /** The most players a source counted at once: owners are at least this many (absent when none). */
  peakPlayers: z.number().optional(),
});
export type EstimateInputs = z.infer<typeof EstimateInputsSchema>;

export const GameEstimateSchema = z.object({
  gameId: z.string(),
  gameName: z.string(),
  /** Null when the model does not cover the game (`covered: false`): no figure is a false point. */
  owners: RangeSchema.nullable(),
  /** Null when the model does not cover the game (`covered: false`). */
  unitsSold: RangeSchema.nullable(),
  revenue: z.object({
    /** Units × US list price. Null when the price is unknown, for a free-to-play game and when not covered. */
    gross: RangeSchema.nullable(),
    /** What the developer keeps after regional prices, discounts, refunds, taxes and the store's cut. */
    net: RangeSchema.nullable(),
    currency: z.literal("USD"),
  }),
  methods: z.array(EstimateMethodSchema),
  modelVersion: z.string(),
  /** Time of the newest dated input (band, monthly players, review counts; ISO 8601); null when none is dated. */
  asOf: z.string().nullable(),
  computedAt: z.string(),
  /** Fewer than 10 reviews (or none known) and no other signal (no player series, no owners band with a lower end): a wide range, and `notes` says so. */
  lowSignal: z.boolean(),
  /**
   * Whether the owners model (fitted on Steam games) covers this game: it is on Steam, or a Steam
   * signal (reviews, owners band, players) is known. When false the answer has no figures (owners,
   * units and revenue null, no methods): the Steam catalog's spread is not this game's, and `notes`
   * says why.
   */
  covered: z.boolean(),
  notes: z.array(z.string()),
  inputs: EstimateInputsSchema,
  /**
   * The source and time of the inputs that do not carry their own (the owners band and the player
   * series do): each input may be of another source and year. Null where the catalog does not say.
   */
  inputSources: z
    .object({
      reviews: ProvenanceSchema.nullable(),
      /** `conversion`: the source gives prices in another currency, converted to USD at this rate. */
      price: ProvenanceSchema.extend({
        conversion: z
          .object({ currency: z.string(), rate: z.number(), rateAsOf: z.string(), source: z.string() })
          .optional(),
      }).nullable(),
      peakPlayers: ProvenanceSchema.nullable(),
    })
    .optional(),
  /**
   * The inputs' sources as `provenance.source` credits them ("SteamCharts (players)"), each at the time
   * of its own input (the review counts', the band's, the player series' last month), for the source
   * line: `provenance.asOf` is the newest of them. Absent where the inputs' times are not read.
   */
  sources: z.array(ProvenanceSchema).optional(),
  provenance: ProvenanceSchema,
});
export type GameEstimate = z.infer<typeof GameEstimateSchema>;

export const ESTIMATE_GROUPINGS = ["developer", "publisher", "genre", "tag"] as const;
export type EstimateGrouping = (typeof ESTIMATE_GROUPINGS)[number];

/** Strict: a misspelt filter (`genre=Sports` for `name=Sports`) is named, not dropped into the whole list. */
export const EstimateTotalsQuerySchema = z
  .object({
    by: z.enum(ESTIMATE_GROUPINGS, { message: `One of ${ESTIMATE_GROUPINGS.join(", ")}` }),
    /** Only this developer/publisher/genre/tag (case, accents and punctuation aside: "action" finds "Action"). */
    name: z.string().trim().min(1).max(200).optional(),
    limit: wholeNumber(1, 100).default(20),
    sort: z.enum(["owners", "gross", "net", "games"]).default("gross"),
  })
  .strict();
export type EstimateTotalsQuery = z.infer<typeof EstimateTotalsQuerySchema>;

/**
 * Totals of a group: the sums of the games' P50s, with the sums of their P10s and P90s as a loose
 * bracket (the games' errors are not independent, so the true P10 of a sum lies between the two).
 */
export const EstimateTotalSchema = z.object({
  name: z.string(),
  games: z.number(),
  owners: RangeSchema,
  unitsSold: RangeSchema,
  grossRevenue: RangeSchema,
  netRevenue: RangeSchema,
  /** Games of the group whose revenue could not be estimated (unknown price). */
  gamesWithoutRevenue: z.number(),
  /** Free-to-play games of the group: no copies sold, in-game revenue not estimated (not in the revenue sums). */
  freeToPlayGames: z.number(),
  /**
   * Games of the group whose estimate is low-signal (too little known for a single figure): their P50s
   * are in the sums, as on company pages and the screener's market size.
   */
  lowSignalGames: z.number(),
});
export type EstimateTotal = z.infer<typeof EstimateTotalSchema>;

export const EstimateTotalsSchema = z.object({
  by: z.enum(ESTIMATE_GROUPINGS),
  currency: z.literal("USD"),
  modelVersion: z.string(),
  totals: z.array(EstimateTotalSchema),
  provenance: ProvenanceSchema,
});
export type EstimateTotals = z.infer<typeof EstimateTotalsSchema>;

const CellSchema = z.object({
  rows: z.number(),
  p50InBand: z.number().nullable(),
  rangeOverlaps: z.number().nullable(),
  medianRatio: z.number().nullable(),
});

export const MethodologySchema = z.object({
  modelVersion: z.string(),
  fittedOn: z.object({ dataset: z.string(), rows: z.number(), sha256: z.string() }),
  fitMethod: z.string(),
  reviewModel: z.object({
    features: z.array(z.string()),
    coefficients: z.array(z.number()),
    featuresWithoutYear: z.array(z.string()),
    coefficientsWithoutYear: z.array(z.number()),
    reviewBuckets: z.array(z.string()),
    sigmaByBucket: z.array(z.number()),
    /** The most reviews of any game it was fitted on and the top of the highest owners band: beyond either it gives no figure. */
    fittedRange: z.object({ maxReviews: z.number(), maxOwners: z.number() }),
  }),
  playtimeModel: z.object({ sigma: z.number(), rows: z.number() }),
  revenueParameters: z.array(
    z.object({ name: z.string(), label: z.string(), value: z.string(), why: z.string() }),
  ),
  lowSignalReviews: z.number(),
  /** How each figure on the AI Analytics screen is computed. */
  aiFigures: z.array(z.object({ figure: z.string(), how: z.string() })),
  backtest: z
    .object({
      modelVersion: z.string(),
      dataset: z.string(),
      ranAt: z.string(),
      rowsRead: z.number(),
      rowsWithBand: z.number(),
      targets: z.object({ p50InBandAbove: z.number(), overlapAbove: z.number(), appliesTo: z.string() }),
      groups: z.array(
        z.object({ name: z.string(), model: CellSchema, flat: z.record(z.string(), CellSchema) }),
      ),
    })
    .nullable(),
});
export type Methodology = z.infer<typeof MethodologySchema>;

/**
 * An estimate's source line: each input's source at its own time (`sources`), with the estimate's
 * method; its one `provenance` where the inputs' times are not known.
 */
export function estimateSourceLine(estimate: Pick<GameEstimate, "sources" | "provenance">): Provenance[] {
  const { method } = estimate.provenance;
  return estimate.sources?.length
    ? estimate.sources.map((s) => (method ? { ...s, method } : s))
    : [estimate.provenance];
}
