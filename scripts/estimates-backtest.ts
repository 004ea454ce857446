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
import {
  type BandedRow,
  readCsvRecords,
  steamSpyRow,
  steamStoreRow,
} from "../src/server/estimates/dataset-rows.ts";

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
// SteamSpy's layout has `positive`/`negative`; the Steam Store Games layout `positive_ratings`.
const toRow = records[0] && "positive_ratings" in records[0] ? steamStoreRow : steamSpyRow;
const rows = records.map(toRow).filter((r): r is BandedRow => r != null);
const result = backtest(rows, basename(file));
if (result.rowsWithBand === 0) {
  // Nothing to measure: a back-test of no games must not replace the one the methodology page shows.
  console.error(
    `backtest: none of the ${records.length} rows of ${file} has an owners band; nothing was measured${args.includes("--save") ? " and nothing saved" : ""}`,
  );
  process.exit(1);
}
console.log(formatBacktest(result));
if (args.includes("--save")) {
  writeFileSync(
    BACKTEST_PATH,
    `${JSON.stringify({ ...result, ranAt: new Date().toISOString() }, null, 2)}\n`,
  );
  console.log(`saved to ${BACKTEST_PATH}`);
}
