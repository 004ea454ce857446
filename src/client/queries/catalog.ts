import { queryOptions } from "@tanstack/react-query";
import type { CatalogInsights, CatalogState, DataSourcesAnswer } from "../../contracts/data-sources.ts";
import type {
  ActivityPoint,
  GameListPage,
  GenreTrendRow,
  GrowthBasis,
  MarketTrend,
  OverviewFigures,
  Report,
  ReportSummary,
  TrendingGame,
  UserGame,
} from "../../contracts/games.ts";
import type { PlayerFigures } from "../../contracts/player-figures.ts";
import type { WithPriceConversion } from "../../contracts/price-conversion.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import type { RatingFigure } from "../../contracts/rating-figure.ts";
import { apiGet } from "../api.ts";

export type { GenreTrendRow, MarketTrend, OverviewFigures, ReportSummary, UserGame };

/** Query options for the catalog (CONVENTIONS 8): keys are the API paths (spec §7). */

/** What a game card shows, whether it came from trending, search or the watchlist. */
export type GameCard = Pick<
  TrendingGame,
  "gameId" | "gameName" | "platform" | "genre" | "price" | "rating" | "imageUrl"
> & {
  playerCount: number | null;
  /** Every platform of the entry (search, trending, the watchlist); else `platform` alone. */
  platforms?: string[];
  growth?: number;
  /** What `growth` compares (trending): the card names it. */
  growthBasis?: GrowthBasis;
  /** Its latest month is partial (TrendingGame.growthPartial). */
  growthPartial?: true;
  /** What the game's rating measures, named (user reviews' positive share or a critics' score). */
  ratingFigure?: RatingFigure | null;
  players?: PlayerFigures | null;
  provenance?: Provenance | null;
  /** Each figure source with its own time. */
  figureSources?: Provenance[];
  isDemo?: boolean;
} & WithPriceConversion;

export const trendingQuery = queryOptions({
  queryKey: ["/api/games/trending"],
  queryFn: () => apiGet<TrendingGame[]>("/api/games/trending"),
});
export const userGamesQuery = queryOptions({
  queryKey: ["/api/user/games"],
  queryFn: () => apiGet<UserGame[]>("/api/user/games"),
});
export const marketTrendsQuery = queryOptions({
  queryKey: ["/api/analytics/market-trends"],
  // Volatility only for premium access (ADR 020): premium screens keep the rows that carry it.
  queryFn: () => apiGet<GenreTrendRow[]>("/api/analytics/market-trends"),
});
export const overviewQuery = queryOptions({
  queryKey: ["/api/analytics/overview"],
  queryFn: () => apiGet<OverviewFigures>("/api/analytics/overview"),
});
/** Players across the catalog per day (the Dashboard's trends chart). */
export const activityQuery = queryOptions({
  queryKey: ["/api/analytics/activity"],
  queryFn: () => apiGet<ActivityPoint[]>("/api/analytics/activity"),
});
/** The catalog's size: one game is enough to read the total. */
export const catalogSizeQuery = queryOptions({
  queryKey: ["/api/games", { pageSize: 1 }],
  queryFn: async () => (await apiGet<GameListPage>("/api/games?pageSize=1")).total,
});
/** The ten games with the most players by their newest figure (Analytics' "Most played"). */
export const topByPlayersQuery = queryOptions({
  queryKey: ["/api/games", { sort: "players", pageSize: 10 }],
  queryFn: () => apiGet<GameListPage>("/api/games?sort=players&pageSize=10"),
});
/** What the catalog says without player history: most-owned, best-reviewed, genres, releases per year. */
export const catalogInsightsQuery = queryOptions({
  queryKey: ["/api/analytics/catalog"],
  queryFn: () => apiGet<CatalogInsights>("/api/analytics/catalog"),
});
/** Every data source with its licence and newest data (the Data sources page). */
export const dataSourcesQuery = queryOptions({
  queryKey: ["/api/data-sources"],
  queryFn: () => apiGet<DataSourcesAnswer>("/api/data-sources"),
});
export const reportsQuery = queryOptions({
  queryKey: ["/api/analytics/reports"],
  queryFn: () => apiGet<ReportSummary[]>("/api/analytics/reports"),
});

/** One stored report with its data (the report dialog). */
export function reportQuery(id: string) {
  return queryOptions({
    queryKey: ["/api/analytics/reports", id],
    queryFn: () => apiGet<Report>(`/api/analytics/reports/${encodeURIComponent(id)}`),
  });
}

/** The catalog's sources and whether demo games exist: read once, shared by every catalog source note. */
export const catalogStateQuery = queryOptions({
  queryKey: ["/api/data-sources/catalog"],
  queryFn: () => apiGet<CatalogState>("/api/data-sources/catalog"),
  staleTime: 60_000,
});
