import { type Context, Hono } from "hono";
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
import { isForeignOrigin } from "../http/middleware.ts";

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
      // Another site may link or embed this address to sign our users out: a navigation that does
      // not come from our own pages asks first (the form posts back here, same origin).
      if (isCrossSite(c)) return c.html(CONFIRM_LOGOUT_PAGE, 200, { "Cache-Control": "no-store" });
      return signOutAndGoHome(c);
    })
    .post("/logout", (c) => signOutAndGoHome(c));
}

async function signOutAndGoHome(c: Context<AppEnv>) {
  const session = c.get("session");
  // A stale cookie was cleared as it came in (sessionLoader); once is enough.
  if (session) {
    await invalidateSession(session.id);
    clearSessionCookie(c);
  }
  return c.redirect("/", c.req.method === "POST" ? 303 : 302);
}

/** Sec-Fetch-Site says where a browser navigation came from; an Origin header is the fallback. */
function isCrossSite(c: Context<AppEnv>): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  return isForeignOrigin(c.req.header("origin"), c.req.url, c.req.header("host"));
}

const CONFIRM_LOGOUT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out? · Gaming Intelligence</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem">
<h1>Sign out?</h1>
<p>Another site sent you here. Sign out of Gaming Intelligence only if you meant to.</p>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<p><a href="/">Stay signed in</a></p>
</body></html>`;
