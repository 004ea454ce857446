import { useEffect, useRef, useSyncExternalStore } from "react";
import { SESSION_ENDED_CLOSE_CODE } from "../contracts/close-codes.ts";
import type { PublicStatus } from "../contracts/operations.ts";
import type { Channel } from "../contracts/realtime.ts";
import { apiGet, isUnauthorizedError } from "./api.ts";

/**
 * The /ws client (spec §4, §7): connecting → connected (attempts reset, remembered subscriptions
 * re-sent) → disconnected on close, error on socket error; the spec's 5 reconnects 3000 ms apart,
 * then (issue 8) it keeps trying with a backoff capped at 10 s instead of giving up for good — a
 * server restart or a long network outage must not leave the screen dead until a manual reload —
 * and tries at once when the tab becomes visible again or the browser comes back online;
 * a ping every 30000 ms while connected; malformed messages logged and ignored.
 * A session that ended (the server closes with SESSION_ENDED_CLOSE_CODE, or a socket that never
 * opened while `sessionAlive` says the session is gone) stops the reconnects for good and hands over
 * to `onSessionEnded` (the signed-out state): the cookie would be refused at every attempt.
 */
export type ConnectionState = "disconnected" | "connecting" | "connected" | "error";

export const RECONNECT_DELAY_MS = 3000;
export const MAX_RECONNECT_ATTEMPTS = 5;
export const PING_INTERVAL_MS = 30000;
/**
 * After the spec's first attempts, the wait doubles from RECONNECT_DELAY_MS up to this ceiling: 10 s,
 * so a restarted server is back on screen within seconds (review r25: 16–19 s at 30 s), while the
 * fifth spread over its last fifth still keeps a restart's clients from knocking all at once.
 */
export const MAX_BACKOFF_MS = 10000;

/**
 * The wait before reconnect attempt `attempt` (1-based): the spec's fixed delay for the first
 * MAX_RECONNECT_ATTEMPTS, then doubling up to MAX_BACKOFF_MS. `random` (0..1) spreads the later
 * attempts over the last fifth of the wait so clients dropped by the same restart do not all
 * knock at once.
 */
