/**
 * AI analytics (spec §2 "AI analytics", §3): what `POST /api/ai/*` and `GET /api/ai/analytics`
 * answer. Plain types, no zod: the client imports this file. The analyses are statistical models over
 * the catalog's series (the `modelUsed` field names them); no language model is involved.
 */
export const AI_ANALYSIS_TYPES = [
  "game_analysis",
  "market_insights",
  "recommendations",
  "trending_analysis",
] as const;
export type AiAnalysisType = (typeof AI_ANALYSIS_TYPES)[number];

export interface AiMetadata {
  processingTime: number;
  /** 0–1. */
  confidence: number;
  modelUsed: string;
  analysisId: string;
  createdAt: string;
}

export interface GameAnalysisItem {
  gameId: string;
  gameName: string;
  sentiment: { rating: number | null; confidence: number; reasoning: string };
  marketPrediction: {
    trend: "rising" | "stable" | "declining" | "unknown";
    timeframe: string;
    reasoning: string;
  };
  recommendations: { action: string; riskLevel: "low" | "medium" | "high"; reasoning: string };
}
export interface GameAnalysis {
  analysis: GameAnalysisItem[];
  metadata: AiMetadata & { gamesAnalyzed: number; source: "watchlist" | "trending" };
}

export interface MarketInsights {
  insights: {
    overallSentiment: "positive" | "neutral" | "negative";
    trendingGenres: string[];
    /** 0–10. */
    marketVolatility: number | null;
    keyInsights: string[];
    predictions: { nextMonth: string; nextQuarter: string };
  };
  metadata: AiMetadata & { dataPoints: number };
}

export interface Recommendation {
  gameId: string;
  gameName: string;
  /** 0–1. */
  matchScore: number;
  genres: string[];
  reasoning: string;
  /** 0–1. */
  expectedEnjoyment: number;
}
export interface Recommendations {
  recommendations: { recommendations: Recommendation[]; reasoning: string; insights: string[] };
  metadata: AiMetadata & { userGames: number };
}

export interface TrendingAnalysis {
  analysis: {
    topics: string[];
    sentiment: "positive" | "neutral" | "negative";
    emergingTrends: string[];
    analysis: string;
  };
  metadata: AiMetadata & { gamesAnalyzed: number };
}

/** One entry of `GET /api/ai/analytics` (spec §3 "AI analysis history record"). */
export interface AiHistoryRecord {
  id: string;
  analysisType: AiAnalysisType;
  createdAt: string;
  /** A number 0–1 as a string (spec §3). */
  confidence: string;
  processingTime: number;
  modelUsed: string;
}

/** Published on `ai_analysis` (spec §3 "AI analysis live event"). */
export interface AiAnalysisEvent {
  type: AiAnalysisType;
  processingTime: number;
}
