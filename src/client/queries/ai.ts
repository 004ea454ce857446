import { queryOptions } from "@tanstack/react-query";
import type {
  AiHistoryEntry,
  AiHistoryRecord,
  ChatModel,
  Conversation,
  ConversationSummary,
} from "../../contracts/ai.ts";
import { apiGet } from "../api.ts";

/** Premium only: AI Analytics mounts it for premium users. Spec §9: the AI history is cached 30 s. */
export const aiHistoryQuery = queryOptions({
  queryKey: ["/api/ai/analytics"],
  queryFn: () => apiGet<AiHistoryRecord[]>("/api/ai/analytics"),
  staleTime: 30_000,
});

/** One stored analysis, whole; a stored result never changes, so it is cached for the session. */
export const aiHistoryEntryQuery = (id: string) =>
  queryOptions({
    queryKey: ["/api/ai/analytics", id],
    queryFn: () => apiGet<AiHistoryEntry>(`/api/ai/analytics/${encodeURIComponent(id)}`),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const conversationsQuery = queryOptions({
  queryKey: ["/api/ai/conversations"],
  queryFn: () => apiGet<ConversationSummary[]>("/api/ai/conversations"),
});

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: ["/api/ai/conversations", id],
    queryFn: () => apiGet<Conversation>(`/api/ai/conversations/${encodeURIComponent(id)}`),
  });

/** What would answer a question now (a model, or the statistics and why), shown before the first answer. */
export const chatModelQuery = queryOptions({
  queryKey: ["/api/ai/chat/model"],
  queryFn: () => apiGet<ChatModel>("/api/ai/chat/model"),
  staleTime: 30_000,
});
