import { beforeAll, expect, test } from "vitest";
import { generateReport } from "../../src/server/catalog/reports.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { db } from "../../src/server/db/client.ts";
import { sessions } from "../../src/server/db/schema/index.ts";
import { publish, publishToUser } from "../../src/server/realtime/hub.ts";
import { collectStats, startStatsPublisher } from "../../src/server/realtime/stats-publisher.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { socketServerForFile } from "../helpers/socket-server.ts";

const sockets = socketServerForFile();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createTestUser();
  bob = await createTestUser({ role: "premium" });
});

/** A socket with a message queue, so tests can await the next message of a type. */
function connect(cookie?: string, origin = `http://${sockets.host}`) {
  const headers: Record<string, string> = { Origin: origin };
  if (cookie) headers.Cookie = cookie;
  const ws = new WebSocket(`ws://${sockets.host}/ws`, { headers } as unknown as string[]);
  const messages: Array<Record<string, unknown>> = [];
  /** Every message's type in arrival order (messages is a queue that next() takes from). */
  const arrived: string[] = [];
  const waiters: Array<() => void> = [];
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(String(e.data)));
    arrived.push(String(messages.at(-1)!.type));
    for (const w of waiters.splice(0)) w();
  });
  async function next(type: string, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = messages.findIndex((m) => m.type === type);
      if (i >= 0) return messages.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, left);
      });
    }
  }
  const opened = new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error("socket error")));
    ws.addEventListener("close", () => reject(new Error("socket closed")));
  });
  return { ws, next, opened, messages, arrived };
}

async function upgradeStatus(headers: Record<string, string>): Promise<number> {
  const res = await fetch(`http://${sockets.host}/ws`, {
    headers: {
      Connection: "Upgrade",
      Upgrade: "websocket",
      "Sec-WebSocket-Version": "13",
      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
      ...headers,
    },
  });
  return res.status;
}

test("the upgrade is refused without a session (401)", async () => {
  expect(await upgradeStatus({ Origin: `http://${sockets.host}` })).toBe(401);
  const { opened } = connect(undefined);
  await expect(opened).rejects.toThrow();
});

test("the upgrade is refused from a foreign origin (403)", async () => {
  expect(await upgradeStatus({ Origin: "https://evil.example", Cookie: alice.cookie })).toBe(403);
});

test("an expired session cannot connect", async () => {
  const carol = await createTestUser();
  await db()
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) });
  expect(await upgradeStatus({ Origin: `http://${sockets.host}`, Cookie: carol.cookie })).toBe(401);
  // Give the other users fresh sessions again for the following tests.
  alice = await createTestUser();
  bob = await createTestUser({ role: "premium" });
});

test("a plain GET on /ws with a session asks for an upgrade (426)", async () => {
  const res = await fetch(`http://${sockets.host}/ws`, { headers: { Cookie: alice.cookie } });
  expect(res.status).toBe(426);
  expect(await res.json()).toMatchObject({ status: 426, title: "Upgrade Required" });
});

