import type { Server } from "bun";
import { afterAll, beforeAll } from "vitest";
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
