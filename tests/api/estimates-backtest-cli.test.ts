import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { BACKTEST_PATH } from "../../src/server/estimates/backtest-latest.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// Review 10, item 12: a file with no usable rows printed a table of dashes, exited 0, and `--save`
// replaced the back-test the methodology page shows with one of no games.
describe("bun run estimates:backtest", () => {
  const dir = tempDir("gi-backtest-");
  function run(file: string, ...args: string[]) {
    const result = spawnSync("bun", ["scripts/estimates-backtest.ts", file, ...args], {
      env: { ...process.env, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    return { code: result.status, out: result.stdout + result.stderr };
  }

  test("a file without owners bands fails and leaves the saved back-test as it was", () => {
    const saved = readFileSync(BACKTEST_PATH, "utf8");
    const file = join(dir, "no-bands.csv");
    writeFileSync(file, "appid,name\n1,x\n");
    const { code, out } = run(file, "--save");
    expect(code).toBe(1);
    expect(out).toContain("none of the 1 rows");
    expect(out).toContain("nothing saved");
    const after = readFileSync(BACKTEST_PATH, "utf8");
    // Put the published back-test back if a regression replaced it, then fail.
    if (after !== saved) writeFileSync(BACKTEST_PATH, saved);
    expect(after).toBe(saved);
  });

  test("an empty file fails too", () => {
    const file = join(dir, "empty.csv");
    writeFileSync(file, "");
    expect(run(file).code).toBe(1);
  });
});
