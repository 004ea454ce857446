import { Hono } from "hono";
import { esportsSummary, historicalGames, listKaggleDatasets, marketHistory } from "../analytics/history.ts";
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
  .get("/market-trends", noQueryParams(), async (c) => c.json(await marketHistory()))
  .get("/esports", noQueryParams(), async (c) => c.json(await esportsSummary()));
