import { spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { AdminStatsSchema } from "../../src/contracts/admin.ts";
import {
  ADMIN_BY_EMAIL_DELETE_DETAIL,
  ADMIN_DELETE_BY_OPERATOR_DETAIL,
  ADMIN_RESET_BY_OPERATOR_DETAIL,
  ADMIN_ROLE_BY_OPERATOR_DETAIL,
} from "../../src/contracts/roles.ts";
import { PublicUserSchema } from "../../src/contracts/user.ts";
import { markCatalogChanged } from "../../src/server/catalog/changes.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { db } from "../../src/server/db/client.ts";
import { auditLog, games, sessions, sourceSyncs, users } from "../../src/server/db/schema/index.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { recordSyncRun } from "../../src/server/sync/state.ts";
import { workflowById } from "../../src/server/workflows/definitions.ts";
import { createTestUser, request } from "../helpers/api.ts";

async function setRole(cookie: string, id: string, json: unknown) {
  return request(`/api/admin/users/${id}/role`, { method: "PUT", cookie, json });
}

/** Runs `body` with these addresses in ADMIN_EMAILS (the operators), then without. */
async function withAdminEmails(emails: string, body: () => Promise<void>) {
  process.env.ADMIN_EMAILS = emails;
  resetEnvForTests();
  try {
    await body();
  } finally {
    delete process.env.ADMIN_EMAILS;
    resetEnvForTests();
  }
}

/** Each test starts with no users, so counts and "last admin" are exact. */
beforeEach(async () => {
  await db().delete(users);
  await db().delete(games);
  // Rows removed behind the catalog services' back: tell its caches.
  markCatalogChanged();
  await db().delete(auditLog);
});

describe("GET /api/admin/users", () => {
  test("lists every user with the spec §3 fields, newest first, never a password hash", async () => {
    const admin = await createTestUser({ role: "admin", firstName: "Root" });
    const older = await createTestUser({ firstName: "Old" });
    const newer = await createTestUser({ role: "premium", firstName: "New" });
    await db()
      .update(users)
      .set({ createdAt: new Date("2025-01-01T00:00:00Z") })
      .where(eq(users.id, older.user.id));
    await db()
      .update(users)
      .set({ createdAt: new Date("2026-06-01T00:00:00Z") })
      .where(eq(users.id, admin.user.id));
    await db()
      .update(users)
      .set({ createdAt: new Date("2026-09-01T00:00:00Z") })
      .where(eq(users.id, newer.user.id));

    const res = await request("/api/admin/users", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((u: { firstName: string }) => u.firstName)).toEqual(["New", "Root", "Old"]);
    for (const u of list) {
      expect(PublicUserSchema.strict().safeParse(u).success).toBe(true);
    }
    expect(list[0]).toMatchObject({
      role: "premium",
      subscriptionTier: "professional",
      createdAt: "2026-09-01T00:00:00.000Z",
    });
  });
});

describe("GET /api/admin/stats", () => {
  test("counts users, games, and the games trending from their player series", async () => {
    const admin = await createTestUser({ role: "admin" });
    await createTestUser();
    await createTestUser();
    const { ids } = await upsertGames(
      [{ name: "Dota 2" }, { name: "Counter-Strike 2" }, { name: "Tetris Effect" }, { name: "Loop Hero" }],
      "test",
    );
    const month = (m: number) => new Date(Date.UTC(2026, m, 1));
    await recordMetrics([
      // Dota 2 grows, Counter-Strike 2 shrinks; the other two have no series.
      { gameId: ids[0]!, metric: "players", ts: month(8), value: 500_000, period: "month", source: "test" },
      { gameId: ids[0]!, metric: "players", ts: month(9), value: 612_000, period: "month", source: "test" },
      { gameId: ids[1]!, metric: "players", ts: month(8), value: 1_400_000, period: "month", source: "test" },
      { gameId: ids[1]!, metric: "players", ts: month(9), value: 1_280_000, period: "month", source: "test" },
    ]);

    const res = await request("/api/admin/stats", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const stats = await res.json();
    expect(AdminStatsSchema.strict().safeParse(stats).success).toBe(true);
    expect(stats).toMatchObject({ totalUsers: 3, totalGames: 4, trendingGames: 1 });
  });

  test("beyond the three counts: users by role, sign-ups by age, live sessions, watchlists, reports, system", async () => {
    const admin = await createTestUser({ role: "admin" });
    const premium = await createTestUser({ role: "premium" });
    const old = await createTestUser();
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 20 * 24 * 60 * 60 * 1000) })
      .where(eq(users.id, old.user.id));
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 90 * 24 * 60 * 60 * 1000) })
      .where(eq(users.id, admin.user.id));
    // One of the premium user's two sessions has expired.
    await db()
      .insert(sessions)
      .values({
        id: "expired-session-hash",
        userId: premium.user.id,
        expiresAt: new Date(Date.now() - 1000),
      });
    const { ids } = await upsertGames([{ name: "Dota 2" }], "test");
    await request("/api/user/games", { method: "POST", cookie: premium.cookie, json: { gameId: ids[0] } });

    const stats = await (await request("/api/admin/stats", { cookie: admin.cookie })).json();
    expect(stats.usersByRole).toEqual({ regular: 1, premium: 1, admin: 1 });
    expect(stats.newUsersLast7Days).toBe(1);
    expect(stats.newUsersLast30Days).toBe(2);
    expect(stats.activeSessions).toBe(3);
    expect(stats.watchlistEntries).toBe(1);
    expect(stats.reportsGenerated).toBe(0);
    expect(stats.system.status).toBe("ok");
    expect(stats.system.rssBytes).toBeGreaterThan(0);
    expect(stats.system.dbLatencyMs).toBeGreaterThanOrEqual(0);
    expect(stats.system.connections).toBe(0);
  });

  // Review r20-b #6: System Health said "Healthy" from the database alone while the health workflow
  // failed on the live sources. The stats carry the live sources as that workflow checks them.
  test("the system figures carry the live sources' failures, as the health workflow checks them", async () => {
    const admin = await createTestUser({ role: "admin" });
    await db().delete(sourceSyncs);
    const before = await (await request("/api/admin/stats", { cookie: admin.cookie })).json();
    expect(before.system.liveSources).toEqual({ synced: 0, failing: [] });

    const at = new Date("2026-11-27T05:40:00Z");
    await recordSyncRun(
      "steamspy",
      { status: "error", records: 0, message: "steamspy: unreachable", durationMs: 5 },
      at,
    );
    await recordSyncRun(
      "gog",
      { status: "error", records: 0, message: "gog: unreachable", durationMs: 5 },
      at,
    );
    await recordSyncRun("github", { status: "ok", records: 12, message: null, durationMs: 5 }, at);
    const stats = await (await request("/api/admin/stats", { cookie: admin.cookie })).json();
    expect(AdminStatsSchema.parse(stats).system.liveSources.synced).toBe(3);
    expect(
      [...stats.system.liveSources.failing].sort((a: { source: string }, b: { source: string }) =>
        a.source.localeCompare(b.source),
      ),
    ).toEqual([
      { source: "gog", message: "gog: unreachable", lastSyncAt: at.toISOString() },
      { source: "steamspy", message: "steamspy: unreachable", lastSyncAt: at.toISOString() },
    ]);
    // The database alone is still "ok": the status is the database's, the failures are listed beside it.
    expect(stats.system.status).toBe("ok");

    // The health workflow fails on the same sources.
    const step = workflowById("comprehensive-health-monitoring")!.steps.find(
      (s) => s.name === "Check the live sources",
    )!;
    await expect(step.run({})).rejects.toThrow(/steamspy \(steamspy: unreachable\)/);
    await expect(step.run({})).rejects.toThrow(/gog \(gog: unreachable\)/);
    await db().delete(sourceSyncs);
  });

  test("an empty catalog counts zero games", async () => {
    const admin = await createTestUser({ role: "admin" });
    expect(await (await request("/api/admin/stats", { cookie: admin.cookie })).json()).toMatchObject({
      totalUsers: 1,
      totalGames: 0,
      trendingGames: 0,
    });
  });
});

