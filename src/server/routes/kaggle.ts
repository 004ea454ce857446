import { Hono } from "hono";
import { hasPremiumAccess } from "../../contracts/roles.ts";
import {
  esportsSummary,
  historicalGames,
  listKaggleDatasets,
  marketHistory,
  withoutForecasts,
} from "../analytics/history.ts";
import { requireUser } from "../auth/guards.ts";
import type { AppEnv } from "../http/app-env.ts";
import { noQueryParams } from "../http/validate.ts";

/**
 * Historical analytics (spec §2, §7 `/api/kaggle/*`), all from stored data: Kaggle's dataset list,
 * per-game player and review series, the Newzoo market table, and esports with Twitch viewing.
 */
export const kaggleRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/datasets", noQueryParams(), async (c) => c.json(await listKaggleDatasets()))
  .get("/historical", noQueryParams(), async (c) => c.json(await historicalGames()))
  .get("/market-trends", noQueryParams(), async (c) => {
    const history = await marketHistory();
    // Newzoo's forecast years are premium (the Analytics screen's): a regular user gets the reported years.
    return c.json(hasPremiumAccess(c.get("user")) ? history : withoutForecasts(history));
  })
  .get("/esports", noQueryParams(), async (c) => c.json(await esportsSummary()));
