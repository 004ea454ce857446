import { Hono } from "hono";
import { ScreenerFilterSchema, ScreenerQuerySchema } from "../../contracts/market.ts";
import { requirePremium } from "../auth/guards.ts";
import {
  catalogFacets,
  marketSummary,
  screenerCsv,
  screenerCsvDisposition,
  screenGames,
} from "../catalog/screener.ts";
import type { AppEnv } from "../http/app-env.ts";
import { noQueryParams, queryParams } from "../http/validate.ts";

/**
 * Mounted at /api/market (issue 10, Premium): the screener's pages, or with `format=csv` every matching
 * row streamed as CSV named after the filter; the market size of a filter; and the genres, tags and
 * platforms the filters can pick from, with their game counts.
 */
export const marketRoutes = new Hono<AppEnv>()
  .get("/screener", requirePremium, queryParams(ScreenerQuerySchema), async (c) => {
    const query = c.req.valid("query");
    if (query.format === "csv") {
      const stream = await screenerCsv(query);
      return c.body(stream, 200, {
        "Content-Type": "text/csv; charset=utf-8; header=present",
        "Content-Disposition": screenerCsvDisposition(query),
      });
    }
    return c.json(await screenGames(query));
  })
  .get("/summary", requirePremium, queryParams(ScreenerFilterSchema), async (c) =>
    c.json(await marketSummary(c.req.valid("query"))),
  )
  .get("/facets", requirePremium, noQueryParams(), async (c) => c.json(await catalogFacets()));
