import type { ServerWebSocket } from "bun";
import { eq, inArray } from "drizzle-orm";
import { SESSION_RENEWED_CLOSE_CODE } from "../../contracts/close-codes.ts";
import { PREMIUM_CHANNELS, SESSION_ENDED_CLOSE_CODE, type ServerMessage } from "../../contracts/realtime.ts";
import { hasPremiumAccess, type Role } from "../../contracts/roles.ts";
import { dataVersion, db } from "../db/client.ts";
import { sessions, users } from "../db/schema/index.ts";
import { log } from "../log.ts";
import {
  closeSocket,
  hasStarterView,
  openSockets,
  type SocketData,
  socketData,
  subscribe,
  subscribedChannels,
  unsubscribe,
} from "./hub.ts";

/**
 * Open sockets follow their session and their user's role (docs/decisions/009-session-cache.md:
 * logout, role changes, "sign out everyone" and expiry apply from the very next request — and a
 * socket receives a message every few seconds, so it must not outlive them).
 *
 * - In this process, the functions of `auth/session.ts` that end sessions close their sockets at
 *   once, and a changed user is re-checked at once (`recheckSockets`).
 * - Changes from elsewhere (`bun run user:role`, another process, the shell) and expiry are found by
 *   `recheckSockets` on a timer: it reads the open sockets' sessions in one query, and only when the
 *   database's `dataVersion()` moved (any commit, by anyone), a socket's session is past its expiry,
 *   or there is no local file to read a version from (a remote database). The broadcast itself never
 *   reads the database.
 */
export const SESSION_WATCH_INTERVAL_MS = 5000;
const LOOKUP_CHUNK = 500;

type Socket = ServerWebSocket<unknown>;

function endSocket(ws: Socket, data: SocketData, why: string): void {
  log.debug("ws: session ended, closing its socket", { userId: data.userId, why });
  closeSocket(ws, SESSION_ENDED_CLOSE_CODE, "Session ended");
}

/** Closes the open sockets that pass `test`, each with `close` (by default: their session ended). */
function closeWhere(
  test: (data: SocketData) => boolean,
  why: string,
  close: (ws: Socket, data: SocketData, why: string) => void = endSocket,
): number {
  let closed = 0;
  for (const [ws, data] of [...openSockets()]) {
    if (!test(data)) continue;
    close(ws, data, why);
    closed++;
  }
  return closed;
}

/** Logout or an expired session: closes that session's sockets. */
export function closeSessionSockets(sessionId: string): number {
  return closeWhere((data) => data.sessionId === sessionId, "session ended");
}

/**
 * The session was replaced by a new one of the same browser (a password change gives the session
 * making it a new token): its sockets close with SESSION_RENEWED_CLOSE_CODE and the client reconnects
 * with its new cookie, where a copy of the old cookie elsewhere is refused.
 */
export function renewSessionSockets(sessionId: string): number {
  return closeWhere(
    (data) => data.sessionId === sessionId,
    "session renewed",
    (ws, data, why) => {
      log.debug("ws: session renewed, closing its socket", { userId: data.userId, why });
      closeSocket(ws, SESSION_RENEWED_CLOSE_CODE, "Session renewed");
    },
  );
}

/** Every session of a user ended (account deleted): closes all their sockets. */
export function closeUserSockets(userId: string): number {
  return closeWhere((data) => data.userId === userId, "user's sessions ended");
}

/** "Sign out everyone": closes every socket but those of the session kept. */
export function closeSocketsExceptSession(keepSessionId: string): number {
  return closeWhere((data) => data.sessionId !== keepSessionId, "every other session ended");
}

/**
 * Applies a changed role to one socket: a user who lost Premium loses its channels at once (told
 * with a `subscription_confirmed` listing what is left); one who gained it may subscribe to them.
 * Either way, and for any other role change (to or from admin), the socket is told with
 * `account_changed`, so the client reloads the user and its shell shows the new plan at once.
 */
function applyRole(ws: Socket, data: SocketData, role: Role): void {
  if (data.role === role) return;
  const lostPremium = hasPremiumAccess({ role: data.role }) && !hasPremiumAccess({ role });
  const planChanged = hasPremiumAccess({ role: data.role }) !== hasPremiumAccess({ role });
  // Channels read by plan (market_trends' volatility) move to the new plan's copy, and send its value.
  const moved = planChanged ? [...data.channels].filter(hasStarterView) : [];
  if (moved.length > 0) unsubscribe(ws, moved);
  data.role = role;
  if (moved.length > 0) void subscribe(ws, moved);
  const dropped = lostPremium ? [...data.channels].filter((channel) => PREMIUM_CHANNELS.has(channel)) : [];
  if (dropped.length > 0) {
    unsubscribe(ws, dropped);
    send(ws, {
      type: "subscription_confirmed",
      channels: [],
      subscribed: subscribedChannels(ws),
      timestamp: new Date().toISOString(),
    });
  }
  send(ws, { type: "account_changed", role, timestamp: new Date().toISOString() });
}

function send(ws: Socket, message: ServerMessage): void {
  ws.send(JSON.stringify(message));
}

/** The database version the open sockets were last checked at (undefined: never). */
let checkedAt: number | null | undefined;
let chain: Promise<void> = Promise.resolve();

/**
 * Re-reads the open sockets' sessions and users when something may have changed (see above), or
 * always with `force`; closes the sockets whose session is gone or expired and applies role changes.
 * Calls run one after another; the promise settles when this one has run.
 */
export function recheckSockets(options: { force?: boolean; userId?: string } = {}): Promise<void> {
  chain = chain
    .then(() => sweep(options.force ?? false, options.userId))
    .catch((error) => log.warn("ws: could not re-check open sockets", { error: String(error) }));
  return chain;
}

async function sweep(force: boolean, userId?: string): Promise<void> {
  // One user's sockets (their row changed): read theirs alone, now, and leave the watch's version.
  const open = userId ? [...openSockets()].filter(([, data]) => data.userId === userId) : [...openSockets()];
  if (userId && open.length === 0) return;
  if (open.length === 0) {
    // Nothing to check (and scripts, which have no sockets, open no version probe); the next
    // socket is checked in full.
    checkedAt = undefined;
    return;
  }
  const version = dataVersion();
  const now = Date.now();
  const due =
    force || version === null || version !== checkedAt || open.some(([, data]) => data.expiresAt <= now);
  if (!due) return;
  // The version is taken before the read: a commit that lands during it moves it again.
  if (!userId) checkedAt = version;
  const ids = [...new Set(open.map(([, data]) => data.sessionId))];
  const found = new Map<string, { expiresAt: Date; role: (typeof users.$inferSelect)["role"] }>();
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const rows = await db()
      .select({ id: sessions.id, expiresAt: sessions.expiresAt, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(inArray(sessions.id, ids.slice(i, i + LOOKUP_CHUNK)));
    for (const row of rows) found.set(row.id, row);
  }
  const at = Date.now();
  for (const [ws, data] of open) {
    // Closed (or ended by a faster path) while the read ran.
    if (socketData(ws) !== data) continue;
    const row = found.get(data.sessionId);
    if (!row || row.expiresAt.getTime() <= at) {
      endSocket(ws, data, row ? "session expired" : "session gone");
      continue;
    }
    data.expiresAt = row.expiresAt.getTime();
    applyRole(ws, data, row.role);
  }
}

/** Re-checks the open sockets every `intervalMs`; returns a stop function. */
export function startSessionWatch(intervalMs = SESSION_WATCH_INTERVAL_MS): () => void {
  const timer = setInterval(() => void recheckSockets(), intervalMs);
  return () => clearInterval(timer);
}
