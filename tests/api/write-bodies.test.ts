import { describe, expect, test } from "vitest";
import { validateSessionToken } from "../../src/server/auth/session.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Issue 2 §7: every write answers a body it cannot use with problem JSON, 400 malformed and 422
 * naming the field, also the writes that take no body (ADR 023).
 */
const PROBLEM = "application/problem+json";
const send = (method: string, path: string, user: TestUser, body: string) =>
  request(path, { method, cookie: user.cookie, body, headers: { "Content-Type": "application/json" } });

type Write = [method: string, path: string, role: "regular" | "premium" | "admin"];
const BODYLESS: Write[] = [
  ["POST", "/api/admin/sessions/end-all", "admin"],
  ["POST", "/api/admin/backups", "admin"],
  ["POST", "/api/ai/analyze-games", "premium"],
  ["POST", "/api/ai/market-insights", "premium"],
  ["POST", "/api/ai/recommendations", "premium"],
  ["POST", "/api/ai/trending-analysis", "premium"],
  ["POST", "/api/workflows/comprehensive-health-monitoring/pause", "admin"],
  ["POST", "/api/workflows/comprehensive-health-monitoring/resume", "admin"],
  ["POST", "/api/auth/logout", "regular"],
  ["DELETE", "/api/user/watchlist/some-game", "regular"],
  ["DELETE", "/api/user", "regular"],
  ["DELETE", "/api/data-sources/demo", "admin"],
];

describe("writes that take no body", () => {
  test.each(BODYLESS)(
    "%s %s: malformed JSON 400, a field 422 naming it, not JSON-object 422",
    async (method, path, role) => {
      const user = await createTestUser({ role });
      const malformed = await send(method, path, user, "{bad");
      expect(malformed.status).toBe(400);
      expect(malformed.headers.get("content-type")).toContain(PROBLEM);

      const field = await send(method, path, user, '{"force":true}');
      expect(field.status).toBe(422);
      expect((await field.json()).errors).toEqual([{ field: "force", message: "Unknown field" }]);

      const array = await send(method, path, user, "[1,2]");
      expect(array.status).toBe(422);
      expect((await array.json()).errors[0]).toMatchObject({
        field: "(body)",
        message: "This request takes no body: send none, or {}",
      });
      // Nothing was done: the session is alive (logout, account deletion, end-all would end it).
      expect(await validateSessionToken(user.token)).not.toBeNull();
    },
  );

  test("end-all with a malformed body ends nobody's session; with none or {} it ends the others'", async () => {
    const admin = await createTestUser({ role: "admin" });
    const other = await createTestUser();
    expect((await send("POST", "/api/admin/sessions/end-all", admin, "{bad")).status).toBe(400);
    expect(await validateSessionToken(other.token)).not.toBeNull();
    const ended = await send("POST", "/api/admin/sessions/end-all", admin, "{}");
    expect(ended.status).toBe(200);
    expect(await validateSessionToken(other.token)).toBeNull();
    const again = await createTestUser();
    expect(
      (await request("/api/admin/sessions/end-all", { method: "POST", cookie: admin.cookie })).status,
    ).toBe(200);
    expect(await validateSessionToken(again.token)).toBeNull();
  });

  test("pause and resume take none or {}; sign-out and removing a watchlist game take {}", async () => {
    const admin = await createTestUser({ role: "admin" });
    const base = "/api/workflows/comprehensive-health-monitoring";
    const paused = await send("POST", `${base}/pause`, admin, "{}");
    expect(paused.status).toBe(200);
    expect((await paused.json()).active).toBe(false);
    const resumed = await request(`${base}/resume`, { method: "POST", cookie: admin.cookie });
    expect(resumed.status).toBe(200);
    expect((await resumed.json()).active).toBe(true);

    const user = await createTestUser();
    const { ids } = await upsertGames([{ name: "Body Test Game" }], "test");
    expect(
      (await request("/api/user/games", { method: "POST", cookie: user.cookie, json: { gameId: ids[0] } }))
        .status,
    ).toBe(201);
    expect((await send("DELETE", `/api/user/watchlist/${ids[0]}`, user, "{}")).status).toBe(204);
    expect(await (await request("/api/user/games", { cookie: user.cookie })).json()).toEqual([]);
    expect((await send("POST", "/api/auth/logout", user, " {} ")).status).toBe(204);
    expect(await validateSessionToken(user.token)).toBeNull();
  });
});

describe("unknown fields are 422 naming the field", () => {
  test("sign-up: a misspelt name is named, and no account is made", async () => {
    const email = `typo-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await request("/api/auth/signup", {
      method: "POST",
      json: { email, password: "a-long-enough-password", first_name: "Ann" },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([{ field: "first_name", message: "Unknown field" }]);
    const retry = await request("/api/auth/signup", {
      method: "POST",
      json: { email, password: "a-long-enough-password", firstName: "Ann" },
    });
    expect(retry.status).toBe(201);
    expect((await retry.json()).user.firstName).toBe("Ann");
  });

  test("login", async () => {
    const res = await request("/api/auth/login", {
      method: "POST",
      json: { email: "someone@example.com", password: "password123", remember: true },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([{ field: "remember", message: "Unknown field" }]);
  });

  test("reports and watchlist add", async () => {
    const user = await createTestUser();
    const report = await request("/api/analytics/reports", {
      method: "POST",
      cookie: user.cookie,
      json: { reportType: "genre_trends", bogus: 1 },
    });
    expect(report.status).toBe(422);
    expect((await report.json()).errors).toEqual([{ field: "bogus", message: "Unknown field" }]);
    expect(await (await request("/api/analytics/reports", { cookie: user.cookie })).json()).toEqual([]);

    const { ids } = await upsertGames([{ name: "Strict Body Game" }], "test");
    const add = await request("/api/user/games", {
      method: "POST",
      cookie: user.cookie,
      json: { gameId: ids[0], bogus: 1 },
    });
    expect(add.status).toBe(422);
    expect((await add.json()).errors).toEqual([{ field: "bogus", message: "Unknown field" }]);
    expect(await (await request("/api/user/games", { cookie: user.cookie })).json()).toEqual([]);
    // What the screens send is accepted.
    const screen = await request("/api/user/games", {
      method: "POST",
      cookie: user.cookie,
      json: { gameId: ids[0], gameName: "Strict Body Game", imageUrl: null, isWatchlisted: true },
    });
    expect(screen.status).toBe(201);
  });

  test("role change: {role, tier} both, only the pairs; an extra field or a missing tier is 422", async () => {
    const admin = await createTestUser({ role: "admin" });
    const target = await createTestUser();
    const put = (json: unknown) =>
      request(`/api/admin/users/${target.user.id}/role`, { method: "PUT", cookie: admin.cookie, json });
    const extra = await put({ role: "premium", tier: "professional", x: 1 });
    expect(extra.status).toBe(422);
    expect((await extra.json()).errors).toEqual([{ field: "x", message: "Unknown field" }]);
    const noTier = await put({ role: "premium" });
    expect(noTier.status).toBe(422);
    expect((await noTier.json()).errors).toEqual([{ field: "tier", message: "Required" }]);
    expect(await (await request("/api/auth/user", { cookie: target.cookie })).json()).toMatchObject({
      role: "regular",
      subscriptionTier: "starter",
    });
    expect((await put({ role: "premium", tier: "professional" })).status).toBe(200);
  });
});
