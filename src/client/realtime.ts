import { useEffect, useRef, useSyncExternalStore } from "react";
import type { Channel } from "../contracts/realtime.ts";

/**
 * The /ws client (spec §4, §7): connecting → connected (attempts reset, remembered subscriptions
 * re-sent) → disconnected on close, error on socket error; up to 5 reconnects 3000 ms apart;
 * a ping every 30000 ms while connected; malformed messages logged and ignored.
 */
export type ConnectionState = "disconnected" | "connecting" | "connected" | "error";

export const RECONNECT_DELAY_MS = 3000;
export const MAX_RECONNECT_ATTEMPTS = 5;
export const PING_INTERVAL_MS = 30000;

type Listener = (data: unknown) => void;

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface RealtimeOptions {
  url: string;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
  setRepeat?: (fn: () => void, ms: number) => unknown;
  clearRepeat?: (id: unknown) => void;
  logger?: Pick<Console, "warn">;
}

const OPEN = 1;

export class RealtimeClient {
  state: ConnectionState = "disconnected";
  attempts = 0;
  private socket: SocketLike | null = null;
  private readonly channels = new Map<Channel, Set<Listener>>();
  private readonly stateListeners = new Set<() => void>();
  private reconnectTimer: unknown = null;
  private pingTimer: unknown = null;
  private stopped = false;
  private readonly o: Required<RealtimeOptions>;

  constructor(options: RealtimeOptions) {
    this.o = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      setRepeat: (fn, ms) => setInterval(fn, ms),
      clearRepeat: (id) => clearInterval(id as ReturnType<typeof setInterval>),
      logger: console,
      ...options,
    };
  }

  connect(): void {
    this.stopped = false;
    if (this.socket && (this.state === "connecting" || this.state === "connected")) return;
    this.socket?.close();
    this.setState("connecting");
    const socket = this.o.createSocket(this.o.url);
    this.socket = socket;
    // Events from a socket this client has already let go of (after disconnect()) are ignored.
    const current = () => this.socket === socket;
    socket.onopen = () => {
      if (!current()) return;
      this.attempts = 0;
      this.setState("connected");
      const remembered = [...this.channels.keys()];
      if (remembered.length) this.send({ type: "subscribe", channels: remembered });
      this.pingTimer = this.o.setRepeat(() => this.send({ type: "ping" }), PING_INTERVAL_MS);
    };
    socket.onmessage = (event) => {
      if (current()) this.handleMessage(event.data);
    };
    socket.onerror = () => {
      if (current()) this.setState("error");
    };
    socket.onclose = () => {
      if (!current()) return;
      this.stopPing();
      this.socket = null;
      this.setState("disconnected");
      this.scheduleReconnect();
    };
  }

  disconnect(): void {
    this.stopped = true;
    if (this.reconnectTimer !== null) this.o.clearTimer(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopPing();
    this.socket?.close();
    this.socket = null;
    this.setState("disconnected");
  }

  subscribe(channel: Channel, listener: Listener): () => void {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      this.send({ type: "subscribe", channels: [channel] });
    }
    set.add(listener);
    return () => {
      const current = this.channels.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.channels.delete(channel);
        this.send({ type: "unsubscribe", channels: [channel] });
      }
    };
  }

  onStateChange(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private send(message: unknown): void {
    if (this.socket && this.socket.readyState === OPEN && this.state === "connected") {
      this.socket.send(JSON.stringify(message));
    }
  }

  private handleMessage(raw: unknown): void {
    let message: { type?: unknown; channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(String(raw));
    } catch {
      this.o.logger.warn("realtime: malformed message ignored");
      return;
    }
    if (message?.type === "channel_update" && typeof message.channel === "string") {
      for (const listener of this.channels.get(message.channel as Channel) ?? []) listener(message.data);
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.attempts >= MAX_RECONNECT_ATTEMPTS) return;
    this.attempts++;
    this.reconnectTimer = this.o.setTimer(() => {
      this.reconnectTimer = null;
      this.connect();
    }, RECONNECT_DELAY_MS);
  }

  private stopPing(): void {
    if (this.pingTimer !== null) this.o.clearRepeat(this.pingTimer);
    this.pingTimer = null;
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    for (const l of this.stateListeners) l();
  }
}

let shared: RealtimeClient | null = null;

/** The app's one connection, opened on first use. */
export function realtime(): RealtimeClient {
  if (!shared) {
    const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    shared = new RealtimeClient({ url: `${protocol}//${window.location.host}/ws` });
    shared.connect();
  }
  return shared;
}

export function useRealtimeStatus(): ConnectionState {
  const client = realtime();
  return useSyncExternalStore(
    (cb) => client.onStateChange(cb),
    () => client.state,
    () => "disconnected",
  );
}

/** Subscribes the screen to a channel while it is mounted. */
export function useChannel<T = unknown>(channel: Channel, onData: (data: T) => void): void {
  const handler = useRef(onData);
  handler.current = onData;
  useEffect(() => realtime().subscribe(channel, (data) => handler.current(data as T)), [channel]);
}
