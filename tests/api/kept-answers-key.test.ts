import { expect, test, vi } from "vitest";

// Counts the reads of the catalog's content key (catalogContentKey, kept-answers.ts).
const reads = vi.hoisted(() => ({ key: 0 }));
vi.mock("../../src/server/db/client.ts", async (original) => {
  const actual = await original<typeof import("../../src/server/db/client.ts")>();
  return {
    ...actual,
    readRows: (sql: string, args?: ReadonlyArray<string | number | bigint | null>) => {
      if (sql.includes("max(rowid) FROM game_metrics") && sql.includes("estimate_changes")) reads.key++;
      return actual.readRows(sql, args);
    },
  };
});

const { keptUntilChange } = await import("../../src/server/catalog/kept-answers.ts");
const { upsertGames } = await import("../../src/server/catalog/write.ts");
const { rawClient } = await import("../../src/server/db/client.ts");
const { env } = await import("../../src/server/env.ts");

/**
 * Catalog answers kept until the catalog changes (`catalogOnly`) share one read of the catalog's
 * content key per data version: a commit costs one read however many of them are kept, and a change
 * to the catalog still makes every one of them compute again.
 */

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test("nine catalog answers: one key read per commit; a catalog change recomputes every one", async () => {
  const { ids } = await upsertGames([{ name: "Key Read Game" }], "test");
  const runs = Array(9).fill(0) as number[];
  const answers = runs.map((_, i) => keptUntilChange(async () => ++runs[i]!, { catalogOnly: true }));
  const askAll = () => Promise.all(answers.map((answer) => answer()));
  await nextTurn();

  const before = reads.key;
  expect(await askAll()).toEqual(Array(9).fill(1));
  expect(reads.key - before).toBe(1);
  // Nothing committed: kept, no read.
  expect(await askAll()).toEqual(Array(9).fill(1));
  expect(reads.key - before).toBe(1);

  // A commit that changes no game: one read for the nine, each answer kept.
  await rawClient().execute(
    "INSERT INTO system_settings (key, value, updated_at) VALUES ('kept-key-test', '1', 0) ON CONFLICT (key) DO UPDATE SET value = value || '1'",
  );
  expect(await askAll()).toEqual(Array(9).fill(1));
  expect(reads.key - before).toBe(2);
  await nextTurn();
  expect(await askAll()).toEqual(Array(9).fill(1));
  expect(reads.key - before).toBe(2);

  // A point written without any in-process signal: the key moved, so every answer computes again.
  await rawClient().execute({
    sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'players', 0, 5, 'day', 'test')",
    args: [ids[0]!],
  });
  expect(await askAll()).toEqual(Array(9).fill(2));
  expect(reads.key - before).toBe(3);
  expect(runs).toEqual(Array(9).fill(2));

  // Another process's change to the catalog: seen at the next turn, again by every answer.
  const path = env().DATABASE_URL.slice("file:".length);
  const child = Bun.spawnSync([
    "bun",
    "-e",
    `import { Database } from "bun:sqlite"; const db = new Database(${JSON.stringify(path)}); db.exec("PRAGMA busy_timeout = 5000"); db.query("INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'players', ?, 6, 'day', 'test')").run(${JSON.stringify(ids[0])}, 86_400_000); db.close();`,
  ]);
  expect(child.exitCode).toBe(0);
  await nextTurn();
  expect(await askAll()).toEqual(Array(9).fill(3));
  expect(reads.key - before).toBe(4);
});
