import { Hono } from "hono";
import { requireUser } from "../auth/guards.ts";
import { platformStats } from "../catalog/igdb-shape.ts";
import type { AppEnv } from "../http/app-env.ts";
import { noQueryParams } from "../http/validate.ts";
import { platformConnections } from "../sync/state.ts";
import { freeGames } from "../sync/stored.ts";

/** The 8 platforms with their real state, games and players per platform, free games (spec §7). */
export const platformRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/all", noQueryParams(), async (c) => c.json(await platformConnections()))
  .get("/stats", noQueryParams(), async (c) => c.json(await platformStats()))
  .get("/free-games", noQueryParams(), async (c) => c.json(await freeGames()));
