import { beforeAll, expect, test } from "vitest";
import { marketInsights } from "../../src/server/ai/engine.ts";
import { getCatalogActivity } from "../../src/server/catalog/market.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * A monthly mean (SteamCharts: one figure for a month, dated the 1st at midnight, period 'month') is
 * not the players of the day it is dated on. Where the catalog has daily counts as well, the daily
 * activity chart, the Overview's Market Activity and the AI's market insights leave it out of that
 * day — whether its game has no daily counts or has them from the same source — and count it as a
 * monthly figure instead.
 */

const DAY = 86_400_000;
const OCT_1 = Date.UTC(2026, 9, 1);
const NOV_1 = Date.UTC(2026, 10, 1);
const FIRST_DAY = Date.UTC(2026, 9, 7);
const LAST_DAY = Date.UTC(2026, 10, 5);
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  const {
    ids: [daily, monthlyOnly, both],
  } = await upsertGames(
    [{ name: "Counted Daily" }, { name: "Averaged Monthly Only" }, { name: "Counted Daily And Monthly" }],
    "test",
  );
  const point = (gameId: string, ts: number, value: number, period: MetricPoint["period"], source: string) =>
    ({ gameId, metric: "players", ts: new Date(ts), value, period, source }) satisfies MetricPoint;
  const points: MetricPoint[] = [];
  for (let ts = FIRST_DAY; ts <= LAST_DAY; ts += DAY) {
    points.push(point(daily!, ts, 1_000, "day", "daily-test"));
    // Live counts at 6:00 and 18:00: 200 on average.
    points.push(point(both!, ts + 6 * 3_600_000, 150, "instant", "both-test"));
    points.push(point(both!, ts + 18 * 3_600_000, 250, "instant", "both-test"));
  }
  points.push(
    point(monthlyOnly!, OCT_1, 40_000, "month", "monthly-test"),
    point(monthlyOnly!, NOV_1, 50_000, "month", "monthly-test"),
    // The same source's monthly mean on a day with its live counts: one row of the series by day.
    point(both!, OCT_1, 9_000, "month", "both-test"),
    point(both!, NOV_1, 9_000, "month", "both-test"),
  );
  await recordMetrics(points);
});

test("the daily activity counts daily figures only: the 1st of a month is a day like the others", async () => {
  const res = await request("/api/analytics/activity", { cookie: user.cookie });
  const days = (await res.json()) as Array<{ date: string; players: number; games: number; basis: string }>;
  expect(days).toHaveLength(30);
  expect(days[0]!.date).toBe("2026-10-07");
  expect(days.at(-1)!.date).toBe("2026-11-05");
  for (const day of days) expect(day).toMatchObject({ players: 1_200, games: 2, basis: "day" });
  expect(days.find((d) => d.date === "2026-11-01")).toMatchObject({ players: 1_200, games: 2 });
  // Averaged Monthly Only has no day at all: October 1st, before the daily counts, is no point.
  expect(days.find((d) => d.date === "2026-10-01")).toBeUndefined();
});

test("one computation: the days, and the months' totals of the games' monthly means", async () => {
  const { days, months } = await getCatalogActivity();
  expect(days.map((d) => d.players)).toEqual(Array(30).fill(1_200));
  expect(months).toEqual([
    { day: OCT_1 / DAY, players: 49_000, games: 2, sources: expect.any(Array) },
    { day: NOV_1 / DAY, players: 59_000, games: 2, sources: expect.any(Array) },
  ]);
  expect([...months[0]!.sources].sort()).toEqual(["both-test", "monthly-test"]);
});

test("the Overview's average daily total leaves the monthly means out of their day", async () => {
  const figures = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
  expect(figures.marketActivity).toMatchObject({ players: 1_200, games: 2, change: 0, basis: "days" });
});

test("the AI's market insights rest on the same days and say the monthly figures were left out", async () => {
  const { facts, basis } = await marketInsights();
  expect(facts).toMatchObject({ days: 30, dataPoints: 60, monthlyPlayerFigures: 4 });
  expect(basis).toMatch(/4 monthly player figures are not days and are left out/);
  expect(facts.projections).toMatchObject({ nextMonth: { fromDailyPlayers: 1_200 } });
});
