import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isWriteForVanishedUser, SIGN_IN_DETAIL } from "./auth/guards.ts";
import { clearSessionCookie } from "./auth/session.ts";
import { BUSY_RETRY_AFTER_SECONDS, isBusyError } from "./db/busy.ts";
import type { AppEnv } from "./http/app-env.ts";
import { indexBuildWait } from "./http/index-wait.ts";
import { landingPage } from "./http/landing.ts";
import {
  apiNoStore,
  jsonWrites,
  originCheck,
  pathGuard,
  requestId,
  requestLog,
  sessionLoader,
} from "./http/middleware.ts";
import { HttpProblem, problemResponse } from "./http/problem.ts";
import { staticSite } from "./http/static-site.ts";
import { describeError, log } from "./log.ts";
import { apiRateLimit, maintenanceGuard } from "./operations/middleware.ts";
import { socketRoutes } from "./realtime/socket.ts";
import { adminRoutes } from "./routes/admin.ts";
import { adminSettingsRoutes } from "./routes/admin-settings.ts";
import { aiRoutes } from "./routes/ai.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { type AuthRouteOptions, createAuthRoutes } from "./routes/auth.ts";
import { companyRoutes } from "./routes/companies.ts";
import { dataSourceRoutes } from "./routes/data-sources.ts";
import { estimateRoutes, gameEstimateRoutes } from "./routes/estimates.ts";
import { gameRoutes } from "./routes/games.ts";
import { githubGamingRoutes } from "./routes/github-gaming.ts";
import { healthRoutes } from "./routes/health.ts";
import { igdbRoutes } from "./routes/igdb.ts";
import { kaggleRoutes } from "./routes/kaggle.ts";
import { createLoginRoutes } from "./routes/login.ts";
import { marketRoutes } from "./routes/market.ts";
import { platformRoutes } from "./routes/platforms.ts";
import { profileRoutes } from "./routes/profiles.ts";
import { statusRoutes } from "./routes/status.ts";
import { userRoutes } from "./routes/user.ts";
import { userGameRoutes } from "./routes/user-games.ts";
import { workflowRoutes } from "./routes/workflows.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Builds the Hono app: middleware, routes, errors. Importing or calling this does no I/O;
 * `index.ts` serves it, tests call `app.request()` on it.
 */
