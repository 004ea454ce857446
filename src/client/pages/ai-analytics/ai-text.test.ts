import { expect, test } from "vitest";
import {
  askEmptyText,
  directionText,
  droppedText,
  fieldText,
  modelText,
  numberCheckText,
  statisticalReason,
  TREND_BADGE,
  writtenByText,
} from "./ai-text.ts";

const drop = { field: "keyInsights[0]", sentence: "x", unknown: ["9"] };

test("the number check's counts agree with their nouns", () => {
  expect(numberCheckText({ checked: 1, dropped: [] })).toBe(
    "Number check: 1 figure checked against the facts, none unknown",
  );
  expect(numberCheckText({ checked: 0, dropped: [] })).toBe(
    "Number check: 0 figures checked against the facts, none unknown",
  );
  expect(numberCheckText({ checked: 3, dropped: [drop] })).toBe(
    "Number check: 3 figures checked against the facts, 1 sentence dropped",
  );
  expect(numberCheckText({ checked: 12, dropped: [drop, drop] })).toBe(
    "Number check: 12 figures checked against the facts, 2 sentences dropped",
  );
});

test("the model is named once, the same way in every analysis and in the history", () => {
  expect(modelText("llama3.1:8b via Ollama")).toBe("Model llama3.1:8b via Ollama");
  expect(modelText("statistical model (no language model configured)")).toBe(
    "Statistics only (no language model configured)",
  );
  expect(modelText("statistical model (llama3.1:8b via Ollama unavailable)")).toBe(
    "Statistics only (llama3.1:8b via Ollama unavailable)",
  );
  // Stored before Game Analysis said why.
  expect(modelText("statistical model")).toBe("Statistics only");
  for (const label of ["statistical model", "statistical model (no language model configured)"])
    expect(modelText(label)).not.toMatch(/model.*model/i);
});

test("a trend label says what the projection found beside it; no projection says why", () => {
  expect(directionText("rising")).toBe("players projected to rise");
  expect(directionText("declining")).toBe("players projected to fall");
  expect(directionText("unknown")).toBe("too little player history to project");
  expect(TREND_BADGE).toEqual({ bullish: "success", bearish: "destructive", neutral: "secondary" });
});

test("one parser reads the statistics' label for both wordings (review 19, item 12)", () => {
  expect(statisticalReason("llama3.1:8b via Ollama")).toBeNull();
  expect(statisticalReason("statistical model (monthly token budget used up)")).toBe(
    "monthly token budget used up",
  );
  expect(statisticalReason(" statistical model ")).toBe("");
  // A model whose name only starts so is a language model.
  expect(statisticalReason("statistical model v2 via Acme")).toBeNull();
});

test("who wrote a result is said apart from its data's source", () => {
  expect(writtenByText("llama3.1:8b via Ollama", "Nov 27, 2026")).toBe(
    "Written by llama3.1:8b via Ollama · Nov 27, 2026",
  );
  expect(writtenByText("statistical model (no language model configured)", "Nov 27, 2026")).toBe(
    "Written from the statistics alone (no language model configured) · Nov 27, 2026",
  );
  expect(writtenByText("statistical model", "Nov 27, 2026")).toBe(
    "Written from the statistics alone · Nov 27, 2026",
  );
});

test("a dropped sentence names only the numbers that were unknown", () => {
  const sentence = "It has a 4.8 rating and is twice as loved as Terraria.";
  expect(droppedText({ field: "analysis[0].sentiment", sentence, unknown: ["twice"] })).toBe(
    `Dropped from Game 1, sentiment: “${sentence}” (twice is not among the facts)`,
  );
  expect(droppedText({ field: "f", sentence: "x", unknown: ["3x", "2031"] })).toBe(
    "Dropped from f: “x” (3x, 2031 are not among the facts)",
  );
  expect(droppedText({ field: "f", sentence: "x", unknown: [], notAbout: ["4.8"] })).toBe(
    "Dropped from f: “x” (4.8 is not a figure of what the sentence speaks of)",
  );
});

test("a dropped sentence's place is named as the card names it, not by its stored path (review r19e, item 5)", () => {
  const games = ["Terraria", "Dead Cells", "Celeste", "Stardew Valley"];
  expect(fieldText("analysis[3].sentiment", games)).toBe("Stardew Valley, sentiment");
  expect(fieldText("analysis[0].marketPrediction", games)).toBe("Terraria, market prediction");
  expect(fieldText("insights[1]")).toBe("Key insight 2");
  expect(fieldText("keyInsights[0]")).toBe("Key insight 1");
  expect(fieldText("recommendations[1]", ["Hades", "Celeste"])).toBe("Celeste");
  expect(fieldText("predictions.nextQuarter")).toBe("Next quarter");
  expect(fieldText("emergingTrends[2]")).toBe("Emerging trend 3");
  expect(droppedText({ field: "analysis[3].sentiment", sentence: "x", unknown: ["12 million"] }, games)).toBe(
    "Dropped from Stardew Valley, sentiment: “x” (12 million is not among the facts)",
  );
});

test("before the first answer, the chat says what answers and suggests what it can answer (review r29-a, finding 9)", () => {
  const statistics = askEmptyText("statistical model (no language model configured)");
  expect(statistics.model).toBe("Statistics only (no language model configured)");
  expect(statistics.description).toBe(
    "Questions about games and the market, answered from our own data. Without a language model it answers questions that name games (their players, reviews, prices and estimates). For example: “How much revenue did Stardew Valley make?” or “Compare Hades and Dead Cells reviews”.",
  );
  const model = askEmptyText("llama3.1:8b via Ollama");
  expect(model.model).toBe("Model llama3.1:8b via Ollama");
  expect(model.description).toBe(
    "Questions about games and the market, answered from our own data. For example: “Which roguelike deckbuilders under $20 grew fastest this quarter?” or “Compare Hades and Dead Cells reviews”.",
  );
  // Not known yet: no model named, and examples the statistics answer too.
  const loading = askEmptyText(undefined);
  expect(loading.model).toBeNull();
  expect(loading.description).toBe(
    "Questions about games and the market, answered from our own data. For example: “How much revenue did Stardew Valley make?” or “Compare Hades and Dead Cells reviews”.",
  );
});
