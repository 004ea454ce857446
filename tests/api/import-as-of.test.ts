import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { env } from "../../src/server/env.ts";

/**
 * A SteamSpy export carries no date: `bun run import steamspy-csv FILE --as-of DATE` says when it was
 * taken, and its figures are dated by it (its `ccu`, a peak of the day before); without it, the day
 * of the import. A bad date, or a date
 * for a file that carries its own, is refused before anything is written.
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
  const count = await rawClient().execute("SELECT count(*) AS n FROM games");
  expect(Number(count.rows[0]?.n)).toBe(0);

  // Without a date: the day of the import, as the live sync dates what it fetches.
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const undated = run("steamspy-csv", FILE);
  expect(undated.status, undated.stderr).toBe(0);
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
