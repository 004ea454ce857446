import { APICallError, InvalidResponseDataError, JSONParseError } from "ai";
import { expect, test } from "vitest";
import { classify, isBrokenStream } from "./llm.ts";

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

test("only what a dropped connection raises is a broken stream, never an error of our own (review 19, item 5)", () => {
  const ended = new InvalidResponseDataError({
    data: undefined,
    message: "Response stream ended without a finish reason.",
  });
  expect(isBrokenStream(ended)).toBe(true);
  expect(isBrokenStream(new TypeError("terminated"))).toBe(true);
  expect(
    isBrokenStream(
      new TypeError("fetch failed", { cause: Object.assign(new Error("socket"), { code: "ECONNRESET" }) }),
    ),
  ).toBe(true);
  expect(
    isBrokenStream(
      Object.assign(new Error("The socket connection was closed unexpectedly"), { code: "ECONNRESET" }),
    ),
  ).toBe(true);
  // Our bugs, a database error, a chunk that could not be read, an HTTP status: no dropped connection.
  expect(isBrokenStream(new TypeError("Cannot read properties of undefined (reading 'kept')"))).toBe(false);
  expect(isBrokenStream(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }))).toBe(false);
  expect(
    isBrokenStream(new InvalidResponseDataError({ data: {}, message: "Expected 'function' type." })),
  ).toBe(false);
  expect(isBrokenStream(new JSONParseError({ text: "{", cause: new SyntaxError("x") }))).toBe(false);
  expect(isBrokenStream(callError(500))).toBe(false);
  expect(isBrokenStream("terminated")).toBe(false);
});
