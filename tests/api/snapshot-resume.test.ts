import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { loadSnapshotIfNeeded, SNAPSHOT_FILE } from "../../src/server/db/seed/snapshot.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * A first start loads the shipped snapshot before it listens; a load stopped part-way (Ctrl-C, kill -9,
 * a failure) left a catalog that was no longer empty, so no later start finished it, and the Data
 * sources page still said "27,075 Steam games" (review r29-b #3). The load's start and end are kept in
 * the database: the next start finishes it (upserts, so the rows already in are left as they are), and
 * meanwhile the page says how far it got.
 */

const count = async (sql: string) => Number((await rawClient().execute(sql)).rows[0]?.n ?? 0);
const snapshotEntry = async () => {
  const user = await createTestUser();
  const answer = await (await request("/api/data-sources", { cookie: user.cookie })).json();
  return answer.sources.find((s: { id: string }) => s.id === "steam-store-csv");
};

test("a snapshot load stopped part-way is finished by the next start, and said to be partial meanwhile", {
  timeout: 60_000,
}, async () => {
  // The snapshot's first 6,000 games, and the same file cut in half: its first batches are committed
  // before the cut is read, as a load killed part-way leaves them.
  const dir = tempDir("snapshot-resume-");
  const lines = gunzipSync(readFileSync(SNAPSHOT_FILE)).toString("utf8").split("\n");
  const full = gzipSync(`${lines.slice(0, 6001).join("\n")}\n`);
  const fullFile = join(dir, "snapshot.csv.gz");
  const cutFile = join(dir, "snapshot-cut.csv.gz");
  writeFileSync(fullFile, full);
  writeFileSync(cutFile, full.subarray(0, Math.floor(full.length / 2)));

  expect(await count("SELECT count(*) AS n FROM games")).toBe(0);
  await expect(loadSnapshotIfNeeded(cutFile)).rejects.toThrow();
  const partial = await count("SELECT count(*) AS n FROM games");
  expect(partial).toBeGreaterThanOrEqual(1000);
  expect(partial).toBeLessThan(6000);

  // Until it is finished, the page says so rather than "27,075 Steam games".
  const during = await snapshotEntry();
  expect(during.incomplete).toEqual({ games: partial, of: 27_075 });
  expect(during.provides).toContain(
    `Its load stopped part-way: ${partial.toLocaleString("en")} of the 27,075 games are in the catalog`,
  );

  // The next start finishes it, although the catalog is no longer empty.
  const resumed = await loadSnapshotIfNeeded(fullFile);
  expect(resumed?.summary).toMatchObject({ read: 6000, inserted: 6000 - partial, skipped: 0 });
  expect(await count("SELECT count(*) AS n FROM games")).toBe(6000);
  const after = await snapshotEntry();
  expect(after.incomplete).toBeUndefined();
  expect(after.provides).toMatch(/^The starting catalog: 27,075 Steam games with/);

  // Finished: a later start leaves the catalog alone.
  expect(await loadSnapshotIfNeeded(fullFile)).toBeNull();
});
