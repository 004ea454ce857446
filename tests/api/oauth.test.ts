import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { changeOwnPassword } from "../../src/server/accounts/passwords.ts";
import { sessionIdFromToken } from "../../src/server/auth/session.ts";
import { db } from "../../src/server/db/client.ts";
import { auditLog, oauthAccounts, sessions, users } from "../../src/server/db/schema/index.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { HttpProblem } from "../../src/server/http/problem.ts";
import { cookieFrom, request } from "../helpers/api.ts";
import { holdNext } from "../helpers/held-password.ts";

/**
 * Sign-in through Google, Discord and GitHub against a local server that replays the providers'
 * answers. The answers below are written from each provider's published documentation (no
 * recording of these endpoints exists in the shared datasets):
 * - Google: OAuth 2.0 token endpoint and OpenID Connect `userinfo`
 *   (developers.google.com/identity/openid-connect/openid-connect).
 * - Discord: `POST /api/oauth2/token`, `GET /api/users/@me` (discord.com/developers/docs/topics/oauth2,
 *   resources/user#user-object).
 * - GitHub: `POST /login/oauth/access_token` (which answers errors with 200), `GET /user`,
 *   `GET /user/emails` (docs.github.com/en/apps/oauth-apps, rest/users).
 *
 * The real arctic and profile-parsing code runs: only the global `fetch` is swapped for one that
 * sends the providers' hosts to the local server (and refuses any other outside host).
 */

const PROVIDER_HOSTS = new Set([
  "accounts.google.com",
  "oauth2.googleapis.com",
  "openidconnect.googleapis.com",
  "discord.com",
  "github.com",
  "api.github.com",
]);

interface Recorded {
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  form?: Record<string, string>;
}

// Races without timing: `holdNext("verifyPassword")` (tests/helpers/held-password.ts).
vi.mock("../../src/server/auth/password.ts", async (original) =>
  (await import("../helpers/held-password.ts")).withHeldCalls(await original()),
);
const holdNextVerify = () => holdNext("verifyPassword");

const received: Recorded[] = [];
/** Profiles served for an access token; a test registers what the provider will say. */
const profiles = new Map<string, { status?: number; body: unknown; emails?: unknown }>();

