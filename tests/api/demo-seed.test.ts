import { expect, test } from "vitest";
import { getTrendingGames } from "../../src/server/catalog/trending.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { mulberry32, seedDemoData, seedDemoIfEmpty } from "../../src/server/db/seed/demo.ts";
import { seedMarketYears } from "../../src/server/db/seed/market.ts";

test("the generator is deterministic for a seed", () => {
  const a = mulberry32(7);
  const b = mulberry32(7);
  const c = mulberry32(8);
  const seqA = Array.from({ length: 5 }, a);
  expect(Array.from({ length: 5 }, b)).toEqual(seqA);
  expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
});

test("demo data: marked as demo, power-law popularity, weekly cycles, a trending list; only into an empty catalog", async () => {
  const result = await seedDemoIfEmpty(300);
  expect(result?.games).toBe(300);
  expect(await seedDemoIfEmpty(300)).toBeNull();

  const client = rawClient();
  const demo = await client.execute("SELECT count(*) AS n, sum(is_demo) AS d FROM games");
  expect(Number(demo.rows[0]!.n)).toBe(300);
  expect(Number(demo.rows[0]!.d)).toBe(300);

  const players = (
    await client.execute("SELECT current_players FROM games ORDER BY current_players DESC")
  ).rows.map((r) => Number(r.current_players));
  // A few huge games and a long tail: the top game dwarfs the median one.
  expect(players[0]! / players[150]!).toBeGreaterThan(50);

  // Weekends are busier than midweek for the biggest game.
  const series = await client.execute(
    "SELECT ts, value FROM game_metrics WHERE game_id = (SELECT id FROM games ORDER BY popularity DESC LIMIT 1) AND metric = 'players' ORDER BY ts",
  );
  const byDay = new Map<number, number[]>();
  for (const row of series.rows) {
    const day = new Date(Number(row.ts)).getUTCDay();
    byDay.set(day, [...(byDay.get(day) ?? []), Number(row.value)]);
  }
  const mean = (d: number) => (byDay.get(d) ?? []).reduce((s, v) => s + v, 0) / (byDay.get(d)?.length ?? 1);
  expect(mean(6)).toBeGreaterThan(mean(3));
  expect((await getTrendingGames()).length).toBeGreaterThan(0);
});

test("same seed, same data; seeding it again changes nothing", async () => {
  const today = new Date(Date.UTC(2026, 10, 22));
  const client = rawClient();
  const snapshot = async () => ({
    games: (
      await client.execute(
        `SELECT id, slug, name, genres, tags, platforms, developer, publisher, release_date, price, rating,
                current_players, owners_estimate, positive_reviews, negative_reviews, popularity, is_demo
         FROM games WHERE id LIKE 'demo-99-%' ORDER BY id`,
      )
    ).rows.map((r) => ({ ...r })),
    points: (
      await client.execute(
        "SELECT game_id, ts, value FROM game_metrics WHERE game_id LIKE 'demo-99-%' ORDER BY game_id, ts",
      )
    ).rows.map((r) => ({ ...r })),
  });

  const first = await seedDemoData({ games: 40, seed: 99, today });
  expect(first.inserted).toBe(40);
  const a = await snapshot();
  expect(a.games).toHaveLength(40);
  expect(a.points.length).toBeGreaterThan(40 * 60);

  // Idempotent: the same seed again adds and changes nothing.
  const second = await seedDemoData({ games: 40, seed: 99, today });
  expect(second.inserted).toBe(0);
  expect(await snapshot()).toEqual(a);

  // Deterministic: from scratch, the same seed makes the same games and series.
  await client.execute("DELETE FROM games WHERE id LIKE 'demo-99-%'");
  expect((await snapshot()).games).toHaveLength(0);
  await seedDemoData({ games: 40, seed: 99, today });
  expect(await snapshot()).toEqual(a);

  // Another seed makes other games.
  await seedDemoData({ games: 40, seed: 100, today });
  const other = (await client.execute("SELECT name FROM games WHERE id LIKE 'demo-100-%' ORDER BY id")).rows;
  expect(other.map((r) => r.name)).not.toEqual(a.games.map((g) => g.name));
});

test("demo platforms and studios fill the platform and company tables", async () => {
  const client = rawClient();
  const platforms = (await client.execute("SELECT name, abbreviation FROM platforms ORDER BY name")).rows;
  expect(platforms.map((p) => p.abbreviation)).toEqual(expect.arrayContaining(["PS5", "Switch", "PC"]));
  const companies = (
    await client.execute("SELECT name, developed_count, published_count, description FROM companies")
  ).rows;
  expect(companies.length).toBeGreaterThan(5);
  expect(companies.every((c) => String(c.description).startsWith("Demo data"))).toBe(true);
  const developed = companies.reduce((s, c) => s + Number(c.developed_count), 0);
  expect(developed).toBeGreaterThan(0);
});

test("the Newzoo market table seeds idempotently with its sources", async () => {
  expect(await seedMarketYears()).toBe(16);
  expect(await seedMarketYears()).toBe(16);
  const row = (
    await rawClient().execute("SELECT total_revenue_bn, source FROM market_years WHERE year = 2023")
  ).rows[0]!;
  expect(row.total_revenue_bn).toBe(187.7);
  expect(String(row.source)).toContain("Newzoo");
});
