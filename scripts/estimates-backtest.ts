/**
 * `bun run estimates:backtest FILE [--save]`: estimates every row of a SteamSpy-layout CSV without its
 * `owners` column and prints how often the estimate falls in SteamSpy's owners band, beside flat
 * 30×, 35× and 50× review multipliers, by review-count bucket. `--save` writes the result to
 * src/server/estimates/backtest-latest.json, which the methodology page shows.
 */
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { backtest, formatBacktest } from "../src/server/estimates/backtest.ts";
import { BACKTEST_PATH } from "../src/server/estimates/backtest-latest.ts";
import { describeSkipped, readCsvRecords, readDatasetRows } from "../src/server/estimates/dataset-rows.ts";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error(
    "usage: bun run estimates:backtest FILE [--save]\nFILE: a CSV in SteamSpy's column layout (appid, name, positive, negative, owners, price, …)",
  );
  process.exit(2);
}
let records: Record<string, string>[];
try {
  records = readCsvRecords(file);
} catch {
  console.error(`backtest: cannot read ${file}`);
  process.exit(1);
}
const read = readDatasetRows(records);
const skipped = describeSkipped(read);
if (read.rows.length === 0) {
  console.error(
    `backtest: no usable rows in ${file}${skipped ? `: ${skipped}` : ""}; nothing was measured${args.includes("--save") ? " and nothing saved" : ""}`,
  );
  process.exit(1);
}
const result = backtest(read.rows, basename(file));
if (result.rowsWithBand === 0) {
  // Nothing to measure: a back-test of no games must not replace the one the methodology page shows.
  console.error(
    `backtest: none of the ${records.length} rows of ${file} has an owners band; nothing was measured${args.includes("--save") ? " and nothing saved" : ""}`,
  );
  process.exit(1);
}
if (skipped) console.log(`${skipped}: not estimated, not counted`);
console.log(formatBacktest(result));
if (args.includes("--save")) {
  writeFileSync(
    BACKTEST_PATH,
    `${JSON.stringify({ ...result, ranAt: new Date().toISOString() }, null, 2)}\n`,
  );
  console.log(`saved to ${BACKTEST_PATH}`);
}