export function createApp(options: { clientDist?: string; auth?: AuthRouteOptions } = {}) {
  // Not strict: `/api/health/` is routed as `/api/health` (a trailing slash answered 405 before).
  const app = new Hono<AppEnv>({ strict: false });

  app.use(requestId, requestLog, pathGuard);
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // ApexCharts and Radix set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        // The client's socket is same-origin (/ws); CSP Level 3 lets 'self' match ws:/wss: to
        // this host, so sockets to any other host stay refused.
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(originCheck);
  app.use("/api/*", jsonWrites);
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new HttpProblem(413, "The body is larger than 1 MiB");
      },
    }),
  );
  app.use("/api/*", apiNoStore);
  // OPTIONS asks what a route allows: answered for a routed path before the session, the maintenance
  // and rate-limit guards and the routers' own (requireUser ...), so an anonymous ask is not a 401;
  // same-origin only (no CORS headers, so a foreign page's preflight still fails in the browser). An
  // unknown path goes on to the 404.
  app.use("/api/*", async (c, next) => {
    if (c.req.method === "OPTIONS") {
      const allowed = allowedMethods(app, c.req.path);
      if (allowed.length > 0) return c.body(null, 204, { Allow: allowed.join(", ") });
    }
    await next();
  });
  app.use(sessionLoader);
  app.use("/api/*", maintenanceGuard, apiRateLimit(), indexBuildWait);

  const api = new Hono<AppEnv>();
  api.route("/health", healthRoutes);
  api.route("/status", statusRoutes);
  // Resource routers are mounted here, one line each (CONVENTIONS 1).
  api.route("/auth", createAuthRoutes(options.auth));
  api.route("/", createLoginRoutes());
  api.route("/user", userRoutes);
  api.route("/user", userGameRoutes);
  api.route("/games", gameRoutes);
  api.route("/games", gameEstimateRoutes);
  api.route("/estimates", estimateRoutes);
  api.route("/analytics", analyticsRoutes);
  api.route("/igdb", igdbRoutes);
  api.route("/github-gaming", githubGamingRoutes);
  api.route("/kaggle", kaggleRoutes);
  api.route("/platforms", platformRoutes);
  api.route("/admin", adminRoutes);
  api.route("/admin", adminSettingsRoutes);
  api.route("/data-sources", dataSourceRoutes);
  api.route("/workflows", workflowRoutes);
  api.route("/ai", aiRoutes);
  api.route("/market", marketRoutes);
  api.route("/companies", companyRoutes);
  api.route("/profiles", profileRoutes);

  app.route("/api", api);
  app.route("/ws", socketRoutes);
  app.get("/", landingPage(options.clientDist));
  app.use(staticSite(options.clientDist));

  app.notFound((c) => {
    const path = c.req.path;
    // The socket's path is the API's too: `POST /ws` is a 405 naming GET, in problem JSON.
    if (path === "/api" || path.startsWith("/api/") || path === "/ws" || path.startsWith("/ws/")) {
      const allowed = allowedMethods(app, path);
      // A path the router did not match although a route of this method looks like it (`/api/health//`:
      // the router drops one trailing slash, not two) is no route: a 405 naming the method as allowed
      // would contradict itself (review r35-a #1).
      if (allowed.length > 0 && (c.req.method === "OPTIONS" || !allowed.includes(c.req.method))) {
        const allow = allowed.join(", ");
        // OPTIONS on the socket's path (the API's are answered before their guards, above).
        if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: allow });
        return problemResponse(
          c,
          new HttpProblem(405, `${c.req.method} is not allowed here`, { headers: { Allow: allow } }),
        );
      }
      return problemResponse(c, new HttpProblem(404, `No API route at ${path}`));
    }
    // The site's pages and files are read, never written: another method is a 405 naming GET.
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      const allow = "GET, HEAD, OPTIONS";
      if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: allow });
      return problemResponse(
        c,
        new HttpProblem(405, `${c.req.method} is not allowed here: pages are read with GET`, {
          headers: { Allow: allow },
        }),
      );
    }
    return c.text("Not Found", 404);
  });

  app.onError(async (error, c) => {
    if (error instanceof HttpProblem) return problemResponse(c, error);
    if (await isWriteForVanishedUser(c, error)) {
      // The account was deleted while this request ran: its session went with it.
      log.info("write for an account deleted meanwhile", { requestId: c.get("requestId"), path: c.req.path });
      clearSessionCookie(c);
      return problemResponse(c, new HttpProblem(401, SIGN_IN_DETAIL));
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return problemResponse(c, new HttpProblem(status, error.message || undefined));
    }
    if (isBusyError(error)) {
      // Another process held the write lock longer than the connection waits: the write did not
      // happen (its transaction was rolled back), so say so and when to try again.
      log.warn("database busy", {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        ...describeError(error),
      });
      return problemResponse(
        c,
        new HttpProblem(
          503,
          "The database is busy with another write; nothing was saved. Try again shortly.",
          {
            headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
          },
        ),
      );
    }
    log.error("unhandled error", {
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      ...describeError(error),
    });
    return problemResponse(c, new HttpProblem(500, "Something went wrong on our side"));
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routePattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((seg) => {
      if (seg === "*") return ".*";
      if (seg.startsWith(":")) return "[^/]+";
      return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/**
 * Methods that have a real handler at this path (a 405 instead of a 404 for the others), for `Allow`:
 * HEAD wherever GET is (Hono answers HEAD with the GET handler, without the body), and OPTIONS, which
 * is answered for any routed path (the API's before their guards, the socket's in `notFound`).
 */
function allowedMethods(app: Hono<AppEnv>, path: string): string[] {
  const found = new Set<string>();
  for (const route of app.routes) {
    if (!METHODS.includes(route.method as (typeof METHODS)[number])) continue;
    if (route.path.endsWith("*")) continue;
    if (routePattern(route.path).test(path)) found.add(route.method);
  }
  if (found.size === 0) return [];
  const allowed: string[] = [];
  for (const method of METHODS) {
    if (!found.has(method)) continue;
    allowed.push(method);
    if (method === "GET") allowed.push("HEAD");
  }
  allowed.push("OPTIONS");
  return allowed;
}
