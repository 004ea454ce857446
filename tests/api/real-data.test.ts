import { describe, expect, test } from "vitest";
import { hasDemoData } from "../../src/server/catalog/demo-data.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { seedDemoData } from "../../src/server/db/seed/demo.ts";
import { loadSnapshotIfNeeded } from "../../src/server/db/seed/snapshot.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Issue 9: a first start loads the shipped Steam Store Games snapshot (the repository's own
 * compressed copy, src/server/db/seed/steam-store-games.csv.gz); demo data is opt-in and goes as soon
 * as real data arrives; a game's player figure is the same on every endpoint; figures carry their
 * source and time. The tests in this file run in order on one database.
 */
const one = async (sql: string, args: Array<string | number> = []) =>
  (await rawClient().execute({ sql, args })).rows[0]!;
const SNAPSHOT_SOURCE = "Steam Store Games (Kaggle, CC BY 4.0)";
const MAY_2019 = "2019-05-01T00:00:00.000Z";

describe("demo data is opt-in and never mixes with real data", () => {
  test("an empty catalog holds no demo row unless asked", async () => {
    expect(Number((await one("SELECT count(*) AS n FROM games")).n)).toBe(0);
    expect(await hasDemoData()).toBe(false);
  });

  test("demo data seeded on request is removed, with its series, studios and reports, when real data arrives", async () => {
    await seedDemoData({ games: 60, seed: 7 });
    const admin = await createTestUser({ role: "admin" });
    const report = await request("/api/analytics/reports", {
      method: "POST",
      cookie: admin.cookie,
      json: { reportType: "market_overview" },
    });
    expect(report.status).toBe(201);
    expect(Number((await one("SELECT count(*) AS n FROM games WHERE is_demo = 1")).n)).toBe(60);
    expect(
      Number((await one("SELECT count(*) AS n FROM game_metrics WHERE source = 'demo'")).n),
    ).toBeGreaterThan(0);
    const sources = await (await request("/api/data-sources", { cookie: admin.cookie })).json();
    expect(sources.demo.games).toBe(60);
    // What every screen reads to mark its demo figures.
    const regular = await createTestUser();
    const state = await request("/api/data-sources/catalog", { cookie: regular.cookie });
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({
      demo: true,
      provenance: [expect.objectContaining({ source: "Demo data (generated, not real)" })],
    });
    expect((await request("/api/data-sources/catalog")).status).toBe(401);

    // A first start on this catalog does not load the snapshot over it (it is not empty)…
    expect(await loadSnapshotIfNeeded()).toBeNull();
    // …but any real import replaces the demo rows.
    await upsertGames([{ name: "Portal 2", steamAppId: 620, releaseDate: "2011-04-18" }], "steam-api");
    expect(Number((await one("SELECT count(*) AS n FROM games WHERE is_demo = 1")).n)).toBe(0);
    expect(Number((await one("SELECT count(*) AS n FROM game_metrics WHERE source = 'demo'")).n)).toBe(0);
    expect(
      Number((await one("SELECT count(*) AS n FROM companies WHERE description LIKE 'Demo data%'")).n),
    ).toBe(0);
    expect(Number((await one("SELECT count(*) AS n FROM reports")).n)).toBe(0);
    expect(Number((await one("SELECT count(*) AS n FROM games")).n)).toBe(1);
    expect(
      await (await request("/api/data-sources/catalog", { cookie: regular.cookie })).json(),
    ).toMatchObject({
      demo: false,
    });
    await rawClient().execute("DELETE FROM games");
  });

  test("admins remove demo data through the API (audit-logged); regular users may not", async () => {
    await seedDemoData({ games: 20, seed: 8 });
    const regular = await createTestUser();
    const admin = await createTestUser({ role: "admin" });
    const refused = await request("/api/data-sources/demo", { method: "DELETE", cookie: regular.cookie });
    expect(refused.status).toBe(403);
    expect(Number((await one("SELECT count(*) AS n FROM games WHERE is_demo = 1")).n)).toBe(20);
    const res = await request("/api/data-sources/demo", { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ games: 20 });
    expect(Number((await one("SELECT count(*) AS n FROM games")).n)).toBe(0);
    const audit = await one(
      "SELECT actor_id, action, detail FROM audit_log WHERE action = 'catalog.demo_removed'",
    );
    expect(audit.actor_id).toBe(admin.user.id);
    expect(JSON.parse(String(audit.detail))).toMatchObject({ games: 20 });
  });
});

