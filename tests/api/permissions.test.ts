import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import type { Role } from "../../src/contracts/user.ts";
import { requireAdmin, requirePremium, requireUser } from "../../src/server/auth/guards.ts";
import type { AppEnv } from "../../src/server/http/app-env.ts";
import { sessionLoader } from "../../src/server/http/middleware.ts";
import { HttpProblem, problemResponse } from "../../src/server/http/problem.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * The permission matrix (issue 2 §5–§7): every guarded account/admin route for an anonymous
 * visitor and each role. Spec §6's client-side hiding is a courtesy; these answers are the rule.
 */
type Who = "anonymous" | Role;
const WHO: Who[] = ["anonymous", "regular", "premium", "admin"];

interface Route {
  method: string;
  path: (targetId: string) => string;
  json?: unknown;
  expect: Record<Who, number>;
}

const signedIn = (ok: number): Record<Who, number> => ({
  anonymous: 401,
  regular: ok,
  premium: ok,
  admin: ok,
});
const adminOnly = (ok: number): Record<Who, number> => ({
  anonymous: 401,
  regular: 403,
  premium: 403,
  admin: ok,
});

const ROUTES: Route[] = [
  { method: "GET", path: () => "/api/auth/user", expect: signedIn(200) },
  { method: "GET", path: () => "/api/user/stats", expect: signedIn(200) },
  { method: "GET", path: () => "/api/user/settings", expect: signedIn(200) },
  {
    method: "PATCH",
    path: () => "/api/user/settings",
    json: { preferences: { theme: "light" } },
    expect: signedIn(200),
  },
  { method: "DELETE", path: () => "/api/user", expect: signedIn(204) },
  { method: "GET", path: () => "/api/admin/users", expect: adminOnly(200) },
  { method: "GET", path: () => "/api/admin/stats", expect: adminOnly(200) },
  {
    method: "PUT",
    path: (id) => `/api/admin/users/${id}/role`,
    json: { role: "premium", tier: "professional" },
    expect: adminOnly(200),
  },
];

const CASES = ROUTES.flatMap((route) =>
  WHO.map((who) => [route.method, route.path(":id"), who, route.expect[who], route] as const),
);

describe("permission matrix", () => {
  test.each(CASES)("%s %s as %s → %i", async (_method, _path, who, status, route) => {
    // A second admin always exists, so an admin deleting their own account is not the last one.
    await createTestUser({ role: "admin" });
    const target = await createTestUser();
    const caller = who === "anonymous" ? undefined : await createTestUser({ role: who });
    const res = await request(route.path(target.user.id), {
      method: route.method,
      json: route.json,
      cookie: caller?.cookie,
    });
    expect(res.status).toBe(status);
    if (status >= 400) {
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      const body = await res.json();
      expect(body.title).toBe(status === 401 ? "Unauthorized" : "Forbidden");
      if (status === 403) expect(body.detail).toBe("Admin access required");
    }
  });
});

describe("named guards", () => {
  // A tiny app with one route per guard, behind the real session middleware.
  const app = new Hono<AppEnv>()
    .use(sessionLoader)
    .get("/user", requireUser, (c) => c.text("ok"))
    .get("/premium", requirePremium, (c) => c.text("ok"))
    .get("/admin", requireAdmin, (c) => c.text("ok"));
  app.onError((error, c) => problemResponse(c, error as HttpProblem));

  const expected: Record<string, Record<Who, number>> = {
    "/user": { anonymous: 401, regular: 200, premium: 200, admin: 200 },
    "/premium": { anonymous: 401, regular: 403, premium: 200, admin: 200 },
    "/admin": { anonymous: 401, regular: 403, premium: 403, admin: 200 },
  };
  const cases = Object.entries(expected).flatMap(([path, byWho]) =>
    WHO.map((who) => [path, who, byWho[who]] as const),
  );

  test.each(cases)("%s as %s → %i", async (path, who, status) => {
    const caller = who === "anonymous" ? undefined : await createTestUser({ role: who });
    const res = await app.request(`http://localhost${path}`, {
      headers: caller ? { Cookie: caller.cookie } : {},
    });
    expect(res.status).toBe(status);
    if (status === 401) expect((await res.json()).title).toBe("Unauthorized");
    if (path === "/premium" && status === 403) {
      expect((await res.json()).detail).toBe("This feature needs a Premium plan");
    }
  });
});

test("HttpProblem used by the guards is the app's one error shape", () => {
  expect(new HttpProblem(401).body()).toEqual({ type: "about:blank", title: "Unauthorized", status: 401 });
});
