import type { Server, ServerWebSocket, WebSocketHandler } from "bun";
import { Hono } from "hono";
import {
  type Channel,
  ClientMessageSchema,
  isChannel,
  type ServerMessage,
} from "../../contracts/realtime.ts";
import { requireUser } from "../auth/guards.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { log } from "../log.ts";
import { CHANNELS, register, subscribe, subscribedChannels, unregister, unsubscribe } from "./hub.ts";

/**
 * `/ws` (spec §7). The upgrade passes the app's middleware first: a foreign Origin gets 403 from
 * `originCheck`, a visitor without a session 401 from `requireUser`.
 */
export interface SocketState {
  userId: string;
}

/** A slow client is dropped once this much is queued for it, instead of growing server memory. */
export const BACKPRESSURE_LIMIT_BYTES = 1024 * 1024;

function send(ws: ServerWebSocket<unknown>, message: ServerMessage): void {
  // -1: enqueued under backpressure; 0: dropped (the socket is closing). Either way nothing to retry.
  ws.send(JSON.stringify(message));
}

export const socketRoutes = new Hono<AppEnv>().get("/", requireUser, (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new HttpProblem(426, "Connect with a WebSocket", { headers: { Upgrade: "websocket" } });
  }
  const server = (c.env as { server?: Server<SocketState> } | undefined)?.server;
  if (!server) throw new HttpProblem(503, "Live updates are not available on this server");
  const upgraded = server.upgrade(c.req.raw, { data: { userId: c.get("user").id } });
  if (!upgraded) throw new HttpProblem(400, "WebSocket upgrade failed");
  return new Response(null);
});

export const websocketHandler: WebSocketHandler<SocketState> = {
  backpressureLimit: BACKPRESSURE_LIMIT_BYTES,
  closeOnBackpressureLimit: true,
  idleTimeout: 120,
  sendPings: true,
  open(ws) {
    register(ws as ServerWebSocket<unknown>, ws.data.userId);
    send(ws as ServerWebSocket<unknown>, {
      type: "connection",
      status: "connected",
      channels: CHANNELS,
      timestamp: new Date().toISOString(),
    });
  },
  message(ws, raw) {
    const socket = ws as ServerWebSocket<unknown>;
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
    } catch {
      log.warn("ws: malformed message ignored", { userId: ws.data.userId });
      return;
    }
    const message = ClientMessageSchema.safeParse(parsed);
    if (!message.success) {
      log.warn("ws: unknown message ignored", { userId: ws.data.userId });
      return;
    }
    const now = new Date().toISOString();
    switch (message.data.type) {
      case "ping":
        send(socket, { type: "pong", timestamp: now });
        return;
      case "subscribe":
      case "unsubscribe": {
        const channels = message.data.channels.filter(isChannel) as Channel[];
        if (message.data.type === "subscribe") subscribe(socket, channels);
        else unsubscribe(socket, channels);
        send(socket, {
          type: "subscription_confirmed",
          channels,
          subscribed: subscribedChannels(socket),
          timestamp: now,
        });
        return;
      }
    }
  },
  close(ws) {
    unregister(ws as ServerWebSocket<unknown>);
  },
};
