import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { SNAPSHOT_FILE } from "../../src/server/db/seed/snapshot.ts";
import { env } from "../../src/server/env.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * `bun run import` re-estimated only what the run itself changed, at its end: a run killed after its
 * writes left estimates computed from the old inputs, and running it again changed nothing, so it
 * said "estimates: 0 recomputed" (review r29-b #4). A truncated `.csv.gz` stopped the command with a
 * bare runtime error after batches were committed. The estimates now follow the catalog change log
 * from a mark kept in the database, whoever wrote the changes; a broken file is an "import failed"
 * that says what was stored, and what was stored is estimated.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURE = join(ROOT, "tests/fixtures/datasets/steam-store-games/steam.csv");

const run = (...args: string[]) =>
  spawnSync("bun", ["scripts/import.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "error", DEMO_DATA: "off" },
    encoding: "utf8",
  });
const one = async (sql: string) => Number((await rawClient().execute(sql)).rows[0]?.n ?? 0);
/** Games whose stored estimate is missing or was computed from other review counts than the game's. */
const stale = () =>
  one(`SELECT count(*) AS n FROM games g LEFT JOIN game_estimates e ON e.game_id = g.id
       WHERE e.game_id IS NULL OR json_extract(e.inputs_key, '$.positiveReviews') IS NOT g.positive_reviews`);

test("an import killed before its estimates step has them recomputed by the next run", {
  timeout: 60_000,
}, async () => {
  const first = run("steam-store-csv", FIXTURE);
  expect(first.status, first.stderr).toBe(0);
  expect(await stale()).toBe(0);

  // The same games with one more positive review each, written as a run killed after its last batch
  // leaves them: the rows changed, the estimates not.
  const dir = tempDir("import-estimates-");
  const [header, ...rows] = readFileSync(FIXTURE, "utf8").trimEnd().split("\n");
  const columns = header!.split(",");
  const at = columns.indexOf("positive_ratings");
  const changed = join(dir, "steam-changed.csv");
  writeFileSync(
    changed,
    `${[
      header,
      ...rows.map((line) => {
        // The fixture's rows quote no field holding a comma before the counts: cut from the end.
        const fields = line.split(",");
        const i = fields.length - (columns.length - at);
        fields[i] = String(Number(fields[i]) + 1);
        return fields.join(",");
      }),
    ].join("\n")}\n`,
  );
  const killed = await importSteamStoreCsv(changed);
  expect(killed.updated).toBeGreaterThan(250);
  const left = await stale();
  expect(left).toBe(killed.updated);

  // Run again: nothing changes now, and the estimates left behind are recomputed all the same.
  const again = run("steam-store-csv", changed);
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toContain("games inserted 0, updated 0");
  expect(again.stdout).toContain(`estimates: ${left} recomputed`);
  expect(await stale()).toBe(0);
});

test("a truncated .csv.gz is an import failure that says what was stored, and that is estimated", {
  timeout: 90_000,
}, async () => {
  const dir = tempDir("import-cut-");
  const lines = gunzipSync(readFileSync(SNAPSHOT_FILE)).toString("utf8").split("\n");
  const full = gzipSync(`${lines.slice(0, 6001).join("\n")}\n`);
  const cut = join(dir, "steam-cut.csv.gz");
  writeFileSync(cut, full.subarray(0, Math.floor(full.length / 2)));
  const before = await one("SELECT count(*) AS n FROM games");

  const r = run("steam-store-csv", cut);
  expect(r.status).toBe(1);
  const inserted = (await one("SELECT count(*) AS n FROM games")) - before;
  expect(inserted).toBeGreaterThan(0);
  expect(r.stderr).toMatch(
    /^import failed: .*steam-cut\.csv\.gz: the compressed file is cut short or damaged/m,
  );
  expect(r.stderr).toMatch(
    new RegExp(
      `stored before the failure: games inserted ${inserted}, updated \\d+ \\(points inserted \\d+, updated \\d+\\); the rest of the file was not imported`,
    ),
  );
  expect(r.stderr).not.toContain("TypeError");
  // What was stored is estimated.
  expect(r.stdout).toMatch(/estimates: \d+ recomputed/);
  expect(await stale()).toBe(0);
});
