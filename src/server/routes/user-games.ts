import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/guards.ts";
import { listUserGames, trackGame, untrackGame } from "../catalog/watchlist.ts";
import type { AppEnv } from "../http/app-env.ts";
import { jsonBody, pathParams } from "../http/validate.ts";

/** Spec §7 body: gameId, gameName, imageUrl, isWatchlisted=true. Name and image are the catalog's own. */
const TrackBody = z.object({
  gameId: z.string({ message: "Required" }).trim().min(1).max(100),
  gameName: z.string().max(300).optional(),
  imageUrl: z.string().max(2000).nullable().optional(),
  isWatchlisted: z.boolean().default(true),
});

/** Mounted at /api/user: `/games` (list, add) and `/watchlist/:gameId` (remove). */
export const userGameRoutes = new Hono<AppEnv>()
  .get("/games", requireUser, async (c) => c.json(await listUserGames(c.get("user").id)))
  .post("/games", requireUser, jsonBody(TrackBody), async (c) => {
    const body = c.req.valid("json");
    const { entry, created } = await trackGame(c.get("user").id, body.gameId, body.isWatchlisted);
    return c.json(entry, created ? 201 : 200);
  })
  .delete(
    "/watchlist/:gameId",
    requireUser,
    pathParams(z.object({ gameId: z.string().min(1).max(100) })),
    async (c) => {
      await untrackGame(c.get("user").id, c.req.valid("param").gameId);
      return c.body(null, 204);
    },
  );
