import type { Server, ServerWebSocket } from "bun";
import { CHANNELS, type Channel } from "../../contracts/realtime.ts";

/**
 * The realtime hub: Bun's native pub/sub in one process (docs/decisions/004-realtime-hub.md).
 * Services call `publish(channel, data)` without knowing about Bun; until a server is attached
 * (tests of services, scripts) publishing is a no-op.
 */
export interface SocketData {
  userId: string;
  channels: Set<Channel>;
}

const topic = (channel: Channel) => `channel:${channel}`;

let server: Pick<Server<unknown>, "publish"> | undefined;
const sockets = new Set<ServerWebSocket<unknown>>();
const socketUsers = new Map<ServerWebSocket<unknown>, SocketData>();

export function attachServer(srv: Pick<Server<unknown>, "publish">): void {
  server = srv;
}

export function detachServer(): void {
  server = undefined;
}

export function publish(channel: Channel, data: unknown): void {
  if (!server) return;
  const message = JSON.stringify({
    type: "channel_update",
    channel,
    data,
    timestamp: new Date().toISOString(),
  });
  server.publish(topic(channel), message);
}

export function register(ws: ServerWebSocket<unknown>, userId: string): SocketData {
  const data: SocketData = { userId, channels: new Set() };
  sockets.add(ws);
  socketUsers.set(ws, data);
  return data;
}

export function unregister(ws: ServerWebSocket<unknown>): void {
  sockets.delete(ws);
  socketUsers.delete(ws);
}

export function subscribe(ws: ServerWebSocket<unknown>, channels: Channel[]): void {
  const data = socketUsers.get(ws);
  for (const channel of channels) {
    ws.subscribe(topic(channel));
    data?.channels.add(channel);
  }
}

export function unsubscribe(ws: ServerWebSocket<unknown>, channels: Channel[]): void {
  const data = socketUsers.get(ws);
  for (const channel of channels) {
    ws.unsubscribe(topic(channel));
    data?.channels.delete(channel);
  }
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

/** Closes every socket (graceful shutdown). */
export function closeAll(code = 1001, reason = "Server shutting down"): void {
  for (const ws of sockets) ws.close(code, reason);
  sockets.clear();
  socketUsers.clear();
}

export { CHANNELS };
