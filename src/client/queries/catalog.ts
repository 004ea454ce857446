import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../api.ts";

/** Query options for the catalog (CONVENTIONS 8): keys are the API paths (spec §7). */
export interface GameCard {
  id: string;
  gameId: string;
  gameName: string;
  platform: string | null;
  genre: string | null;
  playerCount: number | null;
  price: number | null;
  rating: number | null;
  imageUrl: string | null;
  growth?: number;
  isDemo?: boolean;
  summary?: string | null;
}

export interface UserGame extends GameCard {
  isWatchlisted: boolean;
  playTime: number | null;
  lastPlayed: string | null;
  addedAt: string;
}

export interface MarketTrend {
  category: string;
  volatilityScore: number;
  players: number;
  games: number;
  change: number;
}

export interface OverviewFigures {
  marketActivity: { players: number; change: number | null; games: number };
  trendingCount: number;
  aiPredictions?: { rising: number; falling: number };
  marketVolatility?: { score: number | null; categories: number };
  isDemo: boolean;
  dataAsOf: string | null;
}

export interface ReportSummary {
  id: string;
  reportType: string;
  generatedAt: string;
}

export const trendingQuery = queryOptions({
  queryKey: ["/api/games/trending"],
  queryFn: () => apiGet<GameCard[]>("/api/games/trending"),
});
export const userGamesQuery = queryOptions({
  queryKey: ["/api/user/games"],
  queryFn: () => apiGet<UserGame[]>("/api/user/games"),
});
export const marketTrendsQuery = queryOptions({
  queryKey: ["/api/analytics/market-trends"],
  queryFn: () => apiGet<MarketTrend[]>("/api/analytics/market-trends"),
});
export const overviewQuery = queryOptions({
  queryKey: ["/api/analytics/overview"],
  queryFn: () => apiGet<OverviewFigures>("/api/analytics/overview"),
});
export const reportsQuery = queryOptions({
  queryKey: ["/api/analytics/reports"],
  queryFn: () => apiGet<ReportSummary[]>("/api/analytics/reports"),
});

/** Spec §7/§8: search runs only above 2 characters; a failure reads "Search failed: {status}". */
export function searchQuery(q: string) {
  return queryOptions({
    queryKey: ["/api/games/search", { q }],
    enabled: q.trim().length > 2,
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/games/search?${new URLSearchParams({ q: q.trim(), limit: "20" })}`, {
        credentials: "include",
        signal,
      });
      if (!res.ok) throw new Error(`Search failed: ${res.status}`);
      return (await res.json()) as GameCard[];
    },
  });
}
