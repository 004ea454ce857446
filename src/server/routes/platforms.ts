import { Hono } from "hono";
import { isAdmin } from "../../contracts/roles.ts";
import type { SyncSource } from "../../contracts/sources.ts";
import { requireUser } from "../auth/guards.ts";
import { platformStats } from "../catalog/igdb-shape.ts";
import type { AppEnv } from "../http/app-env.ts";
import { noQueryParams } from "../http/validate.ts";
import { customerConnection, platformConnections } from "../sync/state.ts";
import { freeGames, freeGamesCount } from "../sync/stored.ts";
import { currentSyncSchedules } from "../workflows/runner.ts";

/** The 8 platforms with their real state, games and players per platform, free games (spec §7). */
export const platformRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/all", noQueryParams(), async (c) => {
    const [connections, schedules] = await Promise.all([platformConnections(), currentSyncSchedules()]);
    // Whether a schedule syncs it, so a screen says "every 12 hours" only while one does.
    const all = connections.map((p) => ({
      ...p,
      schedule: schedules.get(p.id as SyncSource) ?? null,
    }));
    // Why a sync failed and which settings are missing are for operators (issue 9 §4).
    return c.json(isAdmin(c.get("user")) ? all : all.map(customerConnection));
  })
  .get("/stats", noQueryParams(), async (c) => c.json(await platformStats()))
  .get("/free-games", noQueryParams(), async (c) => c.json(await freeGames()))
  .get("/free-games/count", noQueryParams(), async (c) => c.json(await freeGamesCount()));
