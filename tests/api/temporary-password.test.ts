import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { TEMPORARY_PASSWORD_EXPIRED } from "../../src/contracts/auth.ts";
import { resetPasswordFromShell } from "../../src/server/accounts/passwords.ts";
import { signInWithProvider } from "../../src/server/accounts/users.ts";
import { createSession, generateSessionToken, SESSION_COOKIE } from "../../src/server/auth/session.ts";
import { db } from "../../src/server/db/client.ts";
import { auditLog, notifications, sessions, users } from "../../src/server/db/schema/index.ts";
import { cookieFrom, createTestUser, request } from "../helpers/api.ts";
import { holdNext } from "../helpers/held-password.ts";

/**
 * An admin's temporary password (POST /api/admin/users/:id/password) signs in for 24 hours only, and
 * the user is told in the bell to replace it (ADR 027 addendum). In a file of its own: its sign-ups
 * and refused sign-ins would otherwise use up the per-address sign-in limit of passwords.test.ts.
 */

// Races without timing: `holdNext("verifyPassword")` (tests/helpers/held-password.ts).
vi.mock("../../src/server/auth/password.ts", async (original) =>
  (await import("../helpers/held-password.ts")).withHeldCalls(await original()),
);
const holdNextVerify = () => holdNext("verifyPassword");

let counter = 0;
/** A password account, as the sign-up route makes it. */
async function passwordUser(password = "first password 1") {
  const email = `tmp${++counter}-${crypto.randomUUID().slice(0, 8)}@studio.example`;
  const signup = await request("/api/auth/signup", { method: "POST", json: { email, password } });
  expect(signup.status).toBe(201);
  const { user } = await signup.json();
  return { id: user.id as string, email };
}

const signIn = (email: string, password: string) =>
  request("/api/auth/login", { method: "POST", json: { email, password } });
const audit = (targetId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action as never)));

