import { expect, test } from "vitest";
import { popularityOf } from "../../src/server/catalog/write.ts";
import { databaseMigratedUpTo } from "../helpers/migrations.ts";

/**
 * Owners "0 .. 20,000" says only "below 20,000": the importers stored 10,000 as the source's owners
 * figure. Migration 0032 removes, on a database an earlier release filled, the owners points that are
 * such a band's midpoint recorded with the band (same game and source, at the band's time or before),
 * and gives the game's row its newest remaining owners point or none. The bands stay.
 */
test("migration 0032 removes the owners figures made up from a band with no lower end", async () => {
  const { client, all, upgrade } = await databaseMigratedUpTo(31);
  try {
    const may2019 = Date.UTC(2019, 4, 1);
    const day1 = Date.UTC(2024, 0, 1);
    const day2 = Date.UTC(2024, 0, 2);
    // As the importers of before the fix left them: the band's midpoint on the row and as a point.
    const game = (id: string, owners: number | null, reviews: number) =>
      client.execute({
        sql: `INSERT INTO games (id, slug, name, normalized_name, steam_app_id, owners_estimate, positive_reviews, negative_reviews, rating_count, popularity)
              VALUES (?, ?, ?, ?, NULL, ?, ?, 0, ?, 12.345)`,
        args: [id, id, id, id, owners, reviews, reviews],
      });
    await game("allied", 10000, 1); // Kaggle "0-20000"
    await game("daily", 10000, 3); // the live sync, two days of "0 .. 20,000"
    await game("older", 10000, 40); // "0-20000" in 2019 after a 20,000..50,000 in SteamSpy's CSV
    await game("floored", 35000, 500); // "20000-50000": a real midpoint
    await game("figure", 5000, 2); // a plain figure of 5,000 beside a "0 .. 20,000" band of another time
    await client.execute(
      `INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES
        ('allied', 'owners', ${may2019}, 10000, 'instant', 'steam-store-csv'),
        ('allied', 'reviews_positive', ${may2019}, 1, 'instant', 'steam-store-csv'),
        ('daily', 'owners', ${day1}, 10000, 'instant', 'steamspy-api'),
        ('daily', 'owners', ${day2}, 10000, 'instant', 'steamspy-api'),
        ('older', 'owners', ${Date.UTC(2018, 0, 1)}, 35000, 'instant', 'steamspy-csv'),
        ('older', 'owners', ${may2019}, 10000, 'instant', 'steam-store-csv'),
        ('floored', 'owners', ${may2019}, 35000, 'instant', 'steam-store-csv'),
        ('figure', 'owners', ${day2}, 5000, 'instant', 'steamspy-csv')`,
    );
    await client.execute(
      `INSERT INTO game_owner_bands (game_id, source, low, high, as_of) VALUES
        ('allied', 'steam-store-csv', 0, 20000, ${may2019}),
        ('daily', 'steamspy-api', 0, 20000, ${day2}),
        ('older', 'steam-store-csv', 0, 20000, ${may2019}),
        ('floored', 'steam-store-csv', 20000, 50000, ${may2019}),
        ('figure', 'steamspy-csv', 0, 20000, ${day1})`,
    );
    const changesBefore = Number((await all("SELECT count(*) AS n FROM catalog_changes"))[0]!.n);

    await upgrade();

    expect(
      await all(
        "SELECT game_id, source, value FROM game_metrics WHERE metric = 'owners' ORDER BY game_id, ts",
      ),
    ).toEqual([
      { game_id: "figure", source: "steamspy-csv", value: 5000 },
      { game_id: "floored", source: "steam-store-csv", value: 35000 },
      { game_id: "older", source: "steamspy-csv", value: 35000 },
    ]);
    const games = await all(
      "SELECT id, owners_estimate, current_players, positive_reviews, negative_reviews, rating_count, popularity FROM games ORDER BY id",
    );
    expect(games.map((g) => [g.id, g.owners_estimate])).toEqual([
      ["allied", null],
      ["daily", null],
      ["figure", 5000],
      ["floored", 35000],
      ["older", 35000],
    ]);
    // The repaired rows' popularity is the writer's for their figures; the others' is untouched.
    for (const g of games) {
      const expected = ["allied", "daily", "older"].includes(String(g.id)) ? popularityOf(g) : 12.345;
      expect(Number(g.popularity)).toBeCloseTo(expected, 3);
    }
    // The bands stay: the estimates read them as a cap.
    expect(await all("SELECT game_id, low, high FROM game_owner_bands ORDER BY game_id")).toHaveLength(5);
    // The repaired games are logged for the catalog index and search to re-read.
    const logged = await all(
      `SELECT DISTINCT game_id FROM catalog_changes WHERE seq > ${changesBefore} ORDER BY game_id`,
    );
    expect(logged.map((r) => r.game_id)).toEqual(["allied", "daily", "older"]);
  } finally {
    client.close();
  }
});
