import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { backtest } from "./backtest.ts";
import { readCsvRecords, steamSpyRow } from "./dataset-rows.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const FIXTURE = join(ROOT, "tests/fixtures/estimates/steamspy-sample.csv");

test("`estimates:backtest FILE` prints the table: model beside flat 30×, 35×, 50× by review bucket", () => {
  const run = Bun.spawnSync(["bun", "scripts/estimates-backtest.ts", FIXTURE], { cwd: ROOT });
  expect(run.exitCode, run.stderr.toString()).toBe(0);
  const out = run.stdout.toString();
  expect(out).toMatch(/35 of 35 rows have an owners band/);
  expect(out).toMatch(/P50 in band\s+P10–P90 overlap\s+P50 \/ band mid\s+30× in band/);
  expect(out).toMatch(/50× in band/);
  for (const bucket of ["0–9", "10–99", "1,000–9,999", "10,000+", "10+", "all"]) {
    expect(out).toMatch(new RegExp(`^${bucket.replace("+", "\\+")}\\s+\\d+\\s+\\d+\\.\\d %`, "m"));
  }
  expect(out).toMatch(/targets on 10\+ reviews: P50 in band \d+\.\d %/);
}, 30_000);

test("the back-test never reads the owners column: other owners, same estimates", () => {
  const rows = readCsvRecords(FIXTURE)
    .map(steamSpyRow)
    .filter((r) => r != null);
  const shifted = rows.map((r) => ({
    ...r,
    band: r.band && { low: r.band.low * 10, high: r.band.high * 10 },
  }));
  const a = backtest(rows, "fixture");
  const b = backtest(shifted, "fixture");
  const all = (x: typeof a) => x.groups.find((g) => g.name === "all")!.model;
  // Moving every band ten-fold moves the ratio to the band ten-fold, and nothing else about the estimates.
  expect(all(b).medianRatio! * 10).toBeCloseTo(all(a).medianRatio!, 1);
  expect(all(a).rows).toBe(35);
});

test("a missing file is a clear error, not a stack trace", () => {
  const run = Bun.spawnSync(["bun", "scripts/estimates-backtest.ts", "no-such-file.csv"], { cwd: ROOT });
  expect(run.exitCode).toBe(1);
  expect(run.stderr.toString()).toMatch(/cannot read no-such-file\.csv/);
});
