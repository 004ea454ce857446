import { beforeAll, expect, test } from "vitest";
import { request, type TestUser } from "../helpers/api.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";
import { premiumWatchingMonthlyGame } from "../helpers/monthly-players.ts";

/**
 * Analyses when nothing could be projected (monthly player figures only), with a language model
 * configured: the confidence falls to its lowest in Game Analysis as in Market Insights, and the
 * horizons the facts define (30 and 90 days) are facts the model may name.
 */
const llm = withFakeLlm();
let premium: TestUser;
let gameId: string;

beforeAll(async () => {
  ({ premium, gameId } = await premiumWatchingMonthlyGame());
});

const analyse = async (path: string) => {
  const res = await request(path, { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  return res.json();
};

test("game analysis with no game projected: the lowest confidence, as market insights, and why", async () => {
  const games = await analyse("/api/ai/analyze-games");
  expect(
    games.analysis.every(
      (a: { marketPrediction: { trend: string; direction: string } }) =>
        a.marketPrediction.trend === "neutral" && a.marketPrediction.direction === "unknown",
    ),
  ).toBe(true);
  expect(games.metadata.confidence).toBe(0.1);
  // One game: "1 game", never "1 games".
  expect(games.metadata.confidenceBasis).toMatch(/^1 game; their reviews/);
  expect(games.metadata.confidenceBasis).toMatch(
    /no game has 7 days of players for a projection, so there is nothing for the confidence to rest on\.$/,
  );
  const market = await analyse("/api/ai/market-insights");
  expect(market.metadata.confidence).toBe(games.metadata.confidence);
});

test("market insights without a projection: the model's 'next 90 days' is a fact, not an invented number", async () => {
  const body = await analyse("/api/ai/market-insights");
  expect(body.metadata.languageModel).toBe("used");
  const prompt = llm.requests[0]!.body.messages.find((m: { role: string }) => m.role === "user").content;
  expect(prompt).toContain('"horizonDays":{"nextMonth":30,"nextQuarter":90}');
  expect(body.insights.predictions.nextQuarter).toBe("Over the next 90 days the line keeps its direction.");
  expect(body.metadata.numberCheck.dropped.map((d: { field: string }) => d.field)).not.toContain(
    "predictions.nextQuarter",
  );
});

test("game analysis without a projection: the model's 'next 30 days' is a fact, not an invented number", async () => {
  llm.queue.push({
    kind: "content",
    content: JSON.stringify({
      games: [
        {
          gameId,
          sentiment: "Players receive it well.",
          marketPrediction: "Over the next 30 days it should hold. It will reach 31 days of history.",
          recommendation: "Watch it.",
        },
      ],
    }),
  });
  const body = await analyse("/api/ai/analyze-games");
  expect(body.metadata.languageModel).toBe("used");
  const prompt = llm.requests[0]!.body.messages.find((m: { role: string }) => m.role === "user").content;
  // A figure that is not known is left out, never handed over as null for the model to print.
  expect(prompt).not.toContain('"projection"');
  expect(prompt).not.toContain("null");
  // The model is told the label and that it rests on no projection, not invited to make up a view.
  expect(prompt).toContain('"marketTrend":"neutral","projectionDirection":"unknown"');
  const system = llm.requests[0]!.body.messages.find((m: { role: string }) => m.role === "system").content;
  expect(system).toContain('projectionDirection "unknown" there is too little player history to project');
  expect(prompt).toContain('"horizonDays":30');
  const item = body.analysis.find((a: { gameId: string }) => a.gameId === gameId);
  expect(item.marketPrediction.reasoning).toBe("Over the next 30 days it should hold.");
  // The horizon is no licence for any other number.
  expect(body.metadata.numberCheck.dropped).toEqual([
    {
      field: "analysis[0].marketPrediction",
      sentence: "It will reach 31 days of history.",
      unknown: ["31"],
    },
  ]);
});

test("a figure that is not known never reaches the screen as 'null%' or 'undefined%'", async () => {
  // The recorded model writes "Daily players swing by <volatilityPct>% …" whatever the facts hold.
  const body = await analyse("/api/ai/analyze-games");
  const prompt = llm.requests[0]!.body.messages.find((m: { role: string }) => m.role === "user").content;
  expect(prompt).not.toContain("volatilityPct");
  const item = body.analysis.find((a: { gameId: string }) => a.gameId === gameId);
  expect(item.recommendations.reasoning).not.toMatch(/null|undefined|NaN/);
  expect(item.recommendations.reasoning).toMatch(/^Monthly averages only \(SteamCharts, newest Feb 2022\)/);
  expect(body.metadata.numberCheck.dropped).toContainEqual({
    field: "analysis[0].recommendation",
    sentence: "Daily players swing by undefined% around their mean, so the risk is high.",
    unknown: ["undefined%"],
  });
});