describe("first start on an empty catalog loads the shipped snapshot", () => {
  test("Counter-Strike, Steam app 10, with its real review counts, dated May 2019 and named", async () => {
    const loaded = await loadSnapshotIfNeeded();
    expect(loaded?.summary).toMatchObject({ read: 27075, inserted: 27075, skipped: 0 });
    expect(Number((await one("SELECT count(*) AS n FROM games WHERE is_demo = 1")).n)).toBe(0);
    const user = await createTestUser();
    const [hit] = await (
      await request("/api/games/search?q=counter-strike&limit=5", { cookie: user.cookie })
    ).json();
    expect(hit).toMatchObject({ name: "Counter-Strike", isDemo: false });
    const cs = await (await request(`/api/games/${hit.id}`, { cookie: user.cookie })).json();
    expect(cs).toMatchObject({ name: "Counter-Strike", developer: "Valve", releaseDate: "2000-11-01" });
    expect(cs.ratingCount).toBe(124534 + 3339);
    expect(cs.rating).toBeCloseTo(((124534 / (124534 + 3339)) * 100) / 20, 1);
    expect(cs.provenance).toEqual({ source: SNAPSHOT_SOURCE, asOf: MAY_2019 });
    const row = await one("SELECT steam_app_id, positive_reviews, negative_reviews FROM games WHERE id = ?", [
      hit.id,
    ]);
    expect(row).toMatchObject({ steam_app_id: 10, positive_reviews: 124534, negative_reviews: 3339 });
    // The snapshot has no player counts: no figure is made up for them.
    expect(cs.playerCount).toBeNull();
    expect(cs.players).toBeNull();
    // A second start leaves the catalog alone.
    expect(await loadSnapshotIfNeeded()).toBeNull();
  }, 120_000);

  test("the Data sources page names the snapshot with its licence, what it provides and May 2019", async () => {
    const user = await createTestUser();
    const answer = await (await request("/api/data-sources", { cookie: user.cookie })).json();
    const snapshot = answer.sources.find((s: { id: string }) => s.id === "steam-store-csv");
    expect(snapshot).toMatchObject({ name: SNAPSHOT_SOURCE, licence: "CC BY 4.0", asOf: MAY_2019 });
    expect(snapshot.records).toBeGreaterThan(27075);
    expect(answer.demo.games).toBe(0);
    expect((await request("/api/data-sources")).status).toBe(401);
  });
});

describe("the snapshot alone answers what it can, dated", () => {
  test("most-owned, best-reviewed, genre sizes and releases per year, with source and May 2019", async () => {
    const user = await createTestUser();
    const insights = await (await request("/api/analytics/catalog", { cookie: user.cookie })).json();
    expect(insights.mostOwned[0]).toMatchObject({ name: "Dota 2", owners: 150_000_000 });
    expect(insights.bestReviewed.length).toBe(10);
    for (const g of insights.bestReviewed) expect(g.reviews).toBeGreaterThanOrEqual(insights.minReviews);
    expect(insights.genres.map((g: { genre: string }) => g.genre)).toContain("Action");
    expect(insights.releasesPerYear.find((y: { year: number }) => y.year === 2018).games).toBeGreaterThan(
      5000,
    );
    expect(insights.provenance).toMatchObject({ source: SNAPSHOT_SOURCE, asOf: MAY_2019 });
  });
});

