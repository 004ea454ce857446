import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../api.ts";

export interface IgdbGame {
  id: string;
  name: string;
  genres: Array<{ id: number; name: string }>;
  aggregated_rating: number | null;
  aggregated_rating_count: number | null;
  cover: { url: string } | null;
  first_release_date: number | null;
  involved_companies: Array<{ developer: boolean; publisher: boolean; company: { name: string } }>;
  platforms: Array<{ id: number; name: string }>;
  summary: string | null;
  url: string | null;
}
export interface IgdbPlatform {
  id: string;
  name: string;
  abbreviation: string | null;
  generation: number | null;
  platform_logo: { url: string } | null;
}
export interface IgdbCompany {
  id: string;
  name: string;
  logo: { url: string } | null;
  start_date: number | null;
  description: string | null;
  developed: number;
  published: number;
}
export interface IgdbStatus {
  status: string;
  authenticated: true | "Not authenticated";
  lastSync: string | null;
  message: string | null;
}
export interface CommunityDataset {
  fullName: string;
  name: string;
  description: string | null;
  topics: string[];
  owner: { login: string; avatarUrl: string | null };
  stars: number;
  lastUpdated: string;
  size: number;
  language: string | null;
  htmlUrl: string;
  downloadUrl: string;
}
export interface DatasetContent {
  file: string;
  metadata: { totalEntries: number; format: string; lastUpdated: string | null };
  dataType: string;
  games: Array<Record<string, unknown>>;
}
export interface KaggleDataset {
  ref: string;
  title: string;
  downloadCount: number;
  usabilityRating: number;
  size: number;
  voteCount: number;
}
export interface HistoricalGame {
  gameId: string;
  gameName: string;
  platform: string | null;
  playerTrends: Array<{ date: string; playerCount: number }>;
  reviewTrends: Array<{ date: string; sentiment: number; averageRating: number }>;
}
export interface MarketHistory {
  globalRevenue: Array<{ year: number; revenue: number; growth: number | null; forecast: boolean }>;
  platformDistribution: Record<string, number>;
  platformYear: number | null;
  regionalMarkets: Array<{ region: string; share: number; growth: number | null }>;
  regionalYear: number | null;
  source: string;
}
export interface Esports {
  topGames: Array<{ game: string; viewership: number | null; prizePool: number }>;
  growth: Array<{ year: number; totalPrizePool: number; totalViewership: number | null }>;
  tournaments: Array<{ name: string; game: string; prizePool: number; viewers: number | null }>;
}

const get = <T>(path: string) => queryOptions({ queryKey: [path], queryFn: () => apiGet<T>(path) });

export const igdbList = (tab: "trending" | "popular" | "recent") => get<IgdbGame[]>(`/api/igdb/${tab}`);
export const igdbPlatformsQuery = get<IgdbPlatform[]>("/api/igdb/platforms");
export const igdbCompaniesQuery = get<IgdbCompany[]>("/api/igdb/companies");
/** Spec §9: the games status is refetched every 60 s. */
export const igdbStatusQuery = queryOptions({
  ...get<IgdbStatus>("/api/igdb/status"),
  refetchInterval: 60_000,
});
/** Spec §9: community dataset lists are cached 5 minutes. */
export const githubDatasetsQuery = queryOptions({
  ...get<CommunityDataset[]>("/api/github-gaming/datasets"),
  staleTime: 300_000,
});
export const githubTrendingQuery = queryOptions({
  ...get<CommunityDataset[]>("/api/github-gaming/trending"),
  staleTime: 300_000,
});
export const kaggleDatasetsQuery = get<KaggleDataset[]>("/api/kaggle/datasets");
export const historicalQuery = get<HistoricalGame[]>("/api/kaggle/historical");
export const marketHistoryQuery = get<MarketHistory>("/api/kaggle/market-trends");
export const esportsQuery = get<Esports>("/api/kaggle/esports");
