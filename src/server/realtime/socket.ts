import type { ServerWebSocket, WebSocketHandler } from "bun";
import { Hono } from "hono";
import { type BunWebSocketData, upgradeWebSocket, websocket } from "hono/bun";
import { createMiddleware } from "hono/factory";
import {
  ClientMessageSchema,
  channelsFor,
  isChannel,
  MAX_CHANNELS_PER_MESSAGE,
  PREMIUM_CHANNEL_REASON,
  PREMIUM_CHANNELS,
  type ServerMessage,
  UNKNOWN_CHANNEL_REASON,
} from "../../contracts/realtime.ts";
import { hasPremiumAccess } from "../../contracts/roles.ts";
import { type AuthedEnv, requireUser } from "../auth/guards.ts";
import { env } from "../env.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { log } from "../log.ts";
import {
  EVERYONE_TOPIC,
  register,
  releaseSocketPlace,
  reserveSocketPlace,
  socketData,
  subscribe,
  subscribedChannels,
  unregister,
  unsubscribe,
} from "./hub.ts";

/**
 * `/ws` (spec §7). The upgrade passes the app's middleware first: a foreign Origin gets 403 from
 * `originCheck`, a visitor without a valid session 401 from `requireUser`. `hono/bun` performs the
 * upgrade; `index.ts` passes `websocketHandler` (its `websocket` plus our limits) to `Bun.serve`.
 */
export type SocketState = BunWebSocketData;
type Socket = ServerWebSocket<unknown>;

/** A slow client is dropped once this much is queued for it, instead of growing server memory. */
export const BACKPRESSURE_LIMIT_BYTES = 1024 * 1024;
/** Client messages are a few dozen bytes; anything near this is not our protocol. */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * Sends one message and acts on Bun's status: -1 means it was queued behind backpressure (Bun
 * closes the socket itself once the queue passes the limit); 0 means it was dropped, so the client
 * has already missed data and is closed rather than left silently out of step.
 */
export function send(ws: Socket, message: ServerMessage): boolean {
  const status = ws.send(JSON.stringify(message));
  if (status === 0) {
    log.debug("ws: message dropped, closing the socket", { type: message.type });
    ws.close(1013, "Too far behind");
    return false;
  }
  return true;
}

const requireUpgrade = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new HttpProblem(426, "Connect with a WebSocket", { headers: { Upgrade: "websocket" } });
  }
  // `app.request()` in tests and non-Bun hosts have no server to upgrade with.
  const env = c.env as { server?: unknown } | undefined;
  if (!env?.server) throw new HttpProblem(503, "Live updates are not available on this server");
  await next();
});

/** Retry-After on a refused upgrade: the browser's client backs off on its own (src/client/realtime.ts). */
const SOCKET_LIMIT_RETRY_AFTER_SECONDS = 30;

/**
 * At most WS_MAX_SOCKETS_PER_USER open sockets per user (each is bounded, but hundreds of them were
 * not). Refused before the upgrade with a problem JSON 429: the browser sees a socket that never
 * opened, which the client retries with its growing backoff (3 s, then up to 30 s), whereas a
 * socket closed after opening would reset that backoff and be retried every 3 s. Sockets are only
 * for signed-in users (`requireUser`), so there is no per-address cap for anonymous ones.
 */
const socketCap = createMiddleware<AuthedEnv>(async (c, next) => {
  const userId = c.get("user").id;
  const limit = env().WS_MAX_SOCKETS_PER_USER;
  if (!reserveSocketPlace(userId, limit)) {
    log.warn("ws: upgrade refused, too many open sockets", { userId, limit });
    throw new HttpProblem(
      429,
      `At most ${limit} live connections may be open at once for one account; close another tab first`,
      { headers: { "Retry-After": String(SOCKET_LIMIT_RETRY_AFTER_SECONDS) } },
    );
  }
  try {
    await next();
  } catch (error) {
    releaseSocketPlace(userId);
    throw error;
  }
  // The upgrade did not happen (Bun refused the handshake): give the place back.
  if (c.error) releaseSocketPlace(userId);
});

/** Malformed messages are logged at most once per this interval (with how many were not logged). */
export const BAD_MESSAGE_LOG_INTERVAL_MS = 10_000;
/** A socket sending more malformed messages than this within one interval is closed with 1008. */
export const BAD_MESSAGE_LIMIT = 20;

type BadKind = "binary" | "malformed" | "unknown";
const badBySocket = new WeakMap<Socket, { count: number; since: number }>();
const lastLogged = new Map<BadKind, { at: number; suppressed: number }>();

/** Tests only: forget when each kind was last logged. */
export function resetBadMessageLogForTests(): void {
  lastLogged.clear();
}

/**
 * Counts a message that is not our protocol. One socket flooding them must neither fill the log
 * (one line per kind per interval, across all sockets) nor stay connected (closed with 1008, policy
 * violation, once over the limit).
 */
function rejectMessage(ws: Socket, userId: string, kind: BadKind, now = Date.now()): void {
  const entry = lastLogged.get(kind);
  if (!entry || now - entry.at >= BAD_MESSAGE_LOG_INTERVAL_MS) {
    log.warn(`ws: ${kind} message ignored`, { userId, notLoggedSinceLast: entry?.suppressed ?? 0 });
    lastLogged.set(kind, { at: now, suppressed: 0 });
  } else {
    entry.suppressed++;
  }
  let bad = badBySocket.get(ws);
  if (!bad || now - bad.since >= BAD_MESSAGE_LOG_INTERVAL_MS) {
    bad = { count: 0, since: now };
    badBySocket.set(ws, bad);
  }
  bad.count++;
  if (bad.count === BAD_MESSAGE_LIMIT + 1) {
    log.warn("ws: closed for malformed messages", { userId, messages: bad.count });
    ws.close(1008, "Malformed messages");
  }
}

