import { Hono } from "hono";
import { MarkNotificationsReadSchema } from "../../contracts/notifications.ts";
import { SettingsPatchSchema } from "../../contracts/settings.ts";
import { ProfilePatchSchema } from "../../contracts/user.ts";
import { listNotifications, markNotificationsRead } from "../accounts/notifications.ts";
import { getSettings, updateSettings } from "../accounts/settings.ts";
import { getUserStats } from "../accounts/stats.ts";
import { deleteAccount, updateProfile } from "../accounts/users.ts";
import { requireUser } from "../auth/guards.ts";
import { clearSessionCookie, toPublicUser } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { jsonBody, noBody, noQueryParams } from "../http/validate.ts";
import { log } from "../log.ts";

/**
 * `/api/user`: the signed-in user's stats, settings, notifications and Delete Account (issue 2 §6,
 * issue 3).
 */
export const userRoutes = new Hono<AppEnv>()
  .get("/stats", requireUser, noQueryParams(), async (c) => c.json(await getUserStats(c.get("user"))))
  .get("/settings", requireUser, noQueryParams(), async (c) => c.json(await getSettings(c.get("user").id)))
  .patch("/settings", requireUser, jsonBody(SettingsPatchSchema), async (c) =>
    c.json(await updateSettings(c.get("user").id, c.req.valid("json"))),
  )
  .get("/notifications", requireUser, noQueryParams(), async (c) =>
    c.json(await listNotifications(c.get("user").id)),
  )
  .post("/notifications/read", requireUser, jsonBody(MarkNotificationsReadSchema), async (c) =>
    c.json(await markNotificationsRead(c.get("user").id, c.req.valid("json").upTo)),
  )
  .patch("/profile", requireUser, jsonBody(ProfilePatchSchema), async (c) =>
    c.json(toPublicUser(await updateProfile(c.get("user").id, c.req.valid("json")))),
  )
  .delete("/", requireUser, noBody(), async (c) => {
    const user = c.get("user");
    await deleteAccount(user.id, user.id);
    clearSessionCookie(c);
    log.info("account deleted", { requestId: c.get("requestId"), userId: user.id });
    return c.body(null, 204);
  });
