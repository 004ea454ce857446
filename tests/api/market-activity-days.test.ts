import { beforeAll, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * The Overview's Market Activity is an average daily total over the days of the latest 7 that have
 * counts: a catalog with a single day of counts (one snapshot import) shows that day's total, not a
 * seventh of it.
 */

const DAY = Date.UTC(2023, 0, 1);
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  const { ids } = await upsertGames([{ name: "One Day Alpha" }, { name: "One Day Beta" }], "test");
  await recordMetrics(
    ids.map((gameId, i) => ({
      gameId,
      metric: "players" as const,
      ts: new Date(DAY),
      value: [700, 300][i]!,
      period: "day" as const,
      source: "snapshot-test",
    })),
  );
});

test("one day of counts: the average daily total is that day's total", async () => {
  const figures = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
  expect(figures.marketActivity).toMatchObject({ players: 1_000, games: 2, change: null });
  expect(figures.marketActivity.provenance.method).toContain("1 day with counts");
  // One day of daily figures: nothing to compare yet, which the Overview says rather than "0 growing".
  expect(figures).toMatchObject({ trendingCount: 0, trendingCompared: 0 });
  const days = await (await request("/api/analytics/activity", { cookie: user.cookie })).json();
  expect(days).toEqual([expect.objectContaining({ date: "2023-01-01", players: 1_000, games: 2 })]);
});
