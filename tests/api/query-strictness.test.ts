import { beforeAll, describe, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { loadSystemSettings, resetSettingsForTests } from "../../src/server/operations/settings.ts";
import { createTestUser, request, type TestUser, testApp } from "../helpers/api.ts";

/**
 * Bad input is named, never ignored (review 6 #17): an unknown parameter or body field, a parameter
 * given twice and a blank required one each get 422 problem JSON naming the field in words a person
 * reads, the same way on every route (src/server/http/validate.ts).
 */
let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  user = await createTestUser();
  admin = await createTestUser({ role: "admin" });
  await upsertGames(
    [
      { name: "Strict Racer", genres: ["Racing"], platforms: ["PC"] },
      { name: "Strict Farmer", genres: ["Simulation"], platforms: ["PC"] },
    ],
    "test",
  );
});

async function problem(path: string, who: TestUser = user, init: { method?: string; json?: unknown } = {}) {
  const res = await request(path, { cookie: who.cookie, ...init });
  expect(res.status, path).toBe(422);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  return (await res.json()) as { detail: string; errors: Array<{ field: string; message: string }> };
}

describe("unknown query parameters are named, not ignored", () => {
  test("a misspelt filter on the games list is 422, not the whole catalog", async () => {
    const body = await problem("/api/games?genres=Racing&pageSize=1");
    expect(body.errors).toEqual([{ field: "genres", message: "Unknown field" }]);
    expect(body.detail).toBe("genres: Unknown field");
    // Spelt right, it filters.
    const ok = await request("/api/games?genre=Racing", { cookie: user.cookie });
    expect(((await ok.json()) as { total: number }).total).toBe(1);
  });

  test("on search, a game's series, the games database and the workflow runs too", async () => {
    const list = await request("/api/games?genre=Racing", { cookie: user.cookie });
    const id = ((await list.json()) as { games: Array<{ id: string }> }).games[0]!.id;
    for (const [path, field, who] of [
      [`/api/games/${id}/series?metric=players&form=2024-01-01`, "form", user],
      [`/api/games/${id}?tab=series`, "tab", user],
      ["/api/games/search?q=strict&sort=name", "sort", user],
      ["/api/games/trending?limit=3", "limit", user],
      ["/api/igdb/search?q=strict&limit=5", "limit", user],
      ["/api/igdb/popular?limit=5", "limit", user],
      ["/api/igdb/platforms?page=2", "page", user],
      ["/api/workflows/executions?workflowId=x", "workflowId", admin],
      ["/api/workflows?active=true", "active", admin],
    ] as const) {
      expect((await problem(path, who)).errors, path).toEqual([{ field, message: "Unknown field" }]);
    }
  });

  test("permissions are checked first: a regular user still gets 403 on the workflow runs", async () => {
    expect((await request("/api/workflows/executions?workflowId=x", { cookie: user.cookie })).status).toBe(
      403,
    );
  });
});

describe("every other read takes only the parameters it knows (review 7 #5)", () => {
  test("a misspelt filter on estimate totals is 422, not every genre's totals", async () => {
    const body = await problem("/api/estimates/totals?by=genre&genre=Sports&limit=2", admin);
    expect(body.errors).toEqual([{ field: "genre", message: "Unknown field" }]);
    expect(body.detail).toBe("genre: Unknown field");
    const ok = await request("/api/estimates/totals?by=genre&name=Racing&limit=2", { cookie: admin.cookie });
    expect(ok.status).toBe(200);
  });

  test("the routes the review named each name the parameter", async () => {
    for (const [path, field, who] of [
      ["/api/estimates/totals?by=developer&x=1", "x", admin],
      ["/api/games/no-such-game/estimates?x=1", "x", user],
      ["/api/companies/505-games?sort=name", "sort", user],
      ["/api/platforms/stats?x=1", "x", user],
      ["/api/platforms/free-games?limit=5", "limit", user],
      ["/api/market/facets?x=1", "x", admin],
      [`/api/profiles/${user.user.id}?x=1`, "x", user],
      ["/api/data-sources?x=1", "x", user],
      ["/api/analytics/market-trends?x=1", "x", user],
      ["/api/analytics/activity?from=2020", "from", user],
      ["/api/kaggle/historical?x=1", "x", user],
      ["/api/user/notifications?unread=1", "unread", user],
    ] as const) {
      expect((await problem(path, who)).errors, path).toEqual([{ field, message: "Unknown field" }]);
    }
  });

  /**
   * The sweep: every GET under /api, found from the app's own routing table, so a route added later
   * without a query schema fails here. Left out on purpose: the browser navigations that answer with a
   * redirect (sign-in, sign-out, the OAuth callback, whose provider adds its own parameters) and the
   * health probe, which a load balancer may call with a cache-buster and must not read as "down".
   */
  const NOT_JSON_READS = new Set([
    "/api/login",
    "/api/logout",
    "/api/auth/callback/:provider",
    "/api/health",
  ]);
  const SAMPLE: Record<string, string> = {
    id: "no-such-id",
    slug: "no-such-company",
    name: "gaming-intelligence-20260101T000000000Z.db",
    owner: "someone",
    repo: "something",
    tier: "free",
    gameId: "no-such-game",
  };

  test("no GET route under /api ignores an unknown parameter", async () => {
    const paths = [
      ...new Set(
        testApp()
          .routes.filter((r) => r.method === "GET" && r.path.startsWith("/api/") && !r.path.includes("*"))
          .map((r) => r.path),
      ),
    ].filter((path) => !NOT_JSON_READS.has(path));
    expect(paths.length).toBeGreaterThan(40);
    const lax: string[] = [];
    for (const path of paths) {
      const concrete = path.replace(/:(\w+)/g, (_, key: string) => SAMPLE[key] ?? "x");
      const res = await request(`${concrete}?zzz=1`, { cookie: admin.cookie });
      const body = (await res.json().catch(() => null)) as { errors?: Array<{ field: string }> } | null;
      if (res.status !== 422 || !body?.errors?.some((e) => e.field === "zzz"))
        lax.push(`${path} → ${res.status}`);
    }
    expect(lax).toEqual([]);
  });
});

