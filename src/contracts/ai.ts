/**
 * AI analytics (spec §2 "AI analytics", §3): what `POST /api/ai/*` and `GET /api/ai/analytics`
 * answer. Plain types, no zod: the client imports this file. Statistics over the catalog's series
 * compute the facts; a configured language model writes the interpretation of those facts, and
 * `modelUsed` names it (or says that no language model was configured).
 */
import type { Provenance } from "./provenance.ts";

export const AI_ANALYSIS_TYPES = [
  "game_analysis",
  "market_insights",
  "recommendations",
  "trending_analysis",
] as const;
export type AiAnalysisType = (typeof AI_ANALYSIS_TYPES)[number];

/**
 * Whether the language model wrote this result's text; `not_needed`: there was nothing for it to
 * interpret (no games to analyse), so it was not asked and no tokens were spent.
 */
export type LanguageModelStatus = "used" | "not_configured" | "unavailable" | "not_needed";

export interface NumberCheckDrop {
  /** Where the sentence was: "analysis[0].sentiment", "keyInsights[2]"... */
  field: string;
  sentence: string;
  /** The numbers in it that are none of the facts. */
  unknown: string[];
  /**
   * When all its numbers are facts: those that are not figures of what the sentence speaks of (another
   * game's figure said of this one). Absent on other drops and on results stored before it was kept.
   */
  notAbout?: string[];
}

export interface AiMetadata {
  processingTime: number;
  /** 0–1: how much evidence there is (sample size) times how well the facts fit (see confidenceBasis). */
  confidence: number;
  /** In words: the sample and the fit that `confidence` rests on. */
  confidenceBasis: string;
  modelUsed: string;
  analysisId: string;
  createdAt: string;
  languageModel: LanguageModelStatus;
  /** Set when the language model was configured but did not answer usably. */
  note: string | null;
  /** Tokens the language model used for this result (0 without one). */
  tokens: { input: number; output: number; total: number };
  /** Numbers in the model's text checked against the facts, and the sentences dropped. */
  numberCheck: { checked: number; dropped: NumberCheckDrop[] };
  /**
   * The data the figures come from, each source at the time of its newest data (not when the
   * analysis ran). Absent on analyses stored before it was recorded: their data source is not known.
   */
  sources?: Provenance[];
}

/**
 * Spec §4 "Action: buy, hold, sell, watch": buy when the trend is bullish (players projected to
 * rise) and reviews are at least 70% positive, hold when it is bearish (projected to decline) but
 * the game is that well liked, sell when bearish otherwise, watch for the rest (neutral: stable, or
 * too little history to project).
 */
export const RECOMMENDED_ACTIONS = ["buy", "hold", "sell", "watch"] as const;
export type RecommendedAction = (typeof RECOMMENDED_ACTIONS)[number];

/**
 * Spec §4 "AI trend labels: bullish, bearish, otherwise neutral": bullish when daily players are
 * projected to rise, bearish when to fall, neutral otherwise (within ±5%, or nothing to project).
 */
export const TREND_LABELS = ["bullish", "bearish", "neutral"] as const;
export type TrendLabel = (typeof TREND_LABELS)[number];

/**
 * The projection's own finding behind the label: where the line through daily players goes over
 * the horizon, or `unknown` when there is too little player history to draw one.
 */
export const PROJECTION_DIRECTIONS = ["rising", "stable", "declining", "unknown"] as const;
export type ProjectionDirection = (typeof PROJECTION_DIRECTIONS)[number];

export function trendLabel(direction: ProjectionDirection): TrendLabel {
  return direction === "rising" ? "bullish" : direction === "declining" ? "bearish" : "neutral";
}

/**
 * A game analysis item as stored: results stored before the spec's labels carried the direction
 * in `trend` ("rising" | "stable" | "declining" | "unknown") and no `direction`; read, they carry
 * both, as results stored since.
 */
export function readGameAnalysisItem(item: GameAnalysisItem): GameAnalysisItem {
  const stored = item.marketPrediction as GameAnalysisItem["marketPrediction"] & { trend: string };
  if (PROJECTION_DIRECTIONS.includes(stored.direction) && TREND_LABELS.includes(stored.trend as TrendLabel))
    return item;
  const direction: ProjectionDirection = PROJECTION_DIRECTIONS.includes(stored.direction)
    ? stored.direction
    : PROJECTION_DIRECTIONS.includes(stored.trend as ProjectionDirection)
      ? (stored.trend as ProjectionDirection)
      : "unknown";
  return { ...item, marketPrediction: { ...stored, trend: trendLabel(direction), direction } };
}

