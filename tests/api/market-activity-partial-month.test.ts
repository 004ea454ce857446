import { beforeAll, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review r26-a #2: SteamCharts lists the month in progress as its newest, so its file taken mid-
 * February ends inside Feb 2022. The Dashboard's players tile ("total of monthly averages … Feb 2022")
 * and its Player trends chart named that month as a whole one while trending called it partial. The
 * Overview figures and the activity series now flag it (`partialMonth`), by the games' figures' rule;
 * an older, whole month of the same file is not flagged, nor a month of a source that does not list
 * the month in progress.
 */

let user: TestUser;
const JAN = Date.UTC(2022, 0, 1);
const FEB = Date.UTC(2022, 1, 1);

beforeAll(async () => {
  user = await createTestUser();
  const { ids } = await upsertGames(
    [{ name: "Midmonth Total Alpha" }, { name: "Midmonth Total Beta" }],
    "test",
  );
  const month = (gameId: string, ts: number, value: number) => ({
    gameId,
    metric: "players" as const,
    ts: new Date(ts),
    value,
    period: "month" as const,
    source: "steamcharts-csv",
  });
  await recordMetrics([
    month(ids[0]!, JAN, 600),
    month(ids[1]!, JAN, 400),
    month(ids[0]!, FEB, 900),
    month(ids[1]!, FEB, 300),
  ]);
});

test("the month a SteamCharts file was taken in is a partial month in the Overview figures and the activity series", async () => {
  const figures = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
  expect(figures.marketActivity).toMatchObject({ players: 1_200, basis: "month", partialMonth: true });
  const points = await (await request("/api/analytics/activity", { cookie: user.cookie })).json();
  expect(points).toEqual([
    expect.objectContaining({ date: "2022-01-01", basis: "month" }),
    expect.objectContaining({ date: "2022-02-01", basis: "month", partialMonth: true }),
  ]);
  expect(points[0].partialMonth).toBeUndefined();
});
