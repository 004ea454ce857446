import { beforeAll, expect, test } from "vitest";
import type { TrendingGame } from "../../src/contracts/games.ts";
import type { IgdbGame } from "../../src/contracts/sources.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

// Report r25, item 1: the Games Database's Trending tab listed games with no reason why they trend.
// Each card now carries the growth the Overview's trending ranks it on (`trend`), what it compares,
// and the source and time it rests on; the tab lists the Overview's games in the Overview's order.
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
const OCT_2026 = Date.UTC(2026, 9, 1);
const NOV_2026 = Date.UTC(2026, 10, 1);
let user: TestUser;

/** 14 daily points: a week at `before`, then a week at `after` players. */
function week(gameId: string, before: number, after: number): MetricPoint[] {
  return Array.from({ length: 14 }, (_, i) => ({
    gameId,
    metric: "players" as const,
    ts: new Date(END - (13 - i) * DAY),
    value: i < 7 ? before : after,
    period: "day" as const,
    source: "steam-api",
  }));
}

beforeAll(async () => {
  user = await createTestUser();
  const { ids } = await upsertGames(
    [
      { name: "Broad Climber", genres: ["Strategy"], platforms: ["PC"] },
      { name: "Niche Doubler", genres: ["Puzzle"], platforms: ["PC"] },
      { name: "Monthly Riser", genres: ["Action"], platforms: ["PC"] },
      { name: "Fading Giant", genres: ["Action"], platforms: ["PC"] },
      { name: "No Players Yet", genres: ["Puzzle"], platforms: ["PC"] },
    ],
    "igdb",
  );
  await recordMetrics([
    ...week(ids[0]!, 200_000, 320_000), // +60% on a broad base: first by trending's order
    ...week(ids[1]!, 150, 300), // +100% on a small one: second, though it grew the most
    // SteamCharts' monthly means: +25% from October to November.
    {
      gameId: ids[2]!,
      metric: "players",
      ts: new Date(OCT_2026),
      value: 8_000,
      period: "month",
      source: "steamcharts-csv",
    },
    {
      gameId: ids[2]!,
      metric: "players",
      ts: new Date(NOV_2026),
      value: 10_000,
      period: "month",
      source: "steamcharts-csv",
    },
    ...week(ids[3]!, 90_000, 60_000), // falling: not trending
  ]);
});

const get = async <T>(path: string): Promise<T> =>
  (await (await request(path, { cookie: user.cookie })).json()) as T;

test("each trending game says why it trends: its growth, what it compares, its source and time", async () => {
  const games = await get<IgdbGame[]>("/api/igdb/trending");
  const byName = new Map(games.map((g) => [g.name, g.trend]));
  expect(byName.get("Broad Climber")).toEqual({
    growth: 0.6,
    growthBasis: "7 days",
    currentAverage: 320_000,
    previousAverage: 200_000,
    source: "Steam",
    asOf: new Date(END).toISOString(),
    method: "avg. players, 7 days vs. the 7 before",
  });
  expect(byName.get("Niche Doubler")).toMatchObject({ growth: 1, currentAverage: 300, previousAverage: 150 });
  // A month's mean is dated by its month; SteamCharts' newest month is the one its file was taken
  // in, so partial (report r25 #4).
  expect(byName.get("Monthly Riser")).toEqual({
    growth: 0.25,
    growthBasis: "month",
    currentAverage: 10_000,
    previousAverage: 8_000,
    partial: true,
    source: "SteamCharts",
    asOf: new Date(NOV_2026).toISOString(),
    method: "avg. players, latest month (partial) vs. the month before",
    asOfPrecision: "month",
  });
  // No growth figure, or no growth: not trending.
  expect(byName.has("Fading Giant")).toBe(false);
  expect(byName.has("No Players Yet")).toBe(false);
});

test("the tab lists the Overview's trending games in its order, with the Overview's growth", async () => {
  const [igdb, trending] = await Promise.all([
    get<IgdbGame[]>("/api/igdb/trending"),
    get<TrendingGame[]>("/api/games/trending"),
  ]);
  expect(igdb.map((g) => g.name)).toEqual(trending.map((g) => g.gameName));
  // Growth weighted by players: the broad +60% before the small +100%.
  expect(igdb.map((g) => g.name).slice(0, 2)).toEqual(["Broad Climber", "Niche Doubler"]);
  expect(igdb.map((g) => [g.id, g.trend?.growth, g.trend?.growthBasis])).toEqual(
    trending.map((g) => [g.gameId, g.growth, g.growthBasis]),
  );
});