test("without a Bun server to upgrade with, /ws answers 503 problem JSON rather than failing", async () => {
  const res = await request("/ws", { cookie: alice.cookie, headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(503);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
});

test("compression is not negotiated, even when the client offers it", async () => {
  // Raw TCP: the handshake's response headers are what we check, and a WebSocket client hides them.
  const { connect: tcp } = await import("node:net");
  const response = await new Promise<string>((resolve, reject) => {
    const socket = tcp(sockets.port, "localhost", () =>
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: ${sockets.host}\r\nOrigin: http://${sockets.host}\r\nCookie: ${alice.cookie}\r\n` +
          "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n" +
          "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n",
      ),
    );
    socket.on("data", (chunk) => {
      resolve(String(chunk));
      socket.destroy();
    });
    socket.on("error", reject);
  });
  expect(response).toMatch(/^HTTP\/1\.1 101/);
  expect(response.toLowerCase()).not.toContain("sec-websocket-extensions");
});

test("connection, subscribe/confirm and ping/pong", async () => {
  const c = connect(alice.cookie);
  await c.opened;
  const hello = await c.next("connection");
  expect(hello.status).toBe("connected");
  // Review r22-c #5: a Starter user is offered only the channels they may join (not ai_analysis).
  expect(hello.channels).toEqual(["analytics_stats", "trending_games", "market_trends", "notifications"]);
  c.ws.send(JSON.stringify({ type: "subscribe", channels: ["trending_games", "no_such_channel"] }));
  const confirmed = await c.next("subscription_confirmed");
  expect(confirmed.channels).toEqual(["trending_games"]);
  c.ws.send(JSON.stringify({ type: "ping" }));
  expect((await c.next("pong")).type).toBe("pong");
  c.ws.close();
});

test("a subscribe repeating names confirms each once; one listing over 20 names is answered, not dropped", async () => {
  const c = connect(bob.cookie);
  await c.opened;
  // A Premium user is offered every channel.
  expect((await c.next("connection")).channels).toEqual([
    "analytics_stats",
    "trending_games",
    "ai_analysis",
    "market_trends",
    "notifications",
  ]);
  c.ws.send(
    JSON.stringify({ type: "subscribe", channels: ["trending_games", "trending_games", "market_trends"] }),
  );
  const once = await c.next("subscription_confirmed");
  expect(once.channels).toEqual(["trending_games", "market_trends"]);
  expect(once.subscribed).toEqual(expect.arrayContaining(["trending_games", "market_trends"]));
  expect((once.subscribed as string[]).length).toBe(2);

  const many = [...Array(30).fill("analytics_stats"), ...Array(30).fill("nope"), "notifications"];
  c.ws.send(JSON.stringify({ type: "subscribe", channels: many }));
  const confirmed = await c.next("subscription_confirmed");
  expect(confirmed.channels).toEqual(["analytics_stats", "notifications"]);
  // The unknown name is named back once.
  expect((await c.next("subscription_refused")).channels).toEqual(["nope"]);
  c.ws.send(JSON.stringify({ type: "unsubscribe", channels: Array(25).fill("analytics_stats") }));
  expect((await c.next("subscription_confirmed")).channels).toEqual(["analytics_stats"]);
  c.ws.close();
});

test("a subscribe to an unknown channel is refused with its names and why; the known ones are confirmed", async () => {
  // Review r23-a #8: `["nope"]` was confirmed with `channels: []` and nothing else.
  const c = connect(bob.cookie);
  await c.opened;
  await c.next("connection");
  c.ws.send(JSON.stringify({ type: "subscribe", channels: ["nope"] }));
  expect((await c.next("subscription_confirmed")).channels).toEqual([]);
  expect(await c.next("subscription_refused")).toMatchObject({
    channels: ["nope"],
    reason: "Unknown channel",
  });
  c.ws.send(
    JSON.stringify({ type: "subscribe", channels: ["trending_games", "Trending_Games", "nope", "nope"] }),
  );
  expect((await c.next("subscription_confirmed")).channels).toEqual(["trending_games"]);
  expect(await c.next("subscription_refused")).toMatchObject({
    channels: ["Trending_Games", "nope"],
    reason: "Unknown channel",
  });
  // An unsubscribe of an unknown name changes nothing and is not refused.
  c.ws.send(JSON.stringify({ type: "unsubscribe", channels: ["nope"] }));
  expect((await c.next("subscription_confirmed")).subscribed).toEqual(["trending_games"]);
  await expect(c.next("subscription_refused", 300)).rejects.toThrow();
  c.ws.close();
});

test("POST /ws is a 405 problem JSON naming GET, as the API answers", async () => {
  const res = await request("/ws", { method: "POST" });
  expect(res.status).toBe(405);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(res.headers.get("allow")).toContain("GET");
  expect(await res.json()).toMatchObject({ status: 405, title: "Method Not Allowed" });
});

test("a malformed or unknown message is ignored and the connection stays open", async () => {
  const c = connect(alice.cookie);
  await c.opened;
  await c.next("connection");
  c.ws.send("{not json");
  c.ws.send(JSON.stringify({ type: "launch_missiles" }));
  c.ws.send(JSON.stringify({ type: "subscribe", channels: "trending_games" }));
  c.ws.send(JSON.stringify({ type: "ping" }));
  await c.next("pong");
  expect(c.ws.readyState).toBe(WebSocket.OPEN);
  c.ws.close();
});

test("channel_update reaches only the channel's subscribers, and stops after unsubscribe", async () => {
  const a = connect(alice.cookie);
  const b = connect(bob.cookie);
  await Promise.all([a.opened, b.opened]);
  await Promise.all([a.next("connection"), b.next("connection")]);
  a.ws.send(JSON.stringify({ type: "subscribe", channels: ["trending_games"] }));
  b.ws.send(JSON.stringify({ type: "subscribe", channels: ["market_trends"] }));
  await Promise.all([a.next("subscription_confirmed"), b.next("subscription_confirmed")]);
  // market_trends answers its new subscriber with the trends of the moment (none in this database).
  expect(await b.next("channel_update")).toMatchObject({ channel: "market_trends", data: [] });

  publish("trending_games", {
    games: [{ id: "g1", gameName: "Portal 2", playerCount: 5000, platform: "Steam" }],
  });
  const update = await a.next("channel_update");
  expect(update).toMatchObject({ channel: "trending_games", data: { games: [{ gameName: "Portal 2" }] } });
  expect(typeof update.timestamp).toBe("string");
  await expect(b.next("channel_update", 300)).rejects.toThrow();

  a.ws.send(JSON.stringify({ type: "unsubscribe", channels: ["trending_games"] }));
  const after = await a.next("subscription_confirmed");
  expect(after.subscribed).toEqual([]);
  publish("trending_games", { games: [] });
  await expect(a.next("channel_update", 300)).rejects.toThrow();
  a.ws.close();
  b.ws.close();
});

test("analytics_stats counts connected users from the database and the hub", async () => {
  const a = connect(alice.cookie);
  const a2 = connect(alice.cookie);
  const b = connect(bob.cookie);
  await Promise.all([a.opened, a2.opened, b.opened]);
  await Promise.all([a.next("connection"), a2.next("connection"), b.next("connection")]);
  const stats = await collectStats();
  expect(stats.activeUsers).toBe(2);
  expect(stats.connections).toBe(3);
  expect(stats.gamesAnalyzed).toBe(0);
  expect(stats.aiAnalyses).toBe(0);

  // The figures follow the catalog and the reports table as they grow.
  await upsertGames([{ name: "Portal 2" }, { name: "Hades" }], "test");
  await generateReport(bob.user, "watchlist_summary");
  expect(await collectStats()).toMatchObject({ gamesAnalyzed: 2, aiAnalyses: 1 });

  for (const c of [a, a2, b]) c.ws.close();
  // Closed sockets leave the counts.
  const deadline = Date.now() + 2000;
  while ((await collectStats()).connections > 0 && Date.now() < deadline) await Bun.sleep(20);
  expect(await collectStats()).toMatchObject({ activeUsers: 0, connections: 0 });
});

test("analytics_stats is published on its own schedule, to its subscribers only", async () => {
  const stop = startStatsPublisher(100);
  const a = connect(alice.cookie);
  const b = connect(bob.cookie);
  try {
    await Promise.all([a.opened, b.opened]);
    await Promise.all([a.next("connection"), b.next("connection")]);
    a.ws.send(JSON.stringify({ type: "subscribe", channels: ["analytics_stats"] }));
    await a.next("subscription_confirmed");
    const update = await a.next("channel_update", 3000);
    expect(update.channel).toBe("analytics_stats");
    expect(update.data).toEqual({ activeUsers: 2, connections: 2, gamesAnalyzed: 2, aiAnalyses: 1 });
    await expect(b.next("channel_update", 300)).rejects.toThrow();
  } finally {
    stop();
    a.ws.close();
    b.ws.close();
  }
});

test("a new subscriber gets the channel's last published value at once, after its confirmation", async () => {
  // trending_games has no value computed on demand: the last one published is what a subscriber gets.
  publish("trending_games", { games: [{ id: "g7", gameName: "Roguelike One", playerCount: 120 }] });
  publishToUser(bob.user.id, "ai_analysis", { type: "sentiment", processingTime: 40 });
  const c = connect(bob.cookie);
  try {
    await c.opened;
    await c.next("connection");
    c.ws.send(JSON.stringify({ type: "subscribe", channels: ["trending_games", "ai_analysis"] }));
    await c.next("subscription_confirmed");
    const update = await c.next("channel_update");
    expect(update).toMatchObject({
      channel: "trending_games",
      data: { games: [{ gameName: "Roguelike One" }] },
    });
    expect(c.arrived).toEqual(["connection", "subscription_confirmed", "channel_update"]);
    // ai_analysis carries events, not a value: an old event is not replayed as if new.
    await expect(c.next("channel_update", 300)).rejects.toThrow();

    // Subscribing again to a channel already held sends nothing twice.
    c.ws.send(JSON.stringify({ type: "subscribe", channels: ["trending_games"] }));
    await c.next("subscription_confirmed");
    await expect(c.next("channel_update", 300)).rejects.toThrow();
  } finally {
    c.ws.close();
  }
});

test("the first analytics_stats subscriber gets the figures of the moment, not after the next tick", async () => {
  // An interval far longer than the test: the only update that can arrive is the one sent on subscribe.
  const stop = startStatsPublisher(10 * 60_000);
  const a = connect(alice.cookie);
  try {
    await a.opened;
    await a.next("connection");
    a.ws.send(JSON.stringify({ type: "subscribe", channels: ["analytics_stats"] }));
    await a.next("subscription_confirmed");
    const update = await a.next("channel_update");
    expect(update.channel).toBe("analytics_stats");
    expect(update.data).toEqual(await collectStats());
  } finally {
    stop();
    a.ws.close();
  }
});

test("a Starter user's subscribe to a Premium channel is refused with its name and why; market_trends comes without volatility", async () => {
  const c = connect(alice.cookie);
  try {
    await c.opened;
    await c.next("connection");
    c.ws.send(JSON.stringify({ type: "subscribe", channels: ["market_trends", "ai_analysis"] }));
    const confirmed = await c.next("subscription_confirmed");
    expect(confirmed.channels).toEqual(["market_trends"]);
    expect(confirmed.subscribed).toEqual(["market_trends"]);
    // Review r22-c #5: told which channels were refused and why, not left to guess.
    expect(await c.next("subscription_refused")).toMatchObject({
      channels: ["ai_analysis"],
      reason: "This feature needs a Premium plan",
    });
    // The trends of the moment (none in this database), then each publish, as over HTTP: without
    // the genres' volatility, a Premium figure (ADR 020).
    expect(await c.next("channel_update")).toMatchObject({ channel: "market_trends", data: [] });
    publish("market_trends", [{ category: "Strategy", players: 1200, volatilityScore: 3 }]);
    publishToUser(alice.user.id, "ai_analysis", { type: "sentiment", processingTime: 40 });
    expect((await c.next("channel_update")).data).toEqual([{ category: "Strategy", players: 1200 }]);
    await expect(c.next("channel_update", 300)).rejects.toThrow();
  } finally {
    c.ws.close();
  }
});

test("a Premium user's market_trends carries the volatility, and a late subscriber gets it too", async () => {
  const trends = [{ category: "Roguelike", players: 900, volatilityScore: 4.5 }];
  publish("market_trends", trends);
  const premium = connect(bob.cookie);
  const starter = connect(alice.cookie);
  try {
    await Promise.all([premium.opened, starter.opened]);
    await Promise.all([premium.next("connection"), starter.next("connection")]);
    premium.ws.send(JSON.stringify({ type: "subscribe", channels: ["market_trends"] }));
    starter.ws.send(JSON.stringify({ type: "subscribe", channels: ["market_trends"] }));
    await Promise.all([premium.next("subscription_confirmed"), starter.next("subscription_confirmed")]);
    // Nothing refused: no subscription_refused for a subscribe that got all it asked for.
    await Promise.all([premium.next("channel_update"), starter.next("channel_update")]);
    publish("market_trends", trends);
    expect((await premium.next("channel_update")).data).toEqual(trends);
    expect((await starter.next("channel_update")).data).toEqual([{ category: "Roguelike", players: 900 }]);
    await expect(starter.next("subscription_refused", 100)).rejects.toThrow();
  } finally {
    premium.ws.close();
    starter.ws.close();
  }
});

test("an analysis's ai_analysis event reaches only its user's sockets, not another Premium user's", async () => {
  const dave = await createTestUser({ role: "premium" });
  const own = connect(bob.cookie);
  const other = connect(dave.cookie);
  try {
    await Promise.all([own.opened, other.opened]);
    await Promise.all([own.next("connection"), other.next("connection")]);
    own.ws.send(JSON.stringify({ type: "subscribe", channels: ["ai_analysis"] }));
    other.ws.send(JSON.stringify({ type: "subscribe", channels: ["ai_analysis"] }));
    expect((await own.next("subscription_confirmed")).channels).toEqual(["ai_analysis"]);
    expect((await other.next("subscription_confirmed")).channels).toEqual(["ai_analysis"]);
    const res = await request("/api/ai/trending-analysis", { method: "POST", cookie: bob.cookie });
    expect(res.status).toBe(200);
    const update = await own.next("channel_update");
    expect(update).toMatchObject({ channel: "ai_analysis", data: { type: "trending_analysis" } });
    await expect(other.next("channel_update", 300)).rejects.toThrow();
  } finally {
    own.ws.close();
    other.ws.close();
  }
});
