import { expect, test } from "vitest";
import { MAX_RECONNECT_ATTEMPTS, RECONNECT_DELAY_MS, RealtimeClient, type SocketLike } from "./realtime.ts";

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
  const client = new RealtimeClient({
    url: "ws://test/ws",
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
    setRepeat: () => 1,
    clearRepeat: () => {},
    logger: { warn: (m: string) => warnings.push(m) },
  });
  return { client, sockets, timers, warnings };
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
