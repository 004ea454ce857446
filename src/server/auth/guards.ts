import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ADMIN_REQUIRED_DETAIL, PREMIUM_REQUIRED_DETAIL } from "../../contracts/roles.ts";
import { hasPremiumAccess, isAdmin } from "../../contracts/user.ts";
import { sqliteCode } from "../db/busy.ts";
import { readRows } from "../db/client.ts";
import type { UserRow } from "../db/schema/index.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";

/** Named permission checks (spec §6 enforced on the server). 401 titles are `Unauthorized` (spec §8). */
export interface AuthedEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { user: UserRow };
}

/** What a request that needs a signed-in user answers without one (401). */
export const SIGN_IN_DETAIL = "Sign in to continue";

export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.get("user")) throw new HttpProblem(401, SIGN_IN_DETAIL);
  await next();
});

export const requirePremium = createMiddleware<AuthedEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new HttpProblem(401, SIGN_IN_DETAIL);
  if (!hasPremiumAccess(user)) throw new HttpProblem(403, PREMIUM_REQUIRED_DETAIL);
  await next();
});

export const requireAdmin = createMiddleware<AuthedEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new HttpProblem(401, SIGN_IN_DETAIL);
  if (!isAdmin(user)) throw new HttpProblem(403, ADMIN_REQUIRED_DETAIL);
  await next();
});

/**
 * True when `error` is a write refused on a foreign key because the signed-in user's account is gone:
 * deleted (Delete Account, an admin, another server on the file) after this request's session was
 * checked and before its write. Every user's row (settings, watchlist, reports, notifications) names
 * the user, so this is where such a race surfaces; the request is answered as signed out (401), as
 * the next one would be, never 500 (review r29, finding 2). A foreign key failing for a user who
 * still exists is a fault of ours and stays a 500.
 */
export async function isWriteForVanishedUser(c: Context<AppEnv>, error: unknown): Promise<boolean> {
  if (sqliteCode(error) !== "SQLITE_CONSTRAINT_FOREIGNKEY") return false;
  const user = c.get("user");
  if (!user) return false;
  try {
    return (await readRows("SELECT 1 FROM users WHERE id = ?", [user.id])).length === 0;
  } catch {
    return false;
  }
}
