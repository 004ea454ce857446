import { Hono } from "hono";
import { z } from "zod";
import { EstimateTotalsQuerySchema } from "../../contracts/estimates.ts";
import { requirePremium, requireUser } from "../auth/guards.ts";
import { methodology } from "../estimates/methodology.ts";
import { estimateTotals, getGameEstimate } from "../estimates/store.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { noQueryParams, pathParams, queryParams } from "../http/validate.ts";

/** Mounted at /api/games beside the game routes: one game's owners, units and revenue estimate. */
export const gameEstimateRoutes = new Hono<AppEnv>().get(
  "/:id/estimates",
  requireUser,
  pathParams(z.object({ id: z.string().min(1).max(100) })),
  noQueryParams(),
  async (c) => {
    const estimate = await getGameEstimate(c.req.valid("param").id);
    if (!estimate) throw new HttpProblem(404, "No game with that id in the catalog");
    return c.json(estimate);
  },
);

/**
 * Mounted at /api/estimates: totals by developer, publisher, genre or tag, and the methodology. The
 * totals are a niche's market size, the Market screener's premium figure: premium, as its summary
 * (report r31-a #2: a regular user read by this call what `/api/market/summary` refuses them).
 */
export const estimateRoutes = new Hono<AppEnv>()
  .get("/totals", requirePremium, queryParams(EstimateTotalsQuerySchema), async (c) =>
    c.json(await estimateTotals(c.req.valid("query"))),
  )
  .get("/methodology", requireUser, noQueryParams(), (c) => c.json(methodology()));
