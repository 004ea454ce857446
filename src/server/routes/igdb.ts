import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/guards.ts";
import {
  gamesByIds,
  listCompanies,
  listPlatforms,
  popularGames,
  recentGames,
} from "../catalog/igdb-shape.ts";
import { searchGames } from "../catalog/search.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import type { AppEnv } from "../http/app-env.ts";
import { queryParams } from "../http/validate.ts";
import { igdbStatus } from "../sync/state.ts";

/**
 * The games database (spec §2 "/igdb-games", §7 `/api/igdb/*`), answered from our catalog in IGDB's
 * field names (spec §3), whichever source filled it: the screens keep working when IGDB is not
 * configured or down.
 */
export const igdbRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/trending", async (c) =>
    c.json(await gamesByIds((await getTrendingGames()).slice(0, 20).map((g) => g.gameId))),
  )
  .get("/popular", async (c) => c.json(await popularGames()))
  .get("/recent", async (c) => c.json(await recentGames()))
  .get("/platforms", async (c) => c.json(await listPlatforms()))
  .get("/companies", async (c) => c.json(await listCompanies()))
  .get(
    "/search",
    queryParams(z.object({ q: z.string().trim().min(1, { message: "Required" }).max(100) })),
    async (c) => {
      const results = await searchGames(c.req.valid("query").q, 20);
      return c.json(await gamesByIds(results.map((r) => r.gameId)));
    },
  )
  .get("/status", async (c) => c.json(await igdbStatus()));
