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
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("ai_analyses_user_created").on(t.userId, t.createdAt)],
);
