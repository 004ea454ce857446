import { expect, test } from "vitest";
import { SESSION_ENDED_CLOSE_CODE } from "../contracts/realtime.ts";
import {
  MAX_BACKOFF_MS,
  MAX_RECONNECT_ATTEMPTS,
  PING_INTERVAL_MS,
  RECONNECT_DELAY_MS,
  RealtimeClient,
  reconnectDelay,
  type SocketLike,
} from "./realtime.ts";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(
  random = 0.5,
  session: {
    alive?: boolean;
    ended?: () => void;
    accountChanged?: () => void;
    reconnected?: () => void;
    statusChanged?: (status: unknown) => void;
  } = {},
) {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const cleared: unknown[] = [];
  const warnings: string[] = [];
  const repeats = new Map<number, { fn: () => void; ms: number }>();
  let nextRepeat = 1;
  const client = new RealtimeClient({
    url: "ws://test/ws",
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimer: (fn, ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (id) => {
      cleared.push(id);
      timers.splice(timers.indexOf(id as (typeof timers)[number]), 1);
    },
    setRepeat: (fn, ms) => {
      repeats.set(nextRepeat, { fn, ms });
      return nextRepeat++;
    },
    clearRepeat: (id) => repeats.delete(id as number),
    logger: { warn: (m: string) => warnings.push(m) },
    random: () => random,
    onSessionEnded: session.ended,
    onAccountChanged: session.accountChanged,
    onReconnected: session.reconnected,
    onStatusChanged: session.statusChanged,
    sessionAlive: async () => session.alive ?? true,
  });
  return { client, sockets, timers, warnings, repeats, cleared };
}

test("connecting, then connected; remembered subscriptions are re-sent on reconnect", () => {
  const { client, sockets, timers } = setup();
  const got: unknown[] = [];
  client.subscribe("trending_games", (d) => got.push(d));
  client.connect();
  expect(client.state).toBe("connecting");
  sockets[0]!.open();
  expect(client.state).toBe("connected");
  expect(sockets[0]!.sent).toContainEqual({ type: "subscribe", channels: ["trending_games"] });

  sockets[0]!.drop();
  expect(client.state).toBe("disconnected");
  expect(timers).toHaveLength(1);
  expect(timers[0]!.ms).toBe(RECONNECT_DELAY_MS);
  timers[0]!.fn();
  sockets[1]!.open();
  expect(client.attempts).toBe(0);
  expect(sockets[1]!.sent).toContainEqual({ type: "subscribe", channels: ["trending_games"] });

  sockets[1]!.onmessage?.({
    data: JSON.stringify({ type: "channel_update", channel: "trending_games", data: { n: 1 } }),
  });
  expect(got).toEqual([{ n: 1 }]);
});

test("the spec's first 5 attempts are 3 s apart; then it keeps trying with a backoff capped at 10 s", () => {
  const { client, sockets, timers } = setup(1);
  client.connect();
  const waits: number[] = [];
  for (let i = 0; i < 12; i++) {
    sockets.at(-1)!.drop();
    const timer = timers.shift()!;
    waits.push(timer.ms);
    timer.fn();
  }
  expect(waits.slice(0, MAX_RECONNECT_ATTEMPTS)).toEqual(
    Array(MAX_RECONNECT_ATTEMPTS).fill(RECONNECT_DELAY_MS),
  );
  expect(waits.slice(MAX_RECONNECT_ATTEMPTS)).toEqual([6000, 10000, 10000, 10000, 10000, 10000, 10000]);
  // Still trying: twelve drops, thirteen sockets, and a connection resets the count.
  expect(sockets).toHaveLength(13);
  expect(client.state).toBe("connecting");
  sockets.at(-1)!.open();
  expect(client.attempts).toBe(0);
  expect(client.reconnecting).toBe(false);
});

test("later waits are spread over their last fifth and never pass the ceiling", () => {
  expect(reconnectDelay(1, 0)).toBe(RECONNECT_DELAY_MS);
  expect(reconnectDelay(MAX_RECONNECT_ATTEMPTS, 0.9)).toBe(RECONNECT_DELAY_MS);
  expect(reconnectDelay(6, 0)).toBe(4800);
  expect(reconnectDelay(6, 1)).toBe(6000);
  expect(reconnectDelay(50, 0)).toBe(MAX_BACKOFF_MS * 0.8);
  expect(reconnectDelay(50, 1)).toBe(MAX_BACKOFF_MS);
  expect(reconnectDelay(1000, 1)).toBe(MAX_BACKOFF_MS);
});

test("reconnecting is shown from the first lost connection until the next open", () => {
  const { client, sockets, timers } = setup();
  const seen: boolean[] = [];
  client.onStateChange(() => seen.push(client.reconnecting));
  client.connect();
  expect(client.reconnecting).toBe(false);
  sockets[0]!.open();
  sockets[0]!.drop();
  expect(client.reconnecting).toBe(true);
  timers.shift()!.fn();
  expect(client.state).toBe("connecting");
  expect(client.reconnecting).toBe(true);
  sockets[1]!.open();
  expect(client.reconnecting).toBe(false);
  // Listeners heard the change when the reconnect was planned, not only on state changes.
  expect(seen.at(-1)).toBe(false);
  expect(seen).toContain(true);
});

test("retryNow() cancels the planned attempt and connects at once; it does nothing while connected", () => {
  const { client, sockets, timers, cleared } = setup();
  client.connect();
  sockets[0]!.open();
  client.retryNow();
  expect(sockets).toHaveLength(1);
  for (let i = 0; i < 7; i++) {
    sockets.at(-1)!.drop();
    timers.shift()!.fn();
  }
  sockets.at(-1)!.drop();
  expect(timers).toHaveLength(1);
  const planned = timers[0]!;
  expect(planned.ms).toBeGreaterThan(RECONNECT_DELAY_MS);
  const before = sockets.length;
  client.retryNow();
  expect(cleared).toEqual([planned]);
  expect(timers).toHaveLength(0);
  expect(sockets).toHaveLength(before + 1);
  expect(client.state).toBe("connecting");
  // A second press while the attempt is under way opens no second socket.
  client.retryNow();
  expect(sockets).toHaveLength(before + 1);
  sockets.at(-1)!.open();
  expect(client.state).toBe("connected");
});

test("retryNow() after disconnect() does not reconnect", () => {
  const { client, sockets } = setup();
  client.connect();
  sockets[0]!.open();
  client.disconnect();
  client.retryNow();
  expect(sockets).toHaveLength(1);
  expect(client.reconnecting).toBe(false);
});

test("a socket error is the error state; a malformed message is logged and ignored", () => {
  const { client, sockets, warnings } = setup();
  client.connect();
  sockets[0]!.open();
  sockets[0]!.onmessage?.({ data: "{oops" });
  expect(warnings).toHaveLength(1);
  expect(client.state).toBe("connected");
  sockets[0]!.onerror?.({});
  expect(client.state).toBe("error");
});

test("the last listener leaving unsubscribes the channel", () => {
  const { client, sockets } = setup();
  client.connect();
  sockets[0]!.open();
  const off = client.subscribe("market_trends", () => {});
  off();
  expect(sockets[0]!.sent).toContainEqual({ type: "unsubscribe", channels: ["market_trends"] });
});

test("pings every 30 s while connected and stops when the socket closes", () => {
  const { client, sockets, repeats } = setup();
  client.connect();
  expect(repeats.size).toBe(0);
  sockets[0]!.open();
  expect([...repeats.values()].map((r) => r.ms)).toEqual([PING_INTERVAL_MS]);
  for (const r of repeats.values()) r.fn();
  expect(sockets[0]!.sent).toEqual([{ type: "ping" }]);
  sockets[0]!.drop();
  expect(repeats.size).toBe(0);
});

test("a socket error followed by its close ends disconnected with a reconnect planned", () => {
  const { client, sockets, timers } = setup();
  client.connect();
  sockets[0]!.onerror?.({});
  expect(client.state).toBe("error");
  sockets[0]!.drop();
  expect(client.state).toBe("disconnected");
  expect(timers.map((t) => t.ms)).toEqual([RECONNECT_DELAY_MS]);
  timers[0]!.fn();
  expect(client.state).toBe("connecting");
  expect(client.attempts).toBe(1);
});

test("subscribing before the socket opens sends one subscribe on open, and nothing before", () => {
  const { client, sockets } = setup();
  client.connect();
  const got: unknown[] = [];
  client.subscribe("analytics_stats", (d) => got.push(d));
  client.subscribe("analytics_stats", (d) => got.push(d));
  expect(sockets[0]!.sent).toEqual([]);
  sockets[0]!.open();
  expect(sockets[0]!.sent).toEqual([{ type: "subscribe", channels: ["analytics_stats"] }]);
  // Both listeners of the channel get each update; updates for other channels reach neither.
  sockets[0]!.onmessage?.({
    data: JSON.stringify({ type: "channel_update", channel: "analytics_stats", data: 7 }),
  });
  sockets[0]!.onmessage?.({
    data: JSON.stringify({ type: "channel_update", channel: "market_trends", data: 8 }),
  });
  expect(got).toEqual([7, 7]);
});

test("disconnect() stops reconnecting", () => {
  const { client, sockets, timers } = setup();
  client.connect();
  sockets[0]!.open();
  client.disconnect();
  expect(client.state).toBe("disconnected");
  sockets[0]!.drop();
  expect(timers).toHaveLength(0);
});

test("a socket let go of by disconnect() cannot change the state of the next connection", () => {
  const { client, sockets, timers } = setup();
  client.connect();
  sockets[0]!.open();
  client.disconnect();
  client.connect();
  sockets[1]!.open();
  sockets[0]!.drop();
  expect(client.state).toBe("connected");
  expect(timers).toHaveLength(0);
});

test("a socket closed because its session ended stops reconnecting and goes to the signed-out state", () => {
  let ended = 0;
  const { client, sockets, timers } = setup(0.5, { ended: () => ended++ });
  client.connect();
  sockets[0]!.open();
  sockets[0]!.drop(SESSION_ENDED_CLOSE_CODE);
  expect(ended).toBe(1);
  expect(client.state).toBe("disconnected");
  expect(client.reconnecting).toBe(false);
  expect(timers).toHaveLength(0);
  client.retryNow();
  expect(sockets).toHaveLength(1);
});

test("a connection refused while the session is gone stops after asking once, not at every backoff", async () => {
  let ended = 0;
  const { client, sockets, timers } = setup(0.5, { alive: false, ended: () => ended++ });
  client.connect();
  sockets[0]!.drop();
  await Promise.resolve();
  await Promise.resolve();
  expect(ended).toBe(1);
  expect(timers).toHaveLength(0);
  expect(client.reconnecting).toBe(false);
});

test("a connection refused while the session is alive (the server restarting) keeps retrying", async () => {
  let ended = 0;
  const { client, sockets, timers } = setup(0.5, { alive: true, ended: () => ended++ });
  client.connect();
  sockets[0]!.drop();
  await Promise.resolve();
  await Promise.resolve();
  expect(ended).toBe(0);
  expect(timers).toHaveLength(1);
  expect(client.reconnecting).toBe(true);
});

test("the server telling the role changed asks the app to reload the user, and nothing else does", () => {
  let changed = 0;
  const { client, sockets } = setup(0.5, { accountChanged: () => changed++ });
  client.connect();
  sockets[0]!.open();
  const say = (message: unknown) => sockets[0]!.onmessage?.({ data: JSON.stringify(message) });
  say({ type: "subscription_confirmed", channels: [], subscribed: [], timestamp: "t" });
  say({ type: "channel_update", channel: "trending_games", data: {}, timestamp: "t" });
  expect(changed).toBe(0);
  say({ type: "account_changed", role: "premium", timestamp: "t" });
  expect(changed).toBe(1);
  expect(client.state).toBe("connected");
});

// Review r31-c #5: the maintenance banner learnt of maintenance only on its 60 s poll.
test("the server telling the status changed hands the new status to the app (the maintenance banner)", () => {
  const told: unknown[] = [];
  const { client, sockets } = setup(0.5, { statusChanged: (status) => told.push(status) });
  client.connect();
  sockets[0]!.open();
  const say = (message: unknown) => sockets[0]!.onmessage?.({ data: JSON.stringify(message) });
  say({ type: "account_changed", role: "premium", timestamp: "t" });
  expect(told).toEqual([]);
  const status = { maintenance: { enabled: true, message: "Back at 21:00 UTC." } };
  say({ type: "status_changed", status, timestamp: "t" });
  expect(told).toEqual([status]);
});

test("a reconnect (not the first connect) asks the app to refetch what the socket may have missed", () => {
  let reconnected = 0;
  const { client, sockets, timers } = setup(0.5, { reconnected: () => reconnected++ });
  client.connect();
  sockets[0]!.open();
  expect(reconnected).toBe(0);
  sockets[0]!.drop();
  timers.shift()!.fn();
  // A failed attempt is no reconnect.
  sockets[1]!.drop();
  expect(reconnected).toBe(0);
  timers.shift()!.fn();
  sockets[2]!.open();
  expect(reconnected).toBe(1);
  // disconnect() then connect() (Settings' sign-out-everywhere) also missed what came meanwhile.
  client.disconnect();
  client.connect();
  sockets[3]!.open();
  expect(reconnected).toBe(2);
});
