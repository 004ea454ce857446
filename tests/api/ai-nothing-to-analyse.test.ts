import { afterAll, beforeAll, expect, test } from "vitest";
import { resetEnvForTests } from "../../src/server/env.ts";
import { type FakeLlm, startFakeLlm } from "../fixtures/recorded/llm-server.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Game Analysis with no games (an empty watchlist and nothing trending): the empty result says why,
 * and the language model is not asked, so no tokens are spent for nothing.
 */
let llm: FakeLlm;

beforeAll(async () => {
  llm = await startFakeLlm();
  process.env.AI_BASE_URL = llm.base;
  process.env.AI_MODEL = "llama3.1:8b";
  process.env.AI_PROVIDER_NAME = "Ollama";
  resetEnvForTests();
});

afterAll(async () => {
  for (const key of ["AI_BASE_URL", "AI_MODEL", "AI_PROVIDER_NAME"]) delete process.env[key];
  resetEnvForTests();
  await llm.stop();
});

test("no games to analyse: an empty result with its note, and the model is not asked", async () => {
  const premium = await createTestUser({ role: "premium" });
  const res = await request("/api/ai/analyze-games", { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.analysis).toEqual([]);
  expect(body.metadata).toMatchObject({
    gamesAnalyzed: 0,
    languageModel: "not_needed",
    // Named as the other analyses name the statistics, with why the configured model was not asked.
    modelUsed: "statistical model (llama3.1:8b via Ollama not asked: no games)",
    tokens: { input: 0, output: 0, total: 0 },
  });
  expect(body.metadata.note).toMatch(/no games to analyse: your watchlist is empty and no game is trending/);
  expect(llm.requests).toHaveLength(0);
});

test("no games and no language model: named as the other three analyses name the statistics", async () => {
  const saved = { ...process.env };
  for (const key of ["AI_BASE_URL", "AI_MODEL", "AI_PROVIDER_NAME"]) delete process.env[key];
  resetEnvForTests();
  try {
    const premium = await createTestUser({ role: "premium" });
    const body = await (
      await request("/api/ai/analyze-games", { method: "POST", cookie: premium.cookie })
    ).json();
    const market = await (
      await request("/api/ai/market-insights", { method: "POST", cookie: premium.cookie })
    ).json();
    expect(body.metadata.modelUsed).toBe("statistical model (no language model configured)");
    expect(body.metadata.modelUsed).toBe(market.metadata.modelUsed);
  } finally {
    for (const key of ["AI_BASE_URL", "AI_MODEL", "AI_PROVIDER_NAME"]) process.env[key] = saved[key];
    resetEnvForTests();
  }
});
