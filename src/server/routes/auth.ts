import { Hono } from "hono";
import { LoginBodySchema, SignupBodySchema } from "../../contracts/auth.ts";
import { authenticateWithPassword, promoteIfAdminEmail, signUpWithPassword } from "../accounts/users.ts";
import { requireUser } from "../auth/guards.ts";
import {
  type AuthRateLimits,
  clientIp,
  createAuthRateLimits,
  enforceAuthRateLimit,
} from "../auth/rate-limit.ts";
import { clearSessionCookie, invalidateSession, startSession, toPublicUser } from "../auth/session.ts";
import { env } from "../env.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { jsonBody } from "../http/validate.ts";
import { log } from "../log.ts";

/** One message for every failed login, so it doesn't tell whether the email has an account. */
export const INVALID_CREDENTIALS = "Incorrect email or password";

/**
 * `/api/auth/*` (issue 2 §4). Made per app instance: each has its own rate-limit counters.
 */
export interface AuthRouteOptions {
  rateLimits?: AuthRateLimits;
}

export function createAuthRoutes(options: AuthRouteOptions = {}) {
  const limits =
    options.rateLimits ??
    createAuthRateLimits({ perIp: env().AUTH_RATE_LIMIT_PER_IP, perEmail: env().AUTH_RATE_LIMIT_PER_EMAIL });

  return new Hono<AppEnv>()
    .post("/signup", jsonBody(SignupBodySchema), async (c) => {
      const body = c.req.valid("json");
      enforceAuthRateLimit(limits, "signup", clientIp(c), body.email);
      const user = await signUpWithPassword(body);
      await startSession(c, user.id);
      log.info("account created", { requestId: c.get("requestId"), userId: user.id });
      return c.json({ user: toPublicUser(user) }, 201);
    })
    .post("/login", jsonBody(LoginBodySchema), async (c) => {
      const { email, password } = c.req.valid("json");
      enforceAuthRateLimit(limits, "login", clientIp(c), email);
      const found = await authenticateWithPassword(email, password);
      if (!found) throw new HttpProblem(401, INVALID_CREDENTIALS);
      const user = await promoteIfAdminEmail(found);
      await startSession(c, user.id);
      return c.json({ user: toPublicUser(user) }, 200);
    })
    .post("/logout", async (c) => {
      const session = c.get("session");
      if (session) await invalidateSession(session.id);
      clearSessionCookie(c);
      return c.body(null, 204);
    })
    .get("/user", requireUser, (c) => c.json(toPublicUser(c.get("user"))));
}
