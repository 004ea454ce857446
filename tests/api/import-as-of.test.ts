import { spawnSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { env } from "../../src/server/env.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * A SteamSpy export carries no date: `bun run import steamspy-csv FILE --as-of DATE` says when it was
 * taken, and its figures are dated by it (its `ccu`, a peak of the day before); without it, a date in
 * the file's name, else the day of the import with a warning. A name that gives another year but no
 * day (`…_2023_…`) is refused without `--as-of` (review r18c, item 1). A bad date, or a date for a
 * file that carries its own, is refused before anything is written.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FILE = "tests/fixtures/datasets/steamspy/steamspy_top1000_2023_tags.csv";

const run = (...args: string[]) =>
  spawnSync("bun", ["scripts/import.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "error", DEMO_DATA: "off" },
    encoding: "utf8",
  });

test("--as-of dates a SteamSpy file's figures; bad uses are refused", { timeout: 60_000 }, async () => {
  for (const bad of [
    ["steamspy-csv", FILE, "--as-of", "2024-02-30"],
    ["steamspy-csv", FILE, "--as-of", "tomorrow"],
    ["steamspy-csv", FILE, "--as-of", "2999-01-01"],
    ["steamcharts-csv", FILE, "--as-of", "2024-03-10"],
  ]) {
    const r = run(...bad);
    expect(r.status, bad.join(" ")).toBe(2);
    expect(r.stderr).toContain("--as-of");
  }
  // A name that says 2023 and no day, without --as-of: its figures would be dated today.
  const year = run("steamspy-csv", FILE);
  expect(year.status).toBe(2);
  expect(year.stderr).toContain("steamspy_top1000_2023_tags.csv: its name says 2023 but no day");
  expect(year.stderr).toContain("--as-of YYYY-MM-DD");
  const count = await rawClient().execute("SELECT count(*) AS n FROM games");
  expect(Number(count.rows[0]?.n)).toBe(0);

  // Without a date in the name or the command: the day of the import, as the live sync dates what it
  // fetches, and the command says so.
  const dir = tempDir("as-of-");
  const plain = join(dir, "steamspy_export.csv");
  copyFileSync(join(ROOT, FILE), plain);
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const undated = run("steamspy-csv", plain);
  expect(undated.status, undated.stderr).toBe(0);
  expect(undated.stderr).toContain("steamspy_export.csv names no date, so its figures are dated today");
  expect(undated.stderr).toContain("--as-of YYYY-MM-DD");
  const ok = run("steamspy-csv", FILE, "--as-of", "2024-03-10");
  expect(ok.status, ok.stderr).toBe(0);
  const dates = await rawClient().execute(
    "SELECT metric, min(ts) AS lo, max(ts) AS hi FROM game_metrics WHERE source = 'steamspy-csv' GROUP BY metric ORDER BY metric",
  );
  const byMetric = Object.fromEntries(
    dates.rows.map((r) => [String(r.metric), [Number(r.lo), Number(r.hi)]]),
  );
  expect(byMetric.owners).toEqual([Date.UTC(2024, 2, 10), today]);
  expect(byMetric.players_peak).toEqual([Date.UTC(2024, 2, 9), today - 86_400_000]);
  expect(byMetric.players).toBeUndefined();
});

test("a date in a SteamSpy file's name dates its figures, as a VGChartz file's", {
  timeout: 60_000,
}, async () => {
  const dir = tempDir("as-of-named-");
  const named = join(dir, "steamspy_top1000_2023-01-15.csv");
  copyFileSync(join(ROOT, FILE), named);
  const r = run("steamspy-csv", named);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).not.toContain("warning");
  // The file's points are at its day (the first test's are at other days).
  const dates = await rawClient().execute(
    "SELECT metric, ts, count(*) AS n FROM game_metrics WHERE source = 'steamspy-csv' AND metric IN ('owners', 'players_peak') AND ts >= ? AND ts < ? GROUP BY metric, ts ORDER BY metric",
    [Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1)],
  );
  expect(dates.rows.map((row) => [row.metric, Number(row.ts)])).toEqual([
    ["owners", Date.UTC(2023, 0, 15)],
    ["players_peak", Date.UTC(2023, 0, 14)],
  ]);
});