const GOOGLE_TOKEN = (accessToken: string) => ({
  access_token: accessToken,
  expires_in: 3599,
  scope:
    "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
  token_type: "Bearer",
  id_token: "eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl",
});
const DISCORD_TOKEN = (accessToken: string) => ({
  access_token: accessToken,
  token_type: "Bearer",
  expires_in: 604800,
  refresh_token: "D43f5y0ahjqew82jZ4NViEr2YafMKhue",
  scope: "identify email",
});
const GITHUB_TOKEN = (accessToken: string) => ({
  access_token: accessToken,
  scope: "read:user,user:email",
  token_type: "bearer",
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The code the browser brings back decides the access token (`code-<x>` → `token-<x>`). */
function tokenFor(code: string | undefined): string {
  return `token-${(code ?? "").replace(/^code-/, "")}`;
}

let server: ReturnType<typeof Bun.serve>;
const realFetch = globalThis.fetch;

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const [, host, ...rest] = url.pathname.split("/");
      const path = `/${rest.join("/")}`;
      const form =
        req.method === "POST" ? Object.fromEntries(new URLSearchParams(await req.text())) : undefined;
      received.push({
        method: req.method,
        host: host!,
        path,
        headers: Object.fromEntries(req.headers),
        form,
      });
      const bearer = req.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";

      const tokenEndpoint =
        (host === "oauth2.googleapis.com" && path === "/token") ||
        (host === "discord.com" && path === "/api/oauth2/token") ||
        (host === "github.com" && path === "/login/oauth/access_token");
      if (tokenEndpoint) {
        if (form?.code === "code-refused") {
          // RFC 6749 §5.2; GitHub says the same with a 200.
          const error = { error: "invalid_grant", error_description: "Bad Request" };
          if (host === "github.com") {
            return json({
              error: "bad_verification_code",
              error_description: "The code passed is incorrect or expired.",
              error_uri:
                "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code",
            });
          }
          return json(error, 400);
        }
        if (form?.code === "code-server-down") return new Response("upstream error", { status: 503 });
        const token = tokenFor(form?.code);
        if (host === "oauth2.googleapis.com") return json(GOOGLE_TOKEN(token));
        if (host === "discord.com") return json(DISCORD_TOKEN(token));
        return json(GITHUB_TOKEN(token));
      }

      const profile = profiles.get(bearer);
      const profileEndpoint =
        (host === "openidconnect.googleapis.com" && path === "/v1/userinfo") ||
        (host === "discord.com" && path === "/api/users/@me") ||
        (host === "api.github.com" && path === "/user");
      if (profileEndpoint) {
        if (!profile) return json({ message: "Bad credentials" }, 401);
        return json(profile.body, profile.status ?? 200);
      }
      if (host === "api.github.com" && path === "/user/emails") {
        if (!profile) return json({ message: "Bad credentials" }, 401);
        return json(profile.emails ?? []);
      }
      return json({ message: "Not Found" }, 404);
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  vi.stubGlobal("fetch", (input: Request | string | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return realFetch(req);
    if (!PROVIDER_HOSTS.has(url.hostname)) throw new Error(`test tried to reach ${url.hostname}`);
    return realFetch(new Request(`${base}/${url.hostname}${url.pathname}${url.search}`, req));
  });

  process.env.GOOGLE_CLIENT_ID = "google-client-id.apps.googleusercontent.com";
  process.env.GOOGLE_CLIENT_SECRET = "google-secret";
  process.env.DISCORD_CLIENT_ID = "1234567890";
  process.env.DISCORD_CLIENT_SECRET = "discord-secret";
  process.env.GITHUB_CLIENT_ID = "Iv1.github-client";
  process.env.GITHUB_CLIENT_SECRET = "github-secret";
  resetEnvForTests();
});

afterAll(() => {
  vi.unstubAllGlobals();
  server.stop(true);
  for (const key of [
    "GOOGLE_CLIENT_ID",
    "GOOGLE_CLIENT_SECRET",
    "DISCORD_CLIENT_ID",
    "DISCORD_CLIENT_SECRET",
    "GITHUB_CLIENT_ID",
    "GITHUB_CLIENT_SECRET",
  ]) {
    delete process.env[key];
  }
  resetEnvForTests();
});

beforeEach(() => {
  received.length = 0;
});

function setCookies(res: Response): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    map.set(pair!.slice(0, eq), line);
  }
  return map;
}

function cookieValue(line: string | undefined): string {
  return line?.split(";")[0]?.split("=").slice(1).join("=") ?? "";
}

/** Starts a sign-in the way the browser does and answers what the callback needs. */
async function startFlow(provider: string) {
  const res = await request(`/api/login?provider=${provider}`);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  const cookies = setCookies(res);
  const state = cookieValue(cookies.get("oauth_state"));
  const verifier = cookieValue(cookies.get("oauth_code_verifier"));
  const cookie = [`oauth_state=${state}`, verifier ? `oauth_code_verifier=${verifier}` : ""]
    .filter(Boolean)
    .join("; ");
  return { res, location, cookies, state, verifier, cookie };
}

async function callback(provider: string, query: Record<string, string>, cookie?: string) {
  return request(`/api/auth/callback/${provider}?${new URLSearchParams(query)}`, { cookie });
}

async function signInThrough(provider: string, code: string) {
  const flow = await startFlow(provider);
  const res = await callback(provider, { code, state: flow.state }, flow.cookie);
  return { flow, res };
}

async function whoAmI(res: Response) {
  const cookie = cookieFrom(res);
  if (!cookie) return null;
  const me = await request("/api/auth/user", { cookie });
  return me.status === 200 ? me.json() : null;
}

