import { afterEach, describe, expect, test, vi } from "vitest";
import { resetEnvForTests } from "../../src/server/env.ts";
import { cookieFrom, createTestUser, request } from "../helpers/api.ts";

/** HTTP hygiene (issue 2 §7): one error shape, body limits, secure headers, Origin check, request ids, logs. */

const PROBLEM = "application/problem+json";

describe("problem JSON for every kind of bad request", () => {
  test("400 malformed JSON", async () => {
    const res = await request("/api/auth/login", {
      method: "POST",
      body: '{"email":',
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain(PROBLEM);
    expect(await res.json()).toMatchObject({ type: "about:blank", title: "Bad Request", status: 400 });
  });

  test("413 for a body over 1 MiB, before anything reads it", async () => {
    const big = JSON.stringify({ email: "big@example.com", password: "x".repeat(1024 * 1024) });
    const res = await request("/api/auth/signup", {
      method: "POST",
      body: big,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain(PROBLEM);
    expect(await res.json()).toMatchObject({ status: 413, title: "Payload Too Large" });
  });

  test("413 also when the body is streamed without a length", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const { cookie } = await createTestUser();
    const res = await request("/api/user/settings", {
      method: "PATCH",
      body,
      cookie,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(413);
  });

  test("415 for a body that is not JSON", async () => {
    const res = await request("/api/auth/signup", {
      method: "POST",
      body: "<xml/>",
      headers: { "Content-Type": "application/xml" },
    });
    expect(res.status).toBe(415);
    expect(res.headers.get("content-type")).toContain(PROBLEM);
  });

  test("every API write refuses what a plain HTML form can send (415), whatever the route reads", async () => {
    const admin = await createTestUser({ role: "admin" });
    const premium = await createTestUser({ role: "premium" });
    const doomed = await createTestUser();
    const forms = [
      { "Content-Type": "text/plain" },
      { "Content-Type": "application/x-www-form-urlencoded" },
      { "Content-Type": "multipart/form-data; boundary=x" },
    ];
    const writes: Array<[string, string, string]> = [
      ["POST", "/api/workflows/comprehensive-health-monitoring/pause", admin.cookie],
      ["POST", "/api/ai/analyze-games", premium.cookie],
      ["POST", "/api/admin/sessions/end-all", admin.cookie],
      ["DELETE", "/api/user", doomed.cookie],
    ];
    for (const [method, path, cookie] of writes) {
      for (const headers of forms) {
        const res = await request(path, { method, cookie, headers, body: "a=1" });
        expect(res.status, `${method} ${path} ${headers["Content-Type"]}`).toBe(415);
        expect(res.headers.get("content-type")).toContain(PROBLEM);
        // Without a body too: the content type alone says a form sent it.
        const bare = await request(path, { method, cookie, headers });
        expect(bare.status, `${method} ${path} ${headers["Content-Type"]} (no body)`).toBe(415);
      }
      // A body without any content type is refused as well.
      const untyped = await request(path, { method, cookie, body: "{}" });
      expect(untyped.status, `${method} ${path} untyped body`).toBe(415);
    }
    // Nothing happened: the user still exists, the sessions still work.
    expect((await request("/api/auth/user", { cookie: doomed.cookie })).status).toBe(200);
    expect((await request("/api/auth/user", { cookie: premium.cookie })).status).toBe(200);
    // JSON, or no body and no content type (the client's DELETE and bare POSTs), still pass.
    expect(
      (
        await request("/api/workflows/comprehensive-health-monitoring/pause", {
          method: "POST",
          cookie: admin.cookie,
          json: {},
        })
      ).status,
    ).toBe(200);
    expect((await request("/api/user", { method: "DELETE", cookie: doomed.cookie })).status).toBe(204);
  });

  // Review r31-b #4: a bare fetch(url, {method: "POST"}) was told to change its media type (415), and an
  // empty JSON body was "Malformed JSON" (400), not which fields are required.
  test("a JSON write sent no body at all is read as {}: 422 naming the required fields", async () => {
    const user = await createTestUser();
    const bare: Array<{ headers: Record<string, string>; body?: string }> = [
      { headers: {} },
      { headers: { "Content-Type": "application/json" } },
      { headers: { "Content-Type": "application/json; charset=utf-8" }, body: "" },
      { headers: { "Content-Type": "application/json" }, body: "  \n" },
    ];
    for (const { headers, body } of bare) {
      const res = await request("/api/analytics/reports", {
        method: "POST",
        cookie: user.cookie,
        headers,
        body,
      });
      expect(res.status, JSON.stringify(headers)).toBe(422);
      expect(res.headers.get("content-type")).toContain(PROBLEM);
      expect((await res.json()).errors).toEqual([{ field: "reportType", message: "Required" }]);
    }
    const signup = await request("/api/auth/signup", { method: "POST" });
    expect(signup.status).toBe(422);
    expect((await signup.json()).errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "email",
      "password",
    ]);
    // A route whose fields are all optional takes no body as an empty patch: nothing changes.
    const profile = await request("/api/user/profile", { method: "PATCH", cookie: user.cookie });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email: user.user.email });
  });

  test("a body with the wrong content type or none is still 415, and malformed JSON still 400", async () => {
    const { cookie } = await createTestUser();
    const post = (headers: Record<string, string>, body?: string) =>
      request("/api/analytics/reports", { method: "POST", cookie, headers, body });
    expect((await post({}, '{"reportType":"genre_trends"}')).status).toBe(415);
    expect((await post({ "Content-Type": "text/plain" }, '{"reportType":"genre_trends"}')).status).toBe(415);
    expect((await post({ "Content-Type": "text/plain" })).status).toBe(415);
    const malformed = await post({ "Content-Type": "application/json" }, '{"reportType":');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).detail).toBe("Malformed JSON in request body");
    expect((await post({ "Content-Type": "application/json" }, "null")).status).toBe(422);
  });

  // Review r32-a #3: the bytes of a lone surrogate (ED A0 80, not UTF-8) were decoded leniently and the
  // name stored as "A\uFFFD\uFFFD\uFFFDB", where its JSON-escaped form is refused.
  test("a JSON body that is not valid UTF-8 is 400, and nothing is stored", async () => {
    const { cookie, user } = await createTestUser();
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"firstName":"A'),
      0xed,
      0xa0,
      0x80,
      ...new TextEncoder().encode('B"}'),
    ]);
    const res = await request("/api/user/profile", {
      method: "PATCH",
      cookie,
      headers: { "Content-Type": "application/json" },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain(PROBLEM);
    expect((await res.json()).detail).toBe("The request body is not valid UTF-8");
    const after = await request("/api/auth/user", { cookie });
    expect((await after.json()).firstName).toBe(user.firstName ?? null);
  });

  test("the cross-site logout confirm page's form still signs out (the one form write ADR 002 allows)", async () => {
    const { cookie } = await createTestUser();
    const res = await request("/api/logout", {
      method: "POST",
      cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(res.status).toBe(303);
    expect((await request("/api/auth/user", { cookie })).status).toBe(401);
  });

  test("a body with thousands of unknown keys gets a short 422: the first 20 listed, the rest counted", async () => {
    const { cookie } = await createTestUser();
    const json = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`junk${i}`, i]));
    const res = await request("/api/user/settings", { method: "PATCH", cookie, json });
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(text.length).toBeLessThan(4000);
    const body = JSON.parse(text);
    expect(body.errors).toHaveLength(20);
    expect(body.errors[0]).toEqual({ field: "junk0", message: "Unknown field" });
    expect(body.errorsNotListed).toBe(4980);
    expect(body.detail).toMatch(/^junk0: Unknown field; .*; and 4980 more$/);
  });

  test("422 lists each field at fault", async () => {
    const res = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "x", password: "short" },
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({ status: 422, title: "Unprocessable Content" });
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "password"]);
    expect(body.detail).toContain("email");
  });

  test("404 problem JSON for an unknown API path, even under a known prefix", async () => {
    for (const path of ["/api/auth/nope", "/api/user/nope", "/api/admin/nope"]) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain(PROBLEM);
    }
  });

  test.each([
    ["POST", "/api/auth/user", "GET, HEAD, OPTIONS"],
    ["GET", "/api/auth/signup", "POST, OPTIONS"],
    ["HEAD", "/api/auth/signup", "POST, OPTIONS"],
    ["DELETE", "/api/auth/login", "POST, OPTIONS"],
    ["PUT", "/api/user/settings", "GET, HEAD, PATCH, OPTIONS"],
    ["POST", "/api/admin/stats", "GET, HEAD, OPTIONS"],
  ])("405 for %s %s, with Allow: %s", async (method, path, allow) => {
    const res = await request(path, { method });
    expect(res.status).toBe(405);
    if (method !== "HEAD") expect(res.headers.get("content-type")).toContain(PROBLEM);
    expect(res.headers.get("allow")).toBe(allow);
  });

  test("HEAD on a GET route is answered like GET, without a body", async () => {
    const res = await request("/api/health", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  test.each([
    ["/api/health", "GET, HEAD, OPTIONS"],
    ["/api/auth/login", "POST, OPTIONS"],
    ["/api/user/settings", "GET, HEAD, PATCH, OPTIONS"],
    ["/api/games/some-id", "GET, HEAD, OPTIONS"],
  ])("OPTIONS %s is 204 with Allow: %s, and no CORS headers", async (path, allow) => {
    const res = await request(path, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe(allow);
    expect(await res.text()).toBe("");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-methods")).toBeNull();
  });

  test.each([
    ["/api/platforms/all", "GET, HEAD, OPTIONS"],
    ["/api/admin/stats", "GET, HEAD, OPTIONS"],
    ["/api/ai/recommendations", "POST, OPTIONS"],
  ])("anonymous OPTIONS %s (a signed-in route) is 204 with Allow: %s, not 401", async (path, allow) => {
    const res = await request(path, { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe(allow);
    // A signed-in route's own methods still need the session.
    expect((await request(path, { method: allow.split(",")[0]! })).status).toBe(401);
  });

  test.each([
    ["POST", "/"],
    ["DELETE", "/dashboard"],
    ["PUT", "/games/steam-730"],
    ["PATCH", "/assets/app.js"],
  ])("%s %s (a page or file of the site) is a 405 problem JSON naming GET", async (method, path) => {
    const res = await request(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("content-type")).toContain(PROBLEM);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await res.json()).toMatchObject({ status: 405, title: "Method Not Allowed" });
  });

  test("OPTIONS on a page of the site is 204 with Allow: GET, HEAD, OPTIONS", async () => {
    const res = await request("/dashboard", { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  test("OPTIONS on an unknown API path is still 404", async () => {
    const res = await request("/api/no-such-thing", { method: "OPTIONS" });
    expect(res.status).toBe(404);
  });
});

describe("secure headers", () => {
  test("API answers carry a CSP and the usual protections", async () => {
    const res = await request("/api/auth/user");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Sockets and fetches to this origin only, not to any host over ws:/wss:.
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });

  test("API answers, errors included, are not stored by caches", async () => {
    const { cookie } = await createTestUser();
    expect((await request("/api/auth/user", { cookie })).headers.get("cache-control")).toBe("no-store");
    expect((await request("/api/auth/user")).headers.get("cache-control")).toBe("no-store");
    expect((await request("/api/nope")).headers.get("cache-control")).toBe("no-store");
  });

  test("the session cookie is httpOnly and SameSite=Lax", async () => {
    const res = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "headers@example.com", password: "long enough" },
    });
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(res.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
  });
});

describe("Origin check", () => {
  test("a state-changing request from a foreign origin is 403 and changes nothing", async () => {
    const { cookie, user } = await createTestUser();
    const res = await request("/api/user", {
      method: "DELETE",
      cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toContain(PROBLEM);
    const me = await request("/api/auth/user", { cookie });
    expect((await me.json()).id).toBe(user.id);
  });

  test.each([
    ["POST", "/api/auth/login"],
    ["POST", "/api/auth/signup"],
    ["POST", "/api/auth/logout"],
    ["PATCH", "/api/user/settings"],
    ["PUT", "/api/admin/users/x/role"],
  ])("%s %s from another origin → 403", async (method, path) => {
    const res = await request(path, {
      method,
      json: {},
      headers: { Origin: "http://localhost.evil.example" },
    });
    expect(res.status).toBe(403);
  });

  test("an opaque origin (`null`, sandboxed frames) is refused", async () => {
    const res = await request("/api/auth/login", { method: "POST", json: {}, headers: { Origin: "null" } });
    expect(res.status).toBe(403);
  });

  test("a cross-site request without Origin is refused by Sec-Fetch-Site", async () => {
    const res = await request("/api/auth/logout", {
      method: "POST",
      headers: { Origin: "", "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });

  test("the same origin passes, and so does a client that sends no Origin (curl)", async () => {
    const same = await request("/api/auth/logout", { method: "POST" });
    expect(same.status).toBe(204);
    const none = await request("/api/auth/logout", { method: "POST", headers: { Origin: "" } });
    expect(none.status).toBe(204);
  });

  test("PUBLIC_URL's origin is accepted behind a proxy that rewrites Host", async () => {
    process.env.PUBLIC_URL = "https://gi.example.com";
    resetEnvForTests();
    try {
      const res = await request("/api/auth/logout", {
        method: "POST",
        headers: { Origin: "https://gi.example.com" },
      });
      expect(res.status).toBe(204);
    } finally {
      delete process.env.PUBLIC_URL;
      resetEnvForTests();
    }
  });

  test("reads from a foreign origin are not blocked (they are not state-changing)", async () => {
    const res = await request("/api/auth/user", { headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(401);
  });
});

describe("request ids and logs", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.env.LOG_LEVEL = "silent";
    resetEnvForTests();
  });

  test("every answer carries X-Request-Id; a well-formed incoming one is kept, a bad one replaced", async () => {
    const fresh = await request("/api/auth/user");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request("/api/auth/user", { headers: { "X-Request-Id": "edge-1234.abc" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-1234.abc");
    const replaced = await request("/api/auth/user", { headers: { "X-Request-Id": "bad id <script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("logs are JSON lines with the request id, and never hold passwords, tokens, cookies or OAuth codes", async () => {
    process.env.LOG_LEVEL = "debug";
    resetEnvForTests();
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));

    const password = "SuperSecret-Passw0rd!";
    const signup = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "logs@example.com", password },
      headers: { "X-Request-Id": "req-signup-1" },
    });
    const cookie = cookieFrom(signup)!;
    const token = cookie.split("=")[1]!;
    await request("/api/auth/login", {
      method: "POST",
      json: { email: "logs@example.com", password: "wrong-Passw0rd" },
    });
    await request("/api/auth/user", { cookie });
    await request("/api/auth/callback/google?code=4%2F0AfJohXsecretcode&state=s3cr3tstate", {
      cookie: "oauth_state=s3cr3tstate",
    });
    await request("/api/login?provider=github");

    expect(lines.length).toBeGreaterThan(3);
    const parsed = lines.map((l) => JSON.parse(l));
    expect(
      parsed.some((l) => l.requestId === "req-signup-1" && l.path === "/api/auth/signup" && l.status === 201),
    ).toBe(true);
    for (const line of parsed) {
      expect(typeof line.time).toBe("string");
      expect(typeof line.level).toBe("string");
    }
    const all = lines.join("\n");
    for (const secret of [password, "wrong-Passw0rd", token, "secretcode", "s3cr3tstate", "argon2"]) {
      expect(all).not.toContain(secret);
    }
  });
});
