import type { Methodology } from "../../contracts/estimates.ts";
import { HORIZON_DAYS, MIN_VOLATILITY_DAYS } from "../ai/engine.ts";
import { STABLE_BAND } from "../ai/projection.ts";
import { STATISTICAL_MODEL } from "../ai/provider.ts";
import { LATEST_BACKTEST } from "./backtest-latest.ts";
import { COEFFICIENTS } from "./coefficients.ts";
import { REVIEW_BUCKETS } from "./features.ts";
import { LOW_SIGNAL_REVIEWS } from "./model.ts";
import { REVENUE_PARAMETERS } from "./revenue.ts";

function describe(value: unknown): string {
  if (typeof value === "number") return value < 1 ? `${Math.round(value * 1000) / 10} %` : String(value);
  if (Array.isArray(value)) {
    return value
      .map((t: { upToUsd: number | null; cut: number }) =>
        t.upToUsd == null ? `${t.cut * 100} % above` : `${t.cut * 100} % up to $${t.upToUsd / 1_000_000}M`,
      )
      .join(", ");
  }
  return String(value);
}

const band = `${Math.round(STABLE_BAND * 100)} %`;
/** The AI Analytics figures (src/server/ai/engine.ts), in the words the methodology page uses. */
const AI_FIGURES: Methodology["aiFigures"] = [
  {
    figure: "Sentiment (out of 5)",
    how: "The share of positive Steam reviews × 5; without reviews, the rating out of 100 ÷ 20.",
  },
  {
    figure: "Market prediction",
    how: `A least-squares line through the game's last 30 days of daily players, carried ${HORIZON_DAYS} days forward. Rising or declining when the line moves more than ${band} either way, otherwise stable; no prediction with fewer than 7 days of players. The label: bullish when rising, bearish when declining, otherwise neutral (stable, or too little player history to project, which the prediction says).`,
  },
  {
    figure: "Risk level",
    how: `The spread of daily players around their 30-day mean (standard deviation ÷ mean): low up to 15 %, medium up to 35 %, high above — and high without a series or with fewer than ${MIN_VOLATILITY_DAYS} days of players in the last 30, too few to measure the spread (volatility unknown).`,
  },
  {
    figure: "Confidence",
    how: "A sample score from 0.30 to 0.95 growing with the log of the evidence (reviews, player points, tracked games), times 0.5 + 0.5 × R² of the line when there is one.",
  },
  {
    figure: "Market insights",
    how: "Genre player totals and their change over the window, genre volatility out of 10, and lines through the daily player totals for next month and next quarter.",
  },
  {
    figure: "Recommendations",
    how: "Games sharing genres with the games you track and your favourite genres, ranked by 0.6 × positive share + 0.4 × genre match.",
  },
  {
    figure: "Language model",
    how: `When one is configured, a language model rewrites the interpretation from these statistics; any number it writes that is not one of the facts is dropped. Without one, results say "${STATISTICAL_MODEL}".`,
  },
];

/** Everything the methodology page shows, read from the committed coefficients and back-test. */
export function methodology(): Methodology {
  const c = COEFFICIENTS;
  return {
    modelVersion: c.modelVersion,
    fittedOn: c.fittedOn,
    fitMethod: c.method,
    reviewModel: {
      features: c.reviewModel.withYear.features,
      coefficients: c.reviewModel.withYear.coefficients,
      featuresWithoutYear: c.reviewModel.withoutYear.features,
      coefficientsWithoutYear: c.reviewModel.withoutYear.coefficients,
      reviewBuckets: REVIEW_BUCKETS.map((b) => b.name),
      sigmaByBucket: c.reviewModel.withYear.sigmaByBucket,
      fittedRange: c.reviewModel.withYear.fittedRange,
    },
    playtimeModel: { sigma: c.playtimeModel.sigma, rows: c.playtimeModel.rows },
    revenueParameters: Object.entries(REVENUE_PARAMETERS).map(([name, p]) => ({
      name,
      label: p.label,
      value: describe(p.value),
      why: p.why,
    })),
    lowSignalReviews: LOW_SIGNAL_REVIEWS,
    aiFigures: AI_FIGURES,
    backtest: LATEST_BACKTEST,
  };
}