function handleMessage(ws: Socket, userId: string, raw: unknown): void {
  if (typeof raw !== "string") {
    rejectMessage(ws, userId, "binary");
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    rejectMessage(ws, userId, "malformed");
    return;
  }
  const message = ClientMessageSchema.safeParse(parsed);
  if (!message.success) {
    rejectMessage(ws, userId, "unknown");
    return;
  }
  const now = new Date().toISOString();
  switch (message.data.type) {
    case "ping":
      send(ws, { type: "pong", timestamp: now });
      return;
    case "subscribe":
    case "unsubscribe": {
      // Unknown channel names are dropped: the confirmation lists only the known ones (ADR 004), and
      // a subscribe is answered with subscription_refused naming them, "Unknown channel" (review r23-a
      // #8: a typo was confirmed with `channels: []` and nothing else), their first distinct ones.
      // Premium channels are left out for a Starter user (their data is Premium), and a subscribe
      // to them is answered with subscription_refused naming them and why (review r22-c #5).
      // The role is the one last read for this socket (session-watch.ts keeps it current).
      // A name listed twice counts once, so the confirmation lists each channel once; a list over
      // MAX_CHANNELS_PER_MESSAGE names is answered for its first distinct known ones, and logged.
      const premium = hasPremiumAccess(socketData(ws));
      const listed = message.data.channels;
      const known = [...new Set(listed.filter(isChannel))].slice(0, MAX_CHANNELS_PER_MESSAGE);
      const channels = known.filter((name) => premium || !PREMIUM_CHANNELS.has(name));
      const refused = known.filter((name) => !channels.includes(name));
      const unknown = [...new Set(listed.filter((name) => !isChannel(name)))].slice(
        0,
        MAX_CHANNELS_PER_MESSAGE,
      );
      if (listed.length > MAX_CHANNELS_PER_MESSAGE) {
        log.warn(`ws: ${message.data.type} listed more than ${MAX_CHANNELS_PER_MESSAGE} channels`, {
          userId,
          listed: listed.length,
          confirmed: channels.length,
        });
      }
      if (message.data.type === "subscribe") subscribe(ws, channels);
      else unsubscribe(ws, channels);
      send(ws, {
        type: "subscription_confirmed",
        channels,
        subscribed: subscribedChannels(ws),
        timestamp: now,
      });
      if (message.data.type === "subscribe" && refused.length > 0) {
        send(ws, {
          type: "subscription_refused",
          channels: refused,
          reason: PREMIUM_CHANNEL_REASON,
          timestamp: now,
        });
      }
      if (message.data.type === "subscribe" && unknown.length > 0) {
        send(ws, {
          type: "subscription_refused",
          channels: unknown,
          reason: UNKNOWN_CHANNEL_REASON,
          timestamp: now,
        });
      }
      return;
    }
  }
}

export const socketRoutes = new Hono<AppEnv>().get(
  "/",
  requireUser,
  requireUpgrade,
  socketCap,
  upgradeWebSocket((c) => {
    const user = c.get("user");
    const session = c.get("session");
    const userId = user.id;
    // Kept current while the socket is open: ending the session closes it, and a role change
    // applies to its channels at once (session-watch.ts).
    const owner = {
      userId,
      sessionId: session?.id ?? "",
      expiresAt: session?.expiresAt.getTime() ?? 0,
      role: user.role,
    };
    return {
      onOpen(_event, ctx) {
        const ws = ctx.raw as Socket;
        register(ws, owner);
        // What every tab is told, whatever it subscribes to: maintenance mode (status_changed).
        ws.subscribe(EVERYONE_TOPIC);
        send(ws, {
          type: "connection",
          status: "connected",
          // Only the channels this user may join (review r22-c #5): a Starter user is not offered
          // the Premium ones. A role change is told with account_changed; the client subscribes again.
          channels: channelsFor(hasPremiumAccess(owner)),
          timestamp: new Date().toISOString(),
        });
      },
      onMessage(event, ctx) {
        handleMessage(ctx.raw as Socket, userId, event.data);
      },
      onClose(_event, ctx) {
        unregister(ctx.raw as Socket);
      },
    };
  }),
  // Reached only when Bun refused the handshake (a malformed upgrade request).
  () => {
    throw new HttpProblem(400, "WebSocket upgrade failed");
  },
);

/** For `Bun.serve({ websocket })`: `hono/bun`'s dispatcher with this socket's limits. */
export const websocketHandler = {
  ...websocket,
  backpressureLimit: BACKPRESSURE_LIMIT_BYTES,
  closeOnBackpressureLimit: true,
  maxPayloadLength: MAX_CLIENT_MESSAGE_BYTES,
  // Off (Bun's default, stated so it stays off): our frames are a few hundred bytes of JSON, where
  // deflate saves little, and a broadcast to thousands of sockets would pay for it on every one.
  perMessageDeflate: false,
  idleTimeout: 120,
  sendPings: true,
} satisfies WebSocketHandler<SocketState>;
