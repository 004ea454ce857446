import { isIP } from "node:net";
import type { Context } from "hono";
import { env, type TrustProxy } from "../env.ts";
import { HttpProblem } from "../http/problem.ts";

/**
 * Fixed-window attempt counters kept in memory (issue 2 §4, issue 8 §2). Each app instance makes its
 * own, so tests don't share counters. With several server instances each counts on its own, which
 * still bounds guessing per instance.
 */
export interface RateLimitRule {
  /** A number, or a function read on every attempt so a limit changed by an admin applies at once. */
  limit: number | (() => number);
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Keys one limiter keeps at most: an attacker inventing keys evicts the oldest, never grows memory. */
export const DEFAULT_MAX_KEYS = 20_000;

export class RateLimiter {
  // Insertion order is age order: a key whose window restarts is moved to the end.
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
    readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  get limit(): number {
    return typeof this.rule.limit === "function" ? this.rule.limit() : this.rule.limit;
  }

  get size(): number {
    return this.windows.size;
  }

  /** Seconds to wait when the key is over its limit, else 0. Records nothing. */
  peek(key: string): number {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }

  /**
   * Counts one attempt for the key. Answers how many seconds to wait when the key is over its
   * limit (the attempt is then not counted), or 0 when it may go ahead.
   */
  hit(key: string): number {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.rule.windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
      this.evictOverCap();
    }
    if (window.count >= this.limit) return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    window.count++;
    return 0;
  }

  /** Takes back one counted attempt (a sign-in that succeeded does not count against anyone). */
  refund(key: string): void {
    const window = this.windows.get(key);
    if (!window) return;
    window.count--;
    if (window.count <= 0) this.windows.delete(key);
  }

  /** Forgets a key, e.g. after a successful login. */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private evictOverCap(): void {
    while (this.windows.size > this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) return;
      this.windows.delete(oldest);
    }
  }

  /** Drops expired windows now and then, so memory stays bounded by recent attempts. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.rule.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export const FIFTEEN_MINUTES = 15 * 60 * 1000;

export interface AuthRateLimits {
  /** Every attempt from one address. */
  perIp: RateLimiter;
  /** Attempts on one email from one address: where password guessing is stopped. */
  perPair: RateLimiter;
  /** Attempts on one email from anywhere: a much looser ceiling, so guessers elsewhere lock no one out. */
  perEmail: RateLimiter;
}

type Limit = number | (() => number);

export function createAuthRateLimits(
  options: {
    perIp?: Limit;
    perPair?: Limit;
    perEmail?: Limit;
    windowMs?: number;
    now?: () => number;
    maxKeys?: number;
  } = {},
): AuthRateLimits {
  const windowMs = options.windowMs ?? FIFTEEN_MINUTES;
  const make = (limit: Limit) => new RateLimiter({ limit, windowMs }, options.now, options.maxKeys);
  return {
    perIp: make(options.perIp ?? 30),
    perPair: make(options.perPair ?? 10),
    perEmail: make(options.perEmail ?? 100),
  };
}

/** Which bucket refused an attempt: the address, the (address, email) pair, or the email. */
export type AuthLimitBucket = "address" | "pair" | "email";

/**
 * The 429 of the sign-in limits, saying which bucket refused (the audit log records it) and that
 * bucket's key, one per address, (address, email) pair or email.
 */
export class AuthRateLimited extends HttpProblem {
  constructor(
    readonly bucket: AuthLimitBucket,
    readonly key: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, `Too many attempts. Try again in ${formatWait(retryAfterSeconds)}.`, {
      headers: { "Retry-After": String(retryAfterSeconds) },
    });
  }
}

/** What was counted for one attempt, so a successful sign-in can take it back. */
export interface CountedAttempt {
  refund(): void;
}

/**
 * Counts an attempt of `action` (signup, login) for the address, the (address, email) pair and the
 * email. The address has one bucket for sign-up and login together (README: "attempts allowed per
 * client IP", one limit), so switching between them does not double it; the pair and email buckets
 * stay per action. Settings' password form counts as `login` (ADR 027): a guess of the current
 * password there is a guess at the sign-in's. Throws 429 with `Retry-After` when any is over its limit. A blocked address or pair records
 * nothing new, so a flood from one address adds no keys.
 */
export function enforceAuthRateLimit(
  limits: AuthRateLimits,
  action: string,
  ip: string,
  email: string,
): CountedAttempt {
  const normalized = email.trim().toLowerCase();
  const ipKey = `auth:${ip}`;
  const pairKey = `${action}:${ip}:${normalized}`;
  const emailKey = `${action}:${normalized}`;
  const blockedIp = limits.perIp.peek(ipKey);
  if (blockedIp > 0) throw new AuthRateLimited("address", ipKey, blockedIp);
  const blockedPair = limits.perPair.peek(pairKey);
  const blockedEmail = limits.perEmail.peek(emailKey);
  if (blockedPair > 0 || blockedEmail > 0) {
    throw blockedPair >= blockedEmail
      ? new AuthRateLimited("pair", pairKey, blockedPair)
      : new AuthRateLimited("email", emailKey, blockedEmail);
  }
  limits.perIp.hit(ipKey);
  limits.perPair.hit(pairKey);
  limits.perEmail.hit(emailKey);
  return {
    refund() {
      limits.perIp.refund(ipKey);
      limits.perPair.reset(pairKey);
      limits.perEmail.refund(emailKey);
    },
  };
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

interface BunServerLike {
  requestIP?(request: Request): { address: string } | null;
}

function normalizeAddress(address: string): string {
  // Bun reports IPv4 peers on a dual-stack socket as ::ffff:a.b.c.d.
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The client's address. The socket's peer, unless `TRUST_PROXY` says a proxy stands in front:
 * `fly` believes Fly-Client-IP; a list of proxy addresses believes X-Forwarded-For when the peer is
 * one of them, taking the right-most entry that is not a listed proxy. Without a socket at all
 * (`app.request()` in tests) the first X-Forwarded-For entry stands in.
 */
export function clientIp(c: Context, trust: TrustProxy = env().TRUST_PROXY): string {
  const server = (c.env as { server?: BunServerLike } | undefined)?.server;
  let peer: string | undefined;
  try {
    peer = server?.requestIP?.(c.req.raw)?.address;
  } catch {
    // requestIP throws for requests that did not come through this server's socket.
  }
  if (!peer) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    return forwarded || "unknown";
  }
  peer = normalizeAddress(peer);
  if (trust.mode === "fly") {
    const fly = c.req.header("fly-client-ip")?.trim();
    return fly && isIP(fly) ? normalizeAddress(fly) : peer;
  }
  if (trust.mode === "list" && trust.addresses.includes(peer)) {
    const hops = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((h) => normalizeAddress(h.trim()))
      .filter((h) => isIP(h));
    for (let i = hops.length - 1; i >= 0; i--) {
      if (!trust.addresses.includes(hops[i]!)) return hops[i]!;
    }
  }
  return peer;
}
