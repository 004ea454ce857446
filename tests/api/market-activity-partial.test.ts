import { beforeAll, expect, test } from "vitest";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review 8, item 3: the Overview's Market Activity (and the Dashboard's players tile) compares like
 * with like. The change of a newest month (or week) that only some games have yet is over the games
 * with figures in both periods, never one game's March against every game's February, and the month
 * is said to be partial. The daily case is in market-activity-partial-days.test.ts (a catalog of its own).
 */

let user: TestUser;
const JAN = Date.UTC(2022, 0, 1);
const FEB = Date.UTC(2022, 1, 1);
const MAR = Date.UTC(2022, 2, 1);

const month = (gameId: string, ts: number, value: number): MetricPoint => ({
  gameId,
  metric: "players",
  ts: new Date(ts),
  value,
  period: "month",
  source: "monthly-test",
});

beforeAll(async () => {
  user = await createTestUser();
  const {
    ids: [first, second, third],
  } = await upsertGames(
    [{ name: "Partial Month Leader" }, { name: "Partial Month Second" }, { name: "Partial Month Third" }],
    "test",
  );
  await recordMetrics([
    month(first!, JAN, 900),
    month(second!, JAN, 500),
    month(third!, JAN, 100),
    month(first!, FEB, 1_000),
    month(second!, FEB, 600),
    month(third!, FEB, 400),
    // One game's March only: the other two have not reported March yet.
    month(first!, MAR, 1_100),
  ]);
});

test("a newest month one game has: compared over that game in both months, and marked partial", async () => {
  const figures = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
  expect(figures.dataAsOf).toBe(new Date(MAR).toISOString());
  // 1,100 against that game's 1,000 (+10 %), not against February's 2,000 for all three (-45 %).
  expect(figures.marketActivity).toMatchObject({
    players: 1_100,
    change: 10,
    games: 1,
    comparedGames: 1,
    previousGames: 3,
    partial: true,
    basis: "month",
  });
  expect(figures.marketActivity.provenance.method).toContain("2022-03");
  expect(figures.marketActivity.provenance.method).toContain(
    "against the month before over 1 game with figures in both months",
  );
});

// Review 9, item 4: the Dashboard's Player trends chart marks the same month partial, from the answer.
test("the activity series flags its newest month partial, with the games of the month before", async () => {
  const points = await (await request("/api/analytics/activity", { cookie: user.cookie })).json();
  expect(points).toEqual([
    expect.objectContaining({ date: "2022-01-01", games: 3, basis: "month" }),
    expect.objectContaining({ date: "2022-02-01", games: 3, basis: "month" }),
    expect.objectContaining({
      date: "2022-03-01",
      players: 1_100,
      games: 1,
      partial: true,
      previousGames: 3,
    }),
  ]);
  // Only the newest period is partial; earlier ones are what the data holds.
  expect(points[0]).not.toHaveProperty("partial");
  expect(points[1]).not.toHaveProperty("partial");
});

// Review 9, item 3: the Market overview report keeps what its dialog needs to describe the figure as
// the Overview does: the basis, the games compared and that the month is partial, with its date.
test("a market overview report stores the activity's basis and partial month", async () => {
  const res = await request("/api/analytics/reports", {
    method: "POST",
    cookie: user.cookie,
    json: { reportType: "market_overview" },
  });
  expect(res.status).toBeLessThan(300);
  const report = await res.json();
  expect(report.data.dataAsOf).toBe(new Date(MAR).toISOString());
  expect(report.data.marketActivity).toMatchObject({
    players: 1_100,
    change: 10,
    games: 1,
    comparedGames: 1,
    previousGames: 3,
    partial: true,
    basis: "month",
  });
});
