import { expect, test } from "vitest";
import { GameEstimateSchema } from "../../src/contracts/estimates.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { databaseMigratedUpTo } from "../helpers/migrations.ts";

/**
 * Review 8 (d), item 1: impossible figures an import stored before the importers checked them (a
 * price of -$3.81 or infinity, negative review counts and sales, 30 February) made the estimates step
 * crash and the game's estimates answer 500 for good. The estimates read them as unknown, and
 * migration 0030 repairs the stored rows.
 */
test("a game stored with impossible figures before the fix gets estimates (price unknown), not a 500", async () => {
  const { ids } = await upsertGames(
    [
      {
        name: "Stored Impossible",
        steamAppId: 99999920,
        genres: ["Indie"],
        price: 4.99,
        positiveReviews: 40,
        negativeReviews: 10,
      },
    ],
    "test",
  );
  const id = ids[0]!;
  // As an import before the fix left it (the writer would refuse nothing): -$3.81, -50 reviews.
  await rawClient().execute({
    sql: "UPDATE games SET price = -3.81, positive_reviews = -50 WHERE id = ?",
    args: [id],
  });
  await expect(recomputeEstimates({ gameIds: [id] })).resolves.toMatchObject({ computed: 1 });
  const { cookie } = await createTestUser();
  const res = await request(`/api/games/${id}/estimates`, { cookie });
  expect(res.status).toBe(200);
  const estimate = GameEstimateSchema.parse(await res.json());
  expect(estimate.inputs).toMatchObject({ priceUsd: null, positiveReviews: null, negativeReviews: 10 });
  // Units are estimated; revenue is not, as for any game whose price is unknown.
  expect(estimate.revenue.gross).toBeNull();
  expect(estimate.notes).toContain("Price unknown: units are estimated, revenue is not.");
  expect(Number.isFinite(estimate.owners!.mid)).toBe(true);
});

/**
 * Migration 0030 on a database an earlier release filled: impossible stored figures become unknown, a
 * price takes the game's newest possible price point back, and nobody is alerted of it.
 */
test("migration 0030 repairs what an import stored before the fix", async () => {
  const { client, upgrade } = await databaseMigratedUpTo(29);
  try {
    const game = (id: string, values: string) =>
      client.execute(
        `INSERT INTO games (id, slug, name, normalized_name, steam_app_id, price, price_source, price_at, positive_reviews, negative_reviews, rating, rating_count, owners_estimate, release_date, release_year)
         VALUES ('${id}', '${id}', '${id}', '${id}', NULL, ${values})`,
      );
    const jan = Date.UTC(2023, 0, 15);
    const jun = Date.UTC(2023, 5, 1);
    // Terraria's -$3.81 came from a June point; its January point was $9.99.
    await game("terraria", `-3.81, 'steamspy-csv', ${jun}, 100, 10, 90.9, 110, 1000, '2011-05-16', 2011`);
    await game("inf", `9e999, 'steam-store-csv', ${jun}, -50, 10, -500, -40, -5, '2019-02-30', 2019`);
    await game("year0", `4.99, 'steamspy-csv', ${jun}, 5, 1, 83.3, 6, 10, '0000-01-01', 0`);
    await client.execute(
      `INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES
        ('terraria', 'price', ${jan}, 9.99, 'instant', 'steamspy-csv'),
        ('terraria', 'price', ${jun}, -3.81, 'instant', 'steamspy-csv'),
        ('inf', 'price', ${jun}, 9e999, 'instant', 'steam-store-csv'),
        ('inf', 'reviews_positive', ${jun}, -50, 'instant', 'steam-store-csv')`,
    );
    await client.execute(
      `INSERT INTO game_sales (game_id, platform, year, na_sales, eu_sales, global_sales, source) VALUES
        ('terraria', 'PS4', 2015, -5.5, 9e999, 2.2, 'vgsales-csv'), ('inf', 'PS4', 2015, 1, 1, -2.2, 'vgsales-csv')`,
    );
    await client.execute("INSERT INTO users (id, email) VALUES ('u1', 'u1@example.com')");
    await client.execute("INSERT INTO user_games (id, user_id, game_id) VALUES ('ug1', 'u1', 'terraria')");

    await upgrade();

    const games = (
      await client.execute(
        "SELECT id, price, price_source, price_at, positive_reviews, rating, rating_count, owners_estimate, release_date, release_year FROM games ORDER BY id",
      )
    ).rows.map((r) => ({ ...r }));
    expect(games).toEqual([
      {
        id: "inf",
        price: null,
        price_source: null,
        price_at: null,
        positive_reviews: null,
        rating: null,
        rating_count: null,
        owners_estimate: null,
        release_date: null,
        release_year: 2019,
      },
      {
        id: "terraria",
        price: 9.99,
        price_source: "steamspy-csv",
        price_at: jan,
        positive_reviews: 100,
        rating: 90.9,
        rating_count: 110,
        owners_estimate: 1000,
        release_date: "2011-05-16",
        release_year: 2011,
      },
      {
        id: "year0",
        price: 4.99,
        price_source: "steamspy-csv",
        price_at: jun,
        positive_reviews: 5,
        rating: 83.3,
        rating_count: 6,
        owners_estimate: 10,
        release_date: null,
        release_year: null,
      },
    ]);
    const points = (
      await client.execute("SELECT game_id, value FROM game_metrics ORDER BY game_id, ts")
    ).rows.map((r) => [r.game_id, r.value]);
    expect(points).toEqual([["terraria", 9.99]]);
    const sales = (
      await client.execute("SELECT game_id, na_sales, eu_sales, global_sales FROM game_sales")
    ).rows.map((r) => ({ ...r }));
    expect(sales).toEqual([{ game_id: "terraria", na_sales: null, eu_sales: null, global_sales: 2.2 }]);
    // -$3.81 → unknown → $9.99 is a repair, not a price change.
    expect((await client.execute("SELECT count(*) AS n FROM notifications")).rows[0]!.n).toBe(0);
  } finally {
    client.close();
  }
});

