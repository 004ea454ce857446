import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BacktestResult } from "./backtest.ts";
import latest from "./backtest-latest.json" with { type: "json" };

/** The committed output of `bun run estimates:backtest FILE --save`, shown on the methodology page. */
export const BACKTEST_PATH = join(dirname(fileURLToPath(import.meta.url)), "backtest-latest.json");

export const LATEST_BACKTEST = latest as unknown as (BacktestResult & { ranAt: string }) | null;
