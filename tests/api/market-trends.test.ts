import { beforeAll, describe, expect, test } from "vitest";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
let regular: TestUser;
let premium: TestUser;
let admin: TestUser;

/** Weekly points over 8 weeks for each game of a genre; `factor(week)` shapes the swings. */
async function genre(name: string, games: number, factor: (week: number) => number): Promise<string[]> {
  const { ids } = await upsertGames(
    Array.from({ length: games }, (_, i) => ({ name: `${name} Game ${i}`, genres: [name] })),
    "test",
  );
  const points: MetricPoint[] = [];
  for (const id of ids)
    for (let w = 0; w < 8; w++)
      points.push({
        gameId: id,
        metric: "players",
        ts: new Date(END - (7 - w) * 7 * DAY),
        value: 1000 * factor(w),
        period: "day",
        source: "test",
      });
  await recordMetrics(points);
  return ids;
}

beforeAll(async () => {
  regular = await createTestUser();
  premium = await createTestUser({ role: "premium" });
  admin = await createTestUser({ role: "admin" });
  await genre("Calm", 3, (w) => 1 + 0.01 * (w % 2)); // ±1% weeks
  await genre("Swinging", 3, (w) => (w % 2 ? 1.2 : 1)); // ±20% weeks
  await genre("Wild", 3, (w) => (w % 2 ? 2 : 0.5)); // halves and quadruples
  await genre("Lonely", 2, (w) => (w % 2 ? 2 : 0.5)); // too few games to score
  // A trending game for the overview: one week at 2,000 then one at 6,000 daily players.
  const { ids } = await upsertGames([{ name: "Rising Hit", genres: ["Indie"], platforms: ["PC"] }], "test");
  await recordMetrics(
    Array.from({ length: 14 }, (_, i) => ({
      gameId: ids[0]!,
      metric: "players" as const,
      ts: new Date(END - (13 - i) * DAY),
      value: i < 7 ? 2000 : 6000,
      source: "test",
    })),
  );
});

