import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { isWatchlistChange, type UserChannelMessage } from "../../contracts/user-channel.ts";
import { useChannel } from "../realtime.ts";
import { userStatsQuery } from "./auth.ts";
import { userGamesQuery } from "./catalog.ts";

/**
 * What one message on the user's own channel makes stale: a watchlist change (another tab or
 * device tracked or removed a game) the watchlist and the user's stats; new notifications the
 * figures of the games they are about, so a card never shows the old price beside the bell's new one;
 * notifications about no game, nothing.
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
  // Notifications about no game (an account's: a password removed) change no game's figures.
  if (!list.some((n) => typeof (n as { game?: { id?: unknown } | null } | null)?.game?.id === "string"))
    return;
  const { refreshGameFigures } = await import("./game-figures-refresh.ts");
  await refreshGameFigures(queryClient, list);
}

/**
 * Keeps every open screen's watchlist and game figures current from the user's own channel (see
 * refreshForUserMessage). Mounted once, in the app shell; the bell refetches its own list.
 */
export function useWatchlistSync(): void {
  const queryClient = useQueryClient();
  // A module that cannot load (a new release's chunks, a dropped connection) leaves the figures to the
  // next refresh, as before this refetch existed.
  useChannel("notifications", (message) => {
    refreshForUserMessage(queryClient, message).catch(() => undefined);
  });
}
