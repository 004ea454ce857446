import { expect, test } from "vitest";
import { ApiError } from "./api.ts";
import { sessionCheckFailure } from "./session-check.ts";

test("a 429 on the current user is a wait, with the server's message and Retry-After, not a sign-out", () => {
  const detail = "Too many requests. Try again in 42 seconds.";
  expect(sessionCheckFailure(new ApiError(429, `429: ${detail}`, { status: 429, detail }, 42))).toEqual({
    message: detail,
    retryInSeconds: 42,
  });
  // Without Retry-After: the API limit's window.
  expect(sessionCheckFailure(new ApiError(429, "429: Too Many Requests")).retryInSeconds).toBe(60);
});

test("a 503 waits too; other failures wait for Try again", () => {
  expect(sessionCheckFailure(new ApiError(503, "503: busy", { detail: "Busy" }, 2))).toEqual({
    message: "Busy",
    retryInSeconds: 2,
  });
  expect(sessionCheckFailure(new TypeError("Failed to fetch")).retryInSeconds).toBeNull();
  expect(sessionCheckFailure(new ApiError(500, "500: oops")).retryInSeconds).toBeNull();
});
