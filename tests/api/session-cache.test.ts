import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ROLE_TIER } from "../../src/contracts/user.ts";
import { deleteAccount } from "../../src/server/accounts/users.ts";
import {
  cacheableUntil,
  cachedSessionCount,
  SESSION_CACHE_TTL_MS,
  SESSION_TTL_MS,
  SessionCache,
  validateSessionToken,
} from "../../src/server/auth/session.ts";
import { db, openClient } from "../../src/server/db/client.ts";
import { type SessionRow, sessions, type UserRow, users } from "../../src/server/db/schema/index.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Validated sessions are cached in memory (src/server/auth/session.ts); whatever ends a session or
 * changes its user must apply from the very next request.
 */

async function me(cookie: string): Promise<Response> {
  return request("/api/auth/user", { cookie });
}

/** A connection of its own, as the shell (`bun run user:role`) or another process would have. */
async function fromAnotherConnection(sql: string, args: string[]): Promise<void> {
  const other = openClient(process.env.DATABASE_URL!, undefined, 5000);
  try {
    await other.execute({ sql, args });
  } finally {
    other.close();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the session cache", () => {
  test("a signed-in request is answered from memory the second time", async () => {
    const { cookie } = await createTestUser();
    const before = cachedSessionCount();
    expect((await me(cookie)).status).toBe(200);
    expect(cachedSessionCount()).toBe(before + 1);
    expect((await me(cookie)).status).toBe(200);
  });

  test("logout ends the session at once", async () => {
    const { cookie } = await createTestUser();
    expect((await me(cookie)).status).toBe(200);
    expect((await request("/api/auth/logout", { method: "POST", cookie })).status).toBe(204);
    expect((await me(cookie)).status).toBe(401);
  });

  test("a role change by an admin (and its tier) applies to the user's next request", async () => {
    const admin = await createTestUser({ role: "admin" });
    const target = await createTestUser();
    expect(await (await me(target.cookie)).json()).toMatchObject({
      role: "regular",
      subscriptionTier: "starter",
    });
    const res = await request(`/api/admin/users/${target.user.id}/role`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { role: "premium", tier: ROLE_TIER.premium },
    });
    expect(res.status).toBe(200);
    expect(await (await me(target.cookie)).json()).toMatchObject({
      role: "premium",
      subscriptionTier: ROLE_TIER.premium,
    });
    // And back: premium features close again on the next request.
    await request(`/api/admin/users/${target.user.id}/role`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { role: "regular", tier: ROLE_TIER.regular },
    });
    expect(await (await me(target.cookie)).json()).toMatchObject({
      role: "regular",
      subscriptionTier: "starter",
    });
  });

  test("a role or tier changed from the shell or another process applies at once", async () => {
    const { cookie, user } = await createTestUser();
    expect((await (await me(cookie)).json()).role).toBe("regular");
    await fromAnotherConnection(
      "UPDATE users SET role = 'premium', subscription_tier = 'professional' WHERE id = ?",
      [user.id],
    );
    expect(await (await me(cookie)).json()).toMatchObject({
      role: "premium",
      subscriptionTier: "professional",
    });
  });

  test("sessions deleted from another process (everyone signed out) end at once", async () => {
    const a = await createTestUser();
    const b = await createTestUser();
    expect((await me(a.cookie)).status).toBe(200);
    expect((await me(b.cookie)).status).toBe(200);
    await fromAnotherConnection("DELETE FROM sessions WHERE user_id IN (?, ?)", [a.user.id, b.user.id]);
    expect((await me(a.cookie)).status).toBe(401);
    expect((await me(b.cookie)).status).toBe(401);
  });

  test("a deleted account's sessions end at once", async () => {
    const { cookie, user } = await createTestUser();
    expect((await me(cookie)).status).toBe(200);
    await deleteAccount(user.id, user.id);
    expect((await me(cookie)).status).toBe(401);
  });

  test("a session opened with a temporary password is answered from memory too, and not a moment past its expiry", async () => {
    // Review r24 #2: its expiry (the password's, within 24 hours) is always within half a lifetime,
    // so the cache dropped it on every lookup and each request read the database.
    const { cookie, token, user } = await createTestUser();
    const hourLeft = new Date(Date.now() + 60 * 60 * 1000);
    await db().update(users).set({ temporaryPasswordExpiresAt: hourLeft }).where(eq(users.id, user.id));
    await db().update(sessions).set({ expiresAt: hourLeft }).where(eq(sessions.userId, user.id));
    const first = await validateSessionToken(token);
    expect(first?.session.expiresAt.getTime()).toBe(hourLeft.getTime());
    expect(first?.renewed).toBe(false);
    // The same objects: the second lookup did not read the database.
    const second = await validateSessionToken(token);
    expect(second?.session).toBe(first?.session);
    expect(second?.user).toBe(first?.user);
    // A role change still applies at once.
    await request(`/api/admin/users/${user.id}/role`, {
      method: "PUT",
      cookie: (await createTestUser({ role: "admin" })).cookie,
      json: { role: "premium", tier: ROLE_TIER.premium },
    });
    expect((await (await me(cookie)).json()).role).toBe("premium");
    const cached = await validateSessionToken(token);
    expect(cached?.user.role).toBe("premium");
    expect((await validateSessionToken(token))?.session).toBe(cached?.session);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(hourLeft.getTime());
    expect((await me(cookie)).status).toBe(401);
  });

  test("a cached session stops working the moment it expires", async () => {
    const { cookie } = await createTestUser();
    expect((await me(cookie)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SESSION_TTL_MS + 1000);
    expect((await me(cookie)).status).toBe(401);
  });
});

