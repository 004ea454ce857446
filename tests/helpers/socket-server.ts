import type { Server } from "bun";
import { afterAll, beforeAll, expect } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { attachServer, detachServer } from "../../src/server/realtime/hub.ts";
import { type SocketState, websocketHandler } from "../../src/server/realtime/socket.ts";

/**
 * The app with its WebSocket endpoint on a free port for the tests of one file, attached to the hub
 * as the real server is, and stopped after them. `host` is `localhost:<port>` once started.
 */
export function socketServerForFile(): { readonly host: string; readonly port: number } {
  let server: Server<SocketState> | undefined;
  beforeAll(() => {
    const app = createApp();
    server = Bun.serve<SocketState>({
      port: 0,
      fetch: (req, srv) => app.fetch(req, { server: srv }),
      websocket: websocketHandler,
    });
    attachServer(server);
  });
  afterAll(async () => {
    detachServer();
    await server?.stop(true);
  });
  return {
    get host() {
      return `localhost:${server!.port}`;
    },
    get port() {
      return server!.port!;
    },
  };
}

/** A signed-in user's socket to `host`, with every message it receives (parsed) in `messages`. */
export function connectAs(host: string, cookie: string) {
  const ws = new WebSocket(`ws://${host}/ws`, {
    headers: { Origin: `http://${host}`, Cookie: cookie },
  } as unknown as string[]);
  const messages: Array<Record<string, unknown>> = [];
  ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  const opened = new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error("socket error")));
  });
  return { ws, messages, opened };
}

/** Waits up to 2 s for `check` to hold, then asserts it. */
export async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}
