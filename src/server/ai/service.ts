import { desc, eq } from "drizzle-orm";
import type {
  AiAnalysisType,
  AiHistoryRecord,
  AiMetadata,
  GameAnalysis,
  MarketInsights,
  Recommendations,
  TrendingAnalysis,
} from "../../contracts/ai.ts";
import { getSettings } from "../accounts/settings.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import { listUserGames } from "../catalog/watchlist.ts";
import { db } from "../db/client.ts";
import { aiAnalyses } from "../db/schema/index.ts";
import { publish } from "../realtime/hub.ts";
import { analyseGame, gameFacts, MODEL, marketInsights, recommend, trendingAnalysis } from "./engine.ts";

/** Settings' favourite genres (spec §5) as the catalog names them. */
const GENRE_NAMES: Record<string, string[]> = {
  fps: ["Shooter", "FPS"],
  rpg: ["RPG", "Role-playing (RPG)"],
  moba: ["MOBA"],
  rts: ["Strategy", "Real Time Strategy (RTS)"],
  racing: ["Racing"],
  sports: ["Sports"],
  puzzle: ["Puzzle"],
  horror: ["Horror"],
};

/** Runs one analysis, stores it with its timing and confidence, and tells `ai_analysis` subscribers. */
async function record<T extends object, E extends object>(
  userId: string,
  type: AiAnalysisType,
  run: () => Promise<{ body: T; confidence: number; extra: E }>,
): Promise<T & { metadata: AiMetadata & E }> {
  const started = performance.now();
  const { body, confidence, extra } = await run();
  const processingTime = Math.max(1, Math.round(performance.now() - started));
  const id = crypto.randomUUID();
  const createdAt = new Date();
  const metadata: AiMetadata & E = {
    processingTime,
    confidence,
    modelUsed: MODEL,
    analysisId: id,
    createdAt: createdAt.toISOString(),
    ...extra,
  };
  const result = { ...body, metadata };
  await db().insert(aiAnalyses).values({
    id,
    userId,
    analysisType: type,
    confidence,
    processingTime,
    modelUsed: MODEL,
    result,
    createdAt,
  });
  publish("ai_analysis", { type, processingTime });
  return result;
}

export function analyzeGames(userId: string): Promise<GameAnalysis> {
  return record(userId, "game_analysis", async () => {
    const tracked = await listUserGames(userId);
    const source = tracked.length ? "watchlist" : "trending";
    const ids = tracked.length
      ? tracked.slice(0, 10).map((g) => g.gameId)
      : (await getTrendingGames()).slice(0, 5).map((g) => g.gameId);
    const analysis = (await gameFacts(ids)).map(analyseGame);
    const confidence = analysis.length
      ? Math.round((analysis.reduce((s, a) => s + a.sentiment.confidence, 0) / analysis.length) * 100) / 100
      : 0.1;
    return { body: { analysis }, confidence, extra: { gamesAnalyzed: analysis.length, source } };
  });
}

export function analyzeMarket(userId: string): Promise<MarketInsights> {
  return record(userId, "market_insights", async () => {
    const { insights, dataPoints, confidence } = await marketInsights();
    return { body: { insights }, confidence, extra: { dataPoints } };
  });
}

export function recommendGames(userId: string): Promise<Recommendations> {
  return record(userId, "recommendations", async () => {
    const [tracked, settings] = await Promise.all([listUserGames(userId), getSettings(userId)]);
    const favourites = settings.gaming.favoriteGenres.flatMap((g) => GENRE_NAMES[g] ?? [g]);
    const { list, reasoning, insights, confidence } = await recommend(
      tracked.map((g) => g.gameId),
      favourites,
    );
    return {
      body: { recommendations: { recommendations: list, reasoning, insights } },
      confidence,
      extra: { userGames: tracked.length },
    };
  });
}

export function analyzeTrending(userId: string): Promise<TrendingAnalysis> {
  return record(userId, "trending_analysis", async () => {
    const { analysis, games, confidence } = await trendingAnalysis();
    return { body: { analysis }, confidence, extra: { gamesAnalyzed: games } };
  });
}

/** The user's analyses, newest first (spec §3 "AI analysis history record"). */
export async function aiHistory(userId: string, limit = 50): Promise<AiHistoryRecord[]> {
  const rows = await db()
    .select()
    .from(aiAnalyses)
    .where(eq(aiAnalyses.userId, userId))
    .orderBy(desc(aiAnalyses.createdAt), desc(aiAnalyses.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    analysisType: r.analysisType,
    createdAt: r.createdAt.toISOString(),
    confidence: r.confidence.toFixed(2),
    processingTime: r.processingTime,
    modelUsed: r.modelUsed,
  }));
}

export async function countAiAnalyses(): Promise<number> {
  return db().$count(aiAnalyses);
}
