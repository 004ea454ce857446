import { desc } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import type { AuditPage } from "../../src/contracts/audit.ts";
import { pruneAuditLog } from "../../src/server/accounts/audit.ts";
import { db, rawClient } from "../../src/server/db/client.ts";
import { auditLog } from "../../src/server/db/schema/index.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { defaultSettings } from "../../src/server/operations/settings.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Review r20-b #4: sign-ins were not audited, and the audit log could only be read with sqlite3.
 * Sign-ins (success and failure, with their method) are recorded; admins read the log at
 * `GET /api/admin/audit`.
 */
beforeEach(async () => {
  await db().delete(auditLog);
});

const PASSWORD = "a long enough password";

async function signUp(email: string) {
  const res = await request("/api/auth/signup", { method: "POST", json: { email, password: PASSWORD } });
  expect(res.status).toBe(201);
  return (await res.json()).user as { id: string };
}
const login = (email: string, password: string, ip = "198.51.100.7") =>
  request("/api/auth/login", {
    method: "POST",
    headers: { "X-Forwarded-For": ip },
    json: { email, password },
  });

async function entries() {
  return db().select().from(auditLog).orderBy(desc(auditLog.createdAt));
}

describe("sign-ins are audited", () => {
  test("a password sign-in, a wrong password and an unknown email, never with the password", async () => {
    const user = await signUp("dana@studio.example");
    await db().delete(auditLog);

    expect((await login("Dana@Studio.example", PASSWORD)).status).toBe(200);
    expect((await login("dana@studio.example", "not the password at all")).status).toBe(401);
    expect((await login("nobody@studio.example", "a guessed password 1")).status).toBe(401);

    const rows = await entries();
    expect(
      rows.map((r) => ({ action: r.action, actorId: r.actorId, targetId: r.targetId, detail: r.detail })),
    ).toEqual(
      expect.arrayContaining([
        {
          action: "auth.signed_in",
          actorId: user.id,
          targetId: user.id,
          detail: { method: "password", ip: "198.51.100.7" },
        },
        {
          action: "auth.sign_in_failed",
          actorId: null,
          targetId: user.id,
          detail: { method: "password", reason: "wrong password", ip: "198.51.100.7" },
        },
        {
          action: "auth.sign_in_failed",
          actorId: null,
          targetId: null,
          detail: { method: "password", reason: "no account with that email", ip: "198.51.100.7" },
        },
      ]),
    );
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    for (const secret of [
      PASSWORD,
      "not the password at all",
      "a guessed password 1",
      "nobody@studio.example",
    ]) {
      expect(stored).not.toContain(secret);
    }
  });
});

