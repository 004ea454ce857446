import { Hono } from "hono";
import type { DataSourceEntry } from "../../contracts/data-sources.ts";
import { isAdmin } from "../../contracts/roles.ts";
import { recordAudit } from "../accounts/audit.ts";
import { requireAdmin, requireUser } from "../auth/guards.ts";
import { catalogState, listDataSources } from "../catalog/data-sources.ts";
import { removeDemoData } from "../catalog/demo-data.ts";
import type { AppEnv } from "../http/app-env.ts";
import { noBody, noQueryParams } from "../http/validate.ts";
import { log } from "../log.ts";
import { liveBootstrapState } from "../sync/bootstrap.ts";

/** A failed sync as a customer reads it: what is still shown, not the service's error. */
export function customerFailureText(s: Pick<DataSourceEntry, "records">): string {
  return s.records > 0 ? "what was stored before is still shown" : "nothing from it is stored yet";
}

/** `/api/data-sources`: the Data sources page, and the admins' removal of demo data (audit-logged). */
export const dataSourceRoutes = new Hono<AppEnv>()
  .get("/", requireUser, noQueryParams(), async (c) => {
    const answer = await listDataSources();
    if (isAdmin(c.get("user"))) return c.json(answer);
    // Why a sync failed is for operators (as on the Admin Dashboard, issue 9 §4): customers read
    // that the last sync failed and when, as the Dashboard's platform status tells them, with what it
    // means for them instead of the service's error (review r34-b #2: it read "not synced yet").
    return c.json({
      ...answer,
      sources: answer.sources.map((s) =>
        s.lastFailure ? { ...s, lastFailure: { at: s.lastFailure.at, message: customerFailureText(s) } } : s,
      ),
    });
  })
  // The first start's live bootstrap: its progress, or why it failed (offline), for operators only.
  .get("/bootstrap", requireAdmin, noQueryParams(), (c) => c.json(liveBootstrapState()))
  // Cheap (a cached flag and cached sources, both kept current by the writers): every screen reads it.
  .get("/catalog", requireUser, noQueryParams(), async (c) => c.json(await catalogState()))
  .delete("/demo", requireAdmin, noBody(), async (c) => {
    const actor = c.get("user");
    const removed = await removeDemoData();
    await recordAudit({
      actorId: actor.id,
      action: "catalog.demo_removed",
      targetId: null,
      detail: { ...removed },
    });
    log.info("demo data removed", { requestId: c.get("requestId"), actorId: actor.id, ...removed });
    return c.json(removed);
  });
