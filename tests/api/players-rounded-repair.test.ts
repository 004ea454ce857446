import { expect, test } from "vitest";
import { popularityOf, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { databaseMigratedUpTo } from "../helpers/migrations.ts";

/**
 * Review 13 b, item 4: a game's row truncated its newest players point (SteamCharts' average 33,403.95
 * was 33,403 in the screener and its CSV) while the game page rounds it (33,404).
 */
test("the writer rounds the newest players point onto the row, as the game page does", async () => {
  const { ids } = await upsertGames([{ name: "Rounding Hollow", steamAppId: 992_001 }], "test");
  await recordMetrics([
    {
      gameId: ids[0]!,
      metric: "players",
      ts: new Date(Date.UTC(2022, 1, 1)),
      value: 33_403.95,
      period: "month",
      source: "steamcharts-csv",
    },
  ]);
  const [row] = (
    await rawClient().execute({ sql: "SELECT current_players FROM games WHERE id = ?", args: [ids[0]!] })
  ).rows;
  expect(row!.current_players).toBe(33_404);
});

test("migration 0033 rounds the rows an earlier release truncated, and their popularity follows", async () => {
  const { client, all, upgrade } = await databaseMigratedUpTo(32);
  try {
    const game = (id: string, players: number | null) =>
      client.execute({
        sql: `INSERT INTO games (id, slug, name, normalized_name, current_players, positive_reviews, negative_reviews, popularity)
              VALUES (?, ?, ?, ?, ?, 100, 10, 12.345)`,
        args: [id, id, id, id, players],
      });
    await game("terraria", 33_403); // 33,403.95 truncated
    await game("whole", 500); // a whole count: nothing to repair
    await game("none", null); // no players series
    const feb = Date.UTC(2022, 1, 1);
    await client.execute(
      `INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES
        ('terraria', 'players', ${Date.UTC(2022, 0, 1)}, 30000.2, 'month', 'steamcharts-csv'),
        ('terraria', 'players', ${feb}, 33403.95, 'month', 'steamcharts-csv'),
        ('whole', 'players', ${feb}, 500, 'month', 'steamcharts-csv')`,
    );
    const changesBefore = Number((await all("SELECT count(*) AS n FROM catalog_changes"))[0]!.n);

    await upgrade();

    const games = await all(
      "SELECT id, current_players, owners_estimate, positive_reviews, negative_reviews, rating_count, popularity FROM games ORDER BY id",
    );
    expect(games.map((g) => [g.id, g.current_players])).toEqual([
      ["none", null],
      ["terraria", 33_404],
      ["whole", 500],
    ]);
    for (const g of games) {
      expect(Number(g.popularity)).toBeCloseTo(g.id === "terraria" ? popularityOf(g) : 12.345, 3);
    }
    const logged = await all(`SELECT DISTINCT game_id FROM catalog_changes WHERE seq > ${changesBefore}`);
    expect(logged.map((r) => r.game_id)).toEqual(["terraria"]);
  } finally {
    client.close();
  }
});
