import type { QueryClient } from "@tanstack/react-query";
import { trendingQuery, userGamesQuery } from "./catalog.ts";

/**
 * The queries that show a game's figures as cards or on its page, refetched when a notification says
 * one of the user's games changed (a price alert, a release date, a spike of players): the watchlist
 * (its cards), the game's page with its series, similar games and estimates (every key under
 * `["/api/games", id]`), and the lists of cards the game may be in (trending, search results).
 * Only what is on screen is fetched at once; the rest is marked stale and fetched when next shown.
 * Loaded with the first notification (watchlist-sync.ts), not with the app shell.
 */
function gameFigureQueryKeys(gameIds: readonly string[]): ReadonlyArray<readonly unknown[]> {
  return [
    userGamesQuery.queryKey,
    trendingQuery.queryKey,
    ["/api/games/search"],
    ...[...new Set(gameIds)].map((id) => ["/api/games", id]),
  ];
}

/** Marks stale (and refetches where shown) the figures of the games the notifications are about. */
export async function refreshGameFigures(
  queryClient: QueryClient,
  notifications: ReadonlyArray<{ game?: { id?: unknown } | null } | null | undefined>,
): Promise<void> {
  const ids = notifications.map((n) => n?.game?.id).filter((id): id is string => typeof id === "string");
  await Promise.all(gameFigureQueryKeys(ids).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
