import { expect, test } from "vitest";
import { SESSION_ENDED_CLOSE_CODE } from "../../src/contracts/realtime.ts";
import { openClient } from "../../src/server/db/client.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { connectionStats, publish, publishToUser } from "../../src/server/realtime/hub.ts";
import { recheckSockets, startSessionWatch } from "../../src/server/realtime/session-watch.ts";
import { collectStats } from "../../src/server/realtime/stats-publisher.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { socketServerForFile } from "../helpers/socket-server.ts";

/**
 * An open socket follows its session and its user's role (ADR 009): logout, "sign out everyone",
 * account deletion, expiry and role changes apply to it at once, also when another process makes them.
 */

const sockets = socketServerForFile();

/** A signed-in socket, opened, with its messages queued and its close recorded. */
async function connect(cookie: string) {
  const ws = new WebSocket(`ws://${sockets.host}/ws`, {
    headers: { Origin: `http://${sockets.host}`, Cookie: cookie },
  } as unknown as string[]);
  const messages: Array<Record<string, unknown>> = [];
  let closeCode: number | undefined;
  ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  const closed = new Promise<number>((resolve) =>
    ws.addEventListener("close", (e) => {
      closeCode = e.code;
      resolve(e.code);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error("socket error")));
  });
  async function next(type: string, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = messages.findIndex((m) => m.type === type);
      if (i >= 0) return messages.splice(i, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no ${type} message within ${timeoutMs} ms`);
      await Bun.sleep(10);
    }
  }
  async function subscribe(channels: string[]) {
    ws.send(JSON.stringify({ type: "subscribe", channels }));
    return next("subscription_confirmed");
  }
  /** The close code, or undefined if the socket is still open after `timeoutMs`. */
  async function closedWithin(timeoutMs = 2000): Promise<number | undefined> {
    return Promise.race([closed, Bun.sleep(timeoutMs).then(() => closeCode)]);
  }
  /** Forgets what arrived so far (the latest values a subscription is answered with). */
  async function drain() {
    await Bun.sleep(100);
    messages.length = 0;
  }
  await next("connection");
  return { ws, next, subscribe, closedWithin, drain };
}

/** A connection of its own, as the shell (`bun run user:role`) or another process would have. */
async function fromAnotherConnection(sql: string, args: Array<string | number>): Promise<void> {
  const other = openClient(process.env.DATABASE_URL!, undefined, 5000);
  try {
    await other.execute({ sql, args });
  } finally {
    other.close();
  }
}

test("logout closes that session's open socket with the session-ended code; other sessions stay", async () => {
  const alice = await createTestUser();
  const other = await createTestUser();
  const a = await connect(alice.cookie);
  const o = await connect(other.cookie);
  expect((await request("/api/auth/logout", { method: "POST", cookie: alice.cookie })).status).toBe(204);
  expect(await a.closedWithin()).toBe(SESSION_ENDED_CLOSE_CODE);
  expect(await o.closedWithin(200)).toBeUndefined();
  o.ws.close();
});

test("\"sign out everyone\" closes every other session's socket, not the admin's own", async () => {
  const admin = await createTestUser({ role: "admin" });
  const user = await createTestUser({ role: "premium" });
  const mine = await connect(admin.cookie);
  const theirs = await connect(user.cookie);
  await theirs.subscribe(["market_trends"]);
  const res = await request("/api/admin/sessions/end-all", {
    method: "POST",
    cookie: admin.cookie,
    json: {},
  });
  expect(res.status).toBe(200);
  expect(await theirs.closedWithin()).toBe(SESSION_ENDED_CLOSE_CODE);
  publish("market_trends", [{ genre: "Strategy" }]);
  expect(await mine.closedWithin(200)).toBeUndefined();
  mine.ws.close();
});

test("deleting the account closes its sockets, and analytics_stats stops counting the user at once", async () => {
  const gone = await createTestUser();
  const s1 = await connect(gone.cookie);
  const s2 = await connect(gone.cookie);
  const before = await collectStats();
  const res = await request("/api/user", { method: "DELETE", cookie: gone.cookie, json: {} });
  expect(res.status).toBe(204);
  // Counted out as soon as the deletion was answered, not when the close handshake ends.
  expect(connectionStats().connections).toBe(before.connections - 2);
  expect((await collectStats()).activeUsers).toBe(before.activeUsers - 1);
  expect(await s1.closedWithin()).toBe(SESSION_ENDED_CLOSE_CODE);
  expect(await s2.closedWithin()).toBe(SESSION_ENDED_CLOSE_CODE);
});

// Review r31/c #2: an admin deleting an account signs its open tabs out live, as Delete Account does.
test("an admin deleting an account closes that user's sockets at once, and no one else's", async () => {
  const admin = await createTestUser({ role: "admin" });
  const gone = await createTestUser();
  const theirs = await connect(gone.cookie);
  const mine = await connect(admin.cookie);
  const res = await request(`/api/admin/users/${gone.user.id}`, { method: "DELETE", cookie: admin.cookie });
  expect(res.status).toBe(204);
  expect(await theirs.closedWithin()).toBe(SESSION_ENDED_CLOSE_CODE);
  expect(await mine.closedWithin(300)).toBeUndefined();
  mine.ws.close();
});

test("a demoted user loses the Premium channels at once, keeps the others, and market_trends loses its volatility", async () => {
  const admin = await createTestUser({ role: "admin" });
  const bob = await createTestUser({ role: "premium" });
  const b = await connect(bob.cookie);
  expect((await b.subscribe(["market_trends", "ai_analysis", "trending_games"])).subscribed).toHaveLength(3);
  await b.drain();
  const res = await request(`/api/admin/users/${bob.user.id}/role`, {
    method: "PUT",
    cookie: admin.cookie,
    json: { role: "regular", tier: "starter" },
  });
  expect(res.status).toBe(200);
  const dropped = await b.next("subscription_confirmed");
  expect(dropped.subscribed).toEqual(["trending_games", "market_trends"]);
  // The client is told its plan changed, to reload the user and show the shell as Starter.
  expect((await b.next("account_changed")).role).toBe("regular");
  // market_trends moved to the Starter copy: its value of the moment (none here), then without volatility.
  expect(await b.next("channel_update")).toMatchObject({ channel: "market_trends", data: [] });
  publish("market_trends", [{ category: "Strategy", players: 5, volatilityScore: 3 }]);
  publishToUser(bob.user.id, "ai_analysis", { type: "sentiment", processingTime: 40 });
  publish("trending_games", { games: [] });
  expect(await b.next("channel_update")).toMatchObject({
    channel: "market_trends",
    data: [{ category: "Strategy", players: 5 }],
  });
  expect((await b.next("channel_update")).channel).toBe("trending_games");
  await expect(b.next("channel_update", 300)).rejects.toThrow();
  // And cannot take ai_analysis back on this socket: refused, with why.
  expect((await b.subscribe(["ai_analysis"])).channels).toEqual([]);
  expect((await b.next("subscription_refused")).channels).toEqual(["ai_analysis"]);
  expect(await b.closedWithin(100)).toBeUndefined();
  b.ws.close();
});

test("a user promoted while connected may subscribe to Premium channels without reconnecting", async () => {
  const carol = await createTestUser();
  const c = await connect(carol.cookie);
  expect((await c.subscribe(["ai_analysis"])).channels).toEqual([]);
  expect((await c.subscribe(["market_trends"])).channels).toEqual(["market_trends"]);
  await c.drain();
  await fromAnotherConnection(
    "UPDATE users SET role = 'premium', subscription_tier = 'professional' WHERE id = ?",
    [carol.user.id],
  );
  await recheckSockets();
  // Told at once, so the shell enables the Premium items without a reload.
  expect((await c.next("account_changed")).role).toBe("premium");
  expect((await c.subscribe(["ai_analysis"])).channels).toEqual(["ai_analysis"]);
  // market_trends moved to the Premium copy: with the volatility now.
  await c.drain();
  publish("market_trends", [{ category: "Strategy", players: 5, volatilityScore: 3 }]);
  expect((await c.next("channel_update")).data).toEqual([
    { category: "Strategy", players: 5, volatilityScore: 3 },
  ]);
  c.ws.close();
});

test("any role change is told to the user's open sockets, and nothing is told when the role stays", async () => {
  const admin = await createTestUser({ role: "admin" });
  const erin = await createTestUser({ role: "premium" });
  const e = await connect(erin.cookie);
  const setRole = (role: string, tier: string) =>
    request(`/api/admin/users/${erin.user.id}/role`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { role, tier },
    });
  // Premium to Admin keeps the Premium channels, but the shell gains the admin section. Only an
  // operator (named in ADMIN_EMAILS) makes an admin (review r26/a #1).
  process.env.ADMIN_EMAILS = admin.user.email;
  resetEnvForTests();
  try {
    expect((await setRole("admin", "enterprise")).status).toBe(200);
  } finally {
    delete process.env.ADMIN_EMAILS;
    resetEnvForTests();
  }
  expect((await e.next("account_changed")).role).toBe("admin");
  // Another user's change, and a re-check with nothing changed, tell this socket nothing.
  const other = await createTestUser();
  expect(
    (
      await request(`/api/admin/users/${other.user.id}/role`, {
        method: "PUT",
        cookie: admin.cookie,
        json: { role: "premium", tier: "professional" },
      })
    ).status,
  ).toBe(200);
  await recheckSockets({ force: true });
  await expect(e.next("account_changed", 300)).rejects.toThrow();
  e.ws.close();
});

test("changes made by another process reach open sockets on the watch's next tick", async () => {
  const stop = startSessionWatch(50);
  try {
    const demoted = await createTestUser({ role: "premium" });
    const signedOut = await createTestUser();
    const expired = await createTestUser();
    const d = await connect(demoted.cookie);
    const s = await connect(signedOut.cookie);
    const e = await connect(expired.cookie);
    await d.subscribe(["ai_analysis"]);

    // `bun run user:role` from the shell; a session deleted and one expired by another connection.
    await fromAnotherConnection(
      "UPDATE users SET role = 'regular', subscription_tier = 'starter' WHERE id = ?",
      [demoted.user.id],
    );
    await fromAnotherConnection("DELETE FROM sessions WHERE user_id = ?", [signedOut.user.id]);
    await fromAnotherConnection("UPDATE sessions SET expires_at = ? WHERE user_id = ?", [
      Date.now() - 1000,
      expired.user.id,
    ]);

    expect((await d.next("subscription_confirmed")).subscribed).toEqual([]);
    expect((await d.next("account_changed")).role).toBe("regular");
    expect(await s.closedWithin()).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await e.closedWithin()).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await d.closedWithin(100)).toBeUndefined();
    d.ws.close();
  } finally {
    stop();
  }
});

test("a session that reaches its expiry while connected is closed without any write to notice", async () => {
  const stop = startSessionWatch(50);
  try {
    const dave = await createTestUser();
    const d = await connect(dave.cookie);
    // The session now ends in 1.5 s (a request would renew it, so none is made); after the watch
    // has read that once, nothing else commits: the expiry alone must close the socket.
    await fromAnotherConnection("UPDATE sessions SET expires_at = ? WHERE user_id = ?", [
      Date.now() + 1500,
      dave.user.id,
    ]);
    expect(await d.closedWithin(500)).toBeUndefined();
    expect(await d.closedWithin(4000)).toBe(SESSION_ENDED_CLOSE_CODE);
  } finally {
    stop();
  }
});