describe("messages a person reads", () => {
  test("a parameter given twice says so, rather than 'expected number, received NaN'", async () => {
    expect((await problem("/api/games?page=1&page=2")).errors).toEqual([
      { field: "page", message: "Give page once" },
    ]);
    expect((await problem("/api/games/search?q=portal&q=dota")).errors).toEqual([
      { field: "q", message: "Give q once" },
    ]);
  });

  test("a blank or missing required parameter is 'Required'", async () => {
    for (const path of ["/api/igdb/search?q=", "/api/igdb/search"]) {
      expect((await problem(path)).errors, path).toEqual([{ field: "q", message: "Required" }]);
    }
  });

  test("a page that is not a whole number says what it takes", async () => {
    expect((await problem("/api/games?page=two")).errors).toEqual([
      { field: "page", message: "A whole number from 1" },
    ]);
    expect((await problem("/api/games?pageSize=2.5")).errors).toEqual([
      { field: "pageSize", message: "A whole number from 1 to 100" },
    ]);
    expect((await problem("/api/workflows/executions?limit=many", admin)).errors).toEqual([
      { field: "limit", message: "A whole number from 1 to 200" },
    ]);
  });

  test("a blank paging parameter on any paged route is named like a wrong one, not read as its default", async () => {
    for (const [path, field, who] of [
      ["/api/games?page=", "page", user],
      ["/api/games?pageSize=", "pageSize", user],
      ["/api/games/search?q=portal&limit=", "limit", user],
      ["/api/market/screener?page=", "page", admin],
      ["/api/market/screener?pageSize=", "pageSize", admin],
      ["/api/admin/audit?page=", "page", admin],
      ["/api/admin/audit?pageSize=", "pageSize", admin],
      ["/api/estimates/totals?by=genre&limit=", "limit", admin],
      ["/api/workflows/executions?limit=", "limit", admin],
    ] as const) {
      const res = await request(path, { cookie: who.cookie });
      expect(res.status, path).toBe(422);
      const { errors } = (await res.json()) as { errors: Array<{ field: string; message: string }> };
      expect(errors, path).toEqual([{ field, message: expect.stringMatching(/^A whole number from 1/) }]);
    }
  });
});

describe("admin settings bodies are strict", () => {
  test("an unknown field is 422 naming it, and nothing is saved", async () => {
    const put = (path: string, json: unknown) => problem(path, admin, { method: "PUT", json });
    expect(
      (await put("/api/admin/settings/maintenance", { enabled: true, message: "", bogus: 1 })).errors,
    ).toEqual([{ field: "bogus", message: "Unknown field" }]);
    expect(
      (
        await put("/api/admin/settings/rate-limits", {
          signInPerIp: 10,
          signInPerEmailAndIp: 5,
          signInPerEmail: 20,
          apiPerMinute: 0,
          apiPerHour: 5,
        })
      ).errors,
    ).toEqual([{ field: "apiPerHour", message: "Unknown field" }]);
    expect(
      (await put("/api/admin/settings/security", { sessionLifetimeDays: 7, sessionLifetimeDay: 7 })).errors,
    ).toEqual([{ field: "sessionLifetimeDay", message: "Unknown field" }]);
    resetSettingsForTests();
    const stored = await loadSystemSettings();
    expect(stored.maintenance.enabled).toBe(false);
    expect(stored.security.sessionLifetimeDays).toBe(30);
  });
});

describe("numbers in a query are plain decimals, named in the house's words when not", () => {
  test("hex, a plus sign, exponents and a fractional page are refused on the screener, naming the field", async () => {
    const premium = await createTestUser({ role: "premium" });
    for (const [query, field, message] of [
      ["priceMax=0x10", "priceMax", "A price in USD, such as 9.99"],
      ["minReviews=%2B5", "minReviews", "A number of reviews"],
      ["priceMin=1e-400", "priceMin", "A price in USD, such as 9.99"],
      ["ownersMin=1e400", "ownersMin", "A number of owners"],
      ["revenueMax=Infinity", "revenueMax", "An amount in USD"],
      ["yearFrom=2019.5", "yearFrom", "A whole year, such as 2019"],
      ["page=1.5", "page", "A whole number from 1"],
      ["pageSize=0x20", "pageSize", "A whole number from 1 to 200"],
      ["minPositive=-5", "minPositive", "At least 0"],
    ] as const) {
      const body = await problem(`/api/market/screener?${query}`, premium);
      expect(body.errors, query).toEqual([{ field, message }]);
    }
  });

  test("plain decimals still filter, and an empty value is absent for every numeric filter", async () => {
    const premium = await createTestUser({ role: "premium" });
    const res = await request("/api/market/screener?priceMin=&priceMax=9.99&minReviews=&yearFrom=&page=1", {
      cookie: premium.cookie,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { page: number; pageSize: number };
    expect([body.page, body.pageSize]).toEqual([1, 50]);
  });

  test("the same on the games list and estimate totals (one helper)", async () => {
    expect((await problem("/api/games?page=0x2")).errors).toEqual([
      { field: "page", message: "A whole number from 1" },
    ]);
    expect((await problem("/api/estimates/totals?by=genre&limit=1e1", admin)).errors).toEqual([
      { field: "limit", message: "A whole number from 1 to 100" },
    ]);
  });
});
