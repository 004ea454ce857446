import { existsSync, writeFileSync } from "node:fs";
import { formatBacktest, runBacktestFile } from "../src/server/ai/backtest.ts";

/**
 * `bun run ai:backtest [path]`: back-tests the market prediction on SteamCharts' monthly history
 * (src/server/ai/backtest.ts), prints the table and writes src/server/ai/backtest-latest.json, which
 * the AI screen shows. Commit that file after a run.
 */
const DEFAULT = "../shared/datasets/steamcharts/steamcharts_monthly_top1000_2022-02.csv";
const path = process.argv[2] ?? DEFAULT;
if (!existsSync(path)) {
  console.error(
    `${path} is absent. Pass the SteamCharts monthly file's path (bun run ai:backtest /path/to/steamcharts_monthly_top1000_2022-02.csv),\n` +
      "or try the command on the tests' 300-row excerpt: bun run ai:backtest tests/fixtures/datasets/steamcharts/steamcharts_monthly_top1000_2022-02.csv\n" +
      "(an excerpt's result is not representative: do not commit it).",
  );
  process.exit(2);
}
const result = runBacktestFile(path, "SteamCharts monthly average players, top 1000 apps, to February 2022");
console.log(formatBacktest(result));
const out = new URL("../src/server/ai/backtest-latest.json", import.meta.url);
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\nWritten to ${out.pathname}`);
