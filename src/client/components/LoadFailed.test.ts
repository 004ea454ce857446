import { describe, expect, test } from "vitest";
import { PREMIUM_REQUIRED_DETAIL } from "../../contracts/roles.ts";
import { ApiError, PLAN_CHANGED_TEXT } from "../api.ts";
import { loadFailedText, retryOf, waitingText } from "./LoadFailed.tsx";

describe("loadFailedText", () => {
  test("says the server's own detail of a 429", () => {
    const error = new ApiError(429, "429: …", {
      status: 429,
      title: "Too Many Requests",
      detail: "Too many requests. Try again in 57 seconds.",
    });
    expect(loadFailedText(error)).toBe("Too many requests. Try again in 57 seconds.");
  });
  test("names the status when the answer carries no problem JSON", () => {
    expect(loadFailedText(new ApiError(503, "503: Service Unavailable"))).toBe("The server answered 503.");
    expect(loadFailedText(new ApiError(500, "500: {}", { title: "Internal Server Error" }))).toBe(
      "Internal Server Error",
    );
  });
  test("a 403 refused by role says the plan changed", () => {
    expect(loadFailedText(new ApiError(403, "403: …", { detail: PREMIUM_REQUIRED_DETAIL }))).toBe(
      PLAN_CHANGED_TEXT,
    );
  });
  test("a request that never reached the server says so", () => {
    expect(loadFailedText(new TypeError("Failed to fetch"))).toBe(
      "The server could not be reached. Check the connection and try again.",
    );
  });
});

describe("retryOf", () => {
  const now = 1_000_000;
  test("a refusal asking again cannot change offers no Retry", () => {
    for (const status of [401, 403, 404, 410]) {
      expect(retryOf(new ApiError(status, `${status}: …`), now)).toEqual({ offered: false });
    }
  });
  test("a 429 or 503 with Retry-After offers it once the wait has passed", () => {
    expect(retryOf(new ApiError(429, "429: …", undefined, 57), now)).toEqual({
      offered: true,
      at: now + 57_000,
    });
    expect(retryOf(new ApiError(503, "503: …", undefined, 5), now)).toEqual({
      offered: true,
      at: now + 5_000,
    });
  });
  test("other failures, and a 429 without Retry-After, offer it at once", () => {
    expect(retryOf(new ApiError(429, "429: …"), now)).toEqual({ offered: true, at: now });
    expect(retryOf(new ApiError(500, "500: …"), now)).toEqual({ offered: true, at: now });
    expect(retryOf(new TypeError("Failed to fetch"), now)).toEqual({ offered: true, at: now });
  });
});

// Report r14-b #7: the server's "Try again in 59 seconds." stood still beside a button counting down.
describe("waitingText", () => {
  const text = "Too many requests. Try again in 59 seconds.";
  test("the server's wait follows the countdown", () => {
    expect(waitingText(text, 42)).toBe("Too many requests. Try again in 42 seconds.");
    expect(waitingText(text, 1)).toBe("Too many requests. Try again in 1 second.");
  });
  test("past the wait the sentence goes: Retry is offered", () => {
    expect(waitingText(text, 0)).toBe("Too many requests.");
  });
  test("other words are left as they are", () => {
    expect(waitingText("The database is not reachable", 5)).toBe("The database is not reachable");
  });
});
