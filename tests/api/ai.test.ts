import { beforeAll, describe, expect, test } from "vitest";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * AI Analytics (spec §2, §3): premium-only analyses computed from the catalog's series, each stored
 * in the user's history. A small constructed catalog makes every answer predictable.
 */
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
let premium: TestUser;
let fresh: TestUser;
let regular: TestUser;
let ids: string[];

/** 14 daily points: a week at `before`, then a week at `after` (± a small weekly wobble). */
function series(gameId: string, before: number, after: number, wobble = 0): MetricPoint[] {
  return Array.from({ length: 14 }, (_, i) => ({
    gameId,
    metric: "players" as const,
    ts: new Date(END - (13 - i) * DAY),
    value: (i < 7 ? before : after) * (1 + (i % 2 ? wobble : -wobble)),
    source: "test",
  }));
}

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  fresh = await createTestUser({ role: "admin" });
  regular = await createTestUser();
  ({ ids } = await upsertGames(
    [
      {
        name: "Rising Star",
        genres: ["RPG"],
        tags: ["Souls-like"],
        positiveReviews: 9000,
        negativeReviews: 1000,
      },
      { name: "Fading Giant", genres: ["Shooter"], positiveReviews: 4000, negativeReviews: 6000 },
      { name: "Quiet Classic", genres: ["RPG", "Strategy"], positiveReviews: 800, negativeReviews: 200 },
      { name: "Another Quest", genres: ["RPG"], positiveReviews: 500, negativeReviews: 100 },
    ],
    "test",
  ));
  await recordMetrics([
    ...series(ids[0]!, 10_000, 20_000),
    ...series(ids[1]!, 50_000, 30_000, 0.4),
    ...series(ids[2]!, 3000, 3000, 0.01),
    ...series(ids[3]!, 2000, 2100),
  ]);
  for (const gameId of [ids[0], ids[1]]) {
    await request("/api/user/games", { method: "POST", cookie: premium.cookie, json: { gameId } });
  }
});

const post = (path: string, user: TestUser) => request(path, { method: "POST", cookie: user.cookie });

describe("permissions", () => {
  test.each([
    ["POST", "/api/ai/analyze-games"],
    ["POST", "/api/ai/market-insights"],
    ["POST", "/api/ai/recommendations"],
    ["POST", "/api/ai/trending-analysis"],
    ["GET", "/api/ai/analytics"],
    ["GET", "/api/ai/analytics/some-id"],
  ])("%s %s: 401 anonymous, 403 regular", async (method, path) => {
    expect((await request(path, { method })).status).toBe(401);
    expect((await request(path, { method, cookie: regular.cookie })).status).toBe(403);
  });
});

test("a wrong method is 405 naming the right one", async () => {
  const res = await request("/api/ai/analyze-games", { cookie: premium.cookie });
  expect(res.status).toBe(405);
  expect(res.headers.get("allow")).toContain("POST");
});

