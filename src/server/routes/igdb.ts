import { Hono } from "hono";
import { z } from "zod";
import { isAdmin } from "../../contracts/roles.ts";
import { requireUser } from "../auth/guards.ts";
import {
  gamesByIds,
  listCompanies,
  listPlatforms,
  newestRelease,
  popularGames,
  recentGames,
  trendingGames,
} from "../catalog/igdb-shape.ts";
import { searchGames } from "../catalog/search.ts";
import type { AppEnv } from "../http/app-env.ts";
import { noQueryParams, queryParams } from "../http/validate.ts";
import { customerIgdbStatus, igdbStatus } from "../sync/state.ts";

/**
 * The games database (spec §2 "/igdb-games", §7 `/api/igdb/*`), answered from our catalog in IGDB's
 * field names (spec §3), whichever source filled it: the screens keep working when IGDB is not
 * configured or down.
 */
export const igdbRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/trending", noQueryParams(), async (c) => c.json(await trendingGames()))
  .get("/popular", noQueryParams(), async (c) => c.json(await popularGames()))
  .get("/recent", noQueryParams(), async (c) => c.json(await recentGames()))
  // The catalog's newest release date and its source: the Recent tab's empty state says it.
  .get("/newest-release", noQueryParams(), async (c) => c.json(await newestRelease()))
  .get("/platforms", noQueryParams(), async (c) => c.json(await listPlatforms()))
  .get("/companies", noQueryParams(), async (c) => c.json(await listCompanies()))
  .get(
    "/search",
    queryParams(
      z
        .object({
          q: z
            .string()
            .trim()
            .min(1, { message: "Required" })
            .max(100, { message: "At most 100 characters" }),
        })
        .strict(),
    ),
    async (c) => {
      const results = await searchGames(c.req.valid("query").q, 20, { correct: true });
      const games = await gamesByIds(results.map((r) => r.gameId));
      // A corrected search says what it searched, on every game as the games search does.
      const correctedQuery = results[0]?.correctedQuery;
      return c.json(correctedQuery === undefined ? games : games.map((g) => ({ ...g, correctedQuery })));
    },
  )
  .get("/status", noQueryParams(), async (c) => {
    const status = await igdbStatus();
    // Why a sync failed and which settings are missing are for operators (issue 9 §4).
    return c.json(isAdmin(c.get("user")) ? status : customerIgdbStatus(status));
  });
