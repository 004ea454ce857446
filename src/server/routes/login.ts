import { Hono } from "hono";
import { safeReturnPath } from "../../contracts/return-path.ts";
import {
  createAuthorization,
  isOAuthProvider,
  OAuthFlowError,
  redirectUri,
  setOAuthCookies,
  setReturnPathCookie,
} from "../auth/oauth.ts";
import { clearSessionCookie, invalidateSession } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";

/**
 * The browser-navigation endpoints of spec §7: full-page `GET /api/login` and `GET /api/logout`.
 * They always answer with a redirect, never JSON: a person is looking at the result.
 */
export function createLoginRoutes() {
  return new Hono<AppEnv>()
    .get("/login", (c) => {
      const provider = c.req.query("provider");
      // The screen a signed-out visitor asked for, to land on after signing in (issue 8).
      const next = safeReturnPath(c.req.query("next"));
      // Spec §7: the form and the 401 flow come here without a provider; the landing page opens its dialog.
      if (!provider) {
        return c.redirect(next ? `/?signin=1&next=${encodeURIComponent(next)}` : "/?signin=1", 302);
      }
      if (!isOAuthProvider(provider)) return c.redirect("/?auth_error=unknown_provider", 302);
      try {
        const start = createAuthorization(provider, redirectUri(c, provider));
        setOAuthCookies(c, start);
        setReturnPathCookie(c, next);
        return c.redirect(start.url.toString(), 302);
      } catch (error) {
        if (error instanceof OAuthFlowError) return c.redirect(`/?auth_error=${error.code}`, 302);
        throw error;
      }
    })
    .get("/logout", async (c) => {
      const session = c.get("session");
      if (session) await invalidateSession(session.id);
      clearSessionCookie(c);
      return c.redirect("/", 302);
    });
}
