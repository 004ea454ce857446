import type { z } from "zod";
import { env } from "../env.ts";
import { log } from "../log.ts";

/**
 * The HTTP layer every source adapter uses (issue 5): a timeout per attempt, retries with
 * exponential backoff on 429, 5xx and network failures (honouring Retry-After), one rate limiter per
 * service shared by the whole process, and a base URL per service that tests and benchmarks point at
 * a local server.
 */
export class SourceError extends Error {
  constructor(
    readonly service: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${service}: ${message}`);
    this.name = "SourceError";
  }
}

/**
 * Requests per second each service allows: the published limit, or a polite pace where none is
 * published. Steam's store tolerates about 200 requests in 5 minutes; SteamSpy allows 1 request per
 * second, and 1 per 60 seconds for its `all` pages; IGDB 4 per second; GitHub's search API 30 per
 * minute with a token (10 without), its other calls about 1 per second; Kaggle, Epic and GOG publish none.
 */
export const SERVICE_LIMITS = {
  steam: 1 / 1.5,
  steamspy: 1,
  "steamspy-all": 1 / 60,
  igdb: 4,
  github: 1,
  "github-search": 0.5,
  "github-search-anonymous": 1 / 6,
  kaggle: 2,
  epic: 1,
  gog: 2,
} as const;
export type LimitedService = keyof typeof SERVICE_LIMITS;

/** Where each service answers. Every adapter takes an override, so tests point it at a local server. */
export const DEFAULT_BASES = {
  steamStore: "https://store.steampowered.com",
  steamApi: "https://api.steampowered.com",
  steamspy: "https://steamspy.com/api.php",
  igdbApi: "https://api.igdb.com/v4",
  twitchToken: "https://id.twitch.tv/oauth2/token",
  github: "https://api.github.com",
  kaggle: "https://www.kaggle.com/api/v1",
  epic: "https://store-site-backend-static.ak.epicgames.com",
  gog: "https://catalog.gog.com",
} as const;
export type BaseName = keyof typeof DEFAULT_BASES;
export type BaseOverrides = Partial<Record<BaseName, string>>;

/** A service's base URL: the caller's override, else `SOURCE_BASE_URLS`, else its public address. */
export const baseUrl = (name: BaseName, overrides?: BaseOverrides): string =>
  (overrides?.[name] ?? env().SOURCE_BASE_URLS[name] ?? DEFAULT_BASES[name]).replace(/\/+$/, "");

/**
 * A token bucket (`perSecond` on average, at most `burst` at once, callers served in order) with a
 * sliding-window guard: no more than the limit is granted within any window of 1 s plus
 * `WINDOW_GUARD_MS`, so requests that leave evenly but arrive unevenly (a busy event loop, the
 * network) still never land more than the limit into one second at the service.
 */
export const WINDOW_GUARD_MS = 50;

export class RateLimiter {
  private tokens: number;
  private last = performance.now();
  private pausedUntil = 0;
  /** When the grants of the last window went, oldest first. */
  private recent: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  constructor(
    public perSecond: number,
    readonly burst = 1,
  ) {
    this.tokens = burst;
  }

  /** A new pace from now on (a raised quota; benchmarks that measure work without the pacing). */
  setRate(perSecond: number): void {
    this.perSecond = perSecond;
  }

  /** Resolves when a request may go. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = performance.now();
        if (now < this.pausedUntil) {
          await sleep(this.pausedUntil - now);
          continue;
        }
        this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
        this.last = now;
        const window = 1000 + WINDOW_GUARD_MS;
        while (this.recent.length && now - this.recent[0]! >= window) this.recent.shift();
        const perWindow = Math.max(1, Math.floor(this.perSecond));
        const windowWait = this.recent.length < perWindow ? 0 : this.recent[0]! + window - now;
        if (this.tokens >= 1 && windowWait <= 0) {
          this.tokens -= 1;
          this.recent.push(now);
          return;
        }
        await sleep(Math.max(windowWait, ((1 - this.tokens) / this.perSecond) * 1000, 1));
      }
    });
    this.queue = turn.catch(() => {});
    return turn;
  }

  /** A service said "wait" (429 with Retry-After): nobody else sends to it before then either. */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, performance.now() + ms);
  }
}

const limiters = new Map<LimitedService, RateLimiter>();

/** The one limiter of a service in this process, so every caller (sync runs, API routes) shares it. */
export function limiterFor(service: LimitedService): RateLimiter {
  let limiter = limiters.get(service);
  if (!limiter) {
    limiter = new RateLimiter(SERVICE_LIMITS[service], 1);
    limiters.set(service, limiter);
  }
  return limiter;
}

export interface HttpOptions {
  /** Names the service in errors and logs. */
  service: string;
  limiter?: RateLimiter | undefined;
  /** Per attempt. */
  timeoutMs?: number;
  retries?: number;
  /** A Retry-After longer than this fails the request at once instead of holding the caller. */
  maxRetryAfterMs?: number;
  /** First backoff step; doubles with each retry. */
  backoffMs?: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (header.trim() !== "" && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** Exponential backoff with jitter, so callers that failed together don't retry together. */
const backoff = (base: number, attempt: number) => base * 2 ** attempt * (0.75 + Math.random() * 0.5);

/** The attempt's timeout (an abort), told apart from any other transport failure. */
const timedOut = (error: unknown) =>
  error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

/** Why a body could not be read once the headers were in. */
const bodyFailure = (error: unknown) =>
  timedOut(error) ? "timed out in the middle of the answer" : "the answer broke off";

/** One request with the layer's timeout, retries and rate limit; answers other than 429/5xx are returned. */
export function request(url: string, init: RequestInit, options: HttpOptions): Promise<Response> {
  return requestRead(url, init, options, async (res) => res);
}

/**
 * `request` with the answer's body read by `read` inside the attempt: the attempt's timeout covers the
 * body too, and a body that times out or breaks off after the headers is retried as a request that
 * did so before them (review r27 #7). What `read` throws as a SourceError (malformed JSON, a status it
 * refuses) is final.
 */
async function requestRead<T>(
  url: string,
  init: RequestInit,
  options: HttpOptions,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 250;
  const headers = new Headers(init.headers);
  if (!headers.has("User-Agent")) headers.set("User-Agent", "gaming-intelligence");
  for (let attempt = 0; ; attempt++) {
    await options.limiter?.take();
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    } catch (error) {
      const reason = timedOut(error) ? "timed out" : "unreachable";
      if (attempt >= retries) throw new SourceError(options.service, reason);
      log.warn("source: retrying", { service: options.service, reason, attempt: attempt + 1 });
      await sleep(backoff(backoffMs, attempt));
      continue;
    }
    if (res.status !== 429 && res.status < 500) {
      try {
        return await read(res);
      } catch (error) {
        if (error instanceof SourceError) throw error;
        const reason = bodyFailure(error);
        if (attempt >= retries) throw new SourceError(options.service, reason);
        log.warn("source: retrying", { service: options.service, reason, attempt: attempt + 1 });
        await sleep(backoff(backoffMs, attempt));
        continue;
      }
    }
    await res.body?.cancel().catch(() => {});
    const asked = retryAfterMs(res.headers.get("retry-after"));
    if (asked != null && res.status === 429) options.limiter?.pauseFor(asked);
    if (attempt >= retries) throw new SourceError(options.service, `answered ${res.status}`, res.status);
    if (asked != null && asked > (options.maxRetryAfterMs ?? 60_000))
      throw new SourceError(
        options.service,
        `answered ${res.status}; asked to wait ${Math.ceil(asked / 1000)} s`,
        res.status,
      );
    const wait = asked ?? backoff(backoffMs, attempt);
    log.warn("source: retrying", { service: options.service, status: res.status, waitMs: Math.round(wait) });
    await sleep(wait);
  }
}

/**
 * An answer's body as text. The connection can still drop, or the attempt's timeout fire, once the
 * headers are in: that is a SourceError saying so (never a bare TypeError that callers would pass on
 * as a 500). `what` names what was being read ("for data/vgsales.csv").
 */
export async function readText(res: Response, service: string, what = ""): Promise<string> {
  try {
    return await res.text();
  } catch (error) {
    throw new SourceError(service, `${bodyFailure(error)}${what ? ` ${what}` : ""}`);
  }
}

/** A request whose answer must be 2xx JSON; anything else is a SourceError. */
export async function requestJson(url: string, init: RequestInit, options: HttpOptions): Promise<unknown> {
  const headers = new Headers(init.headers);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  return requestRead(url, { ...init, headers }, options, async (res) => {
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new SourceError(options.service, `answered ${res.status}`, res.status);
    }
    // Read first, then parsed: a body cut off or timed out is not called malformed (and is retried).
    const text = await res.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new SourceError(options.service, "answered with malformed JSON");
    }
  });
}

/**
 * Validates each record on its own against `schema`: a malformed one is skipped and logged (with the
 * first problem zod found), never the whole run. An answer none of whose records can be read is a
 * SourceError, not an empty list: the service changed its format, and a run that stored "nothing"
 * would replace the offers stored before with none (Epic, GOG) or end SteamSpy's pages as if done.
 */
export function validEach<S extends z.ZodType, T>(
  service: string,
  items: unknown,
  schema: S,
  map: (record: z.output<S>) => T,
  /** What the records are, in the error ("offers"). */
  what = "records",
): T[] {
  if (!Array.isArray(items)) throw new SourceError(service, "expected a list of records");
  const out: T[] = [];
  let skipped = 0;
  let firstProblem: string | undefined;
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(map(parsed.data));
    else {
      skipped++;
      const issue = parsed.error.issues[0];
      firstProblem ??= issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : undefined;
    }
  }
  if (skipped && skipped === items.length)
    throw new SourceError(
      service,
      `none of the ${skipped} ${what} could be read${firstProblem ? ` (${firstProblem})` : ""}`,
    );
  if (skipped) log.warn("source: malformed records skipped", { service, skipped, firstProblem });
  return out;
}
