import { describe, expect, test } from "vitest";
import { modelDeadlineMs } from "../ai/llm.ts";
import { parseEnv } from "../env.ts";
import {
  GITHUB_ROUTE_DEADLINE_MS,
  MAX_AI_TIMEOUT_MS,
  MAX_IDLE_TIMEOUT_S,
  serverIdleTimeoutSeconds,
} from "./request-limits.ts";

/** One GitHub adapter request at its defaults (src/server/sources/http.ts): 4 attempts of 10 s, backoff 250 ms doubling, +25 % jitter. */
const GITHUB_ONE_REQUEST_MS = 4 * 10_000 + 250 * (1 + 2 + 4) * 1.25;

describe("the server's idle timeout outlasts every request's legitimate work", () => {
  test("the default AI_TIMEOUT_MS: the model's whole deadline (all attempts) fits, with room for the rest", () => {
    const { AI_TIMEOUT_MS } = parseEnv({});
    const seconds = serverIdleTimeoutSeconds(AI_TIMEOUT_MS);
    expect(seconds * 1000).toBeGreaterThan(modelDeadlineMs(AI_TIMEOUT_MS));
    // Bun's default of 10 s cut a 12 s model answer mid-stream.
    expect(seconds).toBeGreaterThan(10);
    expect(seconds).toBe(75);
  });

  test("a fast model: the wait on GitHub decides, and one adapter request with its retries fits in it", () => {
    const seconds = serverIdleTimeoutSeconds(1000);
    expect(GITHUB_ROUTE_DEADLINE_MS).toBeGreaterThan(GITHUB_ONE_REQUEST_MS);
    expect(seconds * 1000).toBeGreaterThan(GITHUB_ROUTE_DEADLINE_MS);
  });

  test("grows with AI_TIMEOUT_MS up to Bun's 255 s, and the largest accepted AI_TIMEOUT_MS still fits", () => {
    expect(serverIdleTimeoutSeconds(60_000)).toBeGreaterThan(serverIdleTimeoutSeconds(30_000));
    expect(serverIdleTimeoutSeconds(MAX_AI_TIMEOUT_MS)).toBeLessThanOrEqual(MAX_IDLE_TIMEOUT_S);
    expect(serverIdleTimeoutSeconds(MAX_AI_TIMEOUT_MS) * 1000).toBeGreaterThan(
      modelDeadlineMs(MAX_AI_TIMEOUT_MS),
    );
    expect(parseEnv({ AI_TIMEOUT_MS: String(MAX_AI_TIMEOUT_MS) }).AI_TIMEOUT_MS).toBe(MAX_AI_TIMEOUT_MS);
    expect(() => parseEnv({ AI_TIMEOUT_MS: String(MAX_AI_TIMEOUT_MS + 1) })).toThrow(
      /AI_TIMEOUT_MS: at most 120000 ms/,
    );
  });
});
