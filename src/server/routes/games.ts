import { Hono } from "hono";
import { z } from "zod";
import { GameListQuerySchema, SearchQuerySchema } from "../../contracts/games.ts";
import { requireUser } from "../auth/guards.ts";
import { getGame, listGames } from "../catalog/games.ts";
import { searchGames } from "../catalog/search.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { pathParams, queryParams } from "../http/validate.ts";

/** Mounted at /api/games (spec §7): search, trending, the paged list and one game. */
export const gameRoutes = new Hono<AppEnv>()
  .get("/search", requireUser, queryParams(SearchQuerySchema), async (c) => {
    const { q, limit } = c.req.valid("query");
    return c.json(await searchGames(q, limit));
  })
  .get("/trending", requireUser, async (c) => c.json(await getTrendingGames()))
  .get("/", requireUser, queryParams(GameListQuerySchema), async (c) =>
    c.json(await listGames(c.req.valid("query"))),
  )
  .get("/:id", requireUser, pathParams(z.object({ id: z.string().min(1).max(100) })), async (c) => {
    const game = await getGame(c.req.valid("param").id);
    if (!game) throw new HttpProblem(404, "No game with that id in the catalog");
    return c.json(game);
  });
