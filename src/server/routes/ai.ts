import { Hono } from "hono";
import {
  aiHistory,
  aiHistoryEntry,
  analyzeGames,
  analyzeMarket,
  analyzeTrending,
  recommendGames,
} from "../ai/service.ts";
import { requirePremium } from "../auth/guards.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";

/**
 * `/api/ai`: premium (spec §6: AI Analytics is a premium screen; enforced here too). The POST bodies
 * are not read: each analysis works from the user's watchlist, settings and the catalog.
 */
export const aiRoutes = new Hono<AppEnv>()
  .post("/analyze-games", requirePremium, async (c) => c.json(await analyzeGames(c.get("user").id)))
  .post("/market-insights", requirePremium, async (c) => c.json(await analyzeMarket(c.get("user").id)))
  .post("/recommendations", requirePremium, async (c) => c.json(await recommendGames(c.get("user").id)))
  .post("/trending-analysis", requirePremium, async (c) => c.json(await analyzeTrending(c.get("user").id)))
  .get("/analytics", requirePremium, async (c) => c.json(await aiHistory(c.get("user").id)))
  .get("/analytics/:id", requirePremium, async (c) => {
    const entry = await aiHistoryEntry(c.get("user").id, c.req.param("id"));
    if (!entry) throw new HttpProblem(404, "No analysis of yours has this id.");
    return c.json(entry);
  });
