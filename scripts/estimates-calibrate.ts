/**
 * `bun run estimates:calibrate [FILE]`: fits the estimator's coefficients on the Steam Store Games
 * snapshot (the copy shipped in the repository when FILE is not given) and writes
 * src/server/estimates/coefficients.json. Deterministic: the same file gives the same JSON.
 */
import { existsSync, writeFileSync } from "node:fs";
import { SNAPSHOT_FILE } from "../src/server/db/seed/snapshot.ts";
import { calibrate } from "../src/server/estimates/calibrate.ts";
import { COEFFICIENTS_PATH } from "../src/server/estimates/coefficients.ts";
import { averagePlaytimeHours, readCsvText, steamStoreRow } from "../src/server/estimates/dataset-rows.ts";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const out = outIndex >= 0 ? args[outIndex + 1] : COEFFICIENTS_PATH;
const file =
  args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--out") ??
  (existsSync(SNAPSHOT_FILE) ? SNAPSHOT_FILE : undefined);
if (!file || !out) {
  console.error(
    "usage: bun run estimates:calibrate [steam.csv or steam.csv.gz] [--out FILE]\n" +
      "No file given and no shipped Steam Store Games snapshot found in the repository.",
  );
  process.exit(2);
}

const started = performance.now();
let csv: ReturnType<typeof readCsvText>;
try {
  csv = readCsvText(file);
} catch {
  console.error(`calibrate: cannot read ${file}`);
  process.exit(1);
}
const rows = [];
const playtime = [];
for (const r of csv.records) {
  const row = steamStoreRow(r);
  if (!row) continue;
  rows.push(row);
  const hours = averagePlaytimeHours(r);
  if (hours != null && row.input.releaseYear != null) playtime.push({ input: row.input, hours });
}
// Named and hashed by the CSV's content, so the shipped .gz and the plain file give the same version.
const coefficients = calibrate(rows, playtime, { name: csv.name, sha256: csv.sha256 });
writeFileSync(out, `${JSON.stringify(coefficients, null, 2)}\n`);
console.log(
  `${coefficients.modelVersion}: fitted on ${rows.length} rows of ${csv.name} in ${Math.round(performance.now() - started)} ms → ${out}`,
);
const m = coefficients.reviewModel.withYear;
console.log("residual spread of log(owners) by review bucket (with year):", m.sigmaByBucket.join(", "));