export interface GameAnalysisItem {
  gameId: string;
  gameName: string;
  sentiment: { rating: number | null; confidence: number; reasoning: string };
  marketPrediction: {
    /** Spec §4: bullish (players projected to rise), bearish (to fall), otherwise neutral. */
    trend: TrendLabel;
    /** What the projection found: the label's detail, `unknown` with too little player history. */
    direction: ProjectionDirection;
    timeframe: string;
    reasoning: string;
    /** Average daily players now (the fitted line's value at the newest point) and at the horizon. */
    currentPlayers: number | null;
    projectedPlayers: number | null;
    horizonDays: number;
    /** R² of the line through the last 30 days' players, 0–1. */
    fit: number | null;
  };
  recommendations: { action: RecommendedAction; riskLevel: "low" | "medium" | "high"; reasoning: string };
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

/** `GET /api/ai/analytics/:id`: a stored analysis, whole. */
export interface AiHistoryEntry extends AiHistoryRecord {
  result: GameAnalysis | MarketInsights | Recommendations | TrendingAnalysis;
}

/** Published on `ai_analysis` (spec §3 "AI analysis live event"). */
export interface AiAnalysisEvent {
  type: AiAnalysisType;
  processingTime: number;
}

/** A figure an answer of the analyst quoted, with where in the game's facts it is. */
export interface CitedFigure {
  label: string;
  value: number;
}

/** A game an answer used, linked to its page (`/games/:id`), with the figures quoted from it. */
export interface Citation {
  gameId: string;
  name: string;
  figures: CitedFigure[];
}

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  citations: Citation[];
  /** The tools the model called for this answer, in order. */
  toolCalls: Array<{ name: string; input: unknown }>;
  modelUsed: string | null;
  note: string | null;
  tokens: { input: number; output: number; total: number };
  processingTime: number | null;
  /** Milliseconds until the first words were streamed (answers only). */
  timeToFirstToken: number | null;
  numberCheck: { checked: number; dropped: NumberCheckDrop[] } | null;
  /**
   * Where the data the answer used comes from and its time (issue 9 §3): the series of the games
   * the tools returned and, for segment questions, the catalog's. Empty when no data was looked up.
   */
  sources: Provenance[];
  createdAt: string;
}

/**
 * `GET /api/ai/chat/model`: what would answer a question asked now, as the answer's `modelUsed` would
 * name it: the configured language model's label, or "statistical model (…)" with the reason (none
 * configured, or the plan's monthly token budget used up). A model that fails at answer time is only
 * known then.
 */
export interface ChatModel {
  modelUsed: string;
}

/**
 * The questions "Ask the analyst" suggests before the first answer: with a language model, and with
 * the statistics alone, which answer only questions naming games (tests/api/ai-chat-model.test.ts asks
 * them).
 */
export const CHAT_EXAMPLES = {
  model: [
    "Which roguelike deckbuilders under $20 grew fastest this quarter?",
    "Compare Hades and Dead Cells reviews",
  ],
  statistics: ["How much revenue did Stardew Valley make?", "Compare Hades and Dead Cells reviews"],
} as const;

/** `GET /api/ai/conversations`. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messages: number;
}

/** `GET /api/ai/conversations/:id`. */
export interface Conversation extends ConversationSummary {
  messageList: ChatMessage[];
}

/**
 * `POST /api/ai/chat` streams these as server-sent events (`event: <type>`, `data: <json>`): the
 * conversation's id first, the tools as they are called, the words as they come, and the stored
 * answer (after the number check, with its citations) last.
 */
export type ChatEvent =
  | { type: "start"; conversationId: string; messageId: string }
  | { type: "tool"; name: string; input: unknown }
  | { type: "delta"; text: string }
  | { type: "done"; message: ChatMessage };

/** `GET /api/ai/backtest`: the committed back-test of the market prediction (`bun run ai:backtest`). */
export interface AiBacktest {
  source: string;
  ranAt: string;
  games: number;
  firstMonth: string | null;
  lastMonth: string | null;
  /** A change within ± this percent counts as stable. */
  stableBandPct: number;
  mainWindowMonths: number;
  actualDirections: { rising: number; stable: number; declining: number };
  rows: Array<{
    windowMonths: number;
    cases: number;
    /** 0–1. */
    predictionAccuracy: number | null;
    baselineAccuracy: number | null;
  }>;
  /** Whether the prediction (main window) was right more often than the baseline. */
  beatsBaseline: boolean | null;
}
