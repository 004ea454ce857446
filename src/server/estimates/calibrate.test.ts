import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { tempDir } from "../../../tests/helpers/temp-dir.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const FIXTURE = join(ROOT, "tests/fixtures/estimates/steam-store-sample.csv");
const dir = tempDir("calibrate-");

function calibrate(out: string) {
  const run = Bun.spawnSync(["bun", "scripts/estimates-calibrate.ts", FIXTURE, "--out", out], { cwd: ROOT });
  expect(run.exitCode, run.stderr.toString()).toBe(0);
  return { stdout: run.stdout.toString(), json: readFileSync(out, "utf8") };
}

test("calibration is deterministic: the same file gives byte-identical coefficients and version", () => {
  const a = calibrate(join(dir, "a.json"));
  const b = calibrate(join(dir, "b.json"));
  expect(a.json).toBe(b.json);
  const c = JSON.parse(a.json);
  expect(c.modelVersion).toMatch(/^owners-1\.[0-9a-f]{8}$/);
  expect(c.fittedOn.rows).toBe(452);
  expect(c.reviewModel.withYear.coefficients).toHaveLength(c.reviewModel.withYear.features.length);
  // Owners grow with reviews: the fitted slope on log reviews is positive.
  expect(c.reviewModel.withYear.coefficients[1]).toBeGreaterThan(0.3);
  expect(a.stdout).toContain(c.modelVersion);
}, 60_000);

test("calibration without a file and without a shipped snapshot says what to do", () => {
  const run = Bun.spawnSync(
    ["bun", "scripts/estimates-calibrate.ts", join(dir, "missing.csv"), "--out", join(dir, "x.json")],
    {
      cwd: ROOT,
    },
  );
  expect(run.exitCode).not.toBe(0);
});
