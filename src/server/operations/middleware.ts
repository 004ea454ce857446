import { createMiddleware } from "hono/factory";
import { clientIp, RateLimiter } from "../auth/rate-limit.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { currentSettings, freshSettings } from "./settings.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Signing in and out stay open in maintenance, so an admin can come in and turn it off; so do changing
 * one's password and signing out one's other sessions: securing an account cannot wait for the end of
 * the window (review r21/a #3).
 */
const OPEN_IN_MAINTENANCE = new Set([
  "/api/auth/login",
  "/api/auth/logout",
  "/api/logout",
  "/api/auth/password",
  "/api/auth/sessions/end-others",
]);
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * Maintenance mode (Settings tab): every write answers 503 with Retry-After, except signing in and
 * out, securing one's account (password, other sessions) and anything an admin does. Reads go on, so people can still look while nothing changes.
 */
export const maintenanceGuard = createMiddleware<AppEnv>(async (c, next) => {
  // Fresh: a change another process made is applied before this request is let through.
  const { maintenance } = await freshSettings();
  if (
    maintenance.enabled &&
    !SAFE_METHODS.has(c.req.method) &&
    !OPEN_IN_MAINTENANCE.has(c.req.path) &&
    c.get("user")?.role !== "admin"
  ) {
    c.set("plannedRefusal", true);
    throw new HttpProblem(
      503,
      maintenance.message
        ? `Gaming Intelligence is under maintenance: ${maintenance.message}`
        : "Gaming Intelligence is under maintenance; changes cannot be saved right now.",
      { headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS) } },
    );
  }
  await next();
});

/**
 * Outside the API limit (ADR 022): who is signed in (a 429 there is not "signed out"), signing in and
 * out (the sign-in limits count those), and the browser navigations a person looks at, which answer
 * with a redirect, never a JSON error page.
 */
const OPEN_PAST_API_LIMIT = new Set([
  "/api/auth/user",
  "/api/auth/login",
  "/api/auth/signup",
  "/api/auth/logout",
  "/api/login",
  "/api/logout",
]);
const isOpenPastApiLimit = (path: string) =>
  OPEN_PAST_API_LIMIT.has(path) || path.startsWith("/api/auth/callback/");

/**
 * The API limit an admin sets (requests a minute per signed-in user, per address otherwise; 0 is
 * no limit), read on every request so a change applies at once. Each app instance counts its own.
 * Admins are not counted, as maintenance does not stop them: they can always reach the setting to
 * undo it (ADR 022).
 */
export function apiRateLimit(now: () => number = Date.now) {
  const limiter = new RateLimiter(
    { limit: () => currentSettings().rateLimits.apiPerMinute, windowMs: 60_000 },
    now,
  );
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    if (
      currentSettings().rateLimits.apiPerMinute > 0 &&
      user?.role !== "admin" &&
      !isOpenPastApiLimit(c.req.path)
    ) {
      const wait = limiter.hit(user ? `user:${user.id}` : `ip:${clientIp(c)}`);
      if (wait > 0) {
        throw new HttpProblem(
          429,
          `Too many requests. Try again in ${wait} second${wait === 1 ? "" : "s"}.`,
          {
            headers: { "Retry-After": String(wait) },
          },
        );
      }
    }
    await next();
  });
}
