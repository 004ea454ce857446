import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth.ts";

/** Every AI analysis a user ran, with its result (spec §3 "AI analysis history record"). */
export const aiAnalyses = sqliteTable(
  "ai_analyses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    analysisType: text("analysis_type", {
      enum: ["game_analysis", "market_insights", "recommendations", "trending_analysis"],
    }).notNull(),
    confidence: real("confidence").notNull(),
    processingTime: integer("processing_time").notNull(),
    modelUsed: text("model_used").notNull(),
    result: text("result", { mode: "json" }).notNull(),
    // Tokens the language model used for this analysis; the monthly budget sums them.
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("ai_analyses_user_created").on(t.userId, t.createdAt)],
);

/** A user's conversations with the analyst ("Ask the analyst"). */
export const aiConversations = sqliteTable(
  "ai_conversations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("ai_conversations_user_updated").on(t.userId, t.updatedAt)],
);

/** One question or answer of a conversation; an answer keeps the figures and games it cited. */
export const aiMessages = sqliteTable(
  "ai_messages",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => aiConversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    citations: text("citations", { mode: "json" }).notNull().default([]),
    toolCalls: text("tool_calls", { mode: "json" }).notNull().default([]),
    modelUsed: text("model_used"),
    note: text("note"),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    processingTime: integer("processing_time"),
    // The answer's number check and time to first token.
    details: text("details", { mode: "json" }).notNull().default({}),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("ai_messages_conversation_created").on(t.conversationId, t.createdAt)],
);

/** Per-tier limits of the AI analyst, set by an admin; a tier without a row uses the defaults. */
export const aiTierLimits = sqliteTable("ai_tier_limits", {
  tier: text("tier", { enum: ["starter", "professional", "enterprise"] }).primaryKey(),
  monthlyTokens: integer("monthly_tokens").notNull(),
  requestsPerMinute: integer("requests_per_minute").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
