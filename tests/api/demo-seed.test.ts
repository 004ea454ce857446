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
  const today = new Date(Date.UTC(2026, 10, 22));
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

  // Same seed, same games (names and figures), whatever day it runs.
  const again = await seedDemoData({ games: 5, seed: 99, today });
  expect(again.games).toBe(5);
  const names = (
    await client.execute("SELECT name, current_players FROM games WHERE id LIKE 'demo-99-%' ORDER BY id")
  ).rows;
  expect(names).toHaveLength(5);
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
