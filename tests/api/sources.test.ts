import type { Server } from "bun";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resetEnvForTests } from "../../src/server/env.ts";
import { GithubClient, parseDatasetFile } from "../../src/server/sources/github.ts";
import {
  RateLimiter,
  requestJson,
  SourceError,
  request as sourceRequest,
} from "../../src/server/sources/http.ts";
import { IgdbClient } from "../../src/server/sources/igdb.ts";
import { syncSource } from "../../src/server/sources/sync.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/** Recorded real answers (../shared/datasets/api-samples) served by a local server. */
const SAMPLES = new URL("../../../shared/datasets/api-samples/", import.meta.url);
const sample = (path: string) => Bun.file(new URL(path, SAMPLES)).text();

let server: Server<unknown>;
let base: string;
const hits = new Map<string, number>();
const hit = (key: string) => {
  const n = (hits.get(key) ?? 0) + 1;
  hits.set(key, n);
  return n;
};
let user: TestUser;

beforeAll(async () => {
  const doom = await sample("doom-2016/igdb.games.expanded_single.json");
  const platforms = await sample("igdb-v3-henry-sarabia/platform_list.json");
  const companies = await sample("igdb-v3-henry-sarabia/company_list.json");
  const repos = await sample("github-search/search_repositories_page1.json");
  server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      switch (url.pathname) {
        case "/flaky-429":
          return hit("429") === 1
            ? new Response("slow down", { status: 429, headers: { "Retry-After": "1" } })
            : Response.json({ ok: true });
        case "/flaky-500":
          return hit("500") === 1 ? new Response("oops", { status: 500 }) : Response.json({ ok: true });
        case "/always-500":
          return new Response("down", { status: 503 });
        case "/slow":
          await Bun.sleep(2000);
          return Response.json({ late: true });
        case "/malformed":
          return new Response("{not json", { headers: { "Content-Type": "application/json" } });
        case "/oauth2/token":
          return Response.json({
            access_token: "recorded-token",
            expires_in: 5_000_000,
            token_type: "bearer",
          });
        case "/v4/games": {
          if (req.headers.get("authorization") !== "Bearer recorded-token")
            return new Response("no", { status: 401 });
          // The recorded DOOM answer, plus a malformed record that must be skipped.
          const list = JSON.parse(doom);
          return Response.json([...list, { id: "not-a-number", name: 42 }]);
        }
        case "/v4/platforms":
          return new Response(platforms, { headers: { "Content-Type": "application/json" } });
        case "/v4/companies":
          return new Response(companies, { headers: { "Content-Type": "application/json" } });
        case "/search/repositories":
          return new Response(repos, { headers: { "Content-Type": "application/json" } });
        default:
          return new Response("not found", { status: 404 });
      }
    },
  });
  base = `http://localhost:${server.port}`;
  user = await createTestUser();
});

afterAll(async () => {
  await server.stop(true);
});

describe("the HTTP layer", () => {
  test("a 429 is retried after the Retry-After it names", async () => {
    const t = performance.now();
    expect(await requestJson(`${base}/flaky-429`, {}, { service: "test" })).toEqual({ ok: true });
    expect(performance.now() - t).toBeGreaterThanOrEqual(950);
    expect(hits.get("429")).toBe(2);
  });

  test("a 500 then success; a service that stays down is an error, not a crash", async () => {
    expect(await requestJson(`${base}/flaky-500`, {}, { service: "test" })).toEqual({ ok: true });
    await expect(
      requestJson(`${base}/always-500`, {}, { service: "test", retries: 1 }),
    ).rejects.toMatchObject({ status: 503 });
  });

  test("a timeout becomes a SourceError", async () => {
    await expect(
      sourceRequest(`${base}/slow`, {}, { service: "test", timeoutMs: 200, retries: 0 }),
    ).rejects.toThrow(/timed out/);
  });

  test("malformed JSON is a SourceError", async () => {
    await expect(requestJson(`${base}/malformed`, {}, { service: "test" })).rejects.toBeInstanceOf(
      SourceError,
    );
  });

  test("the rate limiter holds a service to its published rate", async () => {
    const limiter = new RateLimiter(10, 1);
    const t = performance.now();
    await Promise.all(Array.from({ length: 6 }, () => limiter.take()));
    // 6 requests at 10/s: the last may go no sooner than 0.5 s after the first.
    expect(performance.now() - t).toBeGreaterThanOrEqual(450);
  });
});