describe("analyses", () => {
  test("game analysis of the watchlist: sentiment from reviews, trend from players, risk from swings", async () => {
    const res = await post("/api/ai/analyze-games", premium);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.metadata).toMatchObject({
      gamesAnalyzed: 2,
      source: "watchlist",
      modelUsed: "statistical model (no language model configured)",
      languageModel: "not_configured",
      note: null,
      tokens: { input: 0, output: 0, total: 0 },
    });
    expect(body.metadata.confidenceBasis).toMatch(/^2 games; .* mean R² \d\.\d\d\.$/);
    expect(body.metadata.processingTime).toBeGreaterThan(0);
    const byName = (name: string) => body.analysis.find((a: { gameName: string }) => a.gameName === name);
    const rising = byName("Rising Star");
    const fading = byName("Fading Giant");
    expect(rising.gameName).toBe("Rising Star");
    expect(rising.sentiment.rating).toBe(4.5);
    // A prediction is a projection with a horizon: the line through the last 30 days, 30 days on.
    expect(rising.marketPrediction).toMatchObject({
      trend: "bullish",
      direction: "rising",
      horizonDays: 30,
      timeframe: "next 30 days",
    });
    expect(rising.marketPrediction.projectedPlayers).toBeGreaterThan(rising.marketPrediction.currentPlayers);
    expect(rising.marketPrediction.reasoning).toMatch(/reaches [\d,]+ daily players in 30 days/);
    // Doubling within a month: daily players spread a third around their mean.
    expect(rising.recommendations).toMatchObject({ action: "buy", riskLevel: "medium" });
    expect(fading.sentiment.rating).toBe(2);
    expect(fading.marketPrediction).toMatchObject({ trend: "bearish", direction: "declining" });
    expect(fading.marketPrediction.projectedPlayers).toBeLessThan(fading.marketPrediction.currentPlayers);
    expect(fading.recommendations).toMatchObject({ action: "sell", riskLevel: "high" });
  });

  test("without a watchlist, the trending games are analysed", async () => {
    const body = await (await post("/api/ai/analyze-games", fresh)).json();
    expect(body.metadata.source).toBe("trending");
    expect(body.analysis.map((a: { gameName: string }) => a.gameName)).toContain("Rising Star");
  });

  test("market insights: genres, volatility and projections from the daily series", async () => {
    const body = await (await post("/api/ai/market-insights", premium)).json();
    expect(body.insights.keyInsights.length).toBeGreaterThan(0);
    expect(body.insights.predictions.nextMonth).toMatch(/daily players/);
    expect(body.metadata.dataPoints).toBe(56);
    expect(body.metadata.confidence).toBeGreaterThan(0);
    expect(body.metadata.confidence).toBeLessThanOrEqual(1);
  });

  test("recommendations follow the tracked games' genres and leave tracked games out", async () => {
    const body = await (await post("/api/ai/recommendations", premium)).json();
    const names = body.recommendations.recommendations.map((r: { gameName: string }) => r.gameName);
    expect(names).toEqual(expect.arrayContaining(["Quiet Classic", "Another Quest"]));
    expect(names).not.toContain("Rising Star");
    for (const r of body.recommendations.recommendations) {
      expect(r.matchScore).toBeGreaterThan(0);
      expect(r.matchScore).toBeLessThanOrEqual(1);
      expect(r.expectedEnjoyment).toBeLessThanOrEqual(1);
    }
    expect(body.metadata.userGames).toBe(2);
  });

  test("trending analysis names the themes of the growing games", async () => {
    const body = await (await post("/api/ai/trending-analysis", premium)).json();
    expect(body.analysis.topics).toContain("RPG");
    expect(body.analysis.emergingTrends[0]).toContain("Rising Star");
    expect(body.analysis.sentiment).toBe("positive");
  });

  test("history lists the user's analyses, newest first, with confidence as a string", async () => {
    const history = await (await request("/api/ai/analytics", { cookie: premium.cookie })).json();
    expect(history.map((h: { analysisType: string }) => h.analysisType)).toEqual([
      "trending_analysis",
      "recommendations",
      "market_insights",
      "game_analysis",
    ]);
    for (const h of history) {
      expect(h.confidence).toMatch(/^0\.\d\d$|^1\.00$/);
      expect(h.modelUsed).toBe("statistical model (no language model configured)");
    }
    expect(await (await request("/api/ai/analytics", { cookie: fresh.cookie })).json()).toHaveLength(1);
  });

  test("a history row reopens the whole stored result", async () => {
    const [newest] = await (await request("/api/ai/analytics", { cookie: premium.cookie })).json();
    const entry = await (await request(`/api/ai/analytics/${newest.id}`, { cookie: premium.cookie })).json();
    expect(entry.result.metadata.analysisId).toBe(newest.id);
    expect(entry.result.analysis.topics).toContain("RPG");
    expect((await request("/api/ai/analytics/nope", { cookie: premium.cookie })).status).toBe(404);
  });
});

test("the market prediction's back-test is readable by any signed-in user", async () => {
  expect((await request("/api/ai/backtest")).status).toBe(401);
  const res = await request("/api/ai/backtest", { cookie: regular.cookie });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.rows.map((r: { windowMonths: number }) => r.windowMonths)).toEqual([3, 6, 12]);
  expect(typeof body.beatsBaseline).toBe("boolean");
});