describe("PUT /api/admin/users/:id/role", () => {
  test.each([
    ["premium", "professional"],
    ["admin", "enterprise"],
    ["regular", "starter"],
  ])("sets %s/%s, answers the updated user, and the change is in the audit log", async (role, tier) => {
    const admin = await createTestUser({ role: "admin" });
    const target = await createTestUser({ role: role === "regular" ? "premium" : "regular" });
    // Only an operator makes an admin (review r26/a #1); any admin moves members between the others.
    let res!: Response;
    await withAdminEmails(role === "admin" ? admin.user.email : "", async () => {
      res = await setRole(admin.cookie, target.user.id, { role, tier });
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: target.user.id, role, subscriptionTier: tier });

    // The change takes effect for the target's own session at once.
    expect(await (await request("/api/auth/user", { cookie: target.cookie })).json()).toMatchObject({ role });

    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, target.user.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      action: "user.role_changed",
      detail: {
        from: { role: target.user.role, tier: target.user.subscriptionTier },
        to: { role, tier },
        via: "api",
      },
    });
  });

  test.each([
    [{ role: "admin", tier: "starter" }, "tier"],
    [{ role: "regular", tier: "enterprise" }, "tier"],
    [{ role: "premium", tier: "starter" }, "tier"],
    [{ role: "owner", tier: "enterprise" }, "role"],
    [{ role: "premium", tier: "gold" }, "tier"],
    [{}, "role"],
  ])("422 for %j (names %s) and nothing changes", async (body, field) => {
    const admin = await createTestUser({ role: "admin" });
    const target = await createTestUser();
    const res = await setRole(admin.cookie, target.user.id, body);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.map((e: { field: string }) => e.field)).toContain(field);
    const [row] = await db().select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ role: "regular", subscriptionTier: "starter" });
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });

  test.each([
    ["regular", "starter"],
    ["premium", "professional"],
    ["admin", "enterprise"],
  ] as const)("role %s alone is 422: the tier (%s) is required with it (ADR 023)", async (role, _tier) => {
    const admin = await createTestUser({ role: "admin" });
    const target = await createTestUser({ role: role === "regular" ? "premium" : "regular" });
    const res = await setRole(admin.cookie, target.user.id, { role });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([
      expect.objectContaining({ field: "tier", message: "Required" }),
    ]);
    const [row] = await db().select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ role: target.user.role, subscriptionTier: target.user.subscriptionTier });
  });

  test("a tier without a role says the role is required; an unknown role names the choices", async () => {
    const admin = await createTestUser({ role: "admin" });
    const target = await createTestUser();
    const missing = await setRole(admin.cookie, target.user.id, { tier: "enterprise" });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual([
      expect.objectContaining({ field: "role", message: "Required" }),
    ]);
    const unknown = await setRole(admin.cookie, target.user.id, { role: "owner" });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors[0]).toMatchObject({
      field: "role",
      message: "One of regular, premium, admin",
    });
  });

  test("an unknown user is 404", async () => {
    const admin = await createTestUser({ role: "admin" });
    const res = await setRole(admin.cookie, "no-such-user", { role: "premium", tier: "professional" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect((await res.json()).errors).toEqual([{ field: "id", message: "No user with this id" }]);
  });

  test("the last admin cannot be demoted, not even by themself; with two admins one can go", async () => {
    const admin = await createTestUser({ role: "admin" });
    const res = await setRole(admin.cookie, admin.user.id, { role: "regular", tier: "starter" });
    expect(res.status).toBe(409);
    expect((await res.json()).detail).toMatch(/last admin/i);
    expect((await db().select().from(users).where(eq(users.id, admin.user.id)))[0]!.role).toBe("admin");

    const second = await createTestUser({ role: "admin" });
    expect(
      (await setRole(second.cookie, second.user.id, { role: "premium", tier: "professional" })).status,
    ).toBe(200);
    // Now `admin` is the last one again.
    expect(
      (await setRole(admin.cookie, admin.user.id, { role: "premium", tier: "professional" })).status,
    ).toBe(409);
  });

  test("setting the role a user already has changes nothing and writes no audit entry", async () => {
    const admin = await createTestUser({ role: "admin" });
    const target = await createTestUser({ role: "premium" });
    const res = await setRole(admin.cookie, target.user.id, { role: "premium", tier: "professional" });
    expect(res.status).toBe(200);
    expect(await db().select().from(auditLog)).toHaveLength(0);
  });
});

