import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { isWatchlistChange, type UserChannelMessage } from "../../contracts/user-channel.ts";
import { useChannel } from "../realtime.ts";
import { userStatsQuery } from "./auth.ts";
import { trendingQuery, userGamesQuery } from "./catalog.ts";

/**
 * The queries that show a game's figures as cards or on its page, refetched when a notification says
 * one of the user's games changed (a price alert, a release date, a spike of players): the watchlist
 * (its cards), the game's page with its series, similar games and estimates (every key under
 * `["/api/games", id]`), and the lists of cards the game may be in (trending, search results).
 * Only what is on screen is fetched at once; the rest is marked stale and fetched when next shown.
 */
export function gameFigureQueryKeys(gameIds: readonly string[]): ReadonlyArray<readonly unknown[]> {
  return [
    userGamesQuery.queryKey,
    trendingQuery.queryKey,
    ["/api/games/search"],
    ...[...new Set(gameIds)].map((id) => ["/api/games", id]),
  ];
}

/**
 * What one message on the user's own channel makes stale: a watchlist change (another tab or
 * device tracked or removed a game) the watchlist and the user's stats; new notifications the
 * figures of the games they are about, so a card never shows the old price beside the bell's new one.
 */
export async function refreshForUserMessage(queryClient: QueryClient, message: unknown): Promise<void> {
  if (isWatchlistChange(message)) {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: userGamesQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: userStatsQuery.queryKey }),
    ]);
    return;
  }
  const list = (message as Partial<Extract<UserChannelMessage, { notifications: unknown }>> | null)
    ?.notifications;
  if (!Array.isArray(list) || list.length === 0) return;
  const ids = list.map((n) => n?.game?.id).filter((id): id is string => typeof id === "string");
  await Promise.all(gameFigureQueryKeys(ids).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Keeps every open screen's watchlist and game figures current from the user's own channel (see
 * refreshForUserMessage). Mounted once, in the app shell; the bell refetches its own list.
 */
export function useWatchlistSync(): void {
  const queryClient = useQueryClient();
  useChannel("notifications", (message) => void refreshForUserMessage(queryClient, message));
}
