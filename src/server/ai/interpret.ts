import { z } from "zod";
import type {
  GameAnalysisItem,
  LanguageModelStatus,
  MarketInsights,
  NumberCheckDrop,
  Recommendation,
  TrendingAnalysis,
} from "../../contracts/ai.ts";
import { Grounding } from "./grounding.ts";
import { generateStructured, NO_USAGE, type Usage } from "./llm.ts";
import { configuredModel, STATISTICAL_MODEL } from "./provider.ts";

/**
 * The language model's part of each analysis: it receives the statistics' facts (never raw tables),
 * answers in a zod schema, and its text replaces the statistical wording only where every number
 * in it is one of the facts. Structure (trend, risk, scores, lists of games) stays statistical.
 */
const SYSTEM = `You are the market analyst of Gaming Intelligence, a game-market analytics product for game studios.
You are given FACTS as JSON, computed from the product's own data. Interpret them for a studio's producer.
Rules:
- Use only the facts. Never invent games, figures, dates or sources.
- Every number you write must be one of the facts, written as given or rounded (42.3 may be written 42). Do not compute new numbers (no sums, differences or ratios of your own).
- Projections are on a stated horizon in days: say so ("over the next 30 days"), and never present last week's change as a prediction.
- A game's players.averageLast7Days rests on players.daysInAverage days of readings: with fewer than 7, say how many days, never "the last 7 days".
- A game's marketTrend is bullish (players projected to rise), bearish (to fall) or neutral; with projectionDirection "unknown" there is too little player history to project: say so, and give no view of where players are heading.
- A figure that is not in the facts is not known: say that it is not known, and never write a number, "null" or "undefined" for it.
- An estimate with lowSignal true has no single figure (no mid): write its low to high range, never one number for it.
- Be concise: one to three sentences per field, plain English, no markdown.
- Answer only with JSON that matches the schema given.`;

export interface Interpreted<T> {
  body: T;
  modelUsed: string;
  languageModel: LanguageModelStatus;
  note: string | null;
  usage: Usage;
  numberCheck: { checked: number; dropped: NumberCheckDrop[] };
}

/** Whether the user's monthly token budget lets the model be asked (src/server/ai/limits.ts). */
export interface Allowance {
  allowed: boolean;
  reason: string | null;
}

async function interpret<S extends z.ZodType, T>(
  allowance: Allowance,
  purpose: string,
  task: string,
  schema: S,
  facts: unknown,
  statistical: T,
  apply: (output: z.infer<S>, grounding: Grounding, statistical: T) => T,
): Promise<Interpreted<T>> {
  const configured = configuredModel();
  if (configured && !allowance.allowed) {
    return {
      body: statistical,
      modelUsed: "statistical model (monthly token budget used up)",
      languageModel: "unavailable",
      note: allowance.reason,
      usage: NO_USAGE,
      numberCheck: { checked: 0, dropped: [] },
    };
  }
  const outcome = await generateStructured({
    purpose,
    schema,
    system: `${SYSTEM}\n\nJSON schema of the answer:\n${JSON.stringify(z.toJSONSchema(schema))}`,
    prompt: `${task}\n\nFACTS:\n${JSON.stringify(factsForModel(facts))}`,
  });
  if (outcome.ok) {
    const grounding = new Grounding(facts);
    const body = apply(outcome.output, grounding, statistical);
    return {
      body,
      modelUsed: outcome.model.label,
      languageModel: "used",
      note: grounding.dropped.length
        ? `${grounding.dropped.length} sentence${grounding.dropped.length === 1 ? "" : "s"} of the language model cited a number that is none of the facts and ${grounding.dropped.length === 1 ? "was" : "were"} left out.`
        : null,
      usage: outcome.usage,
      numberCheck: { checked: grounding.checked, dropped: grounding.dropped },
    };
  }
  if (!outcome.model) {
    return {
      body: statistical,
      modelUsed: STATISTICAL_MODEL,
      languageModel: "not_configured",
      note: null,
      usage: NO_USAGE,
      numberCheck: { checked: 0, dropped: [] },
    };
  }
  return {
    body: statistical,
    modelUsed: `statistical model (${outcome.model.label} unavailable)`,
    languageModel: "unavailable",
    note: `The language model (${outcome.model.label}) was unavailable: ${outcome.reason} after ${outcome.attempts} attempt${outcome.attempts === 1 ? "" : "s"}. This result comes from the statistics alone.`,
    usage: outcome.usage,
    numberCheck: { checked: 0, dropped: [] },
  };
}

