import {
  type AiMetadata,
  CHAT_EXAMPLES,
  type NumberCheckDrop,
  type ProjectionDirection,
  type TrendLabel,
} from "../../../contracts/ai.ts";
import { plural } from "../../format/numbers.ts";

/**
 * The AI screen's wording of its metadata, as pure functions so that unit tests read the same text
 * the screen shows.
 */

/** "Number check: 1 figure checked against the facts, none unknown" (singular and plural). */
export function numberCheckText(check: AiMetadata["numberCheck"]): string {
  const dropped = check.dropped.length;
  return `Number check: ${plural(check.checked, "figure")} checked against the facts${
    dropped > 0 ? `, ${plural(dropped, "sentence")} dropped` : ", none unknown"
  }`;
}

/**
 * Why the statistics wrote a result, from the server's label "statistical model (…)": its reason
 * ("no language model configured"), "" for a result stored before every analysis said why
 * ("statistical model" alone), or null when a language model wrote it.
 */
export function statisticalReason(modelUsed: string): string | null {
  const statistical = /^statistical model(?: \((.+)\))?$/.exec(modelUsed.trim());
  return statistical ? (statistical[1] ?? "") : null;
}

/**
 * Which model wrote a result, where one line says only that (the chat's answers, the history rows):
 * "Model llama3.1:8b via Ollama", or "Statistics only (no language model configured)" when the
 * statistics wrote it (a screen prefix "Model" before the server's label read "Model statistical
 * model"). An analysis card says it with its time instead (writtenByText).
 */
export function modelText(modelUsed: string): string {
  const reason = statisticalReason(modelUsed);
  if (reason === null) return `Model ${modelUsed}`;
  return reason ? `Statistics only (${reason})` : "Statistics only";
}

/**
 * "Ask the analyst" before its first answer (review r29-a, finding 9): what will answer (`modelUsed` as
 * `GET /api/ai/chat/model` gives it, undefined while not known), and the description with examples it
 * answers. The statistics answer only questions naming games: their examples are such questions, and
 * the description says so; they are also shown while the model is not known yet.
 */
export function askEmptyText(modelUsed: string | undefined): { model: string | null; description: string } {
  const statistics = modelUsed === undefined || statisticalReason(modelUsed) !== null;
  const [a, b] = statistics ? CHAT_EXAMPLES.statistics : CHAT_EXAMPLES.model;
  const scope =
    modelUsed !== undefined && statistics
      ? " Without a language model it answers questions that name games (their players, reviews, prices and estimates)."
      : "";
  return {
    model: modelUsed === undefined ? null : modelText(modelUsed),
    description: `Questions about games and the market, answered from our own data.${scope} For example: “${a}” or “${b}”.`,
  };
}

/** What each stored part of an analysis is called on its card. */
const PART_NAMES: Record<string, string> = {
  sentiment: "sentiment",
  marketPrediction: "market prediction",
  recommendation: "recommendation",
  keyInsights: "Key insight",
  insights: "Key insight",
  emergingTrends: "Emerging trend",
  recommendations: "Recommendation",
  "predictions.nextMonth": "Next month",
  "predictions.nextQuarter": "Next quarter",
  reasoning: "Reasoning",
  analysis: "Analysis",
};

/**
 * The part of an analysis a sentence was dropped from, as its card calls it, from the path the
 * server stores: "analysis[3].sentiment" → "Stardew Valley, sentiment" (the card's games in order,
 * `games`), "insights[1]" → "Key insight 2", "recommendations[0]" → "Hades" or "Recommendation 1".
 */
export function fieldText(field: string, games: readonly string[] = []): string {
  if (PART_NAMES[field]) return PART_NAMES[field];
  const m = /^(\w+)(?:\[(\d+)\])?(?:\.(\w+))?$/.exec(field);
  if (!m) return field;
  const [, list, at, part] = m;
  const index = at == null ? null : Number(at);
  const name = PART_NAMES[list!] ?? list!;
  if (index == null) return part ? `${name}, ${PART_NAMES[part] ?? part}` : name;
  const game = list === "analysis" || list === "recommendations" ? games[index] : undefined;
  const item = game ?? (list === "analysis" ? `Game ${index + 1}` : `${name} ${index + 1}`);
  return part ? `${item}, ${PART_NAMES[part] ?? part}` : item;
}

/**
 * Why a sentence was dropped, naming only the numbers that were unknown: "(twice is not among the
 * facts)", or, when all were facts, "(4.8 is not a figure of what the sentence speaks of)"; and where
 * from, as the card calls it (fieldText).
 */
export function droppedText(drop: NumberCheckDrop, games: readonly string[] = []): string {
  const numbers = (list: string[]) => `${list.join(", ")} ${list.length === 1 ? "is" : "are"}`;
  const why = drop.unknown.length
    ? `${numbers(drop.unknown)} not among the facts`
    : `${numbers(drop.notAbout ?? [])} not a figure of what the sentence speaks of`;
  return `Dropped from ${fieldText(drop.field, games)}: “${drop.sentence}” (${why})`;
}

/**
 * Who wrote a result and when, apart from where its figures come from, said once on an analysis
 * card: "Written by llama3.1:8b via Ollama · <time>", or "Written from the statistics alone (no
 * language model configured) · <time>".
 */
export function writtenByText(modelUsed: string, when: string): string {
  const reason = statisticalReason(modelUsed);
  const who =
    reason === null
      ? `Written by ${modelUsed}`
      : `Written from the statistics alone${reason ? ` (${reason})` : ""}`;
  return `${who} · ${when}`;
}

/** An analysis stored before its data sources were recorded says so rather than naming none or the wrong one. */
export const SOURCES_NOT_RECORDED = "Data sources were not recorded with this earlier analysis.";

/** The badge style of each spec §4 trend label. */
export const TREND_BADGE: Record<TrendLabel, "success" | "destructive" | "secondary"> = {
  bullish: "success",
  bearish: "destructive",
  neutral: "secondary",
};

/** What the projection found, beside its label: "neutral" for no projection says why. */
export function directionText(direction: ProjectionDirection): string {
  switch (direction) {
    case "rising":
      return "players projected to rise";
    case "declining":
      return "players projected to fall";
    case "stable":
      return "players projected to stay within ±5%";
    case "unknown":
      return "too little player history to project";
  }
}
