import { and, desc, eq } from "drizzle-orm";
import {
  type AiAnalysisType,
  type AiHistoryEntry,
  type AiHistoryRecord,
  type AiMetadata,
  type GameAnalysis,
  type MarketInsights,
  type Recommendations,
  readGameAnalysisItem,
  type TrendingAnalysis,
} from "../../contracts/ai.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import type { Tier } from "../../contracts/roles.ts";
import { getSettings } from "../accounts/settings.ts";
import { provenanceOf } from "../catalog/provenance.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import { listUserGames } from "../catalog/watchlist.ts";
import { db } from "../db/client.ts";
import { aiAnalyses } from "../db/schema/index.ts";
import { log } from "../log.ts";
import { publishToUser } from "../realtime/hub.ts";
import { counted } from "../words.ts";
import {
  analyseGame,
  confidenceOf,
  estimateFacts,
  type FavouriteGenre,
  gameFactSheet,
  gameFacts,
  HORIZON_DAYS,
  MIN_PROJECTION_DAYS,
  marketInsights,
  NO_FIT_CONFIDENCE,
  recommend,
  round,
  trendingAnalysis,
} from "./engine.ts";
import {
  type Allowance,
  type Interpreted,
  interpretGames,
  interpretMarket,
  interpretRecommendations,
  interpretTrending,
} from "./interpret.ts";
import { takeRequest, tokenBudget } from "./limits.ts";
import { dataSources } from "./sources.ts";

/**
 * Settings' favourite genres (spec §5): as the user chose them (Settings' labels), and the catalog's
 * genres each one matches. The catalog's names are for matching only: the text says the user's.
 */
const FAVOURITE_GENRES: Record<string, FavouriteGenre> = {
  fps: { label: "FPS", names: ["Shooter", "FPS"] },
  rpg: { label: "RPG", names: ["RPG", "Role-playing (RPG)"] },
  moba: { label: "MOBA", names: ["MOBA"] },
  rts: { label: "RTS", names: ["Strategy", "Real Time Strategy (RTS)"] },
  racing: { label: "Racing", names: ["Racing"] },
  sports: { label: "Sports", names: ["Sports"] },
  puzzle: { label: "Puzzle", names: ["Puzzle"] },
  horror: { label: "Horror", names: ["Horror"] },
};

/** Who asks: the limits and budget follow the tier. */
export interface AiUser {
  id: string;
  subscriptionTier: Tier;
}

/** What one analysis computed: its body (statistics, perhaps reworded by the model) and its metadata. */
interface Run<T, E> {
  interpreted: Interpreted<T>;
  confidence: number;
  basis: string;
  extra: E;
  /**
   * The data it read: the games whose figures it used, whether it read the whole catalog, whether its
   * facts hold per-game estimates, and further sources its facts quote (see dataSources).
   */
  data: { gameIds: string[]; catalog: boolean; estimates?: boolean; quoted?: Provenance[] };
}

/** Runs one analysis, stores it whole with its timing, confidence and tokens, and tells the user's own `ai_analysis` sockets. */
async function record<B extends object, T, E extends object>(
  user: AiUser,
  type: AiAnalysisType,
  run: (allowance: Allowance) => Promise<Run<T, E>>,
  shape: (body: T) => B,
): Promise<B & { metadata: AiMetadata & E }> {
  const userId = user.id;
  await takeRequest(userId, user.subscriptionTier);
  const started = performance.now();
  const allowance = await tokenBudget(userId, user.subscriptionTier);
  const { interpreted, confidence, basis, extra, data } = await run(allowance);
  // The data's sources and times, not the model's: the model only writes over these figures.
  const sources = await dataSources(data.gameIds, data);
  const processingTime = Math.max(1, Math.round(performance.now() - started));
  const id = crypto.randomUUID();
  const createdAt = new Date();
  const metadata: AiMetadata & E = {
    processingTime,
    confidence,
    confidenceBasis: basis,
    modelUsed: interpreted.modelUsed,
    analysisId: id,
    createdAt: createdAt.toISOString(),
    languageModel: interpreted.languageModel,
    note: interpreted.note,
    tokens: {
      input: interpreted.usage.inputTokens,
      output: interpreted.usage.outputTokens,
      total: interpreted.usage.totalTokens,
    },
    numberCheck: interpreted.numberCheck,
    sources,
    ...extra,
  };
  const result = { ...shape(interpreted.body), metadata };
  await db().insert(aiAnalyses).values({
    id,
    userId,
    analysisType: type,
    confidence,
    processingTime,
    modelUsed: interpreted.modelUsed,
    result,
    inputTokens: interpreted.usage.inputTokens,
    outputTokens: interpreted.usage.outputTokens,
    createdAt,
  });
  if (interpreted.numberCheck.dropped.length)
    log.info("ai number check dropped sentences", {
      analysisId: id,
      type,
      dropped: interpreted.numberCheck.dropped.length,
    });
  // The user's own event: only their sockets hear that an analysis finished.
  publishToUser(userId, "ai_analysis", { type, processingTime });
  return result;
}

const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : null);

