import { beforeAll, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * A catalog whose newest player figures are monthly averages (SteamCharts) has no daily total over 7
 * days: Market Activity is that month's total of the games' averages against the month before, and
 * says so (`basis: "month"`), rather than "1 day with counts" of a week. Its activity chart draws the
 * months, each the total of the games' averages dated the 1st, as months (`basis: "month"`), not as
 * the players of the 1st.
 */

let user: TestUser;
const JAN = Date.UTC(2022, 0, 1);
const FEB = Date.UTC(2022, 1, 1);

beforeAll(async () => {
  user = await createTestUser();
  const { ids } = await upsertGames([{ name: "Monthly Alpha" }, { name: "Monthly Beta" }], "test");
  const month = (gameId: string, ts: number, value: number) => ({
    gameId,
    metric: "players" as const,
    ts: new Date(ts),
    value,
    period: "month" as const,
    source: "monthly-test",
  });
  await recordMetrics([
    month(ids[0]!, JAN, 600),
    month(ids[1]!, JAN, 400),
    month(ids[0]!, FEB, 900),
    month(ids[1]!, FEB, 300),
  ]);
});

test("monthly figures: the month's total against the month before, named as such", async () => {
  const figures = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
  expect(figures.marketActivity).toMatchObject({ players: 1_200, games: 2, change: 20, basis: "month" });
  expect(figures.marketActivity.provenance.method).toContain("2022-02");
  expect(figures.marketActivity.provenance.method).toContain("monthly figures");
  expect(figures.marketActivity.provenance.method).not.toMatch(/7 days/);
});

test("monthly figures only: the activity series is the months' totals, each said to be a month", async () => {
  const points = await (await request("/api/analytics/activity", { cookie: user.cookie })).json();
  expect(points).toEqual([
    expect.objectContaining({ date: "2022-01-01", players: 1_000, games: 2, basis: "month" }),
    expect.objectContaining({ date: "2022-02-01", players: 1_200, games: 2, basis: "month" }),
  ]);
});

// Review r26-a #2: only a source that lists the month in progress (SteamCharts) has a partial month.
test("the newest month of a source that does not list the month in progress is whole", async () => {
  const figures = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
  expect(figures.marketActivity.partialMonth).toBeUndefined();
  const points = await (await request("/api/analytics/activity", { cookie: user.cookie })).json();
  for (const p of points) expect(p.partialMonth).toBeUndefined();
});
