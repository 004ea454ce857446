import { log } from "../log.ts";

/**
 * The HTTP layer every source adapter uses (issue 5): a timeout per request, retries with exponential
 * backoff on 429 and 5xx (honouring Retry-After), and a per-service rate limit (token bucket). Each
 * service's base URL is a parameter, so tests point adapters at a local server.
 */
export class SourceError extends Error {
  constructor(
    readonly service: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${service}: ${message}`);
  }
}

/**
 * Requests per second each service allows (published limits, or a polite pace where none is
 * published: the Steam store tolerates about 200 requests in 5 minutes).
 */
export const SERVICE_LIMITS = {
  steam: 1 / 1.5,
  steamspy: 1,
  igdb: 4,
  github: 1,
  kaggle: 2,
  epic: 1,
  gog: 2,
} as const;
export type LimitedService = keyof typeof SERVICE_LIMITS;

/** Requests evenly spaced at the service's rate (no bursts, so no second ever sees more than allowed). */
export function limiterFor(service: LimitedService): RateLimiter {
  return new RateLimiter(SERVICE_LIMITS[service], 1);
}

/** A token bucket: `perSecond` on average, at most `burst` at once. */
export class RateLimiter {
  private tokens: number;
  private last = performance.now();
  private queue: Promise<void> = Promise.resolve();
  constructor(
    readonly perSecond: number,
    readonly burst = 1,
  ) {
    this.tokens = burst;
  }

  /** Resolves when a request may go; callers are served in order. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = performance.now();
        this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
        this.last = now;
        if (this.tokens >= 1) {
          this.tokens -= 1;
          return;
        }
        await new Promise((r) => setTimeout(r, ((1 - this.tokens) / this.perSecond) * 1000));
      }
    });
    this.queue = turn.catch(() => {});
    return turn;
  }
}

export interface HttpOptions {
  service: string;
  limiter?: RateLimiter;
  timeoutMs?: number;
  retries?: number;
  /** Longest wait honoured from a Retry-After header. */
  maxRetryAfterMs?: number;
  fetchImpl?: typeof fetch;
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

export async function request(url: string, init: RequestInit, options: HttpOptions): Promise<Response> {
  const retries = options.retries ?? 3;
  const doFetch = options.fetchImpl ?? fetch;
  let attempt = 0;
  for (;;) {
    await options.limiter?.take();
    let res: Response;
    try {
      res = await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      if (attempt >= retries)
        throw new SourceError(options.service, timedOut ? "timed out" : `unreachable (${String(error)})`);
      attempt++;
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      continue;
    }
    if (res.status === 429 || res.status >= 500) {
      if (attempt >= retries) throw new SourceError(options.service, `answered ${res.status}`, res.status);
      const wait = Math.min(
        retryAfterMs(res.headers.get("retry-after")) ?? 250 * 2 ** attempt,
        options.maxRetryAfterMs ?? 60_000,
      );
      log.warn("source: retrying", { service: options.service, status: res.status, waitMs: wait });
      await res.arrayBuffer().catch(() => {});
      attempt++;
      await new Promise((r) => setTimeout(r, wait));
      continue;
    }
    return res;
  }
}

export async function requestJson(url: string, init: RequestInit, options: HttpOptions): Promise<unknown> {
  const res = await request(url, init, options);
  if (!res.ok) throw new SourceError(options.service, `answered ${res.status}`, res.status);
  try {
    return await res.json();
  } catch {
    throw new SourceError(options.service, "answered with malformed JSON");
  }
}

/** Validates each record on its own: a malformed one is skipped and logged, never the whole run. */
export function validEach<T>(service: string, items: unknown, parse: (item: unknown) => T | null): T[] {
  if (!Array.isArray(items)) throw new SourceError(service, "expected a list");
  const out: T[] = [];
  let skipped = 0;
  for (const item of items) {
    const parsed = parse(item);
    if (parsed == null) skipped++;
    else out.push(parsed);
  }
  if (skipped) log.warn("source: malformed records skipped", { service, skipped });
  return out;
}
