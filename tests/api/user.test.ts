import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { daysActive } from "../../src/server/accounts/stats.ts";
import { db, rawClient } from "../../src/server/db/client.ts";
import {
  auditLog,
  games,
  oauthAccounts,
  reports,
  sessions,
  userGames,
  userSettings,
  users,
} from "../../src/server/db/schema/index.ts";
import { createTestUser, request } from "../helpers/api.ts";

const DAY = 24 * 60 * 60 * 1000;

async function addGame(name: string) {
  const id = crypto.randomUUID();
  await db()
    .insert(games)
    .values({
      id,
      slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${id.slice(0, 6)}`,
      name,
      normalizedName: name.toLowerCase(),
    });
  return id;
}

async function track(userId: string, gameId: string) {
  await db().insert(userGames).values({ id: crypto.randomUUID(), userId, gameId });
}

async function addReport(userId: string, reportType: string) {
  await db()
    .insert(reports)
    .values({ id: crypto.randomUUID(), userId, reportType, data: { rows: [] } });
}

describe("GET /api/user/stats", () => {
  test("a new account: nothing tracked, no reports, day 1", async () => {
    const { cookie } = await createTestUser();
    const res = await request("/api/user/stats", { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ trackedGames: 0, reportsGenerated: 0, daysActive: 1 });
  });

  test("counts only this user's tracked games and reports, and days since sign-up", async () => {
    const me = await createTestUser();
    const other = await createTestUser();
    const [a, b, c] = [await addGame("Hades"), await addGame("Celeste"), await addGame("Portal 2")];
    await track(me.user.id, a);
    await track(me.user.id, b);
    await track(other.user.id, c);
    await addReport(me.user.id, "market_analysis");
    await addReport(other.user.id, "market_analysis");
    await addReport(other.user.id, "player_trends");
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 9.5 * DAY) })
      .where(eq(users.id, me.user.id));

    const res = await request("/api/user/stats", { cookie: me.cookie });
    expect(await res.json()).toEqual({ trackedGames: 2, reportsGenerated: 1, daysActive: 10 });
  });

  test("daysActive counts whole days, the first day as 1", () => {
    const created = new Date("2026-01-01T10:00:00Z");
    expect(daysActive(created, new Date("2026-01-01T23:59:00Z"))).toBe(1);
    expect(daysActive(created, new Date("2026-01-02T09:59:00Z"))).toBe(1);
    expect(daysActive(created, new Date("2026-01-02T10:00:00Z"))).toBe(2);
    expect(daysActive(created, new Date("2026-01-31T10:00:00Z"))).toBe(31);
  });
});

describe("DELETE /api/user", () => {
  // Report r15-b #1: removing the watchlist game "..", which every client resolves to the parent
  // address, reached "DELETE /api/user/" and, with trailing slashes tolerated, deleted the account.
  test("a write to an address ending in \"/\" (a '..' or empty segment) is 404, and deletes nothing", async () => {
    const me = await createTestUser({ firstName: "Staying" });
    for (const path of ["/api/user/watchlist/%2e%2e", "/api/user/watchlist/..", "/api/user/"]) {
      const res = await request(path, { method: "DELETE", cookie: me.cookie });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
    expect(
      (await request("/api/user/settings", { method: "PATCH", cookie: me.cookie, json: {} })).status,
    ).not.toBe(404);
    const still = await request("/api/auth/user", { cookie: me.cookie });
    expect(still.status).toBe(200);
    expect((await still.json()).firstName).toBe("Staying");
    // Reads keep the tolerance of a trailing slash.
    expect((await request("/api/health/")).status).toBe(200);
  });

  test("foreign keys are enforced on the connection (the cascade depends on it)", async () => {
    const result = await rawClient().execute("PRAGMA foreign_keys");
    expect(Number(Object.values(result.rows[0]!)[0])).toBe(1);
  });

  test("deletes the account and all its rows, keeps other users', clears the cookie, writes an audit entry", async () => {
    const me = await createTestUser({ firstName: "Leaving" });
    const other = await createTestUser();
    const game = await addGame("Stardew Valley");
    await track(me.user.id, game);
    await track(other.user.id, game);
    await addReport(me.user.id, "market_analysis");
    await addReport(other.user.id, "market_analysis");
    await db().insert(oauthAccounts).values({ provider: "github", providerUserId: "42", userId: me.user.id });
    const patched = await request("/api/user/settings", {
      method: "PATCH",
      cookie: me.cookie,
      json: { preferences: { theme: "light" } },
    });
    expect(patched.status).toBe(200);

    const res = await request("/api/user", { method: "DELETE", cookie: me.cookie });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toMatch(/session=;/);

    const id = me.user.id;
    expect(await db().select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await db().select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect(await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, id))).toHaveLength(0);
    expect(await db().select().from(userSettings).where(eq(userSettings.userId, id))).toHaveLength(0);
    expect(await db().select().from(userGames).where(eq(userGames.userId, id))).toHaveLength(0);
    expect(await db().select().from(reports).where(eq(reports.userId, id))).toHaveLength(0);

    // Other people's rows and the game itself stay.
    expect(await db().select().from(userGames).where(eq(userGames.userId, other.user.id))).toHaveLength(1);
    expect(await db().select().from(reports).where(eq(reports.userId, other.user.id))).toHaveLength(1);
    expect(await db().select().from(games).where(eq(games.id, game))).toHaveLength(1);

    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toMatchObject([{ action: "user.deleted", actorId: id }]);

    // The old cookie is dead, and the account cannot be deleted twice.
    expect((await request("/api/auth/user", { cookie: me.cookie })).status).toBe(401);
    expect((await request("/api/user", { method: "DELETE", cookie: me.cookie })).status).toBe(401);
  });

  test("a deleted password account can sign up again as new", async () => {
    const email = `again-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const signup = await request("/api/auth/signup", {
      method: "POST",
      json: { email, password: "password one" },
    });
    const cookie = signup.headers.get("set-cookie")!.split(";")[0]!;
    expect((await request("/api/user", { method: "DELETE", cookie })).status).toBe(204);
    const login = await request("/api/auth/login", {
      method: "POST",
      json: { email, password: "password one" },
    });
    expect(login.status).toBe(401);
    const again = await request("/api/auth/signup", {
      method: "POST",
      json: { email, password: "password two" },
    });
    expect(again.status).toBe(201);
  });

  test("the last admin cannot delete their account", async () => {
    // Make sure this admin is the only one in this file's database.
    await db()
      .update(users)
      .set({ role: "regular", subscriptionTier: "starter" })
      .where(eq(users.role, "admin"));
    const admin = await createTestUser({ role: "admin" });
    const res = await request("/api/user", { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect((await res.json()).detail).toMatch(/last admin/i);
    expect(await db().select().from(users).where(eq(users.id, admin.user.id))).toHaveLength(1);

    const second = await createTestUser({ role: "admin" });
    expect((await request("/api/user", { method: "DELETE", cookie: admin.cookie })).status).toBe(204);
    expect((await request("/api/user", { method: "DELETE", cookie: second.cookie })).status).toBe(409);
  });

  // Review s9 #3: the check counted the admins, then the delete ran: two admins deleting their own
  // accounts at the same moment both counted two, both went, and no admin was left.
  test("the only two admins deleting their accounts at once: one goes, the other is the last admin and stays", async () => {
    await db()
      .update(users)
      .set({ role: "regular", subscriptionTier: "starter" })
      .where(eq(users.role, "admin"));
    const admins = [await createTestUser({ role: "admin" }), await createTestUser({ role: "admin" })];
    const before = (await db().select().from(auditLog).where(eq(auditLog.action, "user.deleted"))).length;
    const answers = await Promise.all(
      admins.map((a) => request("/api/user", { method: "DELETE", cookie: a.cookie })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([204, 409]);
    const kept = admins[answers.findIndex((r) => r.status === 409)]!;
    expect((await answers.find((r) => r.status === 409)!.json()).detail).toBe(
      "The last admin cannot be deleted. Make another user admin first.",
    );
    const left = await db().select().from(users).where(eq(users.role, "admin"));
    expect(left.map((u) => u.id)).toEqual([kept.user.id]);
    // The admin refused is still signed in, and one deletion is in the log.
    expect((await request("/api/auth/user", { cookie: kept.cookie })).status).toBe(200);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "user.deleted"))).toHaveLength(
      before + 1,
    );
  });
});
