import { Hono } from "hono";
import { z } from "zod";
import { GameIdSchema, TrackGameBodySchema } from "../../contracts/games.ts";
import type { WatchlistChange } from "../../contracts/notifications.ts";
import { requireUser } from "../auth/guards.ts";
import { listUserGames, trackGame, untrackGame } from "../catalog/watchlist.ts";
import type { AppEnv } from "../http/app-env.ts";
import { jsonBody, noBody, noQueryParams, pathParams } from "../http/validate.ts";
import { publishToUser } from "../realtime/hub.ts";

/**
 * Tells the user's other open screens (tabs, devices) that their watchlist changed: on their own
 * `notifications` channel, which only their sockets hear (docs/decisions/004-realtime-hub.md).
 */
function publishWatchlistChange(
  userId: string,
  change: WatchlistChange["watchlist"]["change"],
  gameId: string,
) {
  publishToUser(userId, "notifications", { watchlist: { change, gameId } } satisfies WatchlistChange);
}

/**
 * Mounted at /api/user: `/games` (list, add) and `/watchlist/:gameId` (remove). A game is named by its
 * catalog id or `steam-<appid>`, as on `/api/games/:id`.
 */
export const userGameRoutes = new Hono<AppEnv>()
  .get("/games", requireUser, noQueryParams(), async (c) => c.json(await listUserGames(c.get("user").id)))
  .post("/games", requireUser, jsonBody(TrackGameBodySchema), async (c) => {
    const body = c.req.valid("json");
    const userId = c.get("user").id;
    const { entry, created } = await trackGame(userId, body.gameId);
    publishWatchlistChange(userId, "tracked", entry.gameId);
    return c.json(entry, created ? 201 : 200);
  })
  .delete(
    "/watchlist/:gameId",
    requireUser,
    pathParams(z.object({ gameId: GameIdSchema })),
    noBody(),
    async (c) => {
      const userId = c.get("user").id;
      const gameId = await untrackGame(userId, c.req.valid("param").gameId);
      publishWatchlistChange(userId, "untracked", gameId);
      return c.body(null, 204);
    },
  );
