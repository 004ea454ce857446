import { beforeAll, expect, test } from "vitest";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Issue 9: "Trending Games 50" was the list's cap, not a count. Every screen's count of trending games
 * (the Overview, the Admin Dashboard) is the number of games actually growing, past the list's 50.
 */

const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
const GAMES = 55;

beforeAll(async () => {
  const { ids } = await upsertGames(
    Array.from({ length: GAMES }, (_, i) => ({ name: `Growing Title ${i + 1}` })),
    "test",
  );
  const points: MetricPoint[] = [];
  for (const gameId of ids)
    for (let d = 0; d < 14; d++)
      points.push({
        gameId,
        metric: "players",
        ts: new Date(END - (13 - d) * DAY),
        // 1,000 a day the week before, 1,500 a day the last week.
        value: d < 7 ? 1_000 : 1_500,
        period: "day",
        source: "daily-test",
      });
  await recordMetrics(points);
});

test("the Overview and the Admin Dashboard count every growing game, not the list's 50", async () => {
  const admin = await createTestUser({ role: "admin" });
  const list = await (await request("/api/games/trending", { cookie: admin.cookie })).json();
  expect(list).toHaveLength(50);
  const overview = await (await request("/api/analytics/overview", { cookie: admin.cookie })).json();
  expect(overview.trendingCount).toBe(GAMES);
  const stats = await (await request("/api/admin/stats", { cookie: admin.cookie })).json();
  expect(stats.trendingGames).toBe(GAMES);
});

// Review r27-a #7: "Trending 207" named no source, month or rule (at least 100 players).
test("the trending count names its source, the newest point it rests on and its rule", async () => {
  const user = await createTestUser();
  const overview = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
  expect(overview.trendingProvenance).toEqual({
    source: "daily-test",
    asOf: new Date(END).toISOString(),
    method:
      "games with at least 100 players whose average over their latest period (7 days) grew against the period before",
  });
});
