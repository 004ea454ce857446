import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Coefficients } from "./calibrate.ts";
import fitted from "./coefficients.json" with { type: "json" };

/** The committed output of `bun run estimates:calibrate`. */
export const COEFFICIENTS_PATH = join(dirname(fileURLToPath(import.meta.url)), "coefficients.json");

export const COEFFICIENTS = fitted as Coefficients;
export const MODEL_VERSION = COEFFICIENTS.modelVersion;

const REPO = join(dirname(fileURLToPath(import.meta.url)), "../../..");
/** Where the repository ships the Steam Store Games snapshot (compressed), newest layout first. */
const SHIPPED_CANDIDATES = [
  "data/steam-store-games/steam.csv.gz",
  "data/steam.csv.gz",
  "src/server/db/seed/steam.csv.gz",
  "src/server/db/seed/steam-store-games.csv.gz",
];

export function findShippedSnapshot(): string | undefined {
  return SHIPPED_CANDIDATES.map((p) => join(REPO, p)).find((p) => existsSync(p));
}
