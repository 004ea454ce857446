import type { Methodology } from "../../contracts/estimates.ts";
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
    },
    playtimeModel: { sigma: c.playtimeModel.sigma, rows: c.playtimeModel.rows },
    revenueParameters: Object.entries(REVENUE_PARAMETERS).map(([name, p]) => ({
      name,
      label: p.label,
      value: describe(p.value),
      why: p.why,
    })),
    lowSignalReviews: LOW_SIGNAL_REVIEWS,
    backtest: LATEST_BACKTEST,
  };
}
