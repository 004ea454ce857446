import { afterEach, expect, test, vi } from "vitest";
import {
  ADMIN_REVOKED_TEXT,
  ApiError,
  accessChangedText,
  apiRequest,
  errorMessage,
  isUnauthorizedError,
  onAccessRefused,
  PLAN_CHANGED_TEXT,
} from "./api.ts";
import { labelledErrorMessage, withServerReason } from "./server-reason.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(response: Response) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  globalThis.fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return response;
  }) as unknown as typeof fetch;
  return calls;
}

test("sends cookies, and JSON with its content type only when there is a body", async () => {
  const calls = answer(Response.json({ ok: true }));
  expect(await apiRequest("PATCH", "/api/user/settings", { a: 1 })).toEqual({ ok: true });
  expect(calls[0]!.init.credentials).toBe("include");
  expect(calls[0]!.init.headers).toEqual({ "Content-Type": "application/json" });
  expect(calls[0]!.init.body).toBe('{"a":1}');

  answer(new Response(null, { status: 204 }));
  expect(await apiRequest("DELETE", "/api/user")).toBeUndefined();
});

test("a non-ok answer throws '{status}: {body}' carrying the status and the problem JSON", async () => {
  const problem = { title: "Unauthorized", status: 401, detail: "Sign in first" };
  answer(new Response(JSON.stringify(problem), { status: 401, statusText: "Unauthorized" }));
  const error = await apiRequest("GET", "/api/user/stats").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toBeInstanceOf(Error);
  expect((error as ApiError).message).toBe(`401: ${JSON.stringify(problem)}`);
  expect((error as ApiError).status).toBe(401);
  expect((error as ApiError).problem).toEqual(problem);
  expect(isUnauthorizedError(error)).toBe(true);
  expect(errorMessage(error)).toBe("Sign in first");
});

test("an empty error body falls back to the status text; non-JSON bodies carry no problem", async () => {
  answer(new Response("", { status: 503, statusText: "Service Unavailable" }));
  const empty = (await apiRequest("GET", "/api/health").catch((e: unknown) => e)) as ApiError;
  expect(empty.message).toBe("503: Service Unavailable");
  expect(empty.problem).toBeUndefined();
  expect(isUnauthorizedError(empty)).toBe(false);

  answer(new Response("gateway down", { status: 502, statusText: "Bad Gateway" }));
  const text = (await apiRequest("GET", "/api/health").catch((e: unknown) => e)) as ApiError;
  expect(text.message).toBe("502: gateway down");
  expect(errorMessage(text, "Try again")).toBe("Try again");
});

test("only a 401 that mentions Unauthorized counts as logged out (spec §8)", () => {
  expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(true);
  expect(isUnauthorizedError(new Error("401: token expired"))).toBe(false);
  expect(isUnauthorizedError(new Error("403: Unauthorized"))).toBe(false);
  expect(isUnauthorizedError("401: Unauthorized")).toBe(false);
});

test("a 403 refused by role says the plan changed and asks the app to reload the user; other errors do not", async () => {
  const refused = vi.fn();
  onAccessRefused(refused);
  try {
    const premium = { title: "Forbidden", status: 403, detail: "This feature needs a Premium plan" };
    answer(new Response(JSON.stringify(premium), { status: 403 }));
    const error = await apiRequest("POST", "/api/ai/game-analysis", {}).catch((e: unknown) => e);
    expect(refused).toHaveBeenCalledTimes(1);
    expect(accessChangedText(error)).toBe(PLAN_CHANGED_TEXT);
    expect(errorMessage(error, "Please try again.")).toBe(PLAN_CHANGED_TEXT);

    const admin = { title: "Forbidden", status: 403, detail: "Admin access required" };
    answer(new Response(JSON.stringify(admin), { status: 403 }));
    const adminError = await apiRequest("GET", "/api/admin/stats").catch((e: unknown) => e);
    expect(refused).toHaveBeenCalledTimes(2);
    expect(errorMessage(adminError)).toBe(ADMIN_REVOKED_TEXT);

    // A cross-origin refusal or a server error is not about the role.
    const origin = { title: "Forbidden", status: 403, detail: "Cross-origin request refused" };
    answer(new Response(JSON.stringify(origin), { status: 403 }));
    const other = await apiRequest("POST", "/api/user/games", {}).catch((e: unknown) => e);
    answer(new Response(JSON.stringify({ status: 500, detail: "Boom" }), { status: 500 }));
    await apiRequest("GET", "/api/user/stats").catch(() => {});
    expect(refused).toHaveBeenCalledTimes(2);
    expect(accessChangedText(other)).toBeNull();
    expect(errorMessage(other)).toBe("Cross-origin request refused");
  } finally {
    onAccessRefused(() => {});
  }
});