describe("one truth per player figure", () => {
  test("the same game's player figure is identical on every endpoint that returns it", async () => {
    const cs = await one("SELECT id FROM games WHERE steam_app_id = 10");
    const id = String(cs.id);
    const DAY = 86_400_000;
    const end = Date.UTC(2026, 10, 22, 12);
    // A fortnight of live counts, growing: the latest is not the 7-day average, so a mix-up shows.
    await recordMetrics(
      Array.from({ length: 14 }, (_, i) => ({
        gameId: id,
        metric: "players" as const,
        ts: new Date(end - (13 - i) * DAY),
        value: 10_000 + i * 500,
        period: "day" as const,
        source: "steam-api",
      })),
    );
    const user = await createTestUser({ role: "premium" });
    const track = await request("/api/user/games", {
      method: "POST",
      cookie: user.cookie,
      json: { gameId: id },
    });
    expect(track.status).toBeLessThan(300);
    const get = async (path: string) => (await request(path, { cookie: user.cookie })).json();
    const [game, search, list, trending, watchlist] = await Promise.all([
      get(`/api/games/${id}`),
      get("/api/games/search?q=counter-strike&limit=5"),
      get("/api/games?sort=players&pageSize=5"),
      get("/api/games/trending"),
      get("/api/user/games"),
    ]);
    const fromSearch = search.find((g: { id: string }) => g.id === id);
    const fromList = list.games.find((g: { id: string }) => g.id === id);
    const fromTrending = trending.find((g: { gameId: string }) => g.gameId === id);
    const fromWatchlist = watchlist.find((g: { gameId: string }) => g.gameId === id);
    const expected = {
      latest: { value: 16_500, at: new Date(end).toISOString() },
      average: { value: Math.round((13_500 + 16_500) / 2), days: 7 },
      peak: { value: 16_500, at: new Date(end).toISOString(), days: 7 },
    };
    for (const answer of [game, fromSearch, fromList, fromTrending, fromWatchlist]) {
      expect(answer.playerCount).toBe(16_500);
      expect(answer.players).toMatchObject(expected);
      expect(answer.players.provenance).toMatchObject({ source: "Steam", asOf: new Date(end).toISOString() });
    }
    // The watchlist shows the game's rating like every other list (the entry's own rating is the user's).
    expect(fromWatchlist.gameRating).toBe(game.rating);
    const report = await (
      await request("/api/analytics/reports", {
        method: "POST",
        cookie: user.cookie,
        json: { reportType: "watchlist_summary" },
      })
    ).json();
    expect(report.data.games[0].playerCount).toBe(16_500);
  });

  test("the Overview counts the games actually growing, and dates its figures with their source", async () => {
    const user = await createTestUser();
    const figures = await (await request("/api/analytics/overview", { cookie: user.cookie })).json();
    expect(figures.trendingCount).toBe(1);
    // Counter-Strike is the one game with a fortnight of counts to compare.
    expect(figures.trendingCompared).toBe(1);
    expect(figures.marketActivity.provenance).toMatchObject({ source: "Steam" });
    expect(figures.marketActivity.provenance.asOf).toBe(new Date(Date.UTC(2026, 10, 22, 12)).toISOString());
    expect(figures.marketActivity.provenance.method).toMatch(/average daily total/);
  });
});

describe("every series answer carries its source and time", () => {
  test("activity, genre trends, market history and a game's series", async () => {
    const user = await createTestUser({ role: "premium" });
    const get = async (path: string) => (await request(path, { cookie: user.cookie })).json();
    const activity = await get("/api/analytics/activity");
    expect(activity.length).toBeGreaterThan(0);
    for (const day of activity) {
      expect(day.source).toBe("Steam");
      expect(day.asOf).toBe(`${day.date}T00:00:00.000Z`);
    }
    for (const trend of await get("/api/analytics/market-trends")) {
      expect(trend.provenance).toMatchObject({ source: "Steam", asOf: expect.any(String) });
    }
    const market = await get("/api/kaggle/market-trends");
    expect(market.provenance).toMatchObject({ source: "Newzoo" });
    const cs = await one("SELECT id FROM games WHERE steam_app_id = 10");
    const series = await get(`/api/games/${cs.id}/series?metric=players`);
    expect(series).toMatchObject({ source: "Steam", asOf: expect.any(String) });
    const reviews = await get(`/api/games/${cs.id}/series?metric=reviews_positive`);
    expect(reviews).toMatchObject({ source: SNAPSHOT_SOURCE, asOf: MAY_2019 });
  });
});