// The clock is moved by writing the expiry in the past.
describe("a temporary password expires after 24 hours", () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const expiryOf = async (userId: string) =>
    (await db().select().from(users).where(eq(users.id, userId)))[0]!.temporaryPasswordExpiresAt;
  const expireNow = (userId: string) =>
    db()
      .update(users)
      .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, userId));
  const resetBy = async (adminCookie: string, userId: string) => {
    const res = await request(`/api/admin/users/${userId}/password`, { method: "POST", cookie: adminCookie });
    expect(res.status).toBe(200);
    return (await res.json()) as { temporaryPassword: string; endedSessions: number; expiresAt: string };
  };
  const accountNotices = async (cookie: string) => {
    const res = await request("/api/user/notifications", { cookie });
    expect(res.status).toBe(200);
    const list = await res.json();
    return list.notifications.filter((n: { kind: string }) => n.kind === "account");
  };

  test("signs in within 24 hours; the answer and the database say until when; the bell tells the user once", async () => {
    const admin = await createTestUser({ role: "admin" });
    const u = await passwordUser();
    const before = Date.now();
    const reset = await resetBy(admin.cookie, u.id);
    const expiresAt = Date.parse(reset.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DAY_MS);
    expect((await expiryOf(u.id))?.toISOString()).toBe(reset.expiresAt);
    const [entry] = await audit(u.id, "user.password_reset");
    expect(entry?.detail).toMatchObject({ expiresAt: reset.expiresAt });

    const first = await signIn(u.email, reset.temporaryPassword);
    expect(first.status).toBe(200);
    const cookie = cookieFrom(first)!;
    const notices = await accountNotices(cookie);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      read: false,
      account: { event: "temporary_password", expiresAt: reset.expiresAt },
    });
    // Signing in again with it adds no second unread notice.
    expect((await signIn(u.email, reset.temporaryPassword)).status).toBe(200);
    expect(await accountNotices(cookie)).toHaveLength(1);
  });

  test("after 24 hours the right temporary password is refused with its own 401, audited; a wrong one stays generic", async () => {
    const admin = await createTestUser({ role: "admin" });
    const u = await passwordUser();
    const reset = await resetBy(admin.cookie, u.id);
    await expireNow(u.id);
    const res = await signIn(u.email, reset.temporaryPassword);
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect((await res.json()).detail).toBe(TEMPORARY_PASSWORD_EXPIRED);
    expect(cookieFrom(res)).toBeUndefined();
    expect(await db().select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    const wrong = await signIn(u.email, "not the temporary one");
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).detail).toBe("Incorrect email or password");
    const failures = await audit(u.id, "auth.sign_in_failed");
    expect(failures.map((f) => (f.detail as { reason: string }).reason).sort()).toEqual([
      "temporary password expired",
      "wrong password",
    ]);
    // A new reset replaces it with another 24 hours; the expired one stays refused.
    const again = await resetBy(admin.cookie, u.id);
    expect(Date.parse(again.expiresAt)).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    expect((await signIn(u.email, reset.temporaryPassword)).status).toBe(401);
    expect((await signIn(u.email, again.temporaryPassword)).status).toBe(200);
  });

  test("the user's own password change ends the expiry: their password keeps working, with no notice", async () => {
    const admin = await createTestUser({ role: "admin" });
    const u = await passwordUser();
    const reset = await resetBy(admin.cookie, u.id);
    const cookie = cookieFrom(await signIn(u.email, reset.temporaryPassword))!;
    const change = await request("/api/auth/password", {
      method: "POST",
      cookie,
      json: { currentPassword: reset.temporaryPassword, newPassword: "my own password 3" },
    });
    expect(change.status).toBe(200);
    expect(await expiryOf(u.id)).toBeNull();
    const own = await signIn(u.email, "my own password 3");
    expect(own.status).toBe(200);
    // The notice of the temporary sign-in went with the change (review r23-a #5), and the own
    // password adds none.
    expect(await accountNotices(cookieFrom(own)!)).toEqual([]);
  });

  test("a session opened with a temporary password ends when the password does; the own password's is a normal one", async () => {
    // Review r23-a #5: the session outlived the 24 hours by 30 days, renewed as any other.
    const admin = await createTestUser({ role: "admin" });
    const u = await passwordUser();
    const reset = await resetBy(admin.cookie, u.id);
    const res = await signIn(u.email, reset.temporaryPassword);
    expect(res.status).toBe(200);
    const cookie = cookieFrom(res)!;
    expect(Date.parse(/Expires=([^;]+)/i.exec(res.headers.get("set-cookie") ?? "")![1]!)).toBe(
      Math.floor(Date.parse(reset.expiresAt) / 1000) * 1000,
    );
    const sessionOf = async () => (await db().select().from(sessions).where(eq(sessions.userId, u.id)))[0]!;
    expect((await sessionOf()).expiresAt.toISOString()).toBe(reset.expiresAt);
    // 23 hours on: one hour left of both. The session is used, and not renewed past the password.
    const hourLeft = new Date(Date.now() + 60 * 60 * 1000);
    await db().update(users).set({ temporaryPasswordExpiresAt: hourLeft }).where(eq(users.id, u.id));
    await db().update(sessions).set({ expiresAt: hourLeft }).where(eq(sessions.userId, u.id));
    const used = await request("/api/auth/user", { cookie });
    expect(used.status).toBe(200);
    expect(used.headers.get("set-cookie")).toBeNull();
    expect((await sessionOf()).expiresAt.getTime()).toBe(hourLeft.getTime());
    // 24 hours on: the session ends with the password, and cannot change it any more.
    const past = new Date(Date.now() - 1000);
    await db().update(users).set({ temporaryPasswordExpiresAt: past }).where(eq(users.id, u.id));
    await db().update(sessions).set({ expiresAt: past }).where(eq(sessions.userId, u.id));
    expect((await request("/api/auth/user", { cookie })).status).toBe(401);
    const change = await request("/api/auth/password", {
      method: "POST",
      cookie,
      json: { currentPassword: reset.temporaryPassword, newPassword: "my own password 4" },
    });
    expect(change.status).toBe(401);

    // Within the 24 hours the user sets their own password: the session goes on as a normal one.
    const again = await resetBy(admin.cookie, u.id);
    const second = cookieFrom(await signIn(u.email, again.temporaryPassword))!;
    const own = await request("/api/auth/password", {
      method: "POST",
      cookie: second,
      json: { currentPassword: again.temporaryPassword, newPassword: "my own password 4" },
    });
    expect(own.status).toBe(200);
    expect((await sessionOf()).expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  test("a new reset removes the notice of the earlier temporary password: the next sign-in's is the only one", async () => {
    // Review r24 #3: the old notice ("it stops working on <old time>") stayed beside the new one.
    const admin = await createTestUser({ role: "admin" });
    const u = await passwordUser();
    const first = await resetBy(admin.cookie, u.id);
    expect((await signIn(u.email, first.temporaryPassword)).status).toBe(200);
    const second = await resetBy(admin.cookie, u.id);
    expect(second.expiresAt).not.toBe(first.expiresAt);
    const res = await signIn(u.email, second.temporaryPassword);
    expect(res.status).toBe(200);
    const notices = await accountNotices(cookieFrom(res)!);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      account: { event: "temporary_password", expiresAt: second.expiresAt },
    });
  });

  test("a provider sign-in that removes the password removes the temporary password's notice too", async () => {
    const admin = await createTestUser({ role: "admin" });
    const u = await passwordUser();
    const reset = await resetBy(admin.cookie, u.id);
    expect((await signIn(u.email, reset.temporaryPassword)).status).toBe(200);
    const signedIn = await signInWithProvider({
      provider: "google",
      providerUserId: `g-${u.id}`,
      email: u.email,
      emailVerified: true,
      firstName: null,
      lastName: null,
      avatarUrl: null,
    });
    expect(signedIn.id).toBe(u.id);
    expect(signedIn.passwordHash).toBeNull();
    const events = (await db().select().from(notifications).where(eq(notifications.userId, u.id))).map(
      (n) => (n.detail as { event?: string }).event,
    );
    expect(events).toEqual(["password_removed"]);
  });

  test("a reset is one transaction: a failure while ending the sessions leaves the password and sessions as they were", async () => {
    // Review r24 #4: the new password was stored before the sessions were ended, in separate statements.
    const u = await passwordUser();
    const before = (await db().select().from(users).where(eq(users.id, u.id)))[0]!;
    const trigger = `fail_session_delete_${u.id.replace(/[^a-z0-9]/gi, "")}`;
    await db().run(
      sql.raw(`CREATE TRIGGER ${trigger} BEFORE DELETE ON sessions WHEN old.user_id = '${u.id}'
               BEGIN SELECT RAISE(ABORT, 'held by the test'); END`),
    );
    try {
      await expect(resetPasswordFromShell(u.id)).rejects.toThrow();
    } finally {
      await db().run(sql.raw(`DROP TRIGGER ${trigger}`));
    }
    const after = (await db().select().from(users).where(eq(users.id, u.id)))[0]!;
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.temporaryPasswordExpiresAt).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(1);
    expect((await signIn(u.email, "first password 1")).status).toBe(200);
  });

  test("a temporary password that expires during the sign-in's verification makes no session, and is answered as expired", async () => {
    // Review r24 #4: the expiry was checked before the verification only; the session was made after it.
    const admin = await createTestUser({ role: "admin" });
    const u = await passwordUser();
    const reset = await resetBy(admin.cookie, u.id);
    const held = holdNextVerify();
    const pending = signIn(u.email, reset.temporaryPassword);
    await held.reached;
    await expireNow(u.id);
    held.release();
    const res = await pending;
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toBe(TEMPORARY_PASSWORD_EXPIRED);
    expect(cookieFrom(res)).toBeUndefined();
    expect(await db().select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    const failures = await audit(u.id, "auth.sign_in_failed");
    expect(failures.map((f) => (f.detail as { reason: string }).reason)).toEqual([
      "temporary password expired",
    ]);
  });

  test("a user signed in by a provider may give an expired temporary password as the current one to set their own", async () => {
    // ADR 027 addendum (review r24 #12): they proved the account by signing in; only the session
    // opened with the temporary password ends with it.
    const admin = await createTestUser({ role: "admin" });
    const identity = {
      provider: "github" as const,
      providerUserId: `gh-${crypto.randomUUID()}`,
      email: `linked-${crypto.randomUUID().slice(0, 8)}@studio.example`,
      emailVerified: true,
      firstName: null,
      lastName: null,
      avatarUrl: null,
    };
    const account = await signInWithProvider(identity);
    const reset = await resetBy(admin.cookie, account.id);
    const token = generateSessionToken();
    await createSession(token, account.id);
    await expireNow(account.id);
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect((await request("/api/auth/user", { cookie })).status).toBe(200);
    const change = await request("/api/auth/password", {
      method: "POST",
      cookie,
      json: { currentPassword: reset.temporaryPassword, newPassword: "my own password 5" },
    });
    expect(change.status).toBe(200);
    expect(await expiryOf(account.id)).toBeNull();
    expect((await signIn(identity.email, "my own password 5")).status).toBe(200);
  });
});
