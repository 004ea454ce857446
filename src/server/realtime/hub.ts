import type { Server, ServerWebSocket } from "bun";
import { type GenreTrendRow, withoutVolatility } from "../../contracts/games.ts";
import type { PublicStatus } from "../../contracts/operations.ts";
import { CHANNELS, type Channel, type ServerMessage, USER_CHANNELS } from "../../contracts/realtime.ts";
import { hasPremiumAccess, type Role } from "../../contracts/roles.ts";
import { log } from "../log.ts";

/**
 * The realtime hub: Bun's native pub/sub in one process (docs/decisions/004-realtime-hub.md).
 * Services call `publish(channel, data)` without knowing about Bun; until a server is attached
 * (tests of services, scripts) publishing is a no-op.
 */
export interface SocketData {
  userId: string;
  /** The session the socket was opened with: ending it closes the socket (ADR 009). */
  sessionId: string;
  /** When that session expires, as last read from the database (ms since the epoch). */
  expiresAt: number;
  /** The user's role, as last read from the database: a change is told to the socket (account_changed). */
  role: Role;
  channels: Set<Channel>;
}

/** Who a socket belongs to, captured when its upgrade is accepted. */
export type SocketOwner = Pick<SocketData, "userId" | "sessionId" | "expiresAt" | "role">;

const topic = (channel: Channel) => `channel:${channel}`;
/**
 * The topic every socket is on from its opening (socket.ts), subscribed to nothing or not: what every signed-in
 * tab is told (maintenance mode, `status_changed`), not a channel a client asks for.
 */
export const EVERYONE_TOPIC = "everyone";
/** A shared channel's copy for Starter users (STARTER_VIEWS): the same messages less Premium figures. */
const starterTopic = (channel: Channel) => `starter:${channel}`;
/** A user channel's topic: one per user, so a publish reaches that user's sockets alone. */
const userTopic = (userId: string, channel: Channel) => `user:${userId}:${channel}`;

/**
 * Shared channels open to every user whose data holds Premium figures: what a Starter user's sockets
 * receive instead, as the same data reads over HTTP. `market_trends` without the genres' volatility,
 * as `GET /api/analytics/market-trends` answers a Starter user (ADR 020; review r22-c #5).
 */
const STARTER_VIEWS: ReadonlyMap<Channel, (data: unknown) => unknown> = new Map([
  [
    "market_trends",
    (data: unknown) => (Array.isArray(data) ? (data as GenreTrendRow[]).map(withoutVolatility) : data),
  ],
]);

/** Whether a channel's messages differ by the user's plan: a role change moves its subscription. */
export function hasStarterView(channel: Channel): boolean {
  return STARTER_VIEWS.has(channel);
}

/** The topic a socket listens on for a channel: the shared one (or its Starter copy), or its user's own. */
function topicOf(ws: ServerWebSocket<unknown>, channel: Channel): string | null {
  const data = socketUsers.get(ws);
  if (!USER_CHANNELS.has(channel)) {
    return STARTER_VIEWS.has(channel) && !hasPremiumAccess(data) ? starterTopic(channel) : topic(channel);
  }
  return data ? userTopic(data.userId, channel) : null;
}

let server: Pick<Server<unknown>, "publish"> | undefined;
/** The last message published on each shared topic, sent to a socket the moment it subscribes. */
const latest = new Map<string, string>();
/**
 * Channels whose current value is computed on demand (analytics_stats: its figures are only
 * published every few seconds while someone listens, so a first subscriber would wait).
 */
const currentValue = new Map<Channel, () => Promise<unknown>>();
const sockets = new Set<ServerWebSocket<unknown>>();
const socketUsers = new Map<ServerWebSocket<unknown>, SocketData>();
/** Open sockets per user, kept with `socketUsers` (the per-user cap reads it on every upgrade). */
const openPerUser = new Map<string, number>();
/**
 * Upgrades accepted but not opened yet, per user (when each was accepted): counted against the cap
 * so that a burst of simultaneous upgrades cannot pass it before any of them opens. One is taken
 * when a socket of that user registers; one that never opens (the client went away during the
 * handshake) stops counting after RESERVATION_TTL_MS.
 */
const pendingPerUser = new Map<string, number[]>();
export const RESERVATION_TTL_MS = 10_000;

export function attachServer(srv: Pick<Server<unknown>, "publish">): void {
  server = srv;
}

export function detachServer(): void {
  server = undefined;
  latest.clear();
}

