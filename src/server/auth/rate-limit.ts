import type { Context } from "hono";
import { HttpProblem } from "../http/problem.ts";

/**
 * Fixed-window attempt counters kept in memory (issue 2 §4: sign-up and login are limited per IP
 * and per email). Each app instance makes its own, so tests don't share counters. With several
 * server instances each counts on its own, which still bounds guessing per instance.
 */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

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
      this.windows.set(key, window);
    }
    if (window.count >= this.rule.limit) return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    window.count++;
    return 0;
  }

  /** Forgets a key, e.g. after a successful login. */
  reset(key: string): void {
    this.windows.delete(key);
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
  perIp: RateLimiter;
  perEmail: RateLimiter;
}

export function createAuthRateLimits(
  options: { perIp?: number; perEmail?: number; windowMs?: number; now?: () => number } = {},
): AuthRateLimits {
  const windowMs = options.windowMs ?? FIFTEEN_MINUTES;
  return {
    perIp: new RateLimiter({ limit: options.perIp ?? 30, windowMs }, options.now),
    perEmail: new RateLimiter({ limit: options.perEmail ?? 10, windowMs }, options.now),
  };
}

/**
 * Counts an attempt of `action` (signup, login) for both the client IP and the email; throws
 * 429 with `Retry-After` when either is over its limit.
 */
export function enforceAuthRateLimit(
  limits: AuthRateLimits,
  action: string,
  ip: string,
  email: string,
): void {
  const wait = Math.max(limits.perIp.hit(`${action}:${ip}`), limits.perEmail.hit(`${action}:${email}`));
  if (wait > 0) {
    throw new HttpProblem(429, `Too many attempts. Try again in ${formatWait(wait)}.`, {
      headers: { "Retry-After": String(wait) },
    });
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

interface BunServerLike {
  requestIP?(request: Request): { address: string } | null;
}

/**
 * The client's IP: from the Bun server when there is one, else the first X-Forwarded-For entry
 * (tests, or a runtime without socket info), else "unknown".
 */
export function clientIp(c: Context): string {
  const server = (c.env as { server?: BunServerLike } | undefined)?.server;
  try {
    const address = server?.requestIP?.(c.req.raw)?.address;
    if (address) return address;
  } catch {
    // requestIP throws for requests that did not come through this server's socket.
  }
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || "unknown";
}
