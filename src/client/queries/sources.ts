import { queryOptions } from "@tanstack/react-query";
import type {
  CommunityDataset,
  DatasetContent,
  EsportsSummary,
  FreeGame,
  FreeGamesCount,
  HistoricalGame,
  IgdbCompany,
  IgdbGame,
  IgdbPlatform,
  IgdbStatus,
  KaggleDataset,
  MarketHistory,
  NewestRelease,
  PlatformConnection,
  PlatformStat,
} from "../../contracts/sources.ts";
import { apiGet } from "../api.ts";

export type {
  CommunityDataset,
  DatasetContent,
  HistoricalGame,
  IgdbCompany,
  IgdbGame,
  IgdbPlatform,
  KaggleDataset,
  MarketHistory,
};

const get = <T>(path: string) => queryOptions({ queryKey: [path], queryFn: () => apiGet<T>(path) });

export const igdbList = (tab: "trending" | "popular" | "recent") => get<IgdbGame[]>(`/api/igdb/${tab}`);
export const igdbPlatformsQuery = get<IgdbPlatform[]>("/api/igdb/platforms");
export const igdbCompaniesQuery = get<IgdbCompany[]>("/api/igdb/companies");
/** Spec §9: the games status is refetched every 60 s. */
/** The catalog's newest release date and its source (the Recent tab's empty state). */
export const newestReleaseQuery = get<NewestRelease>("/api/igdb/newest-release");

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
export const esportsQuery = get<EsportsSummary>("/api/kaggle/esports");

/** The 8 platforms with their real connection state and last sync. */
export const platformConnectionsQuery = get<PlatformConnection[]>("/api/platforms/all");
/** Games and players per platform, counted from the catalog. */
export const platformStatsQuery = get<PlatformStat[]>("/api/platforms/stats");
/** Games free to play now (Epic promotions, Steam free-to-play). */
export const freeGamesQuery = get<FreeGame[]>("/api/platforms/free-games");
/** How many games are free to play: every free-to-play game of the catalog and the stores' promotions. */
export const freeGamesCountQuery = get<FreeGamesCount>("/api/platforms/free-games/count");
