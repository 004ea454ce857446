import { beforeAll, expect, test } from "vitest";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Players across the catalog (the daily activity, the Overview's Market Activity) count each game once
 * a day, at its average count that day, however often its counts are taken: a live sync stores one
 * every 15 minutes, a daily source one a day.
 */

const DAY = 86_400_000;
const FIRST = Date.UTC(2026, 10, 10);
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  const {
    ids: [live, daily],
  } = await upsertGames([{ name: "Counted Every Three Hours" }, { name: "Counted Once A Day" }], "test");
  const points: MetricPoint[] = [];
  for (let d = 0; d < 7; d++) {
    // 800 and 1,200 in turn, 8 counts a day: 1,000 players on average.
    for (let k = 0; k < 8; k++)
      points.push({
        gameId: live!,
        metric: "players",
        ts: new Date(FIRST + d * DAY + k * 3 * 3_600_000),
        value: k % 2 === 0 ? 800 : 1_200,
        period: "instant",
        source: "live-test",
      });
    points.push({
      gameId: daily!,
      metric: "players",
      ts: new Date(FIRST + d * DAY),
      value: 500,
      period: "day",
      source: "daily-test",
    });
  }
  await recordMetrics(points);
});

test("the daily activity sums each game's average count of the day", async () => {
  const days = (await (await request("/api/analytics/activity", { cookie: user.cookie })).json()) as Array<{
    date: string;
    players: number;
    games: number;
  }>;
  expect(days).toHaveLength(7);
  for (const day of days) expect(day).toMatchObject({ players: 1_500, games: 2 });
  expect(days[0]!.date).toBe("2026-11-10");
});

test("the Overview's Market Activity is that daily total averaged over the latest 7 days", async () => {
  const figures = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
  expect(figures.marketActivity).toMatchObject({ players: 1_500, games: 2, change: null });
});
