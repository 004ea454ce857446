import { Hono } from "hono";
import { z } from "zod";
import { recordAudit } from "../accounts/audit.ts";
import { requireAdmin } from "../auth/guards.ts";
import { invalidateAllSessionsExcept } from "../auth/session.ts";
import { env } from "../env.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { jsonBody, noBody, noQueryParams, pathParams } from "../http/validate.ts";
import { BACKUP_NAME, backupDir, createBackup, listBackups } from "../operations/backup.ts";
import {
  currentSettings,
  MaintenanceSchema,
  RateLimitsSchema,
  SecuritySchema,
  updateSystemSetting,
} from "../operations/settings.ts";

const BackupName = z.object({ name: z.string().regex(BACKUP_NAME, "not a backup's name") });

function backupsView() {
  return {
    folder: backupDir(),
    keep: env().BACKUP_KEEP,
    intervalHours: env().BACKUP_INTERVAL_HOURS,
    backups: listBackups().map(({ name, bytes, createdAt }) => ({ name, bytes, createdAt })),
  };
}

/** `/api/admin/settings…`, `/api/admin/backups…`, `/api/admin/sessions…`: the Settings tab (admins only). */
export const adminSettingsRoutes = new Hono<AppEnv>()
  .get("/settings", requireAdmin, noQueryParams(), (c) =>
    c.json({ settings: currentSettings(), backup: backupsView() }),
  )
  .put("/settings/maintenance", requireAdmin, jsonBody(MaintenanceSchema), async (c) =>
    c.json(await updateSystemSetting(c.get("user").id, "maintenance", c.req.valid("json"))),
  )
  .put("/settings/rate-limits", requireAdmin, jsonBody(RateLimitsSchema), async (c) =>
    c.json(await updateSystemSetting(c.get("user").id, "rateLimits", c.req.valid("json"))),
  )
  .put("/settings/security", requireAdmin, jsonBody(SecuritySchema), async (c) =>
    c.json(await updateSystemSetting(c.get("user").id, "security", c.req.valid("json"))),
  )
  .post("/backups", requireAdmin, noBody(), async (c) => {
    if (!env().DATABASE_URL.startsWith("file:"))
      throw new HttpProblem(409, "Backups are taken of a file database only");
    const backup = await createBackup();
    await recordAudit({
      actorId: c.get("user").id,
      action: "backup.created",
      targetId: backup.name,
      detail: { bytes: backup.bytes, ms: backup.ms },
    });
    return c.json(
      { name: backup.name, bytes: backup.bytes, createdAt: backup.createdAt, ms: backup.ms },
      201,
    );
  })
  .get("/backups", requireAdmin, noQueryParams(), (c) => c.json(backupsView()))
  .get("/backups/:name", requireAdmin, pathParams(BackupName), noQueryParams(), async (c) => {
    const { name } = c.req.valid("param");
    const found = listBackups().find((b) => b.name === name);
    if (!found) throw new HttpProblem(404, "No backup of that name");
    await recordAudit({ actorId: c.get("user").id, action: "backup.downloaded", targetId: name });
    return new Response(Bun.file(found.file), {
      headers: {
        "Content-Type": "application/vnd.sqlite3",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Content-Length": String(found.bytes),
        "Cache-Control": "no-store",
      },
    });
  })
  .post("/sessions/end-all", requireAdmin, noBody(), async (c) => {
    const ended = await invalidateAllSessionsExcept(c.get("session")!.id);
    await recordAudit({
      actorId: c.get("user").id,
      action: "sessions.ended_all",
      targetId: null,
      detail: { ended },
    });
    return c.json({ ended });
  });
