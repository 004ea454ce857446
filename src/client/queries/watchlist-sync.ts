import { useQueryClient } from "@tanstack/react-query";
import { isWatchlistChange } from "../../contracts/user-channel.ts";
import { useChannel } from "../realtime.ts";
import { userStatsQuery } from "./auth.ts";
import { userGamesQuery } from "./catalog.ts";

/**
 * Keeps every open screen's watchlist current: a game tracked or removed in another tab or on another
 * device arrives on the user's own channel, and the watchlist (its lists, counts and every Track
 * button, which read it) and the user's stats are fetched again. Mounted once, in the app shell.
 */
export function useWatchlistSync(): void {
  const queryClient = useQueryClient();
  useChannel("notifications", (message) => {
    if (!isWatchlistChange(message)) return;
    void queryClient.invalidateQueries({ queryKey: userGamesQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: userStatsQuery.queryKey });
  });
}
