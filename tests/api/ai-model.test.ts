import { beforeAll, describe, expect, test } from "vitest";
import { tokensThisMonth } from "../../src/server/ai/limits.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";

/**
 * The AI analyses with a language model configured: a local OpenAI-compatible server answers with
 * recorded and scripted replies. The model gets the facts, its text passes the number check, and
 * every failure ends in a 200 from the statistics with a note.
 */
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
const llm = withFakeLlm();
let premium: TestUser;
let ids: string[];

function series(gameId: string, before: number, after: number): MetricPoint[] {
  return Array.from({ length: 14 }, (_, i) => ({
    gameId,
    metric: "players" as const,
    ts: new Date(END - (13 - i) * DAY),
    value: i < 7 ? before : after,
    source: "test",
  }));
}

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  ({ ids } = await upsertGames(
    [
      { name: "Rising Star", genres: ["RPG"], positiveReviews: 9000, negativeReviews: 1000, price: 19.99 },
      { name: "Fading Giant", genres: ["Shooter"], positiveReviews: 4000, negativeReviews: 6000 },
    ],
    "test",
  ));
  await recordMetrics([...series(ids[0]!, 10_000, 20_000), ...series(ids[1]!, 50_000, 30_000)]);
  for (const gameId of ids) {
    await request("/api/user/games", { method: "POST", cookie: premium.cookie, json: { gameId } });
  }
});

