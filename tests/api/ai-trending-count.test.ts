import { beforeAll, expect, test } from "vitest";
import { TRENDING_SIZE } from "../../src/server/catalog/trending.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

// Report r15-a #1: Trending Topics said "50 games are trending" (its list's length) while the Overview
// counted 207: the list is the top of every growing game.
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
const GROWING = TRENDING_SIZE + 10;
let premium: TestUser;

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const { ids } = await upsertGames(
    Array.from({ length: GROWING }, (_, i) => ({ name: `Climber ${i + 1}`, genres: ["Action"] })),
    "test",
  );
  const points: MetricPoint[] = ids.flatMap((gameId, g) =>
    Array.from({ length: 14 }, (_, i) => ({
      gameId,
      metric: "players" as const,
      ts: new Date(END - (13 - i) * DAY),
      value: i < 7 ? 1000 : 1100 + g * 10,
      source: "test",
    })),
  );
  await recordMetrics(points);
});

test("Trending Topics counts every growing game, as the Overview does, and says it reads the top of them", async () => {
  const overview = await (await request("/api/analytics/overview", { cookie: premium.cookie })).json();
  expect(overview.trendingCount).toBe(GROWING);
  const body = await (
    await request("/api/ai/trending-analysis", { method: "POST", cookie: premium.cookie })
  ).json();
  expect(body.analysis.analysis).toMatch(
    new RegExp(`^${GROWING} games are trending; the ${TRENDING_SIZE} rising fastest grow `),
  );
});
