import type { QueryClient } from "@tanstack/react-query";
import { aiHistoryQuery } from "./ai.ts";
import { userStatsQuery } from "./auth.ts";
import { marketTrendsQuery, overviewQuery, trendingQuery, userGamesQuery } from "./catalog.ts";
import { notificationsQuery } from "./notifications.ts";
import { STATUS_QUERY_KEY } from "./status.ts";

/**
 * The queries the socket keeps current (its events invalidate or replace them): the bell's list and
 * unread count (`notifications`), the watchlist and the user's stats (watchlist changes on the same
 * channel), the trending list and the overview (`trending_games`), the genres' volatility
 * (`market_trends`), the AI history (`ai_analysis`) and the maintenance banner's status (`status_changed`). `analytics_stats` is no query: the server
 * sends it again every few seconds.
 */
export const SOCKET_FED_QUERY_KEYS = [
  notificationsQuery.queryKey,
  userGamesQuery.queryKey,
  userStatsQuery.queryKey,
  trendingQuery.queryKey,
  overviewQuery.queryKey,
  marketTrendsQuery.queryKey,
  aiHistoryQuery.queryKey,
  STATUS_QUERY_KEY,
] as const;

/**
 * The socket is back after a lost connection: whatever it would have brought meanwhile was missed
 * (its events are never replayed, ADR 004), so the queries it feeds are invalidated — those on screen
 * are fetched again at once, the others when next shown.
 */
export async function refreshAfterReconnect(queryClient: QueryClient): Promise<void> {
  await Promise.all(SOCKET_FED_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