// Code review (tidy-auth-chat #2): a failed sign-in looked the email's account up twice, once to check
// the password and again for its audit entry.
describe("a failed password sign-in reads the account once", () => {
  const lookups = async (attempt: () => Promise<Response>) => {
    const client = rawClient();
    const execute = vi.spyOn(client, "execute");
    try {
      expect((await attempt()).status).toBe(401);
      return execute.mock.calls.filter(([stmt]: readonly unknown[]) => {
        const text = typeof stmt === "string" ? stmt : (stmt as { sql: string }).sql;
        return /from "users"/i.test(text) && /lower\("users"\."email"\)/i.test(text);
      }).length;
    } finally {
      execute.mockRestore();
    }
  };

  test("a wrong password and an unknown email: one lookup each, both still audited as before", async () => {
    const user = await signUp("once@studio.example");
    await db().delete(auditLog);
    expect(await lookups(() => login("once@studio.example", "not the password at all"))).toBe(1);
    expect(await lookups(() => login("nobody-once@studio.example", "a guessed password 2"))).toBe(1);
    const rows = await entries();
    expect(rows.map((r) => ({ targetId: r.targetId, detail: r.detail }))).toEqual(
      expect.arrayContaining([
        { targetId: user.id, detail: { method: "password", reason: "wrong password", ip: "198.51.100.7" } },
        {
          targetId: null,
          detail: { method: "password", reason: "no account with that email", ip: "198.51.100.7" },
        },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});

// Review r21/a #2: guesses on the password form and sign-ins refused by the limits were not in the log.
describe("refused attempts are audited, with the client's address", () => {
  test("a wrong current password on the password form is recorded against the account, with the address", async () => {
    const user = await signUp("guessed@studio.example");
    const signedIn = await login("guessed@studio.example", PASSWORD, "198.51.100.8");
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    await db().delete(auditLog);
    const res = await request("/api/auth/password", {
      method: "POST",
      cookie,
      headers: { "X-Forwarded-For": "198.51.100.9" },
      json: { currentPassword: "a wrong guess here", newPassword: "another password 2" },
    });
    expect(res.status).toBe(403);
    const rows = await entries();
    expect(
      rows.map((r) => ({ action: r.action, actorId: r.actorId, targetId: r.targetId, detail: r.detail })),
    ).toEqual([
      {
        action: "auth.password_change_failed",
        actorId: user.id,
        targetId: user.id,
        detail: { reason: "wrong current password", ip: "198.51.100.9" },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain("a wrong guess here");
  });

  test("sign-ins refused by the limits: one entry per refusing bucket and window, not one per attempt", async () => {
    const admin = await createTestUser({ role: "admin" });
    const limits = (json: Record<string, number>) =>
      request("/api/admin/settings/rate-limits", { method: "PUT", cookie: admin.cookie, json });
    expect(
      (await limits({ signInPerIp: 6, signInPerEmailAndIp: 2, signInPerEmail: 100, apiPerMinute: 0 })).status,
    ).toBe(200);
    try {
      const user = await signUp("target@studio.example");
      await db().delete(auditLog);
      // Two wrong guesses from one address fill the (address, email) bucket; three more are refused.
      for (let i = 0; i < 5; i++) await login("target@studio.example", `wrong guess ${i}`, "198.51.100.10");
      let rows = await entries();
      expect(rows.filter((r) => r.action === "auth.sign_in_failed")).toHaveLength(2);
      const limited = rows.filter((r) => r.action === "auth.sign_in_limited");
      expect(limited).toHaveLength(1);
      expect(limited[0]).toMatchObject({
        actorId: null,
        targetId: user.id,
        detail: {
          method: "password",
          reason: "too many attempts on this account from this address",
          ip: "198.51.100.10",
        },
      });
      expect((limited[0]!.detail as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);

      // Six attempts fill the address's own bucket: unknown emails are then refused, one entry in all,
      // without the typed addresses.
      for (let i = 0; i < 10; i++)
        await login(`nobody${i}@studio.example`, "a guessed password 1", "198.51.100.11");
      rows = await entries();
      const byAddress = rows.filter(
        (r) => r.action === "auth.sign_in_limited" && (r.detail as { ip: string }).ip === "198.51.100.11",
      );
      expect(byAddress).toHaveLength(1);
      expect(byAddress[0]).toMatchObject({
        targetId: null,
        detail: { reason: "too many attempts from this address" },
      });
      expect(JSON.stringify(rows)).not.toMatch(/nobody\d+@/);
    } finally {
      await limits({ ...defaultSettings().rateLimits });
    }
  });
});

describe("GET /api/admin/audit", () => {
  test("admins read the log newest first, with who, the action and its target, a page at a time", async () => {
    const admin = await createTestUser({ role: "admin", firstName: "Ada", lastName: "Admin" });
    const member = await createTestUser({ firstName: "Rob" });
    expect(
      (
        await request(`/api/admin/users/${member.user.id}/role`, {
          method: "PUT",
          cookie: admin.cookie,
          json: { role: "premium", tier: "professional" },
        })
      ).status,
    ).toBe(200);
    const security = await request("/api/admin/settings/security", {
      method: "PUT",
      cookie: admin.cookie,
      // A change (30 days is the default): a save of the value in force writes no entry (review r25 #9).
      json: { sessionLifetimeDays: 14 },
    });
    expect(security.status).toBe(200);
    expect((await login(member.user.email, "wrong password here")).status).toBe(401);

    const res = await request("/api/admin/audit", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as AuditPage;
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 3 });
    expect(page.entries.map((e) => e.action)).toEqual([
      "auth.sign_in_failed",
      "settings.changed",
      "user.role_changed",
    ]);
    const [failed, setting, role] = page.entries;
    expect(failed!.actor).toBeNull();
    expect(failed!.target).toEqual({ id: member.user.id, email: member.user.email, name: "Rob" });
    expect(setting!.actor).toEqual({ id: admin.user.id, email: admin.user.email, name: "Ada Admin" });
    expect(setting!.target).toBeNull();
    expect(setting!.targetText).toBe("security");
    expect(role!.target).toMatchObject({ id: member.user.id, name: "Rob" });
    expect(Date.parse(role!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    // One action only, and pages.
    const roles = (await (
      await request("/api/admin/audit?action=user.role_changed", { cookie: admin.cookie })
    ).json()) as AuditPage;
    expect(roles.total).toBe(1);
    expect(roles.entries.map((e) => e.action)).toEqual(["user.role_changed"]);
    const second = (await (
      await request("/api/admin/audit?page=2&pageSize=2", { cookie: admin.cookie })
    ).json()) as AuditPage;
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.entries.map((e) => e.action)).toEqual(["user.role_changed"]);
    await request("/api/admin/settings/security", {
      method: "PUT",
      cookie: admin.cookie,
      json: { sessionLifetimeDays: 30 },
    });
  });

  // Review r21/a #6: "Signed out their other sessions" showed a raw user id as its target.
  test("'Signed out their other sessions' names the account as its target", async () => {
    const admin = await createTestUser({ role: "admin" });
    const member = await createTestUser({ firstName: "Sam" });
    expect(
      (await request("/api/auth/sessions/end-others", { method: "POST", cookie: member.cookie })).status,
    ).toBe(200);
    const page = (await (
      await request("/api/admin/audit?action=sessions.ended_others", { cookie: admin.cookie })
    ).json()) as AuditPage;
    expect(page.entries[0]!.target).toEqual({ id: member.user.id, email: member.user.email, name: "Sam" });
    expect(page.entries[0]!.targetText).toBeNull();
  });

  test("a sign-up made admin by ADMIN_EMAILS is also 'Made admin by ADMIN_EMAILS'", async () => {
    const { resetEnvForTests } = await import("../../src/server/env.ts");
    process.env.ADMIN_EMAILS = "owner@studio.example";
    resetEnvForTests();
    try {
      const owner = await signUp("Owner@Studio.example");
      const plain = await signUp("plain@studio.example");
      const promoted = (await entries()).filter((r) => r.action === "user.promoted_by_admin_email");
      expect(promoted).toHaveLength(1);
      expect(promoted[0]).toMatchObject({
        actorId: null,
        targetId: owner.id,
        detail: { at: "signup", to: { role: "admin", tier: "enterprise" } },
      });
      expect(promoted[0]!.targetId).not.toBe(plain.id);
    } finally {
      delete process.env.ADMIN_EMAILS;
      resetEnvForTests();
    }
  });

  test("an account deleted since keeps its id, without an email", async () => {
    const admin = await createTestUser({ role: "admin" });
    const gone = await createTestUser();
    expect((await request("/api/user", { method: "DELETE", cookie: gone.cookie })).status).toBe(204);
    const page = (await (await request("/api/admin/audit", { cookie: admin.cookie })).json()) as AuditPage;
    const deleted = page.entries.find((e) => e.action === "user.deleted")!;
    expect(deleted.target).toEqual({ id: gone.user.id, email: null, name: null });
    expect(deleted.actor).toEqual({ id: gone.user.id, email: null, name: null });
  });

  test("bad parameters are 422 naming the field", async () => {
    const admin = await createTestUser({ role: "admin" });
    for (const [query, field] of [
      ["page=0", "page"],
      ["page=abc", "page"],
      ["pageSize=101", "pageSize"],
      ["pageSize=1.5", "pageSize"],
      ["action=user.hacked", "action"],
      ["sort=time", "sort"],
      ["page=1&page=2", "page"],
    ] as const) {
      const res = await request(`/api/admin/audit?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(422);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect((await res.json()).errors[0].field, query).toBe(field);
    }
  });

  test("only admins: a regular or premium user gets 403, a visitor 401", async () => {
    for (const role of ["regular", "premium"] as const) {
      const { cookie } = await createTestUser({ role });
      expect((await request("/api/admin/audit", { cookie })).status).toBe(403);
    }
    expect((await request("/api/admin/audit")).status).toBe(401);
  });
});

/**
 * Review r21 M6: every sign-in is logged, so the log grows with traffic. Its pages are read through
 * indexes (newest first with the id as tiebreak, all actions or one), and failed sign-ins, which
 * anyone can cause, are kept `AUDIT_FAILED_SIGN_IN_KEEP_DAYS` (90) days.
 */
describe("the audit log at scale", () => {
  async function plan(sql: string, args: unknown[]): Promise<string> {
    const rs = await rawClient().execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
    return rs.rows.map((r) => String(r.detail)).join("\n");
  }

  test("a page and its count, of all actions or one, are read from an index with no sort", async () => {
    const page = (where: string) =>
      `SELECT * FROM audit_log ${where} ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 0`;
    const all = await plan(page(""), []);
    expect(all).toContain("audit_created_idx");
    expect(all).not.toContain("TEMP B-TREE");
    const one = await plan(page("WHERE action = ?"), ["user.password_reset"]);
    expect(one).toContain("audit_action_created_idx");
    expect(one).not.toContain("TEMP B-TREE");
    expect(await plan("SELECT count(*) FROM audit_log WHERE action = ?", ["user.password_reset"])).toMatch(
      /USING COVERING INDEX audit_action_created_idx \(action=\?\)/,
    );
  });

  test("failed sign-ins older than the kept days go; newer ones and every other entry stay", async () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60 * 1000);
    const row = (action: string, createdAt: Date) => ({
      id: crypto.randomUUID(),
      actorId: null,
      action,
      targetId: null,
      detail: null,
      createdAt,
    });
    await db()
      .insert(auditLog)
      .values([
        row("auth.sign_in_failed", daysAgo(91)),
        row("auth.sign_in_failed", daysAgo(89)),
        row("auth.signed_in", daysAgo(400)),
        row("user.password_reset", daysAgo(400)),
      ]);
    expect(await pruneAuditLog(now)).toBe(1);
    const left = (await entries()).map((r) => [r.action, r.createdAt.toISOString()]);
    expect(left).toEqual(
      expect.arrayContaining([
        ["auth.sign_in_failed", daysAgo(89).toISOString()],
        ["auth.signed_in", daysAgo(400).toISOString()],
        ["user.password_reset", daysAgo(400).toISOString()],
      ]),
    );
    expect(left).toHaveLength(3);
  });

  test("AUDIT_FAILED_SIGN_IN_KEEP_DAYS sets the days; 0 keeps them all", async () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const old = new Date(now.getTime() - 10 * 24 * 60 * 60 * 1000);
    const failed = () => ({
      id: crypto.randomUUID(),
      actorId: null,
      action: "auth.sign_in_failed",
      targetId: null,
      detail: null,
      createdAt: old,
    });
    try {
      process.env.AUDIT_FAILED_SIGN_IN_KEEP_DAYS = "0";
      resetEnvForTests();
      await db().insert(auditLog).values(failed());
      expect(await pruneAuditLog(now)).toBe(0);
      process.env.AUDIT_FAILED_SIGN_IN_KEEP_DAYS = "7";
      resetEnvForTests();
      expect(await pruneAuditLog(now)).toBe(1);
    } finally {
      delete process.env.AUDIT_FAILED_SIGN_IN_KEEP_DAYS;
      resetEnvForTests();
    }
  });
});
