import { Hono } from "hono";
import { z } from "zod";
import { ReportBodySchema, withoutVolatility } from "../../contracts/games.ts";
import { hasPremiumAccess } from "../../contracts/roles.ts";
import { projectedMovers } from "../ai/engine.ts";
import { requireUser } from "../auth/guards.ts";
import { catalogInsights } from "../catalog/catalog-insights.ts";
import { getMarketTrends, getOverviewFigures, getPlayerActivity } from "../catalog/market.ts";
import { generateReport, getReport, listReports } from "../catalog/reports.ts";
import type { AppEnv } from "../http/app-env.ts";
import { jsonBody, noQueryParams, pathParams } from "../http/validate.ts";

export const analyticsRoutes = new Hono<AppEnv>()
  .get("/market-trends", requireUser, noQueryParams(), async (c) => {
    const trends = await getMarketTrends();
    // ADR 020: genre volatility is premium; regular screens (the Dashboard's Market by genre) read the rest.
    return c.json(hasPremiumAccess(c.get("user")) ? trends : trends.map(withoutVolatility));
  })
  .get("/activity", requireUser, noQueryParams(), async (c) => c.json(await getPlayerActivity()))
  .get("/catalog", requireUser, noQueryParams(), async (c) => c.json(await catalogInsights()))
  .get("/overview", requireUser, noQueryParams(), async (c) => {
    const { marketVolatility, ...figures } = await getOverviewFigures();
    // Spec §6: the premium cards' figures are not sent to regular users at all (nor computed).
    if (!hasPremiumAccess(c.get("user"))) return c.json(figures);
    return c.json({ ...figures, aiPredictions: await projectedMovers(), marketVolatility });
  })
  .get("/reports", requireUser, noQueryParams(), async (c) => c.json(await listReports(c.get("user").id)))
  .post("/reports", requireUser, jsonBody(ReportBodySchema), async (c) =>
    c.json(await generateReport(c.get("user"), c.req.valid("json").reportType), 201),
  )
  .get(
    "/reports/:id",
    requireUser,
    pathParams(z.object({ id: z.string().min(1).max(100) })),
    noQueryParams(),
    async (c) => c.json(await getReport(c.get("user"), c.req.valid("param").id)),
  );