export function analyzeGames(user: AiUser): Promise<GameAnalysis> {
  return record(
    user,
    "game_analysis",
    async (allowance) => {
      const tracked = await listUserGames(user.id);
      const source = tracked.length ? "watchlist" : "trending";
      const ids = tracked.length
        ? tracked.slice(0, 10).map((g) => g.gameId)
        : (await getTrendingGames()).slice(0, 5).map((g) => g.gameId);
      const facts = await gameFacts(ids);
      const analysis = facts.map(analyseGame);
      const sample = mean(analysis.map((a) => a.sentiment.confidence));
      const fits = analysis.flatMap((a) => (a.marketPrediction.fit == null ? [] : [a.marketPrediction.fit]));
      const fit = mean(fits);
      // Each game's confidence, then their mean: a game without a projection has nothing to rest on
      // (NO_FIT_CONFIDENCE, as market insights without one), so it lowers the result, never raises it.
      const confidence = round(
        mean(analysis.map((a) => confidenceOf(a.sentiment.confidence, a.marketPrediction.fit))) ??
          NO_FIT_CONFIDENCE,
      );
      const unprojected = analysis.length - fits.length;
      const basis =
        sample == null
          ? "No games to rest on."
          : `${counted(analysis.length, "game")}; their reviews give a mean sample score of ${sample.toFixed(2)}${
              fit == null
                ? `; no game has ${MIN_PROJECTION_DAYS} days of players for a projection, so there is nothing for the confidence to rest on`
                : `; the ${fits.length === 1 ? "line" : "lines"} through ${fits.length === 1 ? "1 game's" : `${fits.length} games'`} last 30 days of players fit${fits.length === 1 ? "s" : ""} with mean R² ${fit.toFixed(2)}${unprojected ? `; ${counted(unprojected, "game")} without a projection count ${NO_FIT_CONFIDENCE.toFixed(2)} each` : ""}`
            }.`;
      const estimates = await Promise.all(facts.map((g) => estimateFacts(g.id)));
      const interpreted = await interpretGames(
        allowance,
        // The horizon is a fact whether or not a line could be drawn: the system prompt asks the
        // model to name it ("over the next 30 days"), as Market Insights' horizons are.
        facts.map((g, i) => ({
          ...gameFactSheet(g, analysis[i]!),
          horizonDays: HORIZON_DAYS,
          estimates: estimates[i],
        })),
        analysis,
      );
      return {
        interpreted,
        confidence,
        basis,
        extra: { gamesAnalyzed: analysis.length, source },
        data: {
          gameIds: ids,
          catalog: false,
          estimates: estimates.some((e) => e != null),
          // The daily peaks its facts name ("daily peaks only (SteamDB, to 14 Dec 2022)").
          quoted: facts.flatMap((g) => (g.peaks ? [provenanceOf(g.peaks.source, g.peaks.day)] : [])),
        },
      };
    },
    (analysis) => ({ analysis }),
  );
}

export function analyzeMarket(user: AiUser): Promise<MarketInsights> {
  return record(
    user,
    "market_insights",
    async (allowance) => {
      const { insights, dataPoints, confidence, basis, facts, quoted } = await marketInsights();
      const interpreted = await interpretMarket(allowance, facts, insights);
      return {
        interpreted,
        confidence,
        basis,
        extra: { dataPoints },
        data: { gameIds: [], catalog: true, quoted },
      };
    },
    (insights) => ({ insights }),
  );
}

export function recommendGames(user: AiUser): Promise<Recommendations> {
  return record(
    user,
    "recommendations",
    async (allowance) => {
      const [tracked, settings] = await Promise.all([listUserGames(user.id), getSettings(user.id)]);
      const favourites = settings.gaming.favoriteGenres.map(
        (g) => FAVOURITE_GENRES[g] ?? { label: g, names: [g] },
      );
      const { list, reasoning, insights, confidence, basis, facts } = await recommend(
        tracked.map((g) => g.gameId),
        favourites,
      );
      const interpreted = await interpretRecommendations(allowance, facts, {
        recommendations: list,
        reasoning,
        insights,
      });
      return {
        interpreted,
        confidence,
        basis,
        extra: { userGames: tracked.length },
        // The tracked games' genres and the recommended games' figures.
        data: { gameIds: [...tracked.map((g) => g.gameId), ...list.map((r) => r.gameId)], catalog: false },
      };
    },
    (recommendations) => ({ recommendations }),
  );
}

export function analyzeTrending(user: AiUser): Promise<TrendingAnalysis> {
  return record(
    user,
    "trending_analysis",
    async (allowance) => {
      const { analysis, games, gameIds, confidence, basis, facts } = await trendingAnalysis();
      const interpreted = await interpretTrending(allowance, facts, analysis);
      return {
        interpreted,
        confidence,
        basis,
        extra: { gamesAnalyzed: games },
        data: { gameIds, catalog: false },
      };
    },
    (analysis) => ({ analysis }),
  );
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

/** One of the user's analyses, whole, or null if it is not theirs. */
export async function aiHistoryEntry(userId: string, id: string): Promise<AiHistoryEntry | null> {
  const [r] = await db()
    .select()
    .from(aiAnalyses)
    .where(and(eq(aiAnalyses.userId, userId), eq(aiAnalyses.id, id)))
    .limit(1);
  if (!r) return null;
  return {
    id: r.id,
    analysisType: r.analysisType,
    createdAt: r.createdAt.toISOString(),
    confidence: r.confidence.toFixed(2),
    processingTime: r.processingTime,
    modelUsed: r.modelUsed,
    result: readStoredResult(r.analysisType, r.result as AiHistoryEntry["result"]),
  };
}

/**
 * A stored result as the contract has it now. Results are JSON in `ai_analyses.result`, kept as
 * they were written: a game analysis stored before the spec's trend labels (bullish / bearish /
 * neutral) carried the projection's direction in `trend`, and is mapped here when read rather than
 * rewritten in the table.
 */
export function readStoredResult(
  type: AiAnalysisType,
  result: AiHistoryEntry["result"],
): AiHistoryEntry["result"] {
  if (type !== "game_analysis") return result;
  const games = result as GameAnalysis;
  return Array.isArray(games.analysis)
    ? { ...games, analysis: games.analysis.map(readGameAnalysisItem) }
    : result;
}

export async function countAiAnalyses(): Promise<number> {
  return db().$count(aiAnalyses);
}