describe("an ADMIN_EMAILS account", () => {
  test("cannot be demoted: 409 problem JSON naming the setting, the role unchanged; the list marks it", async () => {
    const admin = await createTestUser({ role: "admin" });
    const boss = await createTestUser({ role: "admin", email: "boss@studio.example" });
    await withAdminEmails("Boss@Studio.example", async () => {
      for (const [role, tier] of [
        ["regular", "starter"],
        ["premium", "professional"],
      ]) {
        const res = await setRole(admin.cookie, boss.user.id, { role, tier });
        expect(res.status).toBe(409);
        expect(res.headers.get("content-type")).toContain("application/problem+json");
        const body = await res.json();
        expect(body.detail).toContain("ADMIN_EMAILS");
        expect(body.detail).toMatch(/remove it there first/);
        expect(body.errors).toEqual([{ field: "role", message: body.detail }]);
      }
      const [row] = await db().select().from(users).where(eq(users.id, boss.user.id));
      expect(row).toMatchObject({ role: "admin", subscriptionTier: "enterprise" });
      const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, boss.user.id));
      expect(audit).toHaveLength(0);

      const list = await (await request("/api/admin/users", { cookie: admin.cookie })).json();
      const listed = (id: string) => list.find((u: { id: string }) => u.id === id);
      expect(listed(boss.user.id).adminByEmail).toBe(true);
      expect(listed(admin.user.id)).not.toHaveProperty("adminByEmail");
    });
    // Once removed from the setting, an operator's same change goes through.
    await withAdminEmails(admin.user.email, async () => {
      const res = await setRole(admin.cookie, boss.user.id, { role: "regular", tier: "starter" });
      expect(res.status).toBe(200);
    });
  });
});

