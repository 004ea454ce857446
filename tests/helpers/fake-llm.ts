import { afterAll, beforeAll, beforeEach } from "vitest";
import { resetRequestCountsForTests } from "../../src/server/ai/limits.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { type FakeLlm, startFakeLlm } from "../fixtures/recorded/llm-server.ts";

const AI_ENV = ["AI_BASE_URL", "AI_MODEL", "AI_PROVIDER_NAME", "AI_TIMEOUT_MS"] as const;

/**
 * For a test file of the AI screens' calls: a recorded-answer model server the app is configured to use
 * (Ollama's llama3.1:8b at the server's address, a 3 s timeout), started before the file's tests, its
 * queue, the requests it saw and the AI request counts emptied before each test, stopped after. Call
 * it at the top of the file, before the file's own `beforeAll`, which may then rely on it.
 */
export function withFakeLlm(): FakeLlm {
  const llm = {} as FakeLlm;
  beforeAll(async () => {
    Object.assign(llm, await startFakeLlm());
    process.env.AI_BASE_URL = llm.base;
    process.env.AI_MODEL = "llama3.1:8b";
    process.env.AI_PROVIDER_NAME = "Ollama";
    process.env.AI_TIMEOUT_MS = "3000";
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const key of AI_ENV) delete process.env[key];
    resetEnvForTests();
    await llm.stop();
  });
  beforeEach(() => {
    llm.queue.length = 0;
    llm.requests.length = 0;
    resetRequestCountsForTests();
  });
  return llm;
}
