import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Coefficients } from "./calibrate.ts";
import fitted from "./coefficients.json" with { type: "json" };

/** The committed output of `bun run estimates:calibrate`. */
export const COEFFICIENTS_PATH = join(dirname(fileURLToPath(import.meta.url)), "coefficients.json");

export const COEFFICIENTS = fitted as Coefficients;
export const MODEL_VERSION = COEFFICIENTS.modelVersion;

/**
 * The condition "an estimate of the current model" for reads that pick games by id (bound to
 * MODEL_VERSION). The `+` keeps SQLite from using the (model_version, as_of) index for it: every row
 * has the same model version, but before ANALYZE has counted that, the planner took the condition
 * for a selective one and scanned all 330,000 estimates for the 50 games of a screener page (110 ms
 * instead of 0.3) or sorted them all for each chunk of the catalog index's reads.
 * `tests/api/query-plans.test.ts` holds the plans to the id index.
 */
export const OF_CURRENT_MODEL = "+model_version = ?";
