import { beforeAll, describe, expect, test } from "vitest";
import { getTrendingGames } from "../../src/server/catalog/trending.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
let regular: TestUser;
let premium: TestUser;
let ids: string[];

/** 14 daily points: a week at `before`, then a week at `after` players. */
function series(gameId: string, before: number, after: number): MetricPoint[] {
  return Array.from({ length: 14 }, (_, i) => ({
    gameId,
    metric: "players" as const,
    ts: new Date(END - (13 - i) * DAY),
    value: i < 7 ? before : after,
    period: "day" as const,
    source: "test",
  }));
}

beforeAll(async () => {
  regular = await createTestUser();
  premium = await createTestUser({ role: "premium" });
  ({ ids } = await upsertGames(
    [
      { name: "Big Steady", genres: ["Action"], platforms: ["PC"], price: 0 },
      { name: "Small Rocket", genres: ["Indie"], platforms: ["PC"], price: 9.99 },
      { name: "Huge Grower", genres: ["Action"], platforms: ["PC"], price: 59.99 },
      { name: "Falling Star", genres: ["Indie"], platforms: ["PC"] },
      { name: "Tiny Doubler", genres: ["Puzzle"], platforms: ["PC"] },
      { name: "No Series", genres: ["Puzzle"] },
    ],
    "test",
  ));
  await recordMetrics([
    ...series(ids[0]!, 100_000, 101_000), // +1% on a big base
    ...series(ids[1]!, 2_000, 6_000), // tripled, small
    ...series(ids[2]!, 500_000, 600_000), // +20% on a huge base
    ...series(ids[3]!, 50_000, 30_000), // falling
    ...series(ids[4]!, 40, 80), // doubled, but under 100 players: too small to rank
  ]);
});

describe("trending", () => {
  test("growth weighted by size decides the order; falling and tiny games stay out", async () => {
    const res = await request("/api/games/trending", { cookie: regular.cookie });
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<{ gameName: string; growth: number; playerCount: number }>;
    expect(list.map((g) => g.gameName)).toEqual(["Small Rocket", "Huge Grower", "Big Steady"]);
    expect(list[0]).toMatchObject({ playerCount: 6000, growth: 2 });
  });

  test("is recomputed when the data changes", async () => {
    const before = (await getTrendingGames()).map((g) => g.gameName);
    expect(before).not.toContain("Falling Star");
    await recordMetrics(series(ids[3]!, 30_000, 90_000));
    const after = (await getTrendingGames()).map((g) => g.gameName);
    expect(after[0]).toBe("Falling Star");
  });
});

describe("watchlist", () => {
  test("add, add twice keeps one, list, remove, remove again is 404", async () => {
    const add = () =>
      request("/api/user/games", {
        method: "POST",
        cookie: regular.cookie,
        json: { gameId: ids[1], gameName: "Small Rocket", imageUrl: null, isWatchlisted: true },
      });
    expect((await add()).status).toBe(201);
    expect((await add()).status).toBe(200);
    const list = await (await request("/api/user/games", { cookie: regular.cookie })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ gameId: ids[1], gameName: "Small Rocket", isWatchlisted: true });
    const stats = await (await request("/api/user/stats", { cookie: regular.cookie })).json();
    expect(stats.trackedGames).toBe(1);

    expect(
      (await request(`/api/user/watchlist/${ids[1]}`, { method: "DELETE", cookie: regular.cookie })).status,
    ).toBe(204);
    expect(
      (await request(`/api/user/watchlist/${ids[1]}`, { method: "DELETE", cookie: regular.cookie })).status,
    ).toBe(404);
    expect(await (await request("/api/user/games", { cookie: regular.cookie })).json()).toEqual([]);
  });

  test("an unknown game is 404 and a bad body is 422 naming the field", async () => {
    const unknown = await request("/api/user/games", {
      method: "POST",
      cookie: regular.cookie,
      json: { gameId: "nope" },
    });
    expect(unknown.status).toBe(404);
    const bad = await request("/api/user/games", {
      method: "POST",
      cookie: regular.cookie,
      json: { gameId: 42 },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors[0].field).toBe("gameId");
  });

  test("one user's watchlist is not another's", async () => {
    await request("/api/user/games", { method: "POST", cookie: premium.cookie, json: { gameId: ids[2] } });
    expect(await (await request("/api/user/games", { cookie: regular.cookie })).json()).toEqual([]);
    expect(
      (await request(`/api/user/watchlist/${ids[2]}`, { method: "DELETE", cookie: regular.cookie })).status,
    ).toBe(404);
  });
});

