import { expect, test } from "vitest";
import { request } from "../helpers/api.ts";

test("health answers ok with the database reachable", async () => {
  const res = await request("/api/health");
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ status: "ok", db: "ok" });
  expect(typeof body.version).toBe("string");
});

test("unknown API path is a problem JSON 404, never the SPA", async () => {
  const res = await request("/api/no-such-thing");
  expect(res.status).toBe(404);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(await res.json()).toMatchObject({ status: 404, title: "Not Found" });
});

test("wrong method on a known path is 405 with Allow", async () => {
  const res = await request("/api/health", { method: "DELETE" });
  expect(res.status).toBe(405);
  expect(res.headers.get("allow")).toContain("GET");
});

test("a foreign origin cannot send a state-changing request", async () => {
  const res = await request("/api/health", { method: "POST", headers: { Origin: "https://evil.example" } });
  expect(res.status).toBe(403);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
});

test("a missing asset is 404 while an app route gets the client", async () => {
  expect((await request("/assets/nope-123.js")).status).toBe(404);
});
