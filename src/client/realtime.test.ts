import { expect, test } from "vitest";
import {
  MAX_RECONNECT_ATTEMPTS,
  PING_INTERVAL_MS,
  RECONNECT_DELAY_MS,
  RealtimeClient,
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
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
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
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
    setRepeat: (fn, ms) => {
      repeats.set(nextRepeat, { fn, ms });
      return nextRepeat++;
    },
    clearRepeat: (id) => repeats.delete(id as number),
    logger: { warn: (m: string) => warnings.push(m) },
  });
  return { client, sockets, timers, warnings, repeats };
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

test("gives up after 5 reconnect attempts", () => {
  const { client, sockets, timers } = setup();
  client.connect();
  for (let i = 0; i < 10; i++) {
    sockets.at(-1)!.drop();
    const timer = timers.shift();
    if (!timer) break;
    timer.fn();
  }
  expect(sockets.length).toBe(1 + MAX_RECONNECT_ATTEMPTS);
  expect(client.state).toBe("disconnected");
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
