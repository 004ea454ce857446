import { queryOptions } from "@tanstack/react-query";
import type { GameEstimate, Methodology } from "../../contracts/estimates.ts";
import { apiGet } from "../api.ts";

/** Query options for the estimates (issue 11); keys are the API paths. */
export const gameEstimatesQuery = (id: string) =>
  queryOptions({
    queryKey: ["/api/games", id, "estimates"],
    queryFn: () => apiGet<GameEstimate>(`/api/games/${encodeURIComponent(id)}/estimates`),
  });

export const methodologyQuery = queryOptions({
  queryKey: ["/api/estimates/methodology"],
  queryFn: () => apiGet<Methodology>("/api/estimates/methodology"),
});
