import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/guards.ts";
import { GAME_SORTS, getGame, listGames } from "../catalog/games.ts";
import { SEARCH_MAX_LIMIT, SEARCH_MIN_LENGTH, searchGames } from "../catalog/search.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { pathParams, queryParams } from "../http/validate.ts";

const SearchQuery = z.object({
  q: z
    .string({ message: "Required" })
    .trim()
    .min(SEARCH_MIN_LENGTH, { message: `Type at least ${SEARCH_MIN_LENGTH} characters to search` })
    .max(100, { message: "At most 100 characters" }),
  // Larger limits are capped rather than refused (issue 4: "limit capped").
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((n) => Math.min(n, SEARCH_MAX_LIMIT)),
});

const ListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
  sort: z.enum(GAME_SORTS).default("popularity"),
  genre: z.string().trim().max(60).optional(),
  platform: z.string().trim().max(60).optional(),
  tag: z.string().trim().max(60).optional(),
});

export const gameRoutes = new Hono<AppEnv>()
  .get("/search", requireUser, queryParams(SearchQuery), async (c) => {
    const { q, limit } = c.req.valid("query");
    return c.json(await searchGames(q, limit));
  })
  .get("/trending", requireUser, async (c) => c.json(await getTrendingGames()))
  .get("/", requireUser, queryParams(ListQuery), async (c) => c.json(await listGames(c.req.valid("query"))))
  .get("/:id", requireUser, pathParams(z.object({ id: z.string().min(1).max(100) })), async (c) => {
    const game = await getGame(c.req.valid("param").id);
    if (!game) throw new HttpProblem(404, "No game with that id in the catalog");
    return c.json(game);
  });