test("a failure toast's fixed text is followed by the server's reason when it gave one", async () => {
  const refusal = (status: number, body: string) => {
    answer(new Response(body, { status }));
    return apiRequest("PUT", "/api/admin/users/u1/role", {}).catch((e: unknown) => e);
  };
  const lastAdmin = await refusal(
    409,
    JSON.stringify({
      title: "Conflict",
      status: 409,
      detail: "This is the last admin: make another user admin first",
    }),
  );
  expect(withServerReason("Failed to update user role", lastAdmin)).toBe(
    "Failed to update user role. This is the last admin: make another user admin first.",
  );
  // The text's own words and stop are kept; a reason's stop is not doubled.
  const invalid = await refusal(400, JSON.stringify({ status: 400, detail: "digestHour: at most 23." }));
  expect(withServerReason("Failed to update settings. Please try again.", invalid)).toBe(
    "Failed to update settings. Please try again. digestHour: at most 23.",
  );
  // A refusal by role says the role changed.
  onAccessRefused(() => {});
  const revoked = await refusal(403, JSON.stringify({ status: 403, detail: "Admin access required" }));
  expect(withServerReason("Failed to update user role", revoked)).toBe(
    `Failed to update user role. ${ADMIN_REVOKED_TEXT}`,
  );
  // No reason: a title only, no problem JSON, no answer at all.
  const titled = await refusal(500, JSON.stringify({ title: "Internal Server Error", status: 500 }));
  expect(withServerReason("Failed to remove game from watchlist", titled)).toBe(
    "Failed to remove game from watchlist",
  );
  expect(withServerReason("Failed to remove game from watchlist", await refusal(502, "<html>"))).toBe(
    "Failed to remove game from watchlist",
  );
  expect(withServerReason("Failed to remove game from watchlist", new TypeError("fetch failed"))).toBe(
    "Failed to remove game from watchlist",
  );
});

// Review r20-b #8: the rate-limit toast read "apiPerMinute: 0 (no limit), …", the API's field key.
test("a field error the form knows is named by its on-screen label; others keep the server's words", () => {
  const message = "0 (no limit), or from 120 to 100,000 requests a minute";
  const problem = {
    title: "Unprocessable Content",
    status: 422,
    detail: `apiPerMinute: ${message}`,
    errors: [{ field: "apiPerMinute", message }],
  };
  const error = new ApiError(422, `422: ${JSON.stringify(problem)}`, problem);
  const labels = { apiPerMinute: "API requests a minute per user" };
  expect(labelledErrorMessage(error, labels)).toBe(`API requests a minute per user: ${message}`);
  expect(errorMessage(error)).toBe(`apiPerMinute: ${message}`);
  // A field the form does not show (a misspelt key) keeps the server's sentence naming it.
  const unknown = { ...problem, errors: [{ field: "apiPerMinut", message: "Unknown field" }] };
  expect(labelledErrorMessage(new ApiError(422, "422", unknown), labels)).toBe(problem.detail);
});
