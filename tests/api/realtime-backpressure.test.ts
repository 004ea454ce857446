import { type Socket, connect as tcpConnect } from "node:net";
import { beforeAll, expect, test } from "vitest";
import { connectionStats, publish } from "../../src/server/realtime/hub.ts";
import { BACKPRESSURE_LIMIT_BYTES } from "../../src/server/realtime/socket.ts";
import { createTestUser, type TestUser } from "../helpers/api.ts";
import { socketServerForFile } from "../helpers/socket-server.ts";

/**
 * A client that stops reading must be dropped, not buffered without bound (issue 2 item 8).
 * The slow client is a raw TCP socket that completes the handshake, subscribes, then pauses, so
 * nothing drains the server's queue for it; a normal client on the same channel keeps reading.
 */
const sockets = socketServerForFile();
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
});

/** A masked client text frame (RFC 6455 §5.2); payloads here are under 126 bytes. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const masked = payload.map((byte, i) => byte ^ mask[i % 4]!);
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}

async function slowClient(): Promise<Socket> {
  const socket = tcpConnect(sockets.port, "127.0.0.1");
  let received = "";
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("subscription_confirmed")) resolve();
      else if (received.includes('"type":"connection"')) {
        socket.write(textFrame(JSON.stringify({ type: "subscribe", channels: ["trending_games"] })));
      }
    });
    socket.write(
      [
        "GET /ws HTTP/1.1",
        `Host: ${sockets.host}`,
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        `Origin: http://${sockets.host}`,
        `Cookie: ${user.cookie}`,
        "",
        "",
      ].join("\r\n"),
    );
  });
  expect(received.startsWith("HTTP/1.1 101")).toBe(true);
  socket.removeAllListeners("data");
  socket.pause();
  return socket;
}

test("a client that stops reading is dropped while a reading client keeps receiving", async () => {
  const slow = await slowClient();
  const fast = new WebSocket(`ws://${sockets.host}/ws`, {
    headers: { Cookie: user.cookie, Origin: `http://${sockets.host}` },
  } as unknown as string[]);
  const fastSeqs: unknown[] = [];
  let fastClosed = false;
  fast.addEventListener("close", () => {
    fastClosed = true;
  });
  await new Promise<void>((resolve) => {
    fast.addEventListener("message", (e) => {
      const message = JSON.parse(String(e.data));
      if (message.type === "connection") {
        fast.send(JSON.stringify({ type: "subscribe", channels: ["trending_games"] }));
      } else if (message.type === "subscription_confirmed") resolve();
      else if (message.type === "channel_update") fastSeqs.push(message.data.seq);
    });
  });
  expect(connectionStats().connections).toBe(2);

  // Far more than the limit plus what the kernel's socket buffers can hold, paced so the
  // reading client keeps up.
  const chunk = "x".repeat(BACKPRESSURE_LIMIT_BYTES / 4);
  const rounds = 160;
  for (let i = 0; i < rounds && connectionStats().connections === 2; i++) {
    publish("trending_games", { seq: i, chunk });
    await new Promise((r) => setTimeout(r, 5));
  }
  const deadline = Date.now() + 3000;
  while (connectionStats().connections !== 1 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(connectionStats().connections).toBe(1);
  expect(fastClosed).toBe(false);

  // The reading client still gets what is published after the slow one was dropped.
  publish("trending_games", { seq: "after" });
  const until = Date.now() + 3000;
  while (!fastSeqs.includes("after") && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(fastSeqs).toContain("after");

  fast.close();
  slow.destroy();
});
