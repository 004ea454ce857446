import { Hono } from "hono";
import { clearSessionCookie, invalidateSession } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { AuthRouteOptions } from "./auth.ts";

/**
 * The browser-navigation endpoints of spec §7: full-page `GET /api/login` and `GET /api/logout`.
 */
export function createLoginRoutes(_options: AuthRouteOptions = {}) {
  return new Hono<AppEnv>().get("/logout", async (c) => {
    const session = c.get("session");
    if (session) await invalidateSession(session.id);
    clearSessionCookie(c);
    return c.redirect("/", 302);
  });
}
