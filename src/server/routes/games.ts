import { Hono } from "hono";
import { z } from "zod";
import { SeriesQuerySchema } from "../../contracts/game-page.ts";
import { GameListQuerySchema, SearchQuerySchema } from "../../contracts/games.ts";
import { requireUser } from "../auth/guards.ts";
import { getGameDetail, getGameSeries, getSimilarGames } from "../catalog/game-page.ts";
import { listGames } from "../catalog/games.ts";
import { searchGamesJson } from "../catalog/search.ts";
import { searchIndexBuilding } from "../catalog/search-index.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { pathParams, queryParams } from "../http/validate.ts";

const GameParam = z.object({ id: z.string().min(1).max(100) });
const NOT_FOUND = "No game with that id in the catalog";
/** How long a search may wait for the index's first build (seconds of CPU at 330,000 games, more under load). */
const SEARCH_BUILD_WAIT_SECONDS = 120;
/** What Bun.serve passes to the app (absent under `app.request()` in tests). */
type BunEnv = { server?: { timeout(request: Request, seconds: number): void } };

/**
 * Mounted at /api/games (spec §7): search, trending, the paged list, and one game's page (issue 10):
 * the game, its series and similar games. `:id` is the catalog id or `steam-<appid>`.
 */
export const gameRoutes = new Hono<AppEnv>()
  .get("/search", requireUser, queryParams(SearchQuerySchema), async (c) => {
    const { q, limit } = c.req.valid("query");
    // Right after a start the index is still being built and this search waits for it, longer than
    // Bun lets a request sit idle (10 s): give it time rather than a reset connection.
    if (searchIndexBuilding())
      (c.env as BunEnv | undefined)?.server?.timeout(c.req.raw, SEARCH_BUILD_WAIT_SECONDS);
    // Sent as the text search keeps (the same bytes c.json would write): see searchGamesJson.
    return c.body(await searchGamesJson(q, limit), 200, { "Content-Type": "application/json" });
  })
  .get("/trending", requireUser, async (c) => c.json(await getTrendingGames()))
  .get("/", requireUser, queryParams(GameListQuerySchema), async (c) =>
    c.json(await listGames(c.req.valid("query"))),
  )
  .get("/:id", requireUser, pathParams(GameParam), async (c) => {
    const game = await getGameDetail(c.req.valid("param").id);
    if (!game) throw new HttpProblem(404, NOT_FOUND);
    return c.json(game);
  })
  .get("/:id/series", requireUser, pathParams(GameParam), queryParams(SeriesQuerySchema), async (c) => {
    const series = await getGameSeries(c.req.valid("param").id, c.req.valid("query"));
    if (!series) throw new HttpProblem(404, NOT_FOUND);
    return c.json(series);
  })
  .get("/:id/similar", requireUser, pathParams(GameParam), async (c) => {
    const similar = await getSimilarGames(c.req.valid("param").id);
    if (!similar) throw new HttpProblem(404, NOT_FOUND);
    return c.json(similar);
  });
