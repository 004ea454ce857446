import { createMiddleware } from "hono/factory";
import { ADMIN_REQUIRED_DETAIL, PREMIUM_REQUIRED_DETAIL } from "../../contracts/roles.ts";
import { hasPremiumAccess, isAdmin } from "../../contracts/user.ts";
import type { UserRow } from "../db/schema/index.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";

/** Named permission checks (spec §6 enforced on the server). 401 titles are `Unauthorized` (spec §8). */
export interface AuthedEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { user: UserRow };
}

export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.get("user")) throw new HttpProblem(401, "Sign in to continue");
  await next();
});

export const requirePremium = createMiddleware<AuthedEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new HttpProblem(401, "Sign in to continue");
  if (!hasPremiumAccess(user)) throw new HttpProblem(403, PREMIUM_REQUIRED_DETAIL);
  await next();
});

export const requireAdmin = createMiddleware<AuthedEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new HttpProblem(401, "Sign in to continue");
  if (!isAdmin(user)) throw new HttpProblem(403, ADMIN_REQUIRED_DETAIL);
  await next();
});