const analyse = async (path = "/api/ai/analyze-games") => {
  const res = await request(path, { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  return res.json();
};

describe("with a good answer", () => {
  test("the prompt carries the watchlisted games' names and figures, not raw tables", async () => {
    await analyse();
    expect(llm.requests).toHaveLength(1);
    const body = llm.requests[0]!.body;
    expect(body.model).toBe("llama3.1:8b");
    expect(body.response_format?.type).toBe("json_schema");
    const prompt = body.messages.find((m: { role: string }) => m.role === "user").content as string;
    expect(prompt).toContain('"name":"Rising Star"');
    expect(prompt).toContain('"positiveSharePct":90');
    expect(prompt).toContain('"averageLast7Days":20000');
    // How many days of readings that average rests on (a single reading is no week's average).
    expect(prompt).toContain('"daysInAverage":7');
    expect(body.messages[0].content).toMatch(/averageLast7Days rests on players\.daysInAverage days/);
    expect(prompt).toContain('"priceUsd":19.99');
    expect(prompt).toContain('"horizonDays":30');
    // The estimates (owners, units, revenue ranges) travel with the facts.
    expect(prompt).toMatch(/"estimates":\{"owners":\{"low":\d+,"mid":\d+,"high":\d+\}/);
    expect(prompt).not.toContain("game_metrics");
  });

  test("the model's text replaces the statistical wording; modelUsed names the model; tokens are recorded", async () => {
    const body = await analyse();
    expect(body.metadata).toMatchObject({
      modelUsed: "llama3.1:8b via Ollama",
      languageModel: "used",
      tokens: { input: 812, output: 164, total: 976 },
    });
    const rising = body.analysis.find((a: { gameName: string }) => a.gameName === "Rising Star");
    expect(rising.sentiment.reasoning).toBe(
      "Rising Star is well received: 90% of 10,000 reviews are positive.",
    );
    // Structure stays statistical: the projection decides the trend.
    expect(rising.marketPrediction).toMatchObject({ trend: "bullish", direction: "rising" });
    expect(rising.marketPrediction.projectedPlayers).toBeGreaterThan(rising.marketPrediction.currentPlayers);
  });

  test("a sentence with an invented figure is dropped and the drop recorded", async () => {
    const body = await analyse();
    const rising = body.analysis.find((a: { gameName: string }) => a.gameName === "Rising Star");
    expect(rising.marketPrediction.reasoning).toMatch(
      /^Daily players are projected at [\d,]+ over the next 30 days\.$/,
    );
    expect(rising.marketPrediction.reasoning).not.toContain("7,777,777");
    expect(body.metadata.numberCheck.dropped).toContainEqual({
      field: "analysis[0].marketPrediction",
      sentence: "Sales will reach 7,777,777 copies.",
      unknown: ["7,777,777"],
    });
    expect(body.metadata.note).toMatch(/left out/);
    // The stored result keeps the drop too.
    const entry = await (
      await request(`/api/ai/analytics/${body.metadata.analysisId}`, { cookie: premium.cookie })
    ).json();
    expect(entry.result.metadata.numberCheck.dropped).toHaveLength(body.metadata.numberCheck.dropped.length);
  });

  test("market insights: a year the facts do not hold is dropped, the grounded insight kept", async () => {
    const body = await analyse("/api/ai/market-insights");
    expect(body.metadata.modelUsed).toBe("llama3.1:8b via Ollama");
    expect(body.insights.keyInsights).toHaveLength(1);
    expect(body.insights.keyInsights[0]).toBe(
      "The market view rests on 28 daily player points over 14 days.",
    );
    expect(body.metadata.numberCheck.dropped.map((d: { sentence: string }) => d.sentence)).toContain(
      "The market will double by 2031.",
    );
  });

  test("recommendations and trending analysis go through the model too", async () => {
    const recs = await analyse("/api/ai/recommendations");
    expect(recs.metadata.languageModel).toBe("used");
    const trending = await analyse("/api/ai/trending-analysis");
    expect(trending.metadata.languageModel).toBe("used");
    expect(trending.analysis.analysis).toMatch(/games are trending, growing/);
  });
});

describe("the number check of Game Analysis", () => {
  test("figures in words or multipliers, and another game's figure, are dropped like any invented number", async () => {
    llm.queue.push({
      kind: "content",
      content: JSON.stringify({
        games: [
          {
            gameId: ids[0],
            sentiment: "Rising Star is well received: 90% of 10,000 reviews are positive.",
            // No fact rounds to nine million (a number in words is rounded as its digits would be:
            // "five million" is the rounding of an estimate's 5,370,000, as "5 million" is).
            marketPrediction: "Rising Star will reach nine million daily players next month.",
            recommendation: "Daily players doubled on the week. Expect 3x growth, tenfold by next year.",
          },
          {
            gameId: ids[1],
            // 90% is Rising Star's positive share, not Fading Giant's (40%).
            sentiment: "Fading Giant has 90% positive reviews.",
            marketPrediction: "Fading Giant is projected to decline.",
            recommendation: "Fading Giant has 40% positive reviews, so hold.",
          },
        ],
      }),
    });
    const body = await analyse();
    expect(body.metadata.languageModel).toBe("used");
    const dropped = body.metadata.numberCheck.dropped.map((d: { unknown: string[]; notAbout?: string[] }) =>
      d.unknown.length ? d.unknown.join(" ") : `not about: ${d.notAbout?.join(" ")}`,
    );
    // Rising Star's 90% is a fact, only not Fading Giant's: it is not called unknown.
    expect(dropped.sort()).toEqual(["3x tenfold", "doubled", "nine million", "not about: 90%"]);
    const byName = (name: string) => body.analysis.find((a: { gameName: string }) => a.gameName === name);
    const [rising, fading] = [byName("Rising Star"), byName("Fading Giant")];
    // The statistical wording stands where nothing of the model's was left.
    expect(rising.marketPrediction.reasoning).not.toMatch(/nine million/);
    expect(rising.recommendations.reasoning).not.toMatch(/doubled|3x|tenfold/);
    expect(fading.sentiment.reasoning).toBe("User reviews 40.0% positive (10,000 reviews).");
    expect(fading.recommendations.reasoning).toBe("Fading Giant has 40% positive reviews, so hold.");
  });
});

describe("when the model fails, the statistics answer with a note", () => {
  test("malformed JSON every time: retried, then 200 from the statistics", async () => {
    llm.queue.push({ kind: "malformed" }, { kind: "malformed" }, { kind: "malformed" });
    const body = await analyse();
    expect(llm.requests).toHaveLength(3);
    expect(body.metadata.languageModel).toBe("unavailable");
    expect(body.metadata.modelUsed).toBe("statistical model (llama3.1:8b via Ollama unavailable)");
    expect(body.metadata.note).toMatch(
      /language model \(llama3\.1:8b via Ollama\) was unavailable: answer did not fit/,
    );
    expect(body.analysis[0].sentiment.reasoning).toMatch(
      /^User reviews [\d.]+% positive \([\d,]+ reviews\)\.$/,
    );
  });

  test("the tokens of answers that could not be used are recorded and count against the monthly budget", async () => {
    const before = await tokensThisMonth(premium.user.id);
    // Each recorded reply declares 812 + 164 tokens, billed whether or not its JSON parses.
    llm.queue.push({ kind: "malformed" }, { kind: "schema-violating" }, { kind: "malformed" });
    const body = await analyse();
    expect(llm.requests).toHaveLength(3);
    expect(body.metadata.languageModel).toBe("unavailable");
    expect(body.metadata.tokens).toEqual({ input: 3 * 812, output: 3 * 164, total: 3 * 976 });
    const entry = await (
      await request(`/api/ai/analytics/${body.metadata.analysisId}`, { cookie: premium.cookie })
    ).json();
    expect(entry.result.metadata.tokens.total).toBe(3 * 976);
    expect((await tokensThisMonth(premium.user.id)) - before).toBe(3 * 976);
  });

  test("an answer that breaks the schema, then a good one: the retry's answer is used, both are counted", async () => {
    llm.queue.push({ kind: "schema-violating" });
    const body = await analyse();
    expect(llm.requests).toHaveLength(2);
    expect(body.metadata.languageModel).toBe("used");
    expect(body.metadata.tokens).toEqual({ input: 2 * 812, output: 2 * 164, total: 2 * 976 });
  });

  test("429 honours Retry-After before trying again", async () => {
    llm.queue.push({ kind: "status", status: 429, retryAfter: "1" });
    const body = await analyse();
    expect(body.metadata.languageModel).toBe("used");
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.at - llm.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  test("429 asking for a long wait: not waited for, the statistics answer now", async () => {
    llm.queue.push({ kind: "status", status: 429, retryAfter: "3600" });
    const body = await analyse();
    expect(llm.requests).toHaveLength(1);
    expect(body.metadata.note).toMatch(/rate limited \(429\) after 1 attempt\./);
  });

  test("500 on every attempt: three attempts, then the statistics", async () => {
    llm.queue.push(
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
    );
    const body = await analyse("/api/ai/market-insights");
    expect(llm.requests).toHaveLength(3);
    expect(body.metadata.note).toMatch(/server error \(500\) after 3 attempts/);
    expect(body.insights.predictions.nextMonth).toMatch(/daily players/);
  });

  test("an answer slower than AI_TIMEOUT_MS is abandoned", async () => {
    llm.queue.push({ kind: "slow", ms: 15_000 }, { kind: "slow", ms: 15_000 }, { kind: "slow", ms: 15_000 });
    const body = await analyse("/api/ai/trending-analysis");
    expect(body.metadata.languageModel).toBe("unavailable");
    expect(body.metadata.note).toMatch(/timed out/);
  });
});

test("AI History reopens a stored result whole, only for its owner", async () => {
  const body = await analyse();
  const res = await request(`/api/ai/analytics/${body.metadata.analysisId}`, { cookie: premium.cookie });
  expect(res.status).toBe(200);
  const entry = await res.json();
  expect(entry).toMatchObject({
    id: body.metadata.analysisId,
    analysisType: "game_analysis",
    modelUsed: "llama3.1:8b via Ollama",
  });
  expect(entry.result).toEqual(body);
  const other = await createTestUser({ role: "premium" });
  const denied = await request(`/api/ai/analytics/${body.metadata.analysisId}`, { cookie: other.cookie });
  expect(denied.status).toBe(404);
  expect(denied.headers.get("content-type")).toContain("problem+json");
});
