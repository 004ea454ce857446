import { expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { recordOwnerBands } from "../../src/server/estimates/owner-bands.ts";
import { catchUpEstimates } from "../../src/server/estimates/store.ts";

/**
 * The server keeps estimates current by following the catalog change log: after the first sweep, a
 * burst of changes reads only the games it logged, whatever changed about them — the row, a series,
 * an owners band.
 */

const stored = async (gameId: string) =>
  (await rawClient().execute({ sql: "SELECT * FROM game_estimates WHERE game_id = ?", args: [gameId] }))
    .rows[0] as unknown as Record<string, unknown> | undefined;

const catalog = Array.from({ length: 40 }, (_, i) => ({
  name: `Followed Game ${i}`,
  steamAppId: 70_000 + i,
  positiveReviews: 100 + i * 10,
  negativeReviews: 20,
  price: 9.99,
  releaseYear: 2018,
  genres: ["Indie"],
}));

test("the first run checks every game; later runs only the games changed since, by any kind of input", async () => {
  const { ids } = await upsertGames(catalog, "test");
  const first = await catchUpEstimates();
  expect(first).toMatchObject({ mode: "sweep", games: 40, computed: 40 });
  expect(await catchUpEstimates()).toMatchObject({ mode: "changes", games: 0, computed: 0 });

  // The game's own row.
  await upsertGames([{ ...catalog[0]!, positiveReviews: 5000 }], "test");
  const before = await stored(ids[0]!);
  expect(await catchUpEstimates()).toMatchObject({ mode: "changes", games: 1, computed: 1 });
  expect(Number((await stored(ids[0]!))?.owners_mid)).toBeGreaterThan(Number(before?.owners_mid));

  // An owners band alone: no column of the game's row changes.
  await recordOwnerBands([
    { gameId: ids[1]!, source: "steamspy-api", low: 50_000, high: 100_000, asOf: new Date() },
  ]);
  expect(await catchUpEstimates()).toMatchObject({ mode: "changes", games: 1, computed: 1 });
  expect(String((await stored(ids[1]!))?.inputs_key)).toContain('"low":50000');
  // The same band again changes nothing and logs nothing.
  await recordOwnerBands([
    { gameId: ids[1]!, source: "steamspy-api", low: 50_000, high: 100_000, asOf: new Date(0) },
  ]);
  expect(await catchUpEstimates()).toMatchObject({ mode: "changes", games: 0 });

  // A monthly player series (player-hours).
  await recordMetrics(
    Array.from({ length: 6 }, (_, m) => ({
      gameId: ids[2]!,
      metric: "players" as const,
      ts: new Date(Date.UTC(2019, m, 1)),
      value: 800,
      period: "month" as const,
      source: "steamcharts-csv",
    })),
  );
  expect(await catchUpEstimates()).toMatchObject({ mode: "changes", games: 1, computed: 1 });
  expect(String((await stored(ids[2]!))?.inputs_key)).toMatch(/"playerHours":\d+/);
});

test("a log pruned past what the estimates applied sends them back to a sweep of every game", async () => {
  await upsertGames([{ name: "Changed Then Pruned", steamAppId: 79_999, positiveReviews: 10 }], "test");
  // Another process pruned the log up to a change this process never read.
  await rawClient().execute("DELETE FROM catalog_changes");
  await upsertGames([{ name: "Changed After The Prune", steamAppId: 79_998, positiveReviews: 10 }], "test");
  const run = await catchUpEstimates();
  expect(run.mode).toBe("sweep");
  expect(run.games).toBeGreaterThanOrEqual(42);
  expect(run.computed).toBe(2);
});

test("a log pruned empty past what the estimates applied, with nothing logged since, also sends them to a sweep", async () => {
  expect(await catchUpEstimates()).toMatchObject({ mode: "changes", games: 0 });
  // Logged by an import from the shell, then pruned whole by a follower that had applied it.
  await upsertGames([{ name: "Pruned Unseen", steamAppId: 79_997, positiveReviews: 10 }], "test");
  await rawClient().execute("DELETE FROM catalog_changes");
  const run = await catchUpEstimates();
  expect(run.mode).toBe("sweep");
  expect(run.computed).toBe(1);
  expect(await catchUpEstimates()).toMatchObject({ mode: "changes", games: 0 });
});
