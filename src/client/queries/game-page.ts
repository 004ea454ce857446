import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { GameDetail, GameSeries, SeriesMetric, SimilarGame } from "../../contracts/game-page.ts";
import type { CatalogFacets, CompanyPage, MarketSummary, ScreenerPage } from "../../contracts/market.ts";
import { apiGet } from "../api.ts";

/** Query options for game pages, the screener and company pages (issue 10); keys are the API paths. */

export function gameQuery(id: string) {
  return queryOptions({
    queryKey: ["/api/games", id],
    queryFn: () => apiGet<GameDetail>(`/api/games/${encodeURIComponent(id)}`),
    retry: (count, error) => !("status" in error && error.status === 404) && count < 2,
  });
}

export function gameSeriesQuery(id: string, metric: SeriesMetric, from: string | null) {
  const params = new URLSearchParams({ metric });
  if (from) params.set("from", from);
  return queryOptions({
    queryKey: ["/api/games", id, "series", { metric, from }],
    queryFn: () => apiGet<GameSeries>(`/api/games/${encodeURIComponent(id)}/series?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function similarGamesQuery(id: string) {
  return queryOptions({
    queryKey: ["/api/games", id, "similar"],
    queryFn: () => apiGet<SimilarGame[]>(`/api/games/${encodeURIComponent(id)}/similar`),
  });
}

export function screenerQuery(params: URLSearchParams) {
  const query = params.toString();
  return queryOptions({
    queryKey: ["/api/market/screener", query],
    queryFn: () => apiGet<ScreenerPage>(`/api/market/screener?${query}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The catalog's genres, tags and platforms with their game counts: the screener's pick lists. */
export const catalogFacetsQuery = queryOptions({
  queryKey: ["/api/market/facets"],
  queryFn: () => apiGet<CatalogFacets>("/api/market/facets"),
  staleTime: 5 * 60_000,
});

export function marketSummaryQuery(params: URLSearchParams) {
  const query = params.toString();
  return queryOptions({
    queryKey: ["/api/market/summary", query],
    queryFn: () => apiGet<MarketSummary>(`/api/market/summary?${query}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function companyQuery(slug: string) {
  return queryOptions({
    queryKey: ["/api/companies", slug],
    queryFn: () => apiGet<CompanyPage>(`/api/companies/${encodeURIComponent(slug)}`),
    retry: (count, error) => !("status" in error && error.status === 404) && count < 2,
  });
}
