import { beforeAll, expect, test } from "vitest";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review 8, item 3, the daily case: the latest 7 days of data against the 7 before, over the games
 * with counts in both weeks. A live sync that counts only the most played games this week is not set
 * against last week's every game, and the week is said to be partial.
 */

const DAY = 86_400_000;
const FIRST = Date.UTC(2026, 9, 1);
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  const {
    ids: [steady, gone, quiet, fresh],
  } = await upsertGames(
    [
      { name: "Counted Both Weeks" },
      { name: "Counted Last Week Only" },
      { name: "Also Counted Last Week Only" },
      { name: "Counted This Week Only" },
    ],
    "test",
  );
  const point = (gameId: string, day: number, value: number): MetricPoint => ({
    gameId,
    metric: "players",
    ts: new Date(FIRST + day * DAY),
    value,
    period: "day",
    source: "daily-test",
  });
  const points: MetricPoint[] = [];
  for (let d = 0; d < 7; d++)
    points.push(point(steady!, d, 1_000), point(gone!, d, 500), point(quiet!, d, 250));
  for (let d = 7; d < 14; d++) points.push(point(steady!, d, 1_200), point(fresh!, d, 300));
  await recordMetrics(points);
});

test("a week fewer games have: compared over the games in both weeks, and marked partial", async () => {
  const figures = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
  // This week's total is every game counted this week (1,200 + 300), the new game too; its change is
  // the one game counted in both weeks, 1,200 against 1,000 (+20 %), not 1,500 against every game's
  // 1,750 of the week before (-14.3 %).
  expect(figures.marketActivity).toMatchObject({
    players: 1_500,
    change: 20,
    games: 2,
    comparedGames: 1,
    previousGames: 3,
    partial: true,
    basis: "days",
  });
  expect(figures.marketActivity.provenance.method).toContain(
    "the change against the 7 days before is over 1 game with counts in both weeks",
  );
  expect(figures.marketActivity.provenance.method).toContain("7 days with counts");
});

// Review 9, item 4: the chart's newest day is set against the day before, not the week before: the
// same two games counted both days, so the day is not partial (the week is, above).
test("the activity series' newest day is partial only against the day before", async () => {
  const points = await (await request("/api/analytics/activity", { cookie: user.cookie })).json();
  expect(points.at(-1)).toMatchObject({ date: "2026-10-14", games: 2, partial: false, previousGames: 2 });
  expect(points.at(-2)).not.toHaveProperty("partial");
});
