import { afterEach, expect, test, vi } from "vitest";
import { ApiError, apiRequest, errorMessage, isUnauthorizedError } from "./api.ts";

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