describe("games list, market trends, overview, reports", () => {
  test("the paged list sorts and filters", async () => {
    const res = await request("/api/games?sort=players&genre=Indie&pageSize=1", { cookie: regular.cookie });
    const body = await res.json();
    expect(body.total).toBe(2);
    expect(body.games).toHaveLength(1);
    expect(body.games[0].gameName).toBe("Falling Star");
    expect((await request("/api/games?sort=bogus", { cookie: regular.cookie })).status).toBe(422);
  });

  test("market trends score volatility per genre from the series", async () => {
    // Add steady and swinging genres with enough games and periods.
    const { ids: more } = await upsertGames(
      Array.from({ length: 6 }, (_, i) => ({
        name: `${i < 3 ? "Calm" : "Wild"} Game ${i}`,
        genres: [i < 3 ? "Calm" : "Wild"],
      })),
      "test",
    );
    const points: MetricPoint[] = [];
    more.forEach((id, i) => {
      for (let w = 0; w < 8; w++) {
        const swing = i < 3 ? 1 + 0.01 * (w % 2) : w % 2 ? 2 : 0.5;
        points.push({
          gameId: id,
          metric: "players",
          ts: new Date(END - (7 - w) * 7 * DAY),
          value: 1000 * swing,
          period: "day",
          source: "test",
        });
      }
    });
    await recordMetrics(points);
    const trends = (await (
      await request("/api/analytics/market-trends", { cookie: regular.cookie })
    ).json()) as Array<{ category: string; volatilityScore: number }>;
    const calm = trends.find((t) => t.category === "Calm")!;
    const wild = trends.find((t) => t.category === "Wild")!;
    expect(calm.volatilityScore).toBeLessThan(1);
    expect(wild.volatilityScore).toBe(10);
  });

  test("the overview withholds the premium figures from regular users", async () => {
    const basic = await (await request("/api/analytics/overview", { cookie: regular.cookie })).json();
    expect(basic.trendingCount).toBeGreaterThan(0);
    expect(basic).not.toHaveProperty("aiPredictions");
    expect(basic).not.toHaveProperty("marketVolatility");
    const full = await (await request("/api/analytics/overview", { cookie: premium.cookie })).json();
    expect(full.aiPredictions.rising).toBeGreaterThan(0);
    expect(full.marketVolatility.categories).toBeGreaterThan(0);
  });

  test("reports are generated from the data, listed newest first, and private", async () => {
    const created = await request("/api/analytics/reports", {
      method: "POST",
      cookie: regular.cookie,
      json: { reportType: "market_overview" },
    });
    expect(created.status).toBe(201);
    const report = await created.json();
    expect(report.data.topTrending.length).toBeGreaterThan(0);
    const list = await (await request("/api/analytics/reports", { cookie: regular.cookie })).json();
    expect(list[0]).toMatchObject({ id: report.id, reportType: "market_overview" });
    expect((await request(`/api/analytics/reports/${report.id}`, { cookie: premium.cookie })).status).toBe(
      404,
    );
    expect(
      (
        await request("/api/analytics/reports", {
          method: "POST",
          cookie: regular.cookie,
          json: { reportType: "nope" },
        })
      ).status,
    ).toBe(422);
  });

  test("every catalog route needs a session", async () => {
    for (const path of [
      "/api/games",
      "/api/games/trending",
      "/api/user/games",
      "/api/analytics/market-trends",
      "/api/analytics/overview",
      "/api/analytics/reports",
    ]) {
      expect((await request(path)).status).toBe(401);
    }
  });
});

test("upserting the same records twice changes nothing", async () => {
  const records = [{ name: "Idempotent Quest", steamAppId: 424242, genres: ["RPG"], price: 19.99 }];
  const first = await upsertGames(records, "test");
  const second = await upsertGames(records, "test");
  expect(first.inserted).toBe(1);
  expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
  expect(second.ids).toEqual(first.ids);
  // Matched by name + year when no source id is known, and by appid over a different name.
  const byName = await upsertGames([{ name: "IDEMPOTENT QUEST", tags: ["Co-op"] }], "other");
  expect(byName.ids).toEqual(first.ids);
  const rs = await rawClient().execute({ sql: "SELECT tags FROM games WHERE id = ?", args: [first.ids[0]!] });
  expect(JSON.parse(String(rs.rows[0]!.tags))).toEqual(["Co-op"]);
});
