import { beforeAll, expect, test, vi } from "vitest";
import { BAD_MESSAGE_LIMIT, resetBadMessageLogForTests } from "../../src/server/realtime/socket.ts";
import { createTestUser, type TestUser } from "../helpers/api.ts";
import { socketServerForFile } from "../helpers/socket-server.ts";

// The log is what is under test here.
process.env.LOG_LEVEL = "warn";

const sockets = socketServerForFile();
let alice: TestUser;

beforeAll(async () => {
  alice = await createTestUser();
});

function open(cookie: string) {
  const ws = new WebSocket(`ws://${sockets.host}/ws`, {
    headers: { Origin: `http://${sockets.host}`, Cookie: cookie },
  } as never);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  const connected = new Promise<void>((resolve) =>
    ws.addEventListener("message", () => resolve(), { once: true }),
  );
  return { ws, closed, connected };
}

test("a flood of malformed messages is logged once, not per message, and the socket is closed with 1008", async () => {
  resetBadMessageLogForTests();
  const lines: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  try {
    const c = open(alice.cookie);
    await c.connected;
    for (let i = 0; i < 500 && c.ws.readyState === WebSocket.OPEN; i++) c.ws.send(`{not json ${i}`);
    const { code } = await c.closed;
    expect(code).toBe(1008);
  } finally {
    spy.mockRestore();
  }
  const malformed = lines.filter((l) => l.includes("ws: malformed message ignored"));
  expect(malformed).toHaveLength(1);
  expect(lines.filter((l) => l.includes("ws: closed for malformed messages"))).toHaveLength(1);
  expect(lines.length).toBeLessThanOrEqual(2);
});

test("a few malformed messages among good ones do not close the socket", async () => {
  const c = open(alice.cookie);
  await c.connected;
  const pong = new Promise<void>((resolve) =>
    c.ws.addEventListener("message", (e) => {
      if (String(e.data).includes('"pong"')) resolve();
    }),
  );
  for (let i = 0; i < BAD_MESSAGE_LIMIT; i++) c.ws.send("{not json");
  c.ws.send(JSON.stringify({ type: "ping" }));
  await pong;
  expect(c.ws.readyState).toBe(WebSocket.OPEN);
  c.ws.close();
});