export function reconnectDelay(attempt: number, random = 0): number {
  if (attempt <= MAX_RECONNECT_ATTEMPTS) return RECONNECT_DELAY_MS;
  const doubled = RECONNECT_DELAY_MS * 2 ** (attempt - MAX_RECONNECT_ATTEMPTS);
  const ceiling = Math.min(MAX_BACKOFF_MS, doubled);
  return Math.round(ceiling * (0.8 + 0.2 * Math.min(1, Math.max(0, random))));
}

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
  random?: () => number;
  /** Called once when the session is found to have ended; the client has stopped by then. */
  onSessionEnded?: () => void;
  /** Called when the server tells that the user's role (and plan) changed while connected. */
  onAccountChanged?: () => void;
  /**
   * Called when the server tells that the public status changed (maintenance mode turned on or off,
   * or its message), with the status as `GET /api/status` now answers it.
   */
  onStatusChanged?: (status: PublicStatus) => void;
  /**
   * Called when a connection opens after an earlier one was lost (not on the first connect): what
   * the socket would have brought meanwhile (notifications, live figures) was missed, so the app
   * fetches it again.
   */
  onReconnected?: () => void;
  /**
   * Asked after a socket closed without ever opening (the upgrade was refused, or the server is
   * down): false means the session is gone. Without it, such closes are retried like any other.
   */
  sessionAlive?: () => Promise<boolean>;
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
  /** A connection has been open before: the next open is a reconnect. */
  private everOpened = false;
  private readonly o: Required<RealtimeOptions>;

  constructor(options: RealtimeOptions) {
    this.o = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      setRepeat: (fn, ms) => setInterval(fn, ms),
      clearRepeat: (id) => clearInterval(id as ReturnType<typeof setInterval>),
      logger: console,
      random: Math.random,
      onSessionEnded: () => {},
      onAccountChanged: () => {},
      onStatusChanged: () => {},
      onReconnected: () => {},
      sessionAlive: async () => true,
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
    let opened = false;
    socket.onopen = () => {
      if (!current()) return;
      opened = true;
      this.attempts = 0;
      this.setState("connected");
      const remembered = [...this.channels.keys()];
      if (remembered.length) this.send({ type: "subscribe", channels: remembered });
      this.pingTimer = this.o.setRepeat(() => this.send({ type: "ping" }), PING_INTERVAL_MS);
      if (this.everOpened) this.o.onReconnected?.();
      this.everOpened = true;
    };
    socket.onmessage = (event) => {
      if (current()) this.handleMessage(event.data);
    };
    socket.onerror = () => {
      if (current()) this.setState("error");
    };
    socket.onclose = (event) => {
      if (!current()) return;
      this.stopPing();
      this.socket = null;
      if ((event as { code?: unknown } | null)?.code === SESSION_ENDED_CLOSE_CODE) {
        this.endSession();
        return;
      }
      this.setState("disconnected");
      this.scheduleReconnect();
      // A refused upgrade looks like any failed connection from here (the browser hides the 401):
      // ask whether the session is still there before trying on and on with a dead cookie.
      if (!opened) {
        this.o.sessionAlive().then(
          (alive) => {
            if (!alive && !this.stopped && this.state !== "connected") this.endSession();
          },
          () => {},
        );
      }
    };
  }

  /**
   * Tries now rather than at the next planned attempt (the header's Retry, the tab becoming
   * visible, the browser coming back online). Does nothing while connected or connecting, or
   * after disconnect().
   */
  retryNow(): void {
    if (this.stopped || this.state === "connecting" || this.state === "connected") return;
    if (this.reconnectTimer !== null) this.o.clearTimer(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  /** True from the first lost connection until the next successful open (the header's "Reconnecting…" and Retry). */
  get reconnecting(): boolean {
    return !this.stopped && this.attempts > 0 && this.state !== "connected";
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

  private endSession(): void {
    this.disconnect();
    this.o.onSessionEnded();
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
    let message: { type?: unknown; channel?: unknown; data?: unknown; status?: unknown };
    try {
      message = JSON.parse(String(raw));
    } catch {
      this.o.logger.warn("realtime: malformed message ignored");
      return;
    }
    if (message?.type === "channel_update" && typeof message.channel === "string") {
      for (const listener of this.channels.get(message.channel as Channel) ?? []) listener(message.data);
    } else if (message?.type === "account_changed") {
      this.o.onAccountChanged?.();
    } else if (message?.type === "status_changed" && message.status && typeof message.status === "object") {
      this.o.onStatusChanged?.(message.status as PublicStatus);
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.attempts++;
    this.reconnectTimer = this.o.setTimer(
      () => {
        this.reconnectTimer = null;
        this.connect();
      },
      reconnectDelay(this.attempts, this.o.random()),
    );
    this.notify();
  }

  private stopPing(): void {
    if (this.pingTimer !== null) this.o.clearRepeat(this.pingTimer);
    this.pingTimer = null;
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.notify();
  }

  private notify(): void {
    for (const l of this.stateListeners) l();
  }
}

let shared: RealtimeClient | null = null;
let sessionEndedHandler: () => void = () => {};
let accountChangedHandler: () => void = () => {};
let reconnectedHandler: () => void = () => {};
let statusChangedHandler: (status: PublicStatus) => void = () => {};

/**
 * What the app does when the server ends the socket's session (spec §8's signed-out path). Set once
 * at start (main.tsx) rather than imported here, so the socket code stays out of the query client's
 * import graph and the first route's chunks stay as they were.
 */
export function onRealtimeSessionEnded(handler: () => void): void {
  sessionEndedHandler = handler;
}

/**
 * What the app does when the server tells the user's role changed (an admin, or `bun run user:role`,
 * changed it while the app was open): reload the user, so the shell shows the new plan at once.
 */
export function onRealtimeAccountChanged(handler: () => void): void {
  accountChangedHandler = handler;
}

/**
 * What the app does when the server tells the public status changed (maintenance mode): the banner
 * shows it at once rather than at its next poll (set once at start, main.tsx).
 */
export function onRealtimeStatusChanged(handler: (status: PublicStatus) => void): void {
  statusChangedHandler = handler;
}

/**
 * What the app does when the socket is back after a lost connection: refetch what the socket may
 * have brought while it was down (set once at start, main.tsx).
 */
export function onRealtimeReconnected(handler: () => void): void {
  reconnectedHandler = handler;
}

/** The app's one connection, opened on first use. */
export function realtime(): RealtimeClient {
  if (!shared) {
    const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    const client = new RealtimeClient({
      url: `${protocol}//${window.location.host}/ws`,
      // Spec §8's signed-out path: a toast, then sign-in (the same as a 401 from the API).
      onSessionEnded: () => sessionEndedHandler(),
      onAccountChanged: () => accountChangedHandler(),
      onStatusChanged: (status) => statusChangedHandler(status),
      onReconnected: () => reconnectedHandler(),
      sessionAlive: () =>
        apiGet("/api/auth/user").then(
          () => true,
          (error) => !isUnauthorizedError(error),
        ),
    });
    shared = client;
    client.connect();
    // A tab in the background or a laptop off the network may have waited out a long backoff;
    // the moment the user can see the screen again, or the network is back, try at once.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") client.retryNow();
    });
    window.addEventListener("online", () => client.retryNow());
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

/** True while the connection was lost and the client is trying again. */
export function useRealtimeReconnecting(): boolean {
  const client = realtime();
  return useSyncExternalStore(
    (cb) => client.onStateChange(cb),
    () => client.reconnecting,
    () => false,
  );
}

/** Subscribes the screen to a channel while it is mounted. */
export function useChannel<T = unknown>(channel: Channel, onData: (data: T) => void): void {
  const handler = useRef(onData);
  handler.current = onData;
  useEffect(() => realtime().subscribe(channel, (data) => handler.current(data as T)), [channel]);
}