describe("adapters on recorded answers", () => {
  test("IGDB: token, games (malformed record skipped), platforms, companies", async () => {
    const igdb = new IgdbClient({
      clientId: "id",
      clientSecret: "secret",
      apiBase: `${base}/v4`,
      tokenUrl: `${base}/oauth2/token`,
    });
    const games = await igdb.games();
    expect(games).toHaveLength(1);
    expect(games[0]).toMatchObject({ name: "Doom", igdbId: 7351, releaseDate: "2016-05-12" });
    expect(games[0]!.platforms).toContain("PC (Microsoft Windows)");
    expect(games[0]!.genres).toContain("Shooter");
    const platforms = await igdb.platforms();
    expect(platforms.length).toBeGreaterThan(0);
    expect(platforms.find((p) => p.name === "PDP-10")).toMatchObject({ slug: "pdp10", igdbId: 96 });
    const companies = await igdb.companies();
    expect(companies.find((c) => c.name === "Big Daddy's Creations")).toMatchObject({
      developedCount: 2,
      publishedCount: 1,
    });
  });

  test("GitHub: repository search answers become community datasets", async () => {
    const gh = new GithubClient({ apiBase: base });
    const list = await gh.searchRepositories("games");
    expect(list.length).toBeGreaterThan(10);
    expect(list[0]).toMatchObject({ fullName: "kennethreitz/legit", owner: { login: "kennethreitz" } });
    expect(list[0]!.downloadUrl).toMatch(/^https:\/\/github\.com\/kennethreitz\/legit\/archive\//);
  });

  test("dataset files: the first 10 entries of a CSV or JSON file, with the total", () => {
    const csv = ["name,year", ...Array.from({ length: 25 }, (_, i) => `"Game, ${i}",${2000 + i}`)].join("\n");
    const parsed = parseDatasetFile("games.csv", csv, null);
    expect(parsed.metadata).toMatchObject({ totalEntries: 25, format: "csv" });
    expect(parsed.games).toHaveLength(10);
    expect(parsed.games[0]).toEqual({ name: "Game, 0", year: "2000" });
    expect(
      parseDatasetFile("g.json", JSON.stringify({ games: [{ a: 1 }, { a: 2 }] }), null).metadata.totalEntries,
    ).toBe(2);
  });
});

describe("sync and the data APIs", () => {
  test("an unconfigured IGDB says so; status and platform states are honest", async () => {
    const status = await (await request("/api/igdb/status", { cookie: user.cookie })).json();
    expect(status.authenticated).toBe("Not authenticated");
    const all = (await (await request("/api/platforms/all", { cookie: user.cookie })).json()) as Array<{
      id: string;
      status: string;
    }>;
    expect(all.map((p) => p.id)).toEqual([
      "steam",
      "epic",
      "gog",
      "playstation",
      "xbox",
      "igdb",
      "kaggle",
      "github",
    ]);
    expect(all.find((p) => p.id === "igdb")!.status).toBe("not_configured");
  });

  test("empty database: every data endpoint answers an honest empty value", async () => {
    for (const path of [
      "/api/igdb/trending",
      "/api/igdb/popular",
      "/api/igdb/recent",
      "/api/igdb/platforms",
      "/api/igdb/companies",
      "/api/github-gaming/datasets",
      "/api/github-gaming/trending",
      "/api/kaggle/datasets",
      "/api/kaggle/historical",
      "/api/platforms/stats",
      "/api/platforms/free-games",
    ]) {
      const res = await request(path, { cookie: user.cookie });
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toEqual([]);
    }
    const esports = await (await request("/api/kaggle/esports", { cookie: user.cookie })).json();
    expect(esports).toEqual({ topGames: [], growth: [], tournaments: [] });
  });

  test("IGDB sync stores games, platforms and companies through the catalog; the games database shows them", async () => {
    process.env.IGDB_CLIENT_ID = "id";
    process.env.IGDB_CLIENT_SECRET = "secret";
    resetEnvForTests();
    try {
      const { records } = await syncSource("igdb", {
        igdbApiBase: `${base}/v4`,
        igdbTokenUrl: `${base}/oauth2/token`,
      });
      expect(records).toBeGreaterThan(5);
      const popular = await (await request("/api/igdb/search?q=doom", { cookie: user.cookie })).json();
      expect(popular[0]).toMatchObject({ name: "Doom", first_release_date: 1463011200 });
      expect(popular[0].platforms.map((p: { name: string }) => p.name)).toContain("PlayStation 4");
      const platforms = await (await request("/api/igdb/platforms", { cookie: user.cookie })).json();
      expect(platforms.some((p: { name: string }) => p.name === "PDP-10")).toBe(true);
      const status = await (await request("/api/igdb/status", { cookie: user.cookie })).json();
      expect(status).toMatchObject({ status: "operational", authenticated: true });
    } finally {
      delete process.env.IGDB_CLIENT_ID;
      delete process.env.IGDB_CLIENT_SECRET;
      resetEnvForTests();
    }
  });

  test("GitHub sync fills the community datasets", async () => {
    await syncSource("github", { githubApiBase: base });
    const datasets = await (await request("/api/github-gaming/datasets", { cookie: user.cookie })).json();
    expect(datasets.length).toBeGreaterThan(10);
    expect(datasets[0]).toHaveProperty("owner.login");
  });

  test("the market history comes from the seeded Newzoo table", async () => {
    const { seedMarketYears } = await import("../../src/server/db/seed/market.ts");
    await seedMarketYears();
    const market = await (await request("/api/kaggle/market-trends", { cookie: user.cookie })).json();
    expect(market.globalRevenue.find((y: { year: number }) => y.year === 2023)).toMatchObject({
      revenue: 187.7,
      growth: 2.6,
    });
    expect(Object.keys(market.platformDistribution)).toEqual(["Mobile", "Console", "PC"]);
    expect(market.regionalMarkets.length).toBeGreaterThanOrEqual(3);
  });

  test("the data routes need a session", async () => {
    for (const path of [
      "/api/igdb/popular",
      "/api/github-gaming/datasets",
      "/api/kaggle/esports",
      "/api/platforms/all",
    ]) {
      expect((await request(path)).status).toBe(401);
    }
  });
});
