import { expect, test } from "vitest";
import { db } from "../../src/server/db/client.ts";
import { aiAnalyses } from "../../src/server/db/schema/index.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Spec §4 "AI trend labels: bullish, bearish, otherwise neutral": a game analysis stored before the
 * labels carried the projection's direction in `trend` ("rising" | "stable" | "declining" |
 * "unknown"). Stored results are JSON and are kept as written; read back, they carry the label and
 * the direction as results stored since.
 */
const item = (gameId: string, trend: string) => ({
  gameId,
  gameName: gameId,
  sentiment: { rating: 4, confidence: 0.5, reasoning: "80% of 10 reviews are positive." },
  marketPrediction: {
    trend,
    timeframe: "next 30 days",
    reasoning: "A line.",
    currentPlayers: null,
    projectedPlayers: null,
    horizonDays: 30,
    fit: null,
  },
  recommendations: { action: "watch", riskLevel: "high", reasoning: "Swings." },
});

test("a game analysis stored with the old trend values reads with the spec's labels and its direction", async () => {
  const user = await createTestUser({ role: "premium" });
  const id = crypto.randomUUID();
  await db()
    .insert(aiAnalyses)
    .values({
      id,
      userId: user.user.id,
      analysisType: "game_analysis",
      confidence: 0.4,
      processingTime: 5,
      modelUsed: "statistical model (no language model configured)",
      result: {
        analysis: ["rising", "declining", "stable", "unknown"].map((t) => item(`g-${t}`, t)),
        metadata: { gamesAnalyzed: 4 },
      },
      createdAt: new Date(),
    });
  const res = await request(`/api/ai/analytics/${id}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  const entry = await res.json();
  expect(
    entry.result.analysis.map((a: { marketPrediction: { trend: string; direction: string } }) => [
      a.marketPrediction.trend,
      a.marketPrediction.direction,
    ]),
  ).toEqual([
    ["bullish", "rising"],
    ["bearish", "declining"],
    ["neutral", "stable"],
    ["neutral", "unknown"],
  ]);
});

test("a fresh game analysis carries a spec label and the projection's direction", async () => {
  const user = await createTestUser({ role: "premium" });
  const body = await (await request("/api/ai/analyze-games", { method: "POST", cookie: user.cookie })).json();
  for (const a of body.analysis as Array<{ marketPrediction: { trend: string; direction: string } }>) {
    expect(["bullish", "bearish", "neutral"]).toContain(a.marketPrediction.trend);
    expect(["rising", "stable", "declining", "unknown"]).toContain(a.marketPrediction.direction);
  }
});