/**
 * The facts as the model is given them: a figure that is not known (null, or a number that is none)
 * is left out rather than handed over as `null`, which a model may print ("swing by null%"); the
 * system prompt says that what is not in the facts is not known. Lists keep their places.
 */
export function factsForModel(facts: unknown): unknown {
  if (Array.isArray(facts)) return facts.map(factsForModel);
  if (facts && typeof facts === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(facts)) {
      if (value == null || (typeof value === "number" && !Number.isFinite(value))) continue;
      out[key] = factsForModel(value);
    }
    return out;
  }
  return facts;
}

/** The model's text where it survived the number check, else the statistical text. */
const prefer = (grounded: string, fallback: string) => grounded || fallback;

const GameAnswer = z.object({
  games: z.array(
    z.object({
      gameId: z.string(),
      sentiment: z.string().describe("How players receive the game, from the review facts."),
      marketPrediction: z
        .string()
        .describe(
          "Where daily players are heading over the projection's horizon, from the projection facts.",
        ),
      recommendation: z
        .string()
        .describe("Why the suggested action and risk level fit, from volatility and trend."),
    }),
  ),
});

/**
 * The model named when there was nothing to interpret: as every other analysis names the statistics
 * (STATISTICAL_MODEL without a model), and why the configured model was not asked with one.
 */
function notNeededModel(): string {
  const configured = configuredModel();
  return configured ? `statistical model (${configured.label} not asked: no games)` : STATISTICAL_MODEL;
}

/** What the analysis answers when it has no games: the model is not asked for nothing. */
export const NO_GAMES_NOTE =
  "There were no games to analyse: your watchlist is empty and no game is trending yet. Add games to your watchlist to analyse them. The language model was not asked, so no tokens were used.";

export async function interpretGames(
  allowance: Allowance,
  facts: unknown[],
  statistical: GameAnalysisItem[],
): Promise<Interpreted<GameAnalysisItem[]>> {
  if (facts.length === 0)
    return {
      body: statistical,
      // Named as every other analysis names it: the same label without a model, and why with one.
      modelUsed: notNeededModel(),
      languageModel: "not_needed",
      note: NO_GAMES_NOTE,
      usage: NO_USAGE,
      numberCheck: { checked: 0, dropped: [] },
    };
  return interpret(
    allowance,
    "game_analysis",
    "For each game in FACTS, write the sentiment reasoning, the market prediction reasoning and the recommendation reasoning. Use each game's gameId.",
    GameAnswer,
    { games: facts },
    statistical,
    (output, all, items) =>
      items.map((item, i) => {
        const answer = output.games.find((g) => g.gameId === item.gameId);
        if (!answer) return item;
        // A game's text stands on that game's figures: another game's figure is no fact about it.
        // A sentence naming another analysed game is about that game: it may cite none of these figures.
        const own = facts[i] as { gameId?: unknown; name?: unknown };
        const others = facts
          .filter((_, j) => j !== i)
          .map((f) => (f as { name?: unknown }).name)
          .filter((name): name is string => typeof name === "string");
        const grounding =
          typeof own.gameId === "string" && typeof own.name === "string"
            ? all.perGame({ games: [facts[i]] }, [own.gameId], others)
            : all.scoped({ games: [facts[i]] });
        return {
          ...item,
          sentiment: {
            ...item.sentiment,
            reasoning: prefer(
              grounding.text(`analysis[${i}].sentiment`, answer.sentiment),
              item.sentiment.reasoning,
            ),
          },
          marketPrediction: {
            ...item.marketPrediction,
            reasoning: prefer(
              grounding.text(`analysis[${i}].marketPrediction`, answer.marketPrediction),
              item.marketPrediction.reasoning,
            ),
          },
          recommendations: {
            ...item.recommendations,
            reasoning: prefer(
              grounding.text(`analysis[${i}].recommendation`, answer.recommendation),
              item.recommendations.reasoning,
            ),
          },
        };
      }),
  );
}

