import { beforeAll, expect, test } from "vitest";
import { openSocketsOf } from "../../src/server/realtime/hub.ts";
import { createTestUser, type TestUser } from "../helpers/api.ts";
import { connectAs, eventually, socketServerForFile } from "../helpers/socket-server.ts";

// Read by env() after setup-db's reset (before this file's first test).
process.env.WS_MAX_SOCKETS_PER_USER = "3";

const sockets = socketServerForFile();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await createTestUser();
  bob = await createTestUser();
});

async function upgrade(cookie: string): Promise<Response> {
  return fetch(`http://${sockets.host}/ws`, {
    headers: {
      Origin: `http://${sockets.host}`,
      Cookie: cookie,
      Connection: "Upgrade",
      Upgrade: "websocket",
      "Sec-WebSocket-Version": "13",
      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    },
  });
}

async function openAs(cookie: string) {
  const c = connectAs(sockets.host, cookie);
  await c.opened;
  return c;
}

test("one user's sockets beyond WS_MAX_SOCKETS_PER_USER are refused with a problem JSON 429; others' are not", async () => {
  const open = [await openAs(alice.cookie), await openAs(alice.cookie), await openAs(alice.cookie)];
  try {
    const refused = await upgrade(alice.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.json()).toMatchObject({ status: 429, title: "Too Many Requests" });
    // A WebSocket client sees a socket that never opens.
    await expect(openAs(alice.cookie)).rejects.toThrow();
    // Another user is not affected.
    const other = await openAs(bob.cookie);
    other.ws.close();
    expect(openSocketsOf(alice.user.id)).toBe(3);
  } finally {
    for (const c of open) c.ws.close();
  }
  await eventually(() => openSocketsOf(alice.user.id) === 0);
});

test("only open sockets count: a tab opening and closing sockets again and again is never locked out", async () => {
  for (let i = 0; i < 10; i++) {
    const c = await openAs(alice.cookie);
    c.ws.close();
    await eventually(() => openSocketsOf(alice.user.id) === 0);
  }
  const last = await openAs(alice.cookie);
  expect(openSocketsOf(alice.user.id)).toBe(1);
  last.ws.close();
  await eventually(() => openSocketsOf(alice.user.id) === 0);
});

test("a burst of simultaneous upgrades cannot pass the cap before any of them opens", async () => {
  const burst = Array.from({ length: 8 }, () => connectAs(sockets.host, alice.cookie));
  const results = await Promise.allSettled(burst.map((c) => c.opened));
  try {
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(openSocketsOf(alice.user.id)).toBe(3);
  } finally {
    for (const c of burst) c.ws.close();
  }
  await eventually(() => openSocketsOf(alice.user.id) === 0);
  // The refused ones held no place: the user can open sockets again at once.
  const again = await openAs(alice.cookie);
  again.ws.close();
});
