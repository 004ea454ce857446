import { createMiddleware } from "hono/factory";
import {
  clearSessionCookie,
  readSessionToken,
  setSessionCookie,
  validateSessionToken,
} from "../auth/session.ts";
import { env } from "../env.ts";
import { log } from "../log.ts";
import type { AppEnv } from "./app-env.ts";
import { HttpProblem } from "./problem.ts";

export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const id = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
});

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A path with a malformed %-escape (`/%`, `/%zz`) or a NUL byte (`/%00.js`) names nothing we could
 * serve: 400 problem JSON before any route or the file system sees it.
 */
export const pathGuard = createMiddleware<AppEnv>(async (c, next) => {
  const raw = new URL(c.req.url).pathname;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new HttpProblem(400, "The address has a malformed %-escape");
  }
  if (decoded.includes("\0")) throw new HttpProblem(400, "The address contains a NUL character");
  // A DELETE of an address ending in "/" deletes no resource of the API: its last segment is empty, or
  // was "." or ".." (which every client resolves before sending), so "DELETE
  // /api/user/watchlist/%2e%2e" reached "DELETE /api/user/" and, routed without strict slashes, deleted
  // the account. Other requests keep the tolerance of a trailing slash (`/api/health/`,
  // `POST /api/user/games/`): none of them destroys what a parent address names.
  if (c.req.method === "DELETE" && raw.length > 1 && raw.endsWith("/") && raw.startsWith("/api/")) {
    throw new HttpProblem(
      404,
      'No such address: a deletion\'s address does not end in "/" (a segment of it is empty, or was "." or "..")',
    );
  }
  await next();
});

/** One structured line per request. Paths only: query strings may carry tokens (OAuth `code`). */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  const status = c.res.status;
  const fields = {
    requestId: c.get("requestId"),
    method: c.req.method,
    path: c.req.path,
    status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    userId: c.get("user")?.id,
  };
  // A 503 that maintenance mode gives on purpose is no failure: at error level a planned window
  // tripped error alerting (review r20-b #7). Genuine 5xx stay errors.
  if (status >= 500 && c.get("plannedRefusal")) log.info("request", { ...fields, planned: "maintenance" });
  else if (status >= 500) log.error("request", fields);
  else log.debug("request", fields);
});

/** Origins a browser may send state-changing requests from: this server's own, and PUBLIC_URL's. */
export function allowedOrigins(requestUrl: string, hostHeader: string | undefined): Set<string> {
  const origins = new Set<string>();
  const url = new URL(requestUrl);
  origins.add(url.origin);
  if (hostHeader) {
    origins.add(`http://${hostHeader}`);
    origins.add(`https://${hostHeader}`);
  }
  const publicUrl = env().PUBLIC_URL;
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  return origins;
}

/**
 * Cross-site request forgery guard (issue 2 §7): a state-changing request or a WebSocket upgrade
 * that a browser sends from another origin gets 403. Browsers always send Origin on such requests;
 * clients that send none (curl, server-to-server) cannot ride a victim's cookies, so they pass.
 * See docs/decisions/002-origin-check.md.
 */
export function isForeignOrigin(origin: string | undefined, requestUrl: string, host: string | undefined) {
  if (!origin) return false;
  if (origin === "null") return true;
  return !allowedOrigins(requestUrl, host).has(origin);
}

export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  const isUpgrade = c.req.header("upgrade")?.toLowerCase() === "websocket";
  if (!SAFE_METHODS.has(c.req.method) || isUpgrade) {
    if (isForeignOrigin(c.req.header("origin"), c.req.url, c.req.header("host"))) {
      throw new HttpProblem(403, "Cross-origin request refused");
    }
    if (!c.req.header("origin") && c.req.header("sec-fetch-site") === "cross-site") {
      throw new HttpProblem(403, "Cross-origin request refused");
    }
  }
  await next();
});

/** JSON media types: `application/json` and any `application/…+json`. */
export const JSON_CONTENT_TYPE = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;

/**
 * Writes the API accepts without JSON: the confirm page of a cross-site `GET /api/logout` posts a
 * plain form to `POST /api/logout` (same origin only: originCheck runs first), as ADR 002 allows.
 */
const FORM_WRITES = new Set(["POST /api/logout"]);

/**
 * ADR 002: "JSON bodies are required for writes (415 otherwise), so a plain HTML form cannot produce
 * an accepted request." A form always sends a content type (urlencoded, multipart or text/plain), so
 * every /api write whose content type is not JSON is refused, and so is a body without a content
 * type. A write with neither body nor content type (DELETE, a bare POST from fetch) passes: no form
 * can send it, and a cross-site script cannot send it with the user's cookies past originCheck.
 */
export const jsonWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || FORM_WRITES.has(`${c.req.method} ${c.req.path}`)) {
    await next();
    return;
  }
  const type = c.req.header("content-type");
  const hasBody = c.req.raw.body !== null && c.req.header("content-length") !== "0";
  if (type ? !JSON_CONTENT_TYPE.test(type) : hasBody) {
    throw new HttpProblem(415, "Send the body as application/json");
  }
  await next();
});

/**
 * API answers carry personal data and session cookies: shared caches must not keep them.
 * A route that wants caching sets its own Cache-Control.
 */
export const apiNoStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
});

/** Puts the signed-in user (or null) on `c.var.user`; a stale cookie is cleared. */
export const sessionLoader = createMiddleware<AppEnv>(async (c, next) => {
  c.set("user", null);
  c.set("session", null);
  const token = readSessionToken(c);
  if (token) {
    const result = await validateSessionToken(token);
    if (result) {
      c.set("user", result.user);
      c.set("session", result.session);
      // Sliding expiry: the browser's cookie must follow the session's new expiry.
      if (result.renewed) setSessionCookie(c, token, result.session.expiresAt);
    } else {
      clearSessionCookie(c);
    }
  }
  await next();
});
