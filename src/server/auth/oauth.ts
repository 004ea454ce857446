import {
  ArcticFetchError,
  Discord,
  GitHub,
  Google,
  generateCodeVerifier,
  generateState,
  OAuth2RequestError,
} from "arctic";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AuthErrorCode, OAuthProvider } from "../../contracts/auth.ts";
import { OAUTH_PROVIDERS } from "../../contracts/auth.ts";
import { safeReturnPath } from "../../contracts/return-path.ts";
import { env } from "../env.ts";
import { isSecureRequest } from "./session.ts";

/**
 * Sign-in through Google, Discord and GitHub with arctic (issue 2 §4, STACK.md). Tokens are
 * exchanged by arctic's provider classes; profiles are fetched here and parsed from `unknown`
 * with zod, so a provider that changes its answer gives a readable `provider_error`, never a 500.
 *
 * Every outside call goes through the global `fetch` (arctic's own calls too), which is the seam
 * the tests use to replay recorded provider answers from a local server.
 */

/** A failure the browser is sent back to `/?auth_error=<code>` with. */
export class OAuthFlowError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

export function isOAuthProvider(value: string | undefined): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value ?? "");
}

/** What we keep of a provider's profile. */
export interface ProviderProfile {
  provider: OAuthProvider;
  providerUserId: string;
  email: string | null;
  /** Only a verified email may be linked to an existing account. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
}

const PROFILE_URLS = {
  google: "https://openidconnect.googleapis.com/v1/userinfo",
  discord: "https://discord.com/api/users/@me",
  githubUser: "https://api.github.com/user",
  githubEmails: "https://api.github.com/user/emails",
} as const;

const SCOPES: Record<OAuthProvider, string[]> = {
  google: ["openid", "profile", "email"],
  discord: ["identify", "email"],
  github: ["read:user", "user:email"],
};

/** Provider calls that hang must not hold the browser's callback request forever. */
const PROVIDER_TIMEOUT_MS = 10_000;

function credentials(provider: OAuthProvider): { id: string; secret: string } | null {
  const e = env();
  const pairs = {
    google: [e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET],
    discord: [e.DISCORD_CLIENT_ID, e.DISCORD_CLIENT_SECRET],
    github: [e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET],
  } as const;
  const [id, secret] = pairs[provider];
  return id && secret ? { id, secret } : null;
}

export function isProviderConfigured(provider: OAuthProvider): boolean {
  return credentials(provider) !== null;
}

/** `${PUBLIC_URL or the request's origin}/api/auth/callback/<provider>`: what the provider sends the browser back to. */
export function redirectUri(c: Context, provider: OAuthProvider): string {
  const base = env().PUBLIC_URL ?? new URL(c.req.url).origin;
  return `${base.replace(/\/+$/, "")}/api/auth/callback/${provider}`;
}

function client(provider: OAuthProvider, redirectURI: string) {
  const creds = credentials(provider);
  if (!creds) throw new OAuthFlowError(`${provider}_not_configured`);
  switch (provider) {
    case "google":
      return { provider, arctic: new Google(creds.id, creds.secret, redirectURI) } as const;
    case "discord":
      return { provider, arctic: new Discord(creds.id, creds.secret, redirectURI) } as const;
    case "github":
      return { provider, arctic: new GitHub(creds.id, creds.secret, redirectURI) } as const;
  }
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  /** PKCE verifier for Google and Discord; GitHub's flow has none (STACK.md). */
  codeVerifier: string | null;
}

export function createAuthorization(provider: OAuthProvider, redirectURI: string): AuthorizationStart {
  const c = client(provider, redirectURI);
  const state = generateState();
  switch (c.provider) {
    case "google": {
      const codeVerifier = generateCodeVerifier();
      return {
        url: c.arctic.createAuthorizationURL(state, codeVerifier, SCOPES.google),
        state,
        codeVerifier,
      };
    }
    case "discord": {
      const codeVerifier = generateCodeVerifier();
      return {
        url: c.arctic.createAuthorizationURL(state, codeVerifier, SCOPES.discord),
        state,
        codeVerifier,
      };
    }
    case "github":
      return { url: c.arctic.createAuthorizationURL(state, SCOPES.github), state, codeVerifier: null };
  }
}

async function exchangeCode(
  provider: OAuthProvider,
  redirectURI: string,
  code: string,
  codeVerifier: string | null,
): Promise<string> {
  const c = client(provider, redirectURI);
  try {
    let tokens: Awaited<ReturnType<Google["validateAuthorizationCode"]>>;
    if (c.provider === "github") {
      tokens = await c.arctic.validateAuthorizationCode(code);
    } else {
      if (!codeVerifier) throw new OAuthFlowError("invalid_state", "the PKCE verifier cookie is missing");
      tokens = await c.arctic.validateAuthorizationCode(code, codeVerifier);
    }
    return tokens.accessToken();
  } catch (error) {
    if (error instanceof OAuthFlowError) throw error;
    if (error instanceof OAuth2RequestError) {
      throw new OAuthFlowError("provider_error", `token request refused: ${error.code}`);
    }
    if (error instanceof ArcticFetchError) {
      throw new OAuthFlowError("provider_error", "token endpoint unreachable");
    }
    throw new OAuthFlowError("provider_error", `token exchange failed: ${(error as Error).message}`);
  }
}

async function fetchJson(url: string, accessToken: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: "application/json",
        // GitHub refuses requests without a User-Agent.
        "User-Agent": "gaming-intelligence",
      },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw new OAuthFlowError("provider_error", `profile request failed: ${new URL(url).pathname}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new OAuthFlowError("provider_error", `profile request answered ${res.status}`);
  }
  try {
    return await res.json();
  } catch {
    throw new OAuthFlowError("provider_error", "profile answer is not JSON");
  }
}

function parse<T extends z.ZodType>(schema: T, data: unknown, what: string): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const fields = result.error.issues.map((i) => i.path.join(".") || "(root)").join(", ");
    throw new OAuthFlowError("provider_error", `unexpected ${what} answer (${fields})`);
  }
  return result.data;
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

// OpenID Connect userinfo: https://developers.google.com/identity/openid-connect/openid-connect#obtainuserinfo
const GoogleUserInfo = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

// https://discord.com/developers/docs/resources/user#user-object
const DiscordUser = z.object({
  id: z.string().min(1),
  username: z.string(),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
});

// https://docs.github.com/en/rest/users/users#get-the-authenticated-user
const GitHubUser = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string().nullish(),
  avatar_url: z.string().nullish(),
});

// https://docs.github.com/en/rest/users/emails#list-email-addresses-for-the-authenticated-user
const GitHubEmails = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }).loose(),
);

function splitName(name: string | null | undefined): { firstName: string | null; lastName: string | null } {
  const trimmed = blankToNull(name);
  if (!trimmed) return { firstName: null, lastName: null };
  const space = trimmed.indexOf(" ");
  if (space < 0) return { firstName: trimmed, lastName: null };
  return { firstName: trimmed.slice(0, space), lastName: blankToNull(trimmed.slice(space + 1)) };
}

async function fetchProfile(provider: OAuthProvider, accessToken: string): Promise<ProviderProfile> {
  switch (provider) {
    case "google": {
      const info = parse(
        GoogleUserInfo,
        await fetchJson(PROFILE_URLS.google, accessToken),
        "Google userinfo",
      );
      const fallback = splitName(info.name);
      return {
        provider,
        providerUserId: info.sub,
        email: blankToNull(info.email),
        emailVerified: info.email_verified === true,
        firstName: blankToNull(info.given_name) ?? fallback.firstName,
        lastName: blankToNull(info.family_name) ?? fallback.lastName,
        avatarUrl: blankToNull(info.picture),
      };
    }
    case "discord": {
      const user = parse(DiscordUser, await fetchJson(PROFILE_URLS.discord, accessToken), "Discord user");
      return {
        provider,
        providerUserId: user.id,
        email: blankToNull(user.email),
        emailVerified: user.verified === true,
        firstName: blankToNull(user.global_name) ?? user.username,
        lastName: null,
        avatarUrl: user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : null,
      };
    }
    case "github": {
      const user = parse(GitHubUser, await fetchJson(PROFILE_URLS.githubUser, accessToken), "GitHub user");
      const emails = parse(
        GitHubEmails,
        await fetchJson(PROFILE_URLS.githubEmails, accessToken),
        "GitHub emails",
      );
      // Only the primary address, and only when GitHub has verified it, may identify the person.
      const primary = emails.find((e) => e.primary);
      const name = splitName(user.name ?? user.login);
      return {
        provider,
        providerUserId: String(user.id),
        email: blankToNull(primary?.email),
        emailVerified: primary?.verified === true,
        firstName: name.firstName,
        lastName: name.lastName,
        avatarUrl: blankToNull(user.avatar_url),
      };
    }
  }
}

/** Exchanges the authorization code and answers the provider's profile. */
export async function completeAuthorization(
  provider: OAuthProvider,
  redirectURI: string,
  code: string,
  codeVerifier: string | null,
): Promise<ProviderProfile> {
  const accessToken = await exchangeCode(provider, redirectURI, code, codeVerifier);
  return fetchProfile(provider, accessToken);
}

/* The state and PKCE verifier live for 10 minutes in httpOnly cookies (CONVENTIONS 7). */
export const OAUTH_STATE_COOKIE = "oauth_state";
export const OAUTH_VERIFIER_COOKIE = "oauth_code_verifier";
export const OAUTH_NEXT_COOKIE = "oauth_next";
const OAUTH_COOKIE_SECONDS = 10 * 60;

function cookieOptions(c: Context) {
  return { httpOnly: true, sameSite: "Lax", secure: isSecureRequest(c), path: "/" } as const;
}

export function setOAuthCookies(c: Context, start: AuthorizationStart): void {
  setCookie(c, OAUTH_STATE_COOKIE, start.state, { ...cookieOptions(c), maxAge: OAUTH_COOKIE_SECONDS });
  if (start.codeVerifier) {
    setCookie(c, OAUTH_VERIFIER_COOKIE, start.codeVerifier, {
      ...cookieOptions(c),
      maxAge: OAUTH_COOKIE_SECONDS,
    });
  } else {
    deleteCookie(c, OAUTH_VERIFIER_COOKIE, cookieOptions(c));
  }
}

/** The screen to land on after the provider sends the person back (kept beside the state cookie). */
export function setReturnPathCookie(c: Context, path: string | null): void {
  if (path) setCookie(c, OAUTH_NEXT_COOKIE, path, { ...cookieOptions(c), maxAge: OAUTH_COOKIE_SECONDS });
  else deleteCookie(c, OAUTH_NEXT_COOKIE, cookieOptions(c));
}

export function readReturnPathCookie(c: Context): string | null {
  return safeReturnPath(getCookie(c, OAUTH_NEXT_COOKIE));
}

export function readOAuthCookies(c: Context): { state?: string; codeVerifier?: string } {
  return { state: getCookie(c, OAUTH_STATE_COOKIE), codeVerifier: getCookie(c, OAUTH_VERIFIER_COOKIE) };
}

export function clearOAuthCookies(c: Context): void {
  deleteCookie(c, OAUTH_STATE_COOKIE, cookieOptions(c));
  deleteCookie(c, OAUTH_VERIFIER_COOKIE, cookieOptions(c));
  deleteCookie(c, OAUTH_NEXT_COOKIE, cookieOptions(c));
}

/** Compares the state from the query with the cookie's in constant time. */
export function statesMatch(fromQuery: string | undefined, fromCookie: string | undefined): boolean {
  if (!fromQuery || !fromCookie) return false;
  const a = new TextEncoder().encode(fromQuery);
  const b = new TextEncoder().encode(fromCookie);
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
