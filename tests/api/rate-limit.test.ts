import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { clientIp, createAuthRateLimits, RateLimiter } from "../../src/server/auth/rate-limit.ts";
import { parseEnv, type TrustProxy } from "../../src/server/env.ts";
import { request, TEST_ORIGIN } from "../helpers/api.ts";

const MINUTE = 60 * 1000;

/** An app with small limits and a clock the test moves. */
function limitedApp(limits: { perIp: number; perPair?: number; perEmail: number }) {
  let now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const app = createApp({ auth: { rateLimits: createAuthRateLimits({ ...limits, now: () => now }) } });
  return { app, advance: (ms: number) => (now += ms) };
}

function login(app: ReturnType<typeof createApp>, email: string, ip: string) {
  return request("/api/auth/login", {
    app,
    method: "POST",
    json: { email, password: "not the password" },
    headers: { "X-Forwarded-For": `${ip}, 10.0.0.1` },
  });
}

describe("login and sign-up rate limits", () => {
  test("per email from anywhere: the attempt over the ceiling is 429 problem JSON with Retry-After in seconds", async () => {
    const { app } = limitedApp({ perIp: 100, perPair: 10, perEmail: 3 });
    for (let i = 0; i < 3; i++)
      expect((await login(app, "target@example.com", `198.51.100.${i}`)).status).toBe(401);
    const res = await login(app, "TARGET@example.com", "198.51.100.99");
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.headers.get("retry-after")).toBe("900");
    expect(await res.json()).toMatchObject({ status: 429, title: "Too Many Requests" });
    // Another email from the same addresses is not affected.
    expect((await login(app, "someone-else@example.com", "198.51.100.0")).status).toBe(401);
  });

  test("per IP: many emails from one address are stopped", async () => {
    const { app } = limitedApp({ perIp: 4, perEmail: 100 });
    for (let i = 0; i < 4; i++)
      expect((await login(app, `victim${i}@example.com`, "203.0.113.7")).status).toBe(401);
    const res = await login(app, "victim9@example.com", "203.0.113.7");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address may still try.
    expect((await login(app, "victim9@example.com", "203.0.113.8")).status).toBe(401);
  });

  test("Retry-After counts down, and the window reopens after 15 minutes", async () => {
    const { app, advance } = limitedApp({ perIp: 100, perPair: 2, perEmail: 100 });
    await login(app, "clock@example.com", "192.0.2.1");
    await login(app, "clock@example.com", "192.0.2.1");
    advance(10 * MINUTE);
    const blocked = await login(app, "clock@example.com", "192.0.2.1");
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("300");
    expect((await blocked.json()).detail).toBe("Too many attempts. Try again in 5 minutes.");
    advance(5 * MINUTE);
    expect((await login(app, "clock@example.com", "192.0.2.1")).status).toBe(401);
  });

  test("sign-up is limited too, and a limited request creates nothing", async () => {
    const { app } = limitedApp({ perIp: 2, perEmail: 100 });
    const signup = (email: string) =>
      request("/api/auth/signup", {
        app,
        method: "POST",
        json: { email, password: "long enough" },
        headers: { "X-Forwarded-For": "192.0.2.50" },
      });
    expect((await signup("one@rl.example")).status).toBe(201);
    expect((await signup("two@rl.example")).status).toBe(201);
    const third = await signup("three@rl.example");
    expect(third.status).toBe(429);
    const login3 = await request("/api/auth/login", {
      app,
      method: "POST",
      json: { email: "three@rl.example", password: "long enough" },
      headers: { "X-Forwarded-For": "192.0.2.51" },
    });
    expect(login3.status).toBe(401);
  });

  test("the default limit is 10 attempts on one email from one address in 15 minutes; other addresses may still try", async () => {
    const app = createApp();
    for (let i = 0; i < 10; i++)
      expect((await login(app, "default@example.com", "192.0.2.1")).status).toBe(401);
    expect((await login(app, "default@example.com", "192.0.2.1")).status).toBe(429);
    expect((await login(app, "default@example.com", "192.0.2.2")).status).toBe(401);
  });

  test("each app instance counts on its own", async () => {
    const a = limitedApp({ perIp: 100, perEmail: 1 });
    const b = limitedApp({ perIp: 100, perEmail: 1 });
    await login(a.app, "split@example.com", "192.0.2.1");
    expect((await login(a.app, "split@example.com", "192.0.2.1")).status).toBe(429);
    expect((await login(b.app, "split@example.com", "192.0.2.1")).status).toBe(401);
  });

  test("the client IP comes from the Bun server when there is one, not from a spoofable header", async () => {
    const { app } = limitedApp({ perIp: 1, perEmail: 100 });
    const server = { requestIP: () => ({ address: "203.0.113.200", family: "IPv4", port: 5555 }) };
    const attempt = (email: string, forwardedFor: string) =>
      app.request(
        `${TEST_ORIGIN}/api/auth/login`,
        {
          method: "POST",
          headers: {
            Origin: TEST_ORIGIN,
            "Content-Type": "application/json",
            "X-Forwarded-For": forwardedFor,
          },
          body: JSON.stringify({ email, password: "whatever-123" }),
        },
        { server },
      );
    expect((await attempt("a@ip.example", "1.1.1.1")).status).toBe(401);
    // A different X-Forwarded-For does not make it a different client.
    expect((await attempt("b@ip.example", "2.2.2.2")).status).toBe(429);
  });

  test("bad input is validated before counting: a 422 does not use up attempts", async () => {
    const { app } = limitedApp({ perIp: 1, perEmail: 1 });
    for (let i = 0; i < 3; i++) {
      const res = await request("/api/auth/login", {
        app,
        method: "POST",
        json: { email: "not-an-email" },
        headers: { "X-Forwarded-For": "192.0.2.9" },
      });
      expect(res.status).toBe(422);
    }
    expect((await login(app, "ok@example.com", "192.0.2.9")).status).toBe(401);
  });
});

