import { expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";

/**
 * `player_days` (migrations/0019_player-days.sql) is the player series by day that the catalog-wide
 * screens read. Triggers keep it equal to what the points themselves say, whatever writes them:
 * inserts, a source answering again for the same time, deletes, a game deleted with its points.
 */

const DAY = 86_400_000;

const fromPoints = async () =>
  (
    await rawClient().execute(
      `SELECT metric, ts / 86400000 AS day, game_id, source, sum(value) AS total, count(*) AS points, max(ts) AS last_ts
       FROM game_metrics WHERE metric IN ('players', 'players_peak')
       GROUP BY metric, day, game_id, source ORDER BY metric, day, game_id, source`,
    )
  ).rows.map((r) => ({ ...r }));
const stored = async () =>
  (
    await rawClient().execute(
      "SELECT metric, day, game_id, source, total, points, last_ts FROM player_days ORDER BY metric, day, game_id, source",
    )
  ).rows.map((r) => ({ ...r }));

test("the series by day follows every write of the points", async () => {
  const { ids } = await upsertGames(
    [
      { name: "Daily Rollup One", steamAppId: 880_001 },
      { name: "Daily Rollup Two", steamAppId: 880_002 },
    ],
    "test",
  );
  const [one, two] = ids as [string, string];
  const day = Date.UTC(2026, 10, 10);
  const quarter = 15 * 60_000;
  // Every 15 minutes over two days from two sources, a daily peak, and a metric that is not rolled up.
  await recordMetrics([
    ...Array.from({ length: 192 }, (_, k) => ({
      gameId: one,
      metric: "players" as const,
      ts: new Date(day + k * quarter),
      value: 100 + k,
      source: "steam-api",
    })),
    { gameId: one, metric: "players", ts: new Date(day), value: 90, source: "steamspy-api" },
    { gameId: one, metric: "players_peak", ts: new Date(day), value: 400, source: "steamcharts-csv" },
    { gameId: two, metric: "players", ts: new Date(day + DAY), value: 50, source: "steam-api" },
    { gameId: two, metric: "owners", ts: new Date(day), value: 20_000, source: "steamspy-api" },
  ]);
  const rows = await stored();
  expect(rows).toEqual(await fromPoints());
  expect(rows).toContainEqual({
    metric: "players",
    day: day / DAY,
    game_id: one,
    source: "steam-api",
    total: 96 * 100 + (95 * 96) / 2,
    points: 96,
    last_ts: day + 95 * quarter,
  });
  expect(rows.some((r) => r.game_id === two && r.metric !== "players")).toBe(false);

  // A source answers again for the same time with another value.
  await recordMetrics([
    { gameId: one, metric: "players", ts: new Date(day), value: 1000, source: "steam-api" },
  ]);
  expect(await stored()).toEqual(await fromPoints());

  // Points deleted: the newest of a day, then a whole day of a source.
  await rawClient().execute({
    sql: "DELETE FROM game_metrics WHERE game_id = ? AND metric = 'players' AND ts = ?",
    args: [one, day + 191 * quarter],
  });
  await rawClient().execute({
    sql: "DELETE FROM game_metrics WHERE game_id = ? AND source = 'steamspy-api'",
    args: [one],
  });
  const afterDeletes = await stored();
  expect(afterDeletes).toEqual(await fromPoints());
  expect(afterDeletes.some((r) => r.source === "steamspy-api")).toBe(false);

  // A game deleted takes its points with it, and its days.
  await rawClient().execute({ sql: "DELETE FROM games WHERE id = ?", args: [two] });
  const afterGame = await stored();
  expect(afterGame).toEqual(await fromPoints());
  expect(afterGame.some((r) => r.game_id === two)).toBe(false);
});