describe("GET /api/login", () => {
  test("without a provider → /?signin=1 (the landing page opens its dialog)", async () => {
    const res = await request("/api/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?signin=1");
  });

  test("a deep link's screen is carried to the dialog; another site or an API path is dropped", async () => {
    const res = await request(`/api/login?next=${encodeURIComponent("/igdb-games?q=doom")}`);
    expect(res.headers.get("location")).toBe(`/?signin=1&next=${encodeURIComponent("/igdb-games?q=doom")}`);
    for (const bad of ["//evil.example/", "https://evil.example/", "/api/logout"]) {
      const refused = await request(`/api/login?next=${encodeURIComponent(bad)}`);
      expect(refused.headers.get("location")).toBe("/?signin=1");
    }
  });

  test("an unknown provider → /?auth_error=unknown_provider", async () => {
    const res = await request("/api/login?provider=myspace");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?auth_error=unknown_provider");
  });

  test("a provider without client id → /?auth_error=<provider>_not_configured", async () => {
    const saved = process.env.DISCORD_CLIENT_ID;
    delete process.env.DISCORD_CLIENT_ID;
    resetEnvForTests();
    try {
      const res = await request("/api/login?provider=discord");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/?auth_error=discord_not_configured");
      expect(res.headers.getSetCookie()).toEqual([]);
    } finally {
      process.env.DISCORD_CLIENT_ID = saved;
      resetEnvForTests();
    }
  });

  test("Google: redirect with PKCE, state and verifier in 10-minute httpOnly cookies", async () => {
    const { location, cookies, state, verifier } = await startFlow("google");
    expect(`${location.origin}${location.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(location.searchParams.get("client_id")).toBe("google-client-id.apps.googleusercontent.com");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost/api/auth/callback/google");
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("scope")?.split(" ")).toEqual(["openid", "profile", "email"]);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get("state")).toBe(state);
    expect(state.length).toBeGreaterThan(20);
    expect(verifier.length).toBeGreaterThan(40);
    for (const name of ["oauth_state", "oauth_code_verifier"]) {
      const line = cookies.get(name)!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/Max-Age=600/);
      expect(line).toMatch(/SameSite=Lax/i);
    }
  });

  test("Discord: redirect with PKCE to Discord's authorize page", async () => {
    const { location, verifier } = await startFlow("discord");
    expect(`${location.origin}${location.pathname}`).toBe("https://discord.com/oauth2/authorize");
    expect(location.searchParams.get("scope")).toBe("identify email");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(verifier).not.toBe("");
  });

  test("GitHub: redirect without PKCE, and no verifier cookie", async () => {
    const { location, cookies } = await startFlow("github");
    expect(`${location.origin}${location.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(location.searchParams.get("code_challenge")).toBeNull();
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost/api/auth/callback/github");
    expect(cookieValue(cookies.get("oauth_code_verifier"))).toBe("");
  });

  test("PUBLIC_URL decides the redirect URI", async () => {
    process.env.PUBLIC_URL = "https://gi.example.com";
    resetEnvForTests();
    try {
      const res = await request("/api/login?provider=google", {
        headers: { Origin: "https://gi.example.com" },
      });
      const location = new URL(res.headers.get("location")!);
      expect(location.searchParams.get("redirect_uri")).toBe(
        "https://gi.example.com/api/auth/callback/google",
      );
      expect(res.headers.getSetCookie().join("\n")).toMatch(/Secure/);
    } finally {
      delete process.env.PUBLIC_URL;
      resetEnvForTests();
    }
  });
});

describe("GET /api/auth/callback/google", () => {
  test("signing in through a provider from a deep link lands on that screen", async () => {
    profiles.set("token-deep", {
      body: { sub: "2041", name: "Dee Link", email: "dee.link@gmail.com", email_verified: true },
    });
    const start = await request(`/api/login?provider=google&next=${encodeURIComponent("/dashboard")}`);
    const cookies = setCookies(start);
    const state = cookieValue(cookies.get("oauth_state"));
    const cookie = ["oauth_state", "oauth_code_verifier", "oauth_next"]
      .map((name) => `${name}=${cookieValue(cookies.get(name))}`)
      .join("; ");
    expect(cookieValue(cookies.get("oauth_next"))).not.toBe("");
    const res = await callback("google", { code: "code-deep", state }, cookie);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect(await whoAmI(res)).toMatchObject({ email: "dee.link@gmail.com" });
    // A forged cookie naming another site is ignored.
    const again = await request("/api/login?provider=google");
    const againCookies = setCookies(again);
    const forged = [
      `oauth_state=${cookieValue(againCookies.get("oauth_state"))}`,
      `oauth_code_verifier=${cookieValue(againCookies.get("oauth_code_verifier"))}`,
      "oauth_next=//evil.example",
    ].join("; ");
    const res2 = await callback(
      "google",
      { code: "code-deep", state: cookieValue(againCookies.get("oauth_state")) },
      forged,
    );
    expect(res2.headers.get("location")).toBe("/");
  });

  test("a new person with a verified email gets an account, a session, and lands on /", async () => {
    profiles.set("token-ana", {
      body: {
        sub: "110169484474386276334",
        name: "Ana Souza",
        given_name: "Ana",
        family_name: "Souza",
        picture: "https://lh3.googleusercontent.com/a/ACg8ocJ-ana=s96-c",
        email: "Ana.Souza@gmail.com",
        email_verified: true,
      },
    });
    const { flow, res } = await signInThrough("google", "code-ana");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const me = await whoAmI(res);
    expect(me).toMatchObject({
      email: "ana.souza@gmail.com",
      firstName: "Ana",
      lastName: "Souza",
      profileImageUrl: "https://lh3.googleusercontent.com/a/ACg8ocJ-ana=s96-c",
      role: "regular",
      subscriptionTier: "starter",
    });
    // The state cookies are spent.
    expect(res.headers.getSetCookie().some((l) => /^oauth_state=;/.test(l))).toBe(true);

    // arctic sent the code with the PKCE verifier and client credentials.
    const tokenCall = received.find((r) => r.host === "oauth2.googleapis.com")!;
    expect(tokenCall.form).toMatchObject({
      grant_type: "authorization_code",
      code: "code-ana",
      code_verifier: flow.verifier,
      redirect_uri: "http://localhost/api/auth/callback/google",
    });
    expect(tokenCall.headers.authorization).toBe(
      `Basic ${btoa("google-client-id.apps.googleusercontent.com:google-secret")}`,
    );
    const profileCall = received.find((r) => r.host === "openidconnect.googleapis.com")!;
    expect(profileCall.headers.authorization).toBe("Bearer token-ana");

    const links = await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, me.id));
    expect(links).toMatchObject([{ provider: "google", providerUserId: "110169484474386276334" }]);
  });

  test("signing in again with the same Google account finds the same user", async () => {
    profiles.set("token-ben", {
      body: { sub: "200000000000000000001", email: "ben@gmail.com", email_verified: true, given_name: "Ben" },
    });
    const first = await whoAmI((await signInThrough("google", "code-ben")).res);
    const second = await whoAmI((await signInThrough("google", "code-ben")).res);
    expect(second.id).toBe(first.id);
    expect(await db().select().from(users).where(eq(users.email, "ben@gmail.com"))).toHaveLength(1);
  });

  test("a verified email links to the existing password account", async () => {
    const signup = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "carla@studio.example", password: "carla's password" },
    });
    const { user } = await signup.json();
    profiles.set("token-carla", {
      body: { sub: "300000000000000000001", email: "carla@studio.example", email_verified: true },
    });
    const me = await whoAmI((await signInThrough("google", "code-carla")).res);
    expect(me.id).toBe(user.id);
    const links = await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
    expect(links).toHaveLength(1);
  });

  test("the first verified provider sign-in removes a password set without proof and ends its sessions", async () => {
    // Someone signs up with an address that is not theirs and keeps the password (pre-hijacking).
    const signup = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "erin@studio.example", password: "planted password" },
    });
    const { user } = await signup.json();
    const plantedSession = cookieFrom(signup)!;
    expect((await request("/api/auth/user", { cookie: plantedSession })).status).toBe(200);

    profiles.set("token-erin", {
      body: { sub: "310000000000000000001", email: "erin@studio.example", email_verified: true },
    });
    const { res } = await signInThrough("google", "code-erin");
    const owner = cookieFrom(res)!;
    expect((await whoAmI(res)).id).toBe(user.id);

    // The planted password no longer signs in, and the session made with it has ended.
    const login = await request("/api/auth/login", {
      method: "POST",
      json: { email: "erin@studio.example", password: "planted password" },
    });
    expect(login.status).toBe(401);
    expect((await request("/api/auth/user", { cookie: plantedSession })).status).toBe(401);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();

    // The owner is told once, in the bell, and can set a new password without a current one.
    const list = await (await request("/api/user/notifications", { cookie: owner })).json();
    const notices = list.notifications.filter((n: { kind: string }) => n.kind === "account");
    expect(notices).toEqual([
      expect.objectContaining({
        kind: "account",
        game: null,
        read: false,
        account: { event: "password_removed", provider: "google" },
      }),
    ]);
    expect((await (await request("/api/auth/password", { cookie: owner })).json()).hasPassword).toBe(false);

    // Signing in again through the provider changes nothing more: no second notice.
    const again = await signInThrough("google", "code-erin");
    const after = await (await request("/api/user/notifications", { cookie: cookieFrom(again.res)! })).json();
    expect(after.notifications.filter((n: { kind: string }) => n.kind === "account")).toHaveLength(1);
  });

  test("a sign-in with the planted password verified just before the owner's first provider sign-in gets no session", async () => {
    const signup = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "gil@studio.example", password: "planted password" },
    });
    const { user } = await signup.json();
    profiles.set("token-gil", {
      body: { sub: "330000000000000000001", email: "gil@studio.example", email_verified: true },
    });
    const held = holdNextVerify();
    const login = request("/api/auth/login", {
      method: "POST",
      json: { email: "gil@studio.example", password: "planted password" },
    });
    await held.reached;
    // The planted password has been verified; before its session is made, the owner proves the address.
    const owner = await signInThrough("google", "code-gil");
    expect((await whoAmI(owner.res)).id).toBe(user.id);
    held.release();
    const res = await login;
    expect(res.status).toBe(401);
    expect(cookieFrom(res)).toBeUndefined();
    // Only the owner's session is left.
    const left = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual([sessionIdFromToken(cookieFrom(owner.res)!.split("=")[1]!)]);
  });

  test("a password change under way with the planted session when the owner proved the address stores nothing: 409", async () => {
    const signup = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "hana@studio.example", password: "planted password" },
    });
    const { user } = await signup.json();
    const planted = sessionIdFromToken(cookieFrom(signup)!.split("=")[1]!);
    // The planted session's request passed its sign-in check with this row...
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    profiles.set("token-hana", {
      body: { sub: "340000000000000000001", email: "hana@studio.example", email_verified: true },
    });
    // ...then the owner's first Google sign-in removes the password and ends every session...
    await signInThrough("google", "code-hana");
    // ...and only then does the change run: it finds no password, so none is asked for.
    const change = changeOwnPassword(row!, planted, undefined, "attacker's new one");
    await expect(change).rejects.toBeInstanceOf(HttpProblem);
    await expect(change).rejects.toMatchObject({ status: 409 });
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBeNull();
    const login = await request("/api/auth/login", {
      method: "POST",
      json: { email: "hana@studio.example", password: "attacker's new one" },
    });
    expect(login.status).toBe(401);
  });

  test("the link and the password's removal are one: when the removal fails, no link is kept and the next sign-in removes it", async () => {
    const signup = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "ivo@studio.example", password: "planted password" },
    });
    const { user } = await signup.json();
    profiles.set("token-ivo", {
      body: { sub: "350000000000000000001", email: "ivo@studio.example", email_verified: true },
    });
    // The removal's UPDATE fails (standing in for a database error or a crash after the link's insert).
    await db().run(
      sql.raw(`CREATE TRIGGER test_refuse_ivo BEFORE UPDATE OF password_hash ON users
               WHEN OLD.email = 'ivo@studio.example' BEGIN SELECT RAISE(ABORT, 'refused in test'); END`),
    );
    try {
      const failed = await signInThrough("google", "code-ivo");
      expect(failed.res.headers.get("location")).toBe("/?auth_error=server_error");
    } finally {
      await db().run(sql.raw("DROP TRIGGER test_refuse_ivo"));
    }
    expect(await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id))).toHaveLength(0);
    // The next sign-in is still the first proven one: the planted password goes.
    const again = await signInThrough("google", "code-ivo");
    expect((await whoAmI(again.res)).id).toBe(user.id);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
    const login = await request("/api/auth/login", {
      method: "POST",
      json: { email: "ivo@studio.example", password: "planted password" },
    });
    expect(login.status).toBe(401);
  });

  test("an account already linked to a provider keeps its password when another provider links", async () => {
    profiles.set("token-finn-google", {
      body: { sub: "320000000000000000001", email: "finn@studio.example", email_verified: true },
    });
    const first = await signInThrough("google", "code-finn-google");
    // The proven owner sets a password, then links GitHub too.
    const set = await request("/api/auth/password", {
      method: "POST",
      cookie: cookieFrom(first.res)!,
      json: { newPassword: "finn's own password" },
    });
    expect(set.status).toBe(200);
    // Setting the password renewed this browser's session.
    const cookie = cookieFrom(set)!;
    profiles.set("token-finn-github", {
      body: { id: 9001, login: "finn", name: "Finn", email: "finn@studio.example" },
      emails: [{ email: "finn@studio.example", primary: true, verified: true, visibility: "public" }],
    });
    const second = await signInThrough("github", "code-finn-github");
    expect(second.res.headers.get("location")).toBe("/");
    const login = await request("/api/auth/login", {
      method: "POST",
      json: { email: "finn@studio.example", password: "finn's own password" },
    });
    expect(login.status).toBe(200);
    expect((await request("/api/auth/user", { cookie })).status).toBe(200);
    const list = await (await request("/api/user/notifications", { cookie })).json();
    expect(list.notifications.filter((n: { kind: string }) => n.kind === "account")).toHaveLength(0);
  });

  test("an unverified email never takes over an existing account", async () => {
    const signup = await request("/api/auth/signup", {
      method: "POST",
      json: { email: "dora@studio.example", password: "dora's password" },
    });
    const { user } = await signup.json();
    profiles.set("token-mallory", {
      body: { sub: "400000000000000000001", email: "dora@studio.example", email_verified: false },
    });
    const { res } = await signInThrough("google", "code-mallory");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?auth_error=email_unverified");
    expect(cookieFrom(res)).toBeUndefined();
    expect(await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id))).toHaveLength(0);
  });

  test("an unverified ADMIN_EMAILS address gets a regular account, not admin", async () => {
    process.env.ADMIN_EMAILS = "root@studio.example";
    resetEnvForTests();
    try {
      profiles.set("token-fake-root", {
        body: { sub: "500000000000000000001", email: "root@studio.example", email_verified: false },
      });
      const me = await whoAmI((await signInThrough("google", "code-fake-root")).res);
      expect(me).toMatchObject({ email: "root@studio.example", role: "regular" });
    } finally {
      delete process.env.ADMIN_EMAILS;
      resetEnvForTests();
    }
  });

  test("a verified ADMIN_EMAILS address becomes admin/enterprise", async () => {
    process.env.ADMIN_EMAILS = "chief@studio.example";
    resetEnvForTests();
    try {
      profiles.set("token-chief", {
        body: { sub: "500000000000000000002", email: "chief@studio.example", email_verified: true },
      });
      const me = await whoAmI((await signInThrough("google", "code-chief")).res);
      expect(me).toMatchObject({ role: "admin", subscriptionTier: "enterprise" });
    } finally {
      delete process.env.ADMIN_EMAILS;
      resetEnvForTests();
    }
  });

  test("a state that does not match the cookie → invalid_state, and the provider is never called", async () => {
    const flow = await startFlow("google");
    const res = await callback("google", { code: "code-ana", state: "forged-state" }, flow.cookie);
    expect(res.headers.get("location")).toBe("/?auth_error=invalid_state");
    expect(received).toHaveLength(0);
  });

  test("no state cookie (expired after 10 minutes) → invalid_state", async () => {
    const flow = await startFlow("google");
    const res = await callback("google", { code: "code-ana", state: flow.state });
    expect(res.headers.get("location")).toBe("/?auth_error=invalid_state");
  });

  test("a missing code → invalid_state", async () => {
    const flow = await startFlow("google");
    const res = await callback("google", { state: flow.state }, flow.cookie);
    expect(res.headers.get("location")).toBe("/?auth_error=invalid_state");
  });

  test("the person cancels at the provider → access_denied", async () => {
    const flow = await startFlow("google");
    const res = await callback("google", { error: "access_denied", state: flow.state }, flow.cookie);
    expect(res.headers.get("location")).toBe("/?auth_error=access_denied");
  });

  test("the provider refuses the code → provider_error, not a 500", async () => {
    const { res } = await signInThrough("google", "code-refused");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?auth_error=provider_error");
  });

  test("the token endpoint is down → provider_error", async () => {
    const { res } = await signInThrough("google", "code-server-down");
    expect(res.headers.get("location")).toBe("/?auth_error=provider_error");
  });

  test("a userinfo answer without `sub` → provider_error", async () => {
    profiles.set("token-broken", { body: { email: "x@gmail.com", email_verified: true } });
    const { res } = await signInThrough("google", "code-broken");
    expect(res.headers.get("location")).toBe("/?auth_error=provider_error");
  });

  test("userinfo answers 500 → provider_error", async () => {
    profiles.set("token-flaky", { status: 500, body: { error: "backend" } });
    const { res } = await signInThrough("google", "code-flaky");
    expect(res.headers.get("location")).toBe("/?auth_error=provider_error");
  });

  test("no email shared → email_missing", async () => {
    profiles.set("token-noemail", { body: { sub: "600000000000000000001" } });
    const { res } = await signInThrough("google", "code-noemail");
    expect(res.headers.get("location")).toBe("/?auth_error=email_missing");
  });

  test("a callback for a provider that is not configured → <provider>_not_configured", async () => {
    const saved = process.env.GOOGLE_CLIENT_SECRET;
    delete process.env.GOOGLE_CLIENT_SECRET;
    resetEnvForTests();
    try {
      const res = await callback("google", { code: "code-ana", state: "x" }, "oauth_state=x");
      expect(res.headers.get("location")).toBe("/?auth_error=google_not_configured");
    } finally {
      process.env.GOOGLE_CLIENT_SECRET = saved;
      resetEnvForTests();
    }
  });

  test("a callback for an unknown provider → unknown_provider", async () => {
    const res = await callback("myspace", { code: "c", state: "s" }, "oauth_state=s");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?auth_error=unknown_provider");
  });
});