describe("RateLimiter", () => {
  test("forgets expired windows so memory stays bounded", () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, () => now);
    for (let i = 0; i < 1000; i++) limiter.hit(`key-${i}`);
    now = 5000;
    limiter.hit("fresh");
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });

  test("answers the seconds to wait, at least 1", () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, () => now);
    expect(limiter.hit("k")).toBe(0);
    now = 999;
    expect(limiter.hit("k")).toBe(1);
    now = 1000;
    expect(limiter.hit("k")).toBe(0);
  });
});

describe("abuse does not lock real users out or grow memory (issue 8 §2)", () => {
  async function signUp(app: ReturnType<typeof createApp>, email: string, password: string) {
    const res = await request("/api/auth/signup", {
      app,
      method: "POST",
      json: { email, password },
      headers: { "X-Forwarded-For": "192.0.2.77" },
    });
    expect(res.status).toBe(201);
  }
  const signIn = (app: ReturnType<typeof createApp>, email: string, password: string, ip: string) =>
    request("/api/auth/login", {
      app,
      method: "POST",
      json: { email, password },
      headers: { "X-Forwarded-For": ip },
    });

  test("a correct password is not refused because someone elsewhere guessed wrong ten times", async () => {
    const { app } = limitedApp({ perIp: 100, perPair: 10, perEmail: 100 });
    await signUp(app, "owner@abuse.example", "the-owners-password");
    for (let i = 0; i < 10; i++)
      expect((await signIn(app, "owner@abuse.example", "guess", "203.0.113.66")).status).toBe(401);
    expect((await signIn(app, "owner@abuse.example", "guess", "203.0.113.66")).status).toBe(429);
    expect((await signIn(app, "owner@abuse.example", "the-owners-password", "198.51.100.5")).status).toBe(
      200,
    );
  });

  test("successful sign-ins do not count against the user", async () => {
    const { app } = limitedApp({ perIp: 3, perPair: 2, perEmail: 2 });
    await signUp(app, "regular@abuse.example", "a-good-password");
    for (let i = 0; i < 6; i++)
      expect((await signIn(app, "regular@abuse.example", "a-good-password", "198.51.100.6")).status).toBe(
        200,
      );
  });

  test("sign-up and login share one per-address limit, not one each", async () => {
    const { app } = limitedApp({ perIp: 4, perEmail: 100 });
    const ip = "203.0.113.40";
    for (let i = 0; i < 2; i++) {
      const res = await request("/api/auth/signup", {
        app,
        method: "POST",
        json: { email: `shared${i}@example.com`, password: "a-long-enough-password" },
        headers: { "X-Forwarded-For": `${ip}, 10.0.0.1` },
      });
      expect(res.status).toBe(201);
    }
    for (let i = 0; i < 2; i++) expect((await login(app, `other${i}@example.com`, ip)).status).toBe(401);
    // Four attempts from this address in all: the fifth is refused, whichever it is.
    expect((await login(app, "other9@example.com", ip)).status).toBe(429);
    const signup = await request("/api/auth/signup", {
      app,
      method: "POST",
      json: { email: "shared9@example.com", password: "a-long-enough-password" },
      headers: { "X-Forwarded-For": `${ip}, 10.0.0.1` },
    });
    expect(signup.status).toBe(429);
  });

  test("a blocked address records nothing new: fresh emails add no keys", async () => {
    const limits = createAuthRateLimits({ perIp: 3, perPair: 10, perEmail: 100 });
    const app = createApp({ auth: { rateLimits: limits } });
    for (let i = 0; i < 40; i++) await login(app, `fresh${i}@abuse.example`, "203.0.113.99");
    expect(limits.perIp.size).toBe(1);
    expect(limits.perPair.size).toBe(3);
    expect(limits.perEmail.size).toBe(3);
  });

  test("a limiter keeps at most its cap of keys, dropping the oldest", () => {
    const limiter = new RateLimiter({ limit: 5, windowMs: 60_000 }, () => 0, 100);
    for (let i = 0; i < 1000; i++) limiter.hit(`k${i}`);
    expect(limiter.size).toBe(100);
    // The newest keys are the ones kept.
    expect(limiter.peek("k999")).toBe(0);
    for (let i = 0; i < 5; i++) limiter.hit("k999");
    expect(limiter.peek("k999")).toBeGreaterThan(0);
  });

  test("a limit given as a function applies at once when it changes", () => {
    let limit = 1;
    const limiter = new RateLimiter({ limit: () => limit, windowMs: 60_000 }, () => 0);
    expect(limiter.hit("k")).toBe(0);
    expect(limiter.hit("k")).toBeGreaterThan(0);
    limit = 3;
    expect(limiter.hit("k")).toBe(0);
  });
});