describe("SessionCache on its own (the database version held still)", () => {
  const user = { id: "u1" } as UserRow;
  const other = { id: "u2" } as UserRow;
  const session = (expiresIn: number) => ({ expiresAt: new Date(1_000_000 + expiresIn) }) as SessionRow;
  const now = 1_000_000;
  const DAY = 24 * 60 * 60 * 1000;
  const entry = (s: SessionRow, u: UserRow, at = now) => ({
    session: s,
    user: u,
    cachedAt: at,
    until: cacheableUntil(s, u, at),
  });

  test("keeps an entry until its user or session is forgotten", () => {
    const cache = new SessionCache(() => 7);
    cache.set("s1", entry(session(20 * DAY), user), cache.begin()!);
    cache.set("s2", entry(session(20 * DAY), other), cache.begin()!);
    expect(cache.get("s1", now + 1)?.user).toBe(user);
    cache.forgetUser("u1");
    expect(cache.get("s1", now + 1)).toBeUndefined();
    expect(cache.get("s2", now + 1)?.user).toBe(other);
    cache.forgetSession("s2");
    expect(cache.get("s2", now + 1)).toBeUndefined();
  });

  test("a lookup that was in flight during an invalidation does not store its answer", () => {
    const cache = new SessionCache(() => 7);
    const started = cache.begin()!;
    cache.forgetUser("u1");
    cache.set("s1", entry(session(20 * DAY), user), started);
    expect(cache.get("s1", now)).toBeUndefined();
  });

  test("any commit to the database empties it", () => {
    let version = 7;
    const cache = new SessionCache(() => version);
    cache.set("s1", entry(session(20 * DAY), user), cache.begin()!);
    version = 8;
    expect(cache.get("s1", now)).toBeUndefined();
  });

  test("entries last SESSION_CACHE_TTL_MS, and never past expiry or the renewal point", () => {
    const cache = new SessionCache(() => 7);
    cache.set("s1", entry(session(20 * DAY), user), cache.begin()!);
    expect(cache.get("s1", now + SESSION_CACHE_TTL_MS - 1)).toBeDefined();
    expect(cache.get("s1", now + SESSION_CACHE_TTL_MS)).toBeUndefined();
    cache.set("s2", entry(session(16 * DAY), user), cache.begin()!);
    expect(cache.get("s2", now + DAY + 1)).toBeUndefined();
  });

  test("a session bounded by a temporary password (never renewed) is kept until SESSION_CACHE_TTL_MS or its expiry", () => {
    // Review r24 #2: it ends within 24 hours, always within half a lifetime, and was dropped on every lookup.
    const cache = new SessionCache(() => 7);
    const bounded = { id: "u3", temporaryPasswordExpiresAt: new Date(now + 60 * 60 * 1000) } as UserRow;
    cache.set("s1", entry(session(60 * 60 * 1000), bounded), cache.begin()!);
    expect(cache.get("s1", now + 1)?.user).toBe(bounded);
    expect(cache.get("s1", now + SESSION_CACHE_TTL_MS - 1)).toBeDefined();
    expect(cache.get("s1", now + SESSION_CACHE_TTL_MS)).toBeUndefined();
    // Ten seconds before its end: cached for those ten seconds, not one more.
    const late = now + 60 * 60 * 1000 - 10_000;
    cache.set("s2", entry(session(60 * 60 * 1000), bounded, late), cache.begin()!);
    expect(cache.get("s2", late + 9_999)).toBeDefined();
    expect(cache.get("s2", late + 10_000)).toBeUndefined();
  });

  test("nothing is cached where the database cannot say it changed", () => {
    const cache = new SessionCache(() => null);
    expect(cache.begin()).toBeNull();
  });
});
