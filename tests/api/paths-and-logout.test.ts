import { describe, expect, test } from "vitest";
import { validateSessionToken } from "../../src/server/auth/session.ts";
import { describeError, redact } from "../../src/server/log.ts";
import { createTestUser, request } from "../helpers/api.ts";

describe("malformed paths answer 400, not 500 (issue 8 §3)", () => {
  for (const path of ["/%", "/%zz", "/%00.js", "/api/%zz", "/assets/%E0%A4%A.js", "/api/games/%"]) {
    test(`${path} is 400 problem JSON`, async () => {
      const res = await request(path);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(((await res.json()) as { status: number }).status).toBe(400);
    });
  }
});

describe("a trailing slash on an API path answers like the path without it, never 405", () => {
  test("GET /api/health/ is /api/health", async () => {
    const [a, b] = await Promise.all([request("/api/health/"), request("/api/health")]);
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
  });

  test("POST and GET on /api/user/games/ reach the route", async () => {
    const { cookie } = await createTestUser();
    expect((await request("/api/user/games/", { cookie })).status).toBe(200);
    const post = await request("/api/user/games/", { method: "POST", cookie, json: {} });
    expect(post.status).toBe(422);
    expect((await request("/api/auth/user/", { cookie })).status).toBe(200);
  });

  test("an unknown API path with a slash is still 404", async () => {
    expect((await request("/api/no-such-thing/")).status).toBe(404);
  });

  // Review r35-a #1: two slashes answered "405 GET is not allowed here" with GET in its Allow header.
  test("two trailing slashes are no route: 404, never a 405 naming the method as allowed", async () => {
    const { cookie } = await createTestUser();
    for (const path of ["/api/health//", "/api/user/games//", "/api/auth/user//", "/api/status//"]) {
      const res = await request(path, { cookie });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/^No API route at \/api\//);
    }
    // A method the path really lacks is still the 405 naming what it allows.
    const put = await request("/api/health", { method: "PUT", json: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("GET /api/logout cannot be triggered by another site", () => {
  test("a cross-site navigation gets a confirm page and stays signed in", async () => {
    const { cookie, token } = await createTestUser();
    const res = await request("/api/logout", { cookie, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<form method="post" action="/api/logout">');
    expect(await validateSessionToken(token)).not.toBeNull();
  });

  test("a foreign Origin without Sec-Fetch-Site is asked too", async () => {
    const { cookie, token } = await createTestUser();
    const res = await request("/api/logout", { cookie, headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(200);
    expect(await validateSessionToken(token)).not.toBeNull();
  });

  test("our own page (or a typed address) signs out at once; the confirm form's POST does too", async () => {
    const a = await createTestUser();
    const own = await request("/api/logout", {
      cookie: a.cookie,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(own.status).toBe(302);
    expect(await validateSessionToken(a.token)).toBeNull();

    const b = await createTestUser();
    const typed = await request("/api/logout", { cookie: b.cookie, headers: { "Sec-Fetch-Site": "none" } });
    expect(typed.status).toBe(302);
    expect(await validateSessionToken(b.token)).toBeNull();

    const c = await createTestUser();
    const confirmed = await request("/api/logout", { method: "POST", cookie: c.cookie });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/");
    expect(await validateSessionToken(c.token)).toBeNull();
  });

  test("the confirm form cannot be posted from another site", async () => {
    const { cookie, token } = await createTestUser();
    const res = await request("/api/logout", {
      method: "POST",
      cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await validateSessionToken(token)).not.toBeNull();
  });
});

describe("log lines carry the cause, never what the request carried", () => {
  test("redact removes emails, password hashes, bearer tokens, query strings and long tokens; keeps ids", () => {
    const id = crypto.randomUUID();
    const line = redact(
      `user ann.lee+x@example.co.uk hash $argon2id$v=19$m=65536,t=2,p=1$abc$def token Bearer abc.def-ghi ` +
        `path /api/callback?code=secret123 session ${"a1".repeat(32)} id ${id}`,
    );
    expect(line).not.toContain("ann.lee");
    expect(line).not.toContain("argon2id");
    expect(line).not.toContain("abc.def-ghi");
    expect(line).not.toContain("secret123");
    expect(line).not.toContain("a1a1a1a1");
    expect(line).toContain(id);
    expect(line).toContain("/api/callback?[query]");
  });

  test("a failed query's bound values are cut off; its SQLite code is named", () => {
    const cause = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    const error = new Error(
      "Failed query: insert into users (email, password_hash) values (?, ?)\nparams: a@b.example,$argon2id$x",
      {
        cause,
      },
    );
    const fields = describeError(error);
    expect(fields.code).toBe("SQLITE_BUSY");
    expect(JSON.stringify(fields)).not.toContain("a@b.example");
    expect(JSON.stringify(fields)).not.toContain("argon2id");
    expect(String(fields.message)).toContain("insert into users");
  });
});