describe("TRUST_PROXY: whose forwarding header names the client", () => {
  const PROXY = "10.1.2.3";
  function ipSeen(trust: TrustProxy, peer: string, headers: Record<string, string>) {
    const app = new Hono().get("/", (c) => c.text(clientIp(c, trust)));
    const server = { requestIP: () => ({ address: peer, family: "IPv4", port: 1 }) };
    return Promise.resolve(app.request("http://localhost/", { headers }, { server })).then((r) => r.text());
  }

  test("off (the default): the socket's peer, whatever the headers say", async () => {
    expect(
      await ipSeen({ mode: "off" }, PROXY, { "X-Forwarded-For": "1.1.1.1", "Fly-Client-IP": "2.2.2.2" }),
    ).toBe(PROXY);
    expect(parseEnv({}).TRUST_PROXY).toEqual({ mode: "off" });
  });

  test("fly: Fly-Client-IP", async () => {
    expect(await ipSeen({ mode: "fly" }, PROXY, { "Fly-Client-IP": "198.51.100.20" })).toBe("198.51.100.20");
    expect(await ipSeen({ mode: "fly" }, PROXY, {})).toBe(PROXY);
  });

  test("a list of proxies: X-Forwarded-For only from a listed peer, right-most hop that is not a proxy", async () => {
    const trust = parseEnv({ TRUST_PROXY: `${PROXY}, 10.1.2.4` }).TRUST_PROXY;
    expect(await ipSeen(trust, PROXY, { "X-Forwarded-For": "6.6.6.6, 198.51.100.30, 10.1.2.4" })).toBe(
      "198.51.100.30",
    );
    // A visitor talking to the server directly cannot pick their own address.
    expect(await ipSeen(trust, "198.51.100.40", { "X-Forwarded-For": "6.6.6.6" })).toBe("198.51.100.40");
    expect(() => parseEnv({ TRUST_PROXY: "proxy.internal" })).toThrow(/TRUST_PROXY/);
  });
});