describe("GET /api/analytics/market-trends", () => {
  test("scores volatility per genre from the series, 0–10", async () => {
    const res = await request("/api/analytics/market-trends", { cookie: premium.cookie });
    expect(res.status).toBe(200);
    const trends = (await res.json()) as Array<{ category: string; volatilityScore: number }>;
    const score = (c: string) => trends.find((t) => t.category === c)?.volatilityScore;
    expect(score("Calm")).toBeLessThan(1);
    expect(score("Swinging")).toBeGreaterThan(score("Calm")!);
    expect(score("Swinging")).toBeLessThan(10);
    expect(score("Wild")).toBe(10);
    expect(score("Lonely")).toBeUndefined();
    for (const t of trends) {
      expect(t.volatilityScore).toBeGreaterThanOrEqual(0);
      expect(t.volatilityScore).toBeLessThanOrEqual(10);
    }
  });

  test("needs a session", async () => {
    expect((await request("/api/analytics/market-trends")).status).toBe(401);
  });

  test("genre volatility is premium (ADR 020): regular users get the genres' players without it", async () => {
    const read = async (user: TestUser) => {
      const res = await request("/api/analytics/market-trends", { cookie: user.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as Array<Record<string, unknown>>;
    };
    const basic = await read(regular);
    const full = await read(premium);
    expect(basic.map((t) => t.category)).toEqual(full.map((t) => t.category));
    expect(basic.length).toBeGreaterThan(0);
    for (const t of basic) {
      expect(t).not.toHaveProperty("volatilityScore");
      // The Dashboard's Market by genre (a regular screen) reads these.
      expect(t).toMatchObject({ players: expect.any(Number), change: expect.any(Number) });
    }
    expect(full.every((t) => typeof t.volatilityScore === "number")).toBe(true);
    expect(await read(admin)).toEqual(full);
  });

  test("carries no market forecast for a regular user (review r29-a #4): genre figures only", async () => {
    const res = await request("/api/analytics/market-trends", { cookie: regular.cookie });
    expect(res.status).toBe(200);
    // Newzoo's forecasts are the Analytics screen's (Premium); this call answers the catalog's genres.
    expect(JSON.stringify(await res.json())).not.toMatch(/forecast|newzoo/i);
  });
});

describe("POST /api/analytics/reports: genre volatility is premium", () => {
  const generate = async (user: TestUser, reportType: string) => {
    const res = await request("/api/analytics/reports", {
      method: "POST",
      cookie: user.cookie,
      json: { reportType },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; data: Record<string, Array<Record<string, unknown>>> };
  };

  test("a regular user's genre trends report has the genres without volatility, nor the most volatile", async () => {
    const reader = await createTestUser();
    const basic = await generate(reader, "genre_trends");
    expect(basic.data).not.toHaveProperty("mostVolatile");
    expect(basic.data.genres!.length).toBeGreaterThan(0);
    for (const g of basic.data.genres!) expect(g).not.toHaveProperty("volatilityScore");
    // Read back as answered.
    const stored = await request(`/api/analytics/reports/${basic.id}`, { cookie: reader.cookie });
    expect(await stored.json()).toEqual(basic);

    for (const user of [await createTestUser({ role: "premium" }), admin]) {
      const full = await generate(user, "genre_trends");
      expect(full.data.mostVolatile![0]).toMatchObject({ category: "Wild", volatilityScore: 10 });
      expect(full.data.genres!.every((g) => typeof g.volatilityScore === "number")).toBe(true);
    }
  });

  test("a regular user's market overview lists the largest genres without volatility", async () => {
    const basic = await generate(await createTestUser(), "market_overview");
    expect(basic.data.largestGenres!.length).toBeGreaterThan(0);
    for (const g of basic.data.largestGenres!) expect(g).not.toHaveProperty("volatilityScore");
    const full = await generate(await createTestUser({ role: "premium" }), "market_overview");
    expect(full.data.largestGenres!.every((g) => typeof g.volatilityScore === "number")).toBe(true);
  });

  test("a report generated with Premium is read without volatility once the user is regular", async () => {
    const user = await createTestUser({ role: "premium" });
    const report = await generate(user, "genre_trends");
    const demoted = await request(`/api/admin/users/${user.user.id}/role`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { role: "regular", tier: "starter" },
    });
    expect(demoted.status).toBe(200);
    const res = await request(`/api/analytics/reports/${report.id}`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    const read = (await res.json()) as typeof report;
    expect(read.data).not.toHaveProperty("mostVolatile");
    expect(read.data.genres!.map((g) => g.category)).toEqual(report.data.genres!.map((g) => g.category));
    for (const g of read.data.genres!) expect(g).not.toHaveProperty("volatilityScore");
  });
});

describe("GET /api/analytics/overview", () => {
  test("regular users get the open figures only; premium users get all four", async () => {
    const basic = await (await request("/api/analytics/overview", { cookie: regular.cookie })).json();
    expect(basic.marketActivity.players).toBeGreaterThan(0);
    expect(basic.trendingCount).toBeGreaterThan(0);
    expect(basic.isDemo).toBe(false);
    expect(basic).not.toHaveProperty("aiPredictions");
    expect(basic).not.toHaveProperty("marketVolatility");
    const full = await (await request("/api/analytics/overview", { cookie: premium.cookie })).json();
    // Issue 12: a projection with its horizon (the AI's market prediction), not last week's change.
    const predictions = full.aiPredictions;
    expect(predictions.horizonDays).toBe(30);
    // What a game needs to be projected: with none projected, the card says so by it, not "0 rising".
    expect(predictions.minDays).toBe(7);
    expect(predictions.projected).toBeGreaterThan(0);
    expect(predictions.rising + predictions.stable + predictions.declining).toBe(predictions.projected);
    expect(predictions.rising).toBeGreaterThan(0);
    expect(predictions.provenance.method).toMatch(/least-squares line .* carried 30 days forward/);
    expect(predictions.provenance.asOf).toBe(full.dataAsOf);
    expect(full.marketVolatility.categories).toBe(3);
    expect(full.marketVolatility.score).toBeGreaterThan(0);
    // Its source: the genres' player series, dated by their newest point.
    expect(full.marketVolatility.provenance).toMatchObject({
      asOf: full.dataAsOf,
      method: expect.stringMatching(/volatility/),
    });
    expect((await request("/api/analytics/overview")).status).toBe(401);
  });
});

describe("GET /api/analytics/activity", () => {
  test("players summed per day over the last 90 days of data, with the games counted", async () => {
    const res = await request("/api/analytics/activity", { cookie: regular.cookie });
    expect(res.status).toBe(200);
    const days = (await res.json()) as Array<{ date: string; players: number; games: number }>;
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    const last = days.at(-1)!;
    // The last day: the 11 genre games' final weekly points plus Rising Hit's 6,000.
    expect(last.date).toBe("2026-11-20");
    expect(last.games).toBe(12);
    expect(last.players).toBe(3 * 1010 + 3 * 1200 + 3 * 2000 + 2 * 2000 + 6000);
    // Rising Hit alone on a day without weekly points.
    expect(days.find((d) => d.date === "2026-11-19")).toEqual({
      date: "2026-11-19",
      basis: "day",
      players: 6000,
      games: 1,
      // Every series answer names its source and the time of its data (issue 9 §3).
      source: "test",
      asOf: "2026-11-19T00:00:00.000Z",
    });
    expect((await request("/api/analytics/activity")).status).toBe(401);
  });
});

describe("reports", () => {
  const generate = (user: TestUser, reportType: string) =>
    request("/api/analytics/reports", { method: "POST", cookie: user.cookie, json: { reportType } });

  test("each type is computed from the data and stored", async () => {
    const market = await generate(regular, "market_overview");
    expect(market.status).toBe(201);
    const m = await market.json();
    expect(m.data.topTrending.map((t: { gameName: string }) => t.gameName)).toContain("Rising Hit");

    const genres = await (await generate(regular, "genre_trends")).json();
    // The genres by players (a regular user's report has no volatility: see below).
    expect(genres.data.genres[0].category).toBe("Wild");

    const watch = await (await generate(regular, "watchlist_summary")).json();
    expect(watch.data).toMatchObject({ trackedCount: 0, games: [] });
  });

  test("listed newest first, readable by their owner only; bad types are 422", async () => {
    const list = (await (
      await request("/api/analytics/reports", { cookie: regular.cookie })
    ).json()) as Array<{
      id: string;
      reportType: string;
      generatedAt: string;
    }>;
    expect(list.map((r) => r.reportType)).toEqual(["watchlist_summary", "genre_trends", "market_overview"]);
    const own = await request(`/api/analytics/reports/${list[0]!.id}`, { cookie: regular.cookie });
    expect(own.status).toBe(200);
    expect((await own.json()).data).toHaveProperty("trackedCount");
    expect((await request(`/api/analytics/reports/${list[0]!.id}`, { cookie: premium.cookie })).status).toBe(
      404,
    );
    expect(await (await request("/api/analytics/reports", { cookie: premium.cookie })).json()).toEqual([]);
    const bad = await generate(regular, "nope");
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors[0].field).toBe("reportType");
    // Review r22-c #9: a missing type is "Required", as other routes say, not an invalid option.
    const missing = await request("/api/analytics/reports", {
      method: "POST",
      cookie: regular.cookie,
      json: {},
    });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual([{ field: "reportType", message: "Required" }]);
    expect((await request("/api/analytics/reports")).status).toBe(401);
    expect((await request("/api/analytics/reports", { method: "POST", json: {} })).status).toBe(401);
  });
});
