import { Hono } from "hono";
import { z } from "zod";
import { RoleChangeBodySchema } from "../../contracts/admin.ts";
import { AuditQuerySchema } from "../../contracts/audit.ts";
import type { PasswordResetAnswer } from "../../contracts/auth.ts";
import type { AdminListedUser } from "../../contracts/roles.ts";
import { changeUserRole, deleteUserByAdmin, getAdminStats, listUsers } from "../accounts/admin.ts";
import { listAudit } from "../accounts/audit.ts";
import { resetPasswordByAdmin } from "../accounts/passwords.ts";
import { isAdminEmail } from "../accounts/users.ts";
import { requireAdmin } from "../auth/guards.ts";
import { clearSessionCookie, toPublicUser } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { jsonBody, noBody, noQueryParams, pathParams, queryParams } from "../http/validate.ts";
import { log } from "../log.ts";

const UserIdParam = z.object({ id: z.string().min(1).max(100) });

/** `/api/admin`: admins only (spec §6, enforced here as well as on screen). */
export const adminRoutes = new Hono<AppEnv>()
  .get("/users", requireAdmin, noQueryParams(), async (c) =>
    c.json(
      (await listUsers()).map(
        (row): AdminListedUser => ({
          ...toPublicUser(row),
          // Made admin again at each sign-in: the screen says so instead of offering a lower role.
          ...(isAdminEmail(row.email) ? { adminByEmail: true as const } : {}),
        }),
      ),
    ),
  )
  .get("/stats", requireAdmin, noQueryParams(), async (c) => c.json(await getAdminStats()))
  // Who did what to whom, newest first (review r20-b #4: readable only with shell access before).
  .get("/audit", requireAdmin, queryParams(AuditQuerySchema), async (c) =>
    c.json(await listAudit(c.req.valid("query"))),
  )
  .put(
    "/users/:id/role",
    requireAdmin,
    pathParams(UserIdParam),
    jsonBody(RoleChangeBodySchema),
    async (c) => {
      const actor = c.get("user");
      const { id } = c.req.valid("param");
      const { role } = c.req.valid("json");
      const updated = await changeUserRole(actor, id, role);
      log.info("role changed", { requestId: c.get("requestId"), actorId: actor.id, targetId: id, role });
      return c.json(toPublicUser(updated));
    },
  )
  // A generated password shown once to the admin to pass on; the user's sessions end.
  .post("/users/:id/password", requireAdmin, pathParams(UserIdParam), noBody(), async (c) => {
    const actor = c.get("user");
    const { id } = c.req.valid("param");
    const answer: PasswordResetAnswer = await resetPasswordByAdmin(actor, id);
    log.info("password reset by admin", {
      requestId: c.get("requestId"),
      actorId: actor.id,
      targetId: id,
      endedSessions: answer.endedSessions,
    });
    return c.json(answer);
  })
  // Another user's account removed (a departed employee), ADR 043; one's own goes as Delete Account does.
  .delete("/users/:id", requireAdmin, pathParams(UserIdParam), noBody(), async (c) => {
    const actor = c.get("user");
    const { id } = c.req.valid("param");
    const { self } = await deleteUserByAdmin(actor, id);
    if (self) clearSessionCookie(c);
    log.info("account deleted by admin", { requestId: c.get("requestId"), actorId: actor.id, targetId: id });
    return c.body(null, 204);
  });
