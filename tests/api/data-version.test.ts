import { expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { dataVersion, rawClient } from "../../src/server/db/client.ts";
import { env } from "../../src/server/env.ts";

/**
 * `dataVersion()` tells the in-memory caches (sessions, search) that something committed. Its answer
 * is kept for the rest of an event-loop turn (src/server/db/version-memo.ts), so these hold it to what
 * the caches rely on: this process's own commits move it at once, another process's by the next turn.
 */

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test("a commit of this process moves it at once, within the same turn", async () => {
  const first = dataVersion();
  expect(first).not.toBeNull();
  expect(dataVersion()).toBe(first);
  // Through the libSQL client (requests, drizzle).
  await rawClient().execute({
    sql: "INSERT INTO system_settings (key, value, updated_at) VALUES ('version-test', '1', 0) ON CONFLICT (key) DO UPDATE SET value = '2'",
    args: [],
  });
  const second = dataVersion();
  expect(second).not.toBe(first);
  // Through the bulk-write connection (imports, syncs).
  await upsertGames([{ name: "Version Moves", steamAppId: 4242 }], "test");
  expect(dataVersion()).not.toBe(second);
});

test("a commit of another process is seen once the event loop turns", async () => {
  const before = dataVersion();
  const path = env().DATABASE_URL.slice("file:".length);
  const child = Bun.spawnSync([
    "bun",
    "-e",
    `import { Database } from "bun:sqlite"; const db = new Database(${JSON.stringify(path)}); db.exec("PRAGMA busy_timeout = 5000"); db.exec("INSERT INTO system_settings (key, value, updated_at) VALUES ('other-process', '1', 0) ON CONFLICT (key) DO UPDATE SET value = value || '1'"); db.close();`,
  ]);
  expect(child.exitCode).toBe(0);
  await nextTurn();
  expect(dataVersion()).not.toBe(before);
});
