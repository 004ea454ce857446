import { Hono } from "hono";
import { z } from "zod";
import { SeriesQuerySchema } from "../../contracts/game-page.ts";
import { GameListQuerySchema, SearchQuerySchema } from "../../contracts/games.ts";
import { requireUser } from "../auth/guards.ts";
import { getGameDetail, getGameSeries, getSimilarGames } from "../catalog/game-page.ts";
import { listGames } from "../catalog/games.ts";
import { searchGamesJson } from "../catalog/search.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { noQueryParams, pathParams, queryParams } from "../http/validate.ts";

const GameParam = z.object({ id: z.string().min(1).max(100) });
const NOT_FOUND = "No game with that id in the catalog";

/**
 * Mounted at /api/games (spec §7): search, trending, the paged list, and one game's page (issue 10):
 * the game, its series and similar games. `:id` is the catalog id or `steam-<appid>`.
 */
export const gameRoutes = new Hono<AppEnv>()
  .get("/search", requireUser, queryParams(SearchQuerySchema), async (c) => {
    const { q, limit } = c.req.valid("query");
    // Sent as the text search keeps (the same bytes c.json would write): see searchGamesJson.
    return c.body(await searchGamesJson(q, limit), 200, { "Content-Type": "application/json" });
  })
  .get("/trending", requireUser, noQueryParams(), async (c) => c.json(await getTrendingGames()))
  .get("/", requireUser, queryParams(GameListQuerySchema), async (c) =>
    c.json(await listGames(c.req.valid("query"))),
  )
  .get("/:id", requireUser, pathParams(GameParam), noQueryParams(), async (c) => {
    const game = await getGameDetail(c.req.valid("param").id);
    if (!game) throw new HttpProblem(404, NOT_FOUND);
    return c.json(game);
  })
  .get("/:id/series", requireUser, pathParams(GameParam), queryParams(SeriesQuerySchema), async (c) => {
    const series = await getGameSeries(c.req.valid("param").id, c.req.valid("query"));
    if (!series) throw new HttpProblem(404, NOT_FOUND);
    return c.json(series);
  })
  .get("/:id/similar", requireUser, pathParams(GameParam), noQueryParams(), async (c) => {
    const similar = await getSimilarGames(c.req.valid("param").id);
    if (!similar) throw new HttpProblem(404, NOT_FOUND);
    return c.json(similar);
  });
