import { Hono } from "hono";
import { z } from "zod";
import { TrackGameBodySchema } from "../../contracts/games.ts";
import { requireUser } from "../auth/guards.ts";
import { listUserGames, trackGame, untrackGame } from "../catalog/watchlist.ts";
import type { AppEnv } from "../http/app-env.ts";
import { jsonBody, noBody, noQueryParams, pathParams } from "../http/validate.ts";

/**
 * Mounted at /api/user: `/games` (list, add) and `/watchlist/:gameId` (remove). A game is named by its
 * catalog id or `steam-<appid>`, as on `/api/games/:id`.
 */
export const userGameRoutes = new Hono<AppEnv>()
  .get("/games", requireUser, noQueryParams(), async (c) => c.json(await listUserGames(c.get("user").id)))
  .post("/games", requireUser, jsonBody(TrackGameBodySchema), async (c) => {
    const body = c.req.valid("json");
    const { entry, created } = await trackGame(c.get("user").id, body.gameId);
    return c.json(entry, created ? 201 : 200);
  })
  .delete(
    "/watchlist/:gameId",
    requireUser,
    pathParams(z.object({ gameId: z.string().min(1).max(100) })),
    noBody(),
    async (c) => {
      await untrackGame(c.get("user").id, c.req.valid("param").gameId);
      return c.body(null, 204);
    },
  );
