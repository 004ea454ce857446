import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { tempDir } from "../../../tests/helpers/temp-dir.ts";
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

const HEADER = "appid,name,positive,negative,owners,price,initialprice,ccu";

function runOn(csv: string) {
  const dir = tempDir("backtest-");
  const path = join(dir, "rows.csv");
  writeFileSync(path, csv);
  return Bun.spawnSync(["bun", "scripts/estimates-backtest.ts", path], { cwd: ROOT });
}

test("a row with a count or price that can't be read is skipped and counted, not estimated as 0 reviews", () => {
  const run = runOn(
    `${HEADER}\n2,Bad,abc,-5,"20,000 .. 50,000",x,999,5\n3,Good,100,5,"20,000 .. 50,000",999,999,5\n`,
  );
  expect(run.exitCode, run.stderr.toString()).toBe(0);
  const out = run.stdout.toString();
  expect(out).toMatch(
    /^1 row skipped \(positive not a number: 1, negative below 0: 1, price not a number: 1\): not estimated, not counted$/m,
  );
  expect(out).toMatch(/1 of 1 rows have an owners band/);
  // The good row has 105 reviews; nothing lands in the 0–9 bucket.
  expect(out).toMatch(/^0–9\s+0\s/m);
}, 30_000);

// Review 19 d, item 11: an owners value that is no band ("lots") was counted as a row without one.
test("a row whose owners value is no band is skipped and said, not counted as a row without a band", () => {
  const run = runOn(`${HEADER}\n2,Lots,100,5,lots,999,999,5\n3,Good,100,5,"20,000 .. 50,000",999,999,5\n`);
  expect(run.exitCode, run.stderr.toString()).toBe(0);
  const out = run.stdout.toString();
  expect(out).toMatch(/^1 row skipped \(owners not a band: 1\): not estimated, not counted$/m);
  expect(out).toMatch(/1 of 1 rows have an owners band/);
}, 30_000);

test("a file with no usable rows is an error in one line", () => {
  const run = runOn(`${HEADER}\n2,Bad,abc,-5,"20,000 .. 50,000",x,999,5\n`);
  expect(run.exitCode).toBe(1);
  expect(run.stdout.toString()).toBe("");
  const err = run.stderr.toString().trim();
  expect(err.split("\n")).toHaveLength(1);
  expect(err).toMatch(
    /^backtest: no usable rows in .*rows\.csv: 1 row skipped \(positive not a number: 1, negative below 0: 1, price not a number: 1\); nothing was measured$/,
  );
}, 30_000);