const updateMessage = (channel: Channel, data: unknown, timestamp = new Date().toISOString()) =>
  JSON.stringify({ type: "channel_update", channel, data, timestamp });

/** Publishes on a shared channel to every subscriber; a user channel takes `publishToUser`. */
export function publish(channel: Channel, data: unknown): void {
  if (!server || USER_CHANNELS.has(channel)) return;
  const timestamp = new Date().toISOString();
  const message = updateMessage(channel, data, timestamp);
  latest.set(topic(channel), message);
  server.publish(topic(channel), message);
  const starter = STARTER_VIEWS.get(channel);
  if (starter) {
    const copy = updateMessage(channel, starter(data), timestamp);
    latest.set(starterTopic(channel), copy);
    server.publish(starterTopic(channel), copy);
  }
}

/**
 * Tells every open socket the public status (`GET /api/status`) after maintenance mode changed, so
 * the banner appears and goes within a second rather than at the next poll (review r31-c #5).
 */
export function publishStatus(status: PublicStatus): void {
  if (!server) return;
  const message: ServerMessage = { type: "status_changed", status, timestamp: new Date().toISOString() };
  server.publish(EVERYONE_TOPIC, JSON.stringify(message));
}

/** Publishes on a user channel (USER_CHANNELS): only that user's subscribed sockets receive it. */
export function publishToUser(userId: string, channel: Channel, data: unknown): void {
  if (!server || !USER_CHANNELS.has(channel)) return;
  server.publish(userTopic(userId, channel), updateMessage(channel, data));
}

/** The users with at least one open socket subscribed to a channel. */
export function usersSubscribedTo(channel: Channel): Set<string> {
  const users = new Set<string>();
  for (const data of socketUsers.values()) if (data.channels.has(channel)) users.add(data.userId);
  return users;
}

/**
 * Lets a channel's owner answer "what is the value now?" for sockets that just subscribed;
 * returns a function that withdraws the answer.
 */
export function provideCurrentValue(channel: Channel, compute: () => Promise<unknown>): () => void {
  currentValue.set(channel, compute);
  return () => {
    if (currentValue.get(channel) === compute) currentValue.delete(channel);
  };
}

/** The user's upgrades under way still counted at `now` (expired ones dropped; no entry when none). */
function livePending(userId: string, now: number): number[] {
  const pending = pendingPerUser.get(userId)?.filter((at) => now - at < RESERVATION_TTL_MS) ?? [];
  if (pending.length) pendingPerUser.set(userId, pending);
  else pendingPerUser.delete(userId);
  return pending;
}

/** The user's open sockets plus their upgrades under way (see `pendingPerUser`). */
function heldBy(userId: string, now: number): number {
  return (openPerUser.get(userId) ?? 0) + livePending(userId, now).length;
}

/**
 * Holds a place for one more socket of this user, unless they already hold `limit` (open, or
 * accepted and opening): false then, and the upgrade is to be refused. The place is taken by the
 * socket's `register`, or given back with `releaseSocketPlace` when the upgrade does not happen.
 */
export function reserveSocketPlace(userId: string, limit: number, now = Date.now()): boolean {
  if (heldBy(userId, now) >= limit) return false;
  const pending = pendingPerUser.get(userId) ?? [];
  pending.push(now);
  pendingPerUser.set(userId, pending);
  return true;
}

/**
 * Gives back (or, from `register`, takes up) the oldest live reservation of this user: one already
 * expired counts for nothing, and taking it would leave a live one counted beside the open socket.
 */
export function releaseSocketPlace(userId: string, now = Date.now()): void {
  const pending = livePending(userId, now);
  pending.shift();
  if (pending.length === 0) pendingPerUser.delete(userId);
}

/** Drops every user's expired reservations (users whose upgrades never opened and who never came back). */
function sweepPending(now: number): void {
  for (const userId of [...pendingPerUser.keys()]) livePending(userId, now);
}

/** Users with upgrades under way (tests: no entry is left behind). */
export function usersWithPendingSockets(): number {
  return pendingPerUser.size;
}

/** The user's open sockets (the per-user cap counts these, not the ones closed since). */
export function openSocketsOf(userId: string): number {
  return openPerUser.get(userId) ?? 0;
}

export function register(ws: ServerWebSocket<unknown>, owner: SocketOwner): SocketData {
  const data: SocketData = { ...owner, channels: new Set() };
  if (!socketUsers.has(ws)) {
    releaseSocketPlace(owner.userId);
    openPerUser.set(owner.userId, (openPerUser.get(owner.userId) ?? 0) + 1);
  }
  sockets.add(ws);
  socketUsers.set(ws, data);
  return data;
}

