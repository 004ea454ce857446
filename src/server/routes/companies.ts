import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/guards.ts";
import { getCompanyPage } from "../catalog/company-page.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { noQueryParams, pathParams } from "../http/validate.ts";

/** Mounted at /api/companies (issue 10): a developer's or publisher's games and totals. */
export const companyRoutes = new Hono<AppEnv>().get(
  "/:slug",
  requireUser,
  pathParams(z.object({ slug: z.string().min(1).max(100) })),
  noQueryParams(),
  async (c) => {
    const page = await getCompanyPage(c.req.valid("param").slug);
    if (!page) throw new HttpProblem(404, "No developer or publisher with that name in the catalog");
    return c.json(page);
  },
);