/** A zero count of the data written as a figure: "0 daily player points", "over 0 days", "0 genres". */
const ZERO_COUNT = /(?<![\d.,])0\s+(?:[a-z-]+\s+){0,3}(?:points?|days?|figures?|games?|genres?|series)\b/i;

const MarketAnswer = z.object({
  keyInsights: z.array(z.string()).min(1).max(6),
  nextMonth: z.string().describe("The projection for the next 30 days."),
  nextQuarter: z.string().describe("The projection for the next 90 days."),
});

export function interpretMarket(
  allowance: Allowance,
  facts: unknown,
  statistical: MarketInsights["insights"],
) {
  return interpret(
    allowance,
    "market_insights",
    "Write the key insights about the genres and the market, and the next-month and next-quarter projections.",
    MarketAnswer,
    facts,
    statistical,
    (output, grounding, insights) => {
      // A sentence restating a zero count ("rests on 0 daily player points over 0 days") is no insight.
      const modelInsights = grounding
        .list("keyInsights", output.keyInsights)
        .filter((line) => !ZERO_COUNT.test(line));
      // Without daily players the plain statement of why (and of the newest data held) stays first.
      const without = (facts as { withoutDailyPlayers?: string } | null)?.withoutDailyPlayers;
      const keyInsights = modelInsights.length
        ? without
          ? [without, ...modelInsights.filter((line) => line !== without)].slice(0, 6)
          : modelInsights
        : insights.keyInsights;
      return {
        ...insights,
        keyInsights,
        predictions: {
          nextMonth: prefer(
            grounding.text("predictions.nextMonth", output.nextMonth),
            insights.predictions.nextMonth,
          ),
          nextQuarter: prefer(
            grounding.text("predictions.nextQuarter", output.nextQuarter),
            insights.predictions.nextQuarter,
          ),
        },
      };
    },
  );
}

const RecommendationAnswer = z.object({
  reasoning: z.string().describe("How the list was chosen, for this user."),
  insights: z.array(z.string()).max(4),
  games: z.array(z.object({ gameId: z.string(), reasoning: z.string() })),
});

export function interpretRecommendations(
  allowance: Allowance,
  facts: unknown,
  statistical: { recommendations: Recommendation[]; reasoning: string; insights: string[] },
) {
  return interpret(
    allowance,
    "recommendations",
    "Explain to this user why each candidate game suits them (use each candidate's gameId), how the list was chosen, and up to 4 insights about their taste.",
    RecommendationAnswer,
    facts,
    statistical,
    (output, all, s) => {
      // Each candidate's figures back only the sentences about it (see GamesGrounding).
      const grounding = all.perGame(facts);
      const insights = grounding.list("insights", output.insights);
      return {
        reasoning: prefer(grounding.text("reasoning", output.reasoning), s.reasoning),
        insights: insights.length ? insights : s.insights,
        recommendations: s.recommendations.map((r, i) => {
          const answer = output.games.find((g) => g.gameId === r.gameId);
          // A candidate's reasoning is about that candidate where its sentences name no game.
          return answer
            ? {
                ...r,
                reasoning: prefer(
                  all.perGame(facts, [r.gameId]).text(`recommendations[${i}]`, answer.reasoning),
                  r.reasoning,
                ),
              }
            : r;
        }),
      };
    },
  );
}

const TrendingAnswer = z.object({
  analysis: z.string().describe("What the trending games have in common and what it means for studios."),
  emergingTrends: z.array(z.string()).max(5),
});

export function interpretTrending(
  allowance: Allowance,
  facts: unknown,
  statistical: TrendingAnalysis["analysis"],
) {
  return interpret(
    allowance,
    "trending_analysis",
    "Write the analysis of what is trending and up to 5 emerging trends, each naming the games and figures it rests on.",
    TrendingAnswer,
    facts,
    statistical,
    (output, all, s) => {
      // A trending game's figures back only the sentences about it (see GamesGrounding).
      const grounding = all.perGame(facts);
      const emergingTrends = grounding.list("emergingTrends", output.emergingTrends);
      return {
        ...s,
        analysis: prefer(grounding.text("analysis", output.analysis), s.analysis),
        emergingTrends: emergingTrends.length ? emergingTrends : s.emergingTrends,
      };
    },
  );
}