// Review r26/a #1: only operators reset an admin's password (r25 #9), but any admin could demote the
// other admin, reset the password as a member's and promote the account back: three requests.
describe("only an operator changes an admin's role or makes an admin", () => {
  const reset = (cookie: string, id: string) =>
    request(`/api/admin/users/${id}/password`, { method: "POST", cookie });
  const roleOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  async function expectRefused(res: Response, detail: string) {
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({
      status: 403,
      detail,
      errors: [{ field: "role", message: detail }],
    });
  }

  test("an admin not in ADMIN_EMAILS cannot demote another admin: 403 naming role, nothing changes, the reset stays refused", async () => {
    const admin = await createTestUser({ role: "admin" });
    const other = await createTestUser({ role: "admin" });
    for (const [role, tier] of [
      ["regular", "starter"],
      ["premium", "professional"],
    ]) {
      await expectRefused(
        await setRole(admin.cookie, other.user.id, { role, tier }),
        ADMIN_ROLE_BY_OPERATOR_DETAIL,
      );
    }
    expect(await roleOf(other.user.id)).toMatchObject({ role: "admin", subscriptionTier: "enterprise" });
    expect(await db().select().from(auditLog)).toHaveLength(0);
    // The takeover's second step is still refused: the account is still an admin's.
    const res = await reset(admin.cookie, other.user.id);
    expect(res.status).toBe(403);
    expect((await res.json()).detail).toBe(ADMIN_RESET_BY_OPERATOR_DETAIL);
    // The other admin is still signed in as an admin.
    expect(await (await request("/api/auth/user", { cookie: other.cookie })).json()).toMatchObject({
      role: "admin",
    });
  });

  // Spec §6: admins change users' roles; making a member admin hands nobody's account over, and the
  // new admin's password is then an operator's to reset, their role an operator's to change.
  test("any admin makes a member admin (spec §6), whose role and password are then an operator's", async () => {
    const admin = await createTestUser({ role: "admin" });
    const member = await createTestUser();
    const res = await setRole(admin.cookie, member.user.id, { role: "admin", tier: "enterprise" });
    expect(res.status).toBe(200);
    expect((await roleOf(member.user.id)).role).toBe("admin");
    await expectRefused(
      await setRole(admin.cookie, member.user.id, { role: "regular", tier: "starter" }),
      ADMIN_ROLE_BY_OPERATOR_DETAIL,
    );
  });

  test("any admin moves members between Regular and Premium and steps down themself", async () => {
    const admin = await createTestUser({ role: "admin" });
    const second = await createTestUser({ role: "admin" });
    const member = await createTestUser();
    expect(
      (await setRole(admin.cookie, member.user.id, { role: "premium", tier: "professional" })).status,
    ).toBe(200);
    expect((await setRole(admin.cookie, member.user.id, { role: "regular", tier: "starter" })).status).toBe(
      200,
    );
    expect((await setRole(second.cookie, second.user.id, { role: "regular", tier: "starter" })).status).toBe(
      200,
    );
    expect((await roleOf(second.user.id)).role).toBe("regular");
  });

  test("an operator (an admin named in ADMIN_EMAILS) demotes another admin and makes a member admin, audited", async () => {
    const operator = await createTestUser({ role: "admin" });
    const other = await createTestUser({ role: "admin" });
    const member = await createTestUser({ role: "premium" });
    await withAdminEmails(operator.user.email, async () => {
      expect(
        (await setRole(operator.cookie, other.user.id, { role: "regular", tier: "starter" })).status,
      ).toBe(200);
      expect(
        (await setRole(operator.cookie, member.user.id, { role: "admin", tier: "enterprise" })).status,
      ).toBe(200);
    });
    expect(await roleOf(other.user.id)).toMatchObject({ role: "regular", subscriptionTier: "starter" });
    expect(await roleOf(member.user.id)).toMatchObject({ role: "admin", subscriptionTier: "enterprise" });
    const audit = await db().select().from(auditLog);
    expect(audit.map((a) => [a.actorId, a.action, a.targetId])).toEqual(
      expect.arrayContaining([
        [operator.user.id, "user.role_changed", other.user.id],
        [operator.user.id, "user.role_changed", member.user.id],
      ]),
    );
  });
});

