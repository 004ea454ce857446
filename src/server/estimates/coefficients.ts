import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Coefficients } from "./calibrate.ts";
import fitted from "./coefficients.json" with { type: "json" };

/** The committed output of `bun run estimates:calibrate`. */
export const COEFFICIENTS_PATH = join(dirname(fileURLToPath(import.meta.url)), "coefficients.json");

export const COEFFICIENTS = fitted as Coefficients;
export const MODEL_VERSION = COEFFICIENTS.modelVersion;
