import { APICallError } from "ai";
import { expect, test } from "vitest";
import { classify } from "./llm.ts";

const callError = (statusCode: number, responseHeaders?: Record<string, string>) =>
  new APICallError({
    message: `status ${statusCode}`,
    url: "http://127.0.0.1/v1/chat/completions",
    requestBodyValues: {},
    statusCode,
    ...(responseHeaders ? { responseHeaders } : {}),
  });

test('a 200 whose body is not a completion did not fit, and is tried again (it was "refused (200)")', () => {
  expect(classify(callError(200), false)).toEqual({
    reason: "answer did not fit the expected format",
    retry: true,
    waitMs: null,
  });
});

test("a 429 waits for Retry-After, a 5xx is tried again, a 4xx is refused", () => {
  expect(classify(callError(429, { "retry-after": "2" }), false)).toEqual({
    reason: "rate limited (429)",
    retry: true,
    waitMs: 2000,
  });
  expect(classify(callError(503), false)).toMatchObject({ reason: "server error (503)", retry: true });
  expect(classify(callError(401), false)).toEqual({ reason: "refused (401)", retry: false, waitMs: null });
  expect(classify(new Error("boom"), true)).toMatchObject({ reason: "timed out", retry: true });
});