// Review r31/c #2: an admin removes another user's account (a departed employee), audited.
describe("DELETE /api/admin/users/:id", () => {
  const remove = (cookie: string | undefined, id: string) =>
    request(`/api/admin/users/${id}`, { method: "DELETE", ...(cookie ? { cookie } : {}) });
  const exists = async (id: string) => (await db().select().from(users).where(eq(users.id, id))).length === 1;

  test("an admin deletes a member: 204, the account and its sessions gone, audited naming who and whom", async () => {
    const admin = await createTestUser({ role: "admin" });
    const member = await createTestUser({ role: "premium", firstName: "Dee", lastName: "Parted" });
    const res = await remove(admin.cookie, member.user.id);
    expect(res.status).toBe(204);
    expect(await exists(member.user.id)).toBe(false);
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(0);
    // The member's session is signed out at once; the admin's is untouched.
    expect((await request("/api/auth/user", { cookie: member.cookie })).status).toBe(401);
    expect((await request("/api/auth/user", { cookie: admin.cookie })).status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();

    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "user.deleted"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      targetId: member.user.id,
      detail: {
        role: "premium",
        self: false,
        email: member.user.email,
        name: "Dee Parted",
      },
    });
    // The list and the counts no longer have it.
    const list = await (await request("/api/admin/users", { cookie: admin.cookie })).json();
    expect(list.map((u: { id: string }) => u.id)).toEqual([admin.user.id]);
    expect((await (await request("/api/admin/stats", { cookie: admin.cookie })).json()).totalUsers).toBe(1);
    // Gone: a second delete is 404.
    expect((await remove(admin.cookie, member.user.id)).status).toBe(404);
  });

  test("a regular or premium user is 403, a signed-out request 401; nothing is deleted", async () => {
    const target = await createTestUser();
    for (const role of ["regular", "premium"] as const) {
      const caller = await createTestUser({ role });
      const res = await remove(caller.cookie, target.user.id);
      expect(res.status).toBe(403);
      expect((await res.json()).detail).toBe("Admin access required");
    }
    const res = await remove(undefined, target.user.id);
    expect(res.status).toBe(401);
    expect(await exists(target.user.id)).toBe(true);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "user.deleted"))).toHaveLength(0);
  });

  test("an unknown id is 404 naming the id", async () => {
    const admin = await createTestUser({ role: "admin" });
    const res = await remove(admin.cookie, "no-such-user");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({
      detail: "No user with this id",
      errors: [{ field: "id", message: "No user with this id" }],
    });
  });

  test("an admin deleting their own account here is their own Delete Account: the last admin is refused (409), with two one goes", async () => {
    const admin = await createTestUser({ role: "admin" });
    const res = await remove(admin.cookie, admin.user.id);
    expect(res.status).toBe(409);
    expect((await res.json()).detail).toBe(
      "The last admin cannot be deleted. Make another user admin first.",
    );
    expect(await exists(admin.user.id)).toBe(true);

    await createTestUser({ role: "admin" });
    const ok = await remove(admin.cookie, admin.user.id);
    expect(ok.status).toBe(204);
    // As DELETE /api/user: the cookie is cleared, the session gone.
    expect(ok.headers.get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await exists(admin.user.id)).toBe(false);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "user.deleted"));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetId: admin.user.id, detail: { self: true } });
  });

  test("another admin's account only an operator deletes (403 otherwise); an ADMIN_EMAILS account nobody here (409)", async () => {
    const plain = await createTestUser({ role: "admin" });
    const other = await createTestUser({ role: "admin" });
    const refused = await remove(plain.cookie, other.user.id);
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe(ADMIN_DELETE_BY_OPERATOR_DETAIL);
    expect(await exists(other.user.id)).toBe(true);

    const owner = await createTestUser({ role: "admin", email: "owner@studio.example" });
    await withAdminEmails("owner@studio.example", async () => {
      const res = await remove(plain.cookie, owner.user.id);
      expect(res.status).toBe(409);
      expect((await res.json()).detail).toBe(ADMIN_BY_EMAIL_DELETE_DETAIL);
      expect(await exists(owner.user.id)).toBe(true);
      // The operator deletes the other admin.
      expect((await remove(owner.cookie, other.user.id)).status).toBe(204);
    });
    expect(await exists(other.user.id)).toBe(false);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "user.deleted"));
    expect(audit.map((a) => [a.actorId, a.targetId])).toEqual([[owner.user.id, other.user.id]]);
  });

  test("a body is refused and deletes nothing; the same request without one deletes", async () => {
    const admin = await createTestUser({ role: "admin" });
    const target = await createTestUser();
    const withBody = await request(`/api/admin/users/${target.user.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
      json: { really: true },
    });
    expect(withBody.status).toBeGreaterThanOrEqual(400);
    expect(withBody.status).toBeLessThan(500);
    expect(withBody.status).not.toBe(404);
    expect(await exists(target.user.id)).toBe(true);
    expect((await remove(admin.cookie, target.user.id)).status).toBe(204);
  });
});

describe("bun run user:role", () => {
  function run(...args: string[]) {
    const result = spawnSync("bun", ["scripts/user-role.ts", ...args], {
      env: { ...process.env, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    return { code: result.status, out: result.stdout + result.stderr };
  }

  test("sets the role and its tier from the shell, by email in any case", async () => {
    const target = await createTestUser({ email: "lead@studio.example" });
    const { code, out } = run("LEAD@studio.example", "admin");
    expect(out).toContain("lead@studio.example: regular/starter → admin/enterprise");
    expect(code).toBe(0);
    const [row] = await db().select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ role: "admin", subscriptionTier: "enterprise" });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, target.user.id));
    expect(audit[0]).toMatchObject({ actorId: null, action: "user.role_changed", detail: { via: "shell" } });
  });

  test("an unknown email, an unknown role, or missing arguments exit 1 with a clear message", async () => {
    const unknownEmail = run("ghost@studio.example", "premium");
    expect(unknownEmail.code).toBe(1);
    expect(unknownEmail.out).toContain("No user with the email ghost@studio.example");

    await createTestUser({ email: "dev@studio.example" });
    const badRole = run("dev@studio.example", "superuser");
    expect(badRole.code).toBe(1);
    expect(badRole.out).toContain('Unknown role "superuser"');

    const usage = run();
    expect(usage.code).toBe(1);
    expect(usage.out).toContain("Usage: bun run user:role <email> <regular|premium|admin>");
  });

  test("refuses to demote an ADMIN_EMAILS account, saying why", async () => {
    await createTestUser({ role: "admin", email: "root@studio.example" });
    await createTestUser({ role: "admin", email: "second@studio.example" });
    const result = spawnSync("bun", ["scripts/user-role.ts", "root@studio.example", "regular"], {
      env: { ...process.env, LOG_LEVEL: "silent", ADMIN_EMAILS: "root@studio.example" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toMatch(/ADMIN_EMAILS setting: remove it there first/);
    const [row] = await db().select().from(users).where(eq(users.email, "root@studio.example"));
    expect(row?.role).toBe("admin");
  });

  test("refuses to demote the last admin", async () => {
    await createTestUser({ role: "admin", email: "only-admin@studio.example" });
    const { code, out } = run("only-admin@studio.example", "regular");
    expect(code).toBe(1);
    expect(out).toMatch(/last admin/i);
  });
});
