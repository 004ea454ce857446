import type { QueryClient } from "@tanstack/react-query";

/**
 * The live screens' data (issue 9 §5): refetched every `dataRefreshInterval` seconds of the user's
 * settings (60, 300, 600 or 1800), on top of the pushes the realtime channels bring. Other queries
 * keep the spec's "no automatic refetching".
 */
export const LIVE_QUERY_KEYS = [
  "/api/analytics/overview",
  "/api/analytics/activity",
  "/api/analytics/market-trends",
  "/api/games/trending",
  "/api/user/games",
  "/api/user/stats",
  "/api/platforms/all",
  "/api/platforms/stats",
] as const;

export function applyRefreshInterval(queryClient: QueryClient, seconds: number): void {
  const ms = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : false;
  for (const key of LIVE_QUERY_KEYS) {
    queryClient.setQueryDefaults([key], { refetchInterval: ms, refetchIntervalInBackground: false });
  }
}