describe("GET /api/auth/callback/discord", () => {
  test("a verified Discord account signs in with its display name and avatar", async () => {
    profiles.set("token-nelly", {
      body: {
        id: "80351110224678912",
        username: "nelly",
        discriminator: "0",
        global_name: "Nelly",
        avatar: "8342729096ea3675442027381ff50dfe",
        verified: true,
        email: "nelly@discord.example",
        flags: 64,
        banner: null,
        accent_color: 16711680,
        premium_type: 1,
        public_flags: 64,
        mfa_enabled: true,
        locale: "en-US",
      },
    });
    const { flow, res } = await signInThrough("discord", "code-nelly");
    expect(res.headers.get("location")).toBe("/");
    const me = await whoAmI(res);
    expect(me).toMatchObject({
      email: "nelly@discord.example",
      firstName: "Nelly",
      profileImageUrl:
        "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    });
    const tokenCall = received.find((r) => r.path === "/api/oauth2/token")!;
    expect(tokenCall.form?.code_verifier).toBe(flow.verifier);
  });

  test("Discord's `verified: false` does not link to an existing account", async () => {
    await request("/api/auth/signup", {
      method: "POST",
      json: { email: "eve@studio.example", password: "eve's password" },
    });
    profiles.set("token-eve", {
      body: { id: "90000000000000001", username: "eve", email: "eve@studio.example", verified: false },
    });
    const { res } = await signInThrough("discord", "code-eve");
    expect(res.headers.get("location")).toBe("/?auth_error=email_unverified");
  });
});

describe("GET /api/auth/callback/github", () => {
  test("the primary verified email is used, and the name is split", async () => {
    profiles.set("token-octo", {
      body: {
        login: "octocat",
        id: 583231,
        node_id: "MDQ6VXNlcjU4MzIzMQ==",
        avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
        type: "User",
        name: "The Octocat",
        company: "@github",
        email: null,
      },
      emails: [
        { email: "octo-old@users.example", primary: false, verified: true, visibility: null },
        { email: "octocat@github.example", primary: true, verified: true, visibility: "public" },
      ],
    });
    const { res } = await signInThrough("github", "code-octo");
    expect(res.headers.get("location")).toBe("/");
    const me = await whoAmI(res);
    expect(me).toMatchObject({
      email: "octocat@github.example",
      firstName: "The",
      lastName: "Octocat",
      profileImageUrl: "https://avatars.githubusercontent.com/u/583231?v=4",
    });
    const tokenCall = received.find((r) => r.host === "github.com")!;
    expect(tokenCall.form?.code_verifier).toBeUndefined();
    expect(tokenCall.headers.authorization).toBe(`Basic ${btoa("Iv1.github-client:github-secret")}`);
    const links = await db().select().from(oauthAccounts).where(eq(oauthAccounts.userId, me.id));
    expect(links).toMatchObject([{ provider: "github", providerUserId: "583231" }]);
  });

  test("GitHub's 200-with-error token answer → provider_error", async () => {
    const { res } = await signInThrough("github", "code-refused");
    expect(res.headers.get("location")).toBe("/?auth_error=provider_error");
  });

  test("an unverified primary email does not link to an existing account", async () => {
    await request("/api/auth/signup", {
      method: "POST",
      json: { email: "fay@studio.example", password: "fay's password" },
    });
    profiles.set("token-fay", {
      body: { login: "fay", id: 700001, name: null, avatar_url: null },
      emails: [{ email: "fay@studio.example", primary: true, verified: false, visibility: null }],
    });
    const { res } = await signInThrough("github", "code-fay");
    expect(res.headers.get("location")).toBe("/?auth_error=email_unverified");
  });

  test("an emails answer of the wrong shape → provider_error", async () => {
    profiles.set("token-odd", {
      body: { login: "odd", id: 700002 },
      emails: { message: "Not a list" },
    });
    const { res } = await signInThrough("github", "code-odd");
    expect(res.headers.get("location")).toBe("/?auth_error=provider_error");
  });
});

// Review r20-b #4: sign-ins go into the audit log with their method, failures too.
describe("provider sign-ins are audited", () => {
  test("a success names the account and the provider; a refused code is a failed sign-in", async () => {
    profiles.set("token-gil", {
      body: { sub: "300000000000000000001", email: "gil@gmail.com", email_verified: true, given_name: "Gil" },
    });
    await db().delete(auditLog);
    const me = await whoAmI((await signInThrough("google", "code-gil")).res);
    const signedIn = await db().select().from(auditLog).where(eq(auditLog.action, "auth.signed_in"));
    expect(signedIn).toMatchObject([{ actorId: me.id, targetId: me.id, detail: { method: "google" } }]);

    const { res } = await signInThrough("google", "code-refused");
    expect(res.headers.get("location")).toBe("/?auth_error=provider_error");
    const failed = await db().select().from(auditLog).where(eq(auditLog.action, "auth.sign_in_failed"));
    expect(failed).toMatchObject([
      { actorId: null, targetId: null, detail: { method: "google", reason: "provider_error" } },
    ]);
    // Never the code or a token.
    expect(JSON.stringify(failed)).not.toMatch(/code-refused|token-/);
  });
});
