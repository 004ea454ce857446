import { queryOptions } from "@tanstack/react-query";
import type { AiHistoryRecord } from "../../contracts/ai.ts";
import { apiGet } from "../api.ts";

/** Premium only: AI Analytics mounts it for premium users. Spec §9: the AI history is cached 30 s. */
export const aiHistoryQuery = queryOptions({
  queryKey: ["/api/ai/analytics"],
  queryFn: () => apiGet<AiHistoryRecord[]>("/api/ai/analytics"),
  staleTime: 30_000,
});