/**
 * Review 11 a, item 2: migration 0030 left the esports and Twitch tables (and store offers) alone, so an
 * older import's -$5,000,000 prize pool stayed on Historical Analytics and cancelled out a real one in
 * its year's total. Migration 0031 repairs them: a row whose main figure is impossible goes, any other
 * impossible figure is unknown.
 */
test("migration 0031 repairs the esports, Twitch and store-offer figures an import stored before the fix", async () => {
  const { client, all, upgrade } = await databaseMigratedUpTo(30);
  try {
    await client.execute(
      `INSERT INTO esports_games (game, release_year, total_earnings, online_earnings, total_players, total_tournaments, source) VALUES
        ('Negative Esport', 2010, -5000000, 0, 1, 1, 'esports-csv'),
        ('Real Esport', -2010, 4000000, -10, 8, 9e999, 'esports-csv')`,
    );
    await client.execute(
      `INSERT INTO esports_monthly (month, game, earnings, players, tournaments, source) VALUES
        ('2019-01', 'Negative Esport', -4000000, 8, 1, 'esports-csv'),
        ('2019-01', 'Real Esport', 4000000, -8, 1, 'esports-csv')`,
    );
    await client.execute(
      `INSERT INTO twitch_game_months (month, game, rank, hours_watched, hours_streamed, peak_viewers, avg_viewers, source) VALUES
        ('2019-01', 'Minus Hours', 1, -100, 5, 5, 5, 'twitch-csv'),
        ('2019-01', 'Real Stream', 2, 100, -5, 9e999, 5, 'twitch-csv')`,
    );
    await client.execute(
      `INSERT INTO twitch_global_months (month, hours_watched, avg_viewers, streams, source) VALUES
        ('2019-01', -1, 5, 5, 'twitch-csv'), ('2019-02', 100, -5, 5, 'twitch-csv')`,
    );
    await client.execute(
      `INSERT INTO store_offers (key, store, title, price, original_price, discount_percent, free, fetched_at) VALUES
        ('gog:1', 'gog', 'Minus Price', -3, 10, 130, 0, 0), ('gog:2', 'gog', 'Fine', 5, 10, 50, 0, 0)`,
    );

    await upgrade();

    expect(
      await all(
        "SELECT game, release_year, total_earnings, online_earnings, total_players, total_tournaments FROM esports_games",
      ),
    ).toEqual([
      {
        game: "Real Esport",
        release_year: null,
        total_earnings: 4000000,
        online_earnings: null,
        total_players: 8,
        total_tournaments: null,
      },
    ]);
    expect(await all("SELECT game, earnings, players FROM esports_monthly")).toEqual([
      { game: "Real Esport", earnings: 4000000, players: null },
    ]);
    expect(
      await all(
        "SELECT game, hours_watched, hours_streamed, peak_viewers, avg_viewers FROM twitch_game_months",
      ),
    ).toEqual([
      { game: "Real Stream", hours_watched: 100, hours_streamed: null, peak_viewers: null, avg_viewers: 5 },
    ]);
    expect(await all("SELECT month, hours_watched, avg_viewers, streams FROM twitch_global_months")).toEqual([
      { month: "2019-02", hours_watched: 100, avg_viewers: null, streams: 5 },
    ]);
    expect(
      await all("SELECT key, price, original_price, discount_percent FROM store_offers ORDER BY key"),
    ).toEqual([
      { key: "gog:1", price: null, original_price: 10, discount_percent: null },
      { key: "gog:2", price: 5, original_price: 10, discount_percent: 50 },
    ]);
  } finally {
    client.close();
  }
});