/** Forgets a socket; safe to call twice (`closeSocket`, then Bun's close event). */
export function unregister(ws: ServerWebSocket<unknown>): void {
  const data = socketUsers.get(ws);
  sweepPending(Date.now());
  if (data) {
    const left = (openPerUser.get(data.userId) ?? 1) - 1;
    if (left > 0) openPerUser.set(data.userId, left);
    else openPerUser.delete(data.userId);
  }
  sockets.delete(ws);
  socketUsers.delete(ws);
}

/**
 * Subscribes the socket and sends each newly subscribed channel's latest value, so a panel shows
 * figures at once instead of staying blank until the next publish. The values go out after the
 * caller's subscription_confirmed (the send is deferred a tick) and only while the socket is still
 * open and subscribed. Returns when they were sent (tests await it).
 */
export function subscribe(ws: ServerWebSocket<unknown>, channels: Channel[]): Promise<void> {
  const data = socketUsers.get(ws);
  const fresh: Channel[] = [];
  for (const channel of channels) {
    const name = topicOf(ws, channel);
    if (name === null) continue;
    if (!ws.isSubscribed(name)) fresh.push(channel);
    ws.subscribe(name);
    data?.channels.add(channel);
  }
  return sendLatest(ws, fresh);
}

async function sendLatest(ws: ServerWebSocket<unknown>, channels: Channel[]): Promise<void> {
  await Promise.resolve();
  for (const channel of channels) {
    // User channels (ai_analysis: "an analysis of yours just finished"; notifications) carry events,
    // not a value: replaying the last one would show an old event as if it had just happened.
    if (USER_CHANNELS.has(channel)) continue;
    const name = topicOf(ws, channel);
    if (name === null) continue;
    let message = latest.get(name);
    const compute = currentValue.get(channel);
    if (compute) {
      try {
        const value = await compute();
        const starter = name === starterTopic(channel) ? STARTER_VIEWS.get(channel) : undefined;
        message = updateMessage(channel, starter ? starter(value) : value);
      } catch (error) {
        log.warn("realtime: could not compute a channel's current value", {
          channel,
          error: String(error),
        });
      }
    }
    // Still on the same topic: a role change while computing moved it (and sent that topic's value).
    if (
      message === undefined ||
      ws.readyState !== 1 ||
      !ws.isSubscribed(name) ||
      topicOf(ws, channel) !== name
    )
      continue;
    ws.send(message);
  }
}

export function unsubscribe(ws: ServerWebSocket<unknown>, channels: Channel[]): void {
  const data = socketUsers.get(ws);
  for (const channel of channels) {
    const name = topicOf(ws, channel);
    if (name !== null) ws.unsubscribe(name);
    data?.channels.delete(channel);
  }
}

/** The socket's owner and subscriptions (undefined once it closed). */
export function socketData(ws: ServerWebSocket<unknown>): SocketData | undefined {
  return socketUsers.get(ws);
}

/** Every open socket with what the hub knows of it (the session watch walks them). */
export function openSockets(): IterableIterator<[ServerWebSocket<unknown>, SocketData]> {
  return socketUsers.entries();
}

export function subscribedChannels(ws: ServerWebSocket<unknown>): Channel[] {
  return [...(socketUsers.get(ws)?.channels ?? [])];
}

export function subscriberCount(channel: Channel): number {
  let n = 0;
  for (const data of socketUsers.values()) if (data.channels.has(channel)) n++;
  return n;
}

export function connectionStats(): { connections: number; activeUsers: number } {
  const users = new Set<string>();
  for (const data of socketUsers.values()) users.add(data.userId);
  return { connections: sockets.size, activeUsers: users.size };
}

/**
 * Closes a socket and forgets it at once: `connectionStats()` (analytics_stats' activeUsers) must
 * stop counting it now, not when the close handshake ends.
 */
export function closeSocket(ws: ServerWebSocket<unknown>, code: number, reason: string): void {
  unregister(ws);
  ws.close(code, reason);
}

/** Closes every socket (graceful shutdown). */
export function closeAll(code = 1001, reason = "Server shutting down"): void {
  for (const ws of sockets) ws.close(code, reason);
  sockets.clear();
  socketUsers.clear();
  openPerUser.clear();
  pendingPerUser.clear();
}

export { CHANNELS };
