import { expect, test } from "vitest";
import { markCatalogChanged } from "../../src/server/catalog/changes.ts";
import { keptUntilChange } from "../../src/server/catalog/kept-answers.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { env } from "../../src/server/env.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Answers that read many series points (genre volatility, daily activity, the Overview's figures, the
 * data sources, the historical games) are computed once per state of the database: kept until anything
 * commits — here or in another process — or this process changes the catalog.
 */

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test("computed once while nothing changes; again after any commit, a catalog change, or a failure", async () => {
  let runs = 0;
  let fail = false;
  const answer = keptUntilChange(async () => {
    runs++;
    if (fail) throw new Error("no answer");
    return { runs };
  });
  // Callers asking at once share one computation.
  const [a, b] = await Promise.all([answer(), answer()]);
  expect(a).toBe(b);
  expect(await answer()).toBe(a);
  expect(runs).toBe(1);

  await rawClient().execute(
    "INSERT INTO system_settings (key, value, updated_at) VALUES ('kept-test', '1', 0) ON CONFLICT (key) DO UPDATE SET value = value || '1'",
  );
  expect(await answer()).toEqual({ runs: 2 });

  markCatalogChanged();
  expect(await answer()).toEqual({ runs: 3 });

  fail = true;
  await rawClient().execute("UPDATE system_settings SET value = value || '1' WHERE key = 'kept-test'");
  await expect(answer()).rejects.toThrow("no answer");
  fail = false;
  expect(await answer()).toEqual({ runs: 5 });
  expect(runs).toBe(5);
});

test("a catalog answer is kept across commits that leave the catalog as it was", async () => {
  let runs = 0;
  const answer = keptUntilChange(
    async () => {
      runs++;
      return { runs };
    },
    { catalogOnly: true },
  );
  expect(await answer()).toEqual({ runs: 1 });
  // A setting (a sign-in, a report, a log's pruning: any commit that changes no game) keeps it.
  await rawClient().execute(
    "INSERT INTO system_settings (key, value, updated_at) VALUES ('kept-catalog-test', '1', 0) ON CONFLICT (key) DO UPDATE SET value = value || '1'",
  );
  await nextTurn();
  expect(await answer()).toEqual({ runs: 1 });
  // A game, a point, an estimate: each one makes it recompute.
  const { ids } = await upsertGames([{ name: "Kept Catalog Game" }], "test");
  await nextTurn();
  expect(await answer()).toEqual({ runs: 2 });
  await rawClient().execute({
    sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'owners', 0, 1, 'day', 'test')",
    args: [ids[0]!],
  });
  await nextTurn();
  expect(await answer()).toEqual({ runs: 3 });
  await recomputeEstimates({ gameIds: [ids[0]!] });
  await nextTurn();
  expect(await answer()).toEqual({ runs: 4 });
  expect(await answer()).toEqual({ runs: 4 });
});

test("the daily activity shows a day another process added at the next request", async () => {
  const { cookie } = await createTestUser();
  const { ids } = await upsertGames([{ name: "Kept Answer Game", steamAppId: 515_151 }], "test");
  const day = Date.UTC(2026, 10, 1);
  await recordMetrics([
    { gameId: ids[0]!, metric: "players", ts: new Date(day), value: 300, period: "day", source: "test" },
  ]);
  const dates = async () =>
    ((await (await request("/api/analytics/activity", { cookie })).json()) as Array<{ date: string }>).map(
      (d) => d.date,
    );
  expect(await dates()).toEqual(["2026-11-01"]);
  expect(await dates()).toEqual(["2026-11-01"]);

  // Another process writes the next day's point: no in-process catalog signal, only the commit.
  const path = env().DATABASE_URL.slice("file:".length);
  const child = Bun.spawnSync([
    "bun",
    "-e",
    `import { Database } from "bun:sqlite"; const db = new Database(${JSON.stringify(path)}); db.exec("PRAGMA busy_timeout = 5000"); db.query("INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'players', ?, 400, 'day', 'test')").run(${JSON.stringify(ids[0])}, ${day + 86_400_000}); db.close();`,
  ]);
  expect(child.exitCode).toBe(0);
  await nextTurn();
  expect(await dates()).toEqual(["2026-11-01", "2026-11-02"]);
});
