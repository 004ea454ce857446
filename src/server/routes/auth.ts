import { Hono } from "hono";
import {
  type AuthErrorCode,
  ChangePasswordBodySchema,
  LoginBodySchema,
  NewPasswordSchema,
  PASSWORD_COMMON,
  type SessionsEndedAnswer,
  SignupBodySchema,
  TEMPORARY_PASSWORD_EXPIRED,
} from "../../contracts/auth.ts";
import {
  changeOwnPassword,
  endOtherSessions,
  noteTemporaryPasswordSignIn,
  temporaryPasswordExpired,
} from "../accounts/passwords.ts";
import {
  auditPasswordChangeFailed,
  auditPasswordSignInFailed,
  auditProviderSignInFailed,
  auditSignIn,
  auditSignInLimited,
} from "../accounts/sign-in-audit.ts";
import {
  checkPassword,
  findUserById,
  ProviderSignInError,
  promoteIfAdminEmail,
  signInWithProvider,
  signUpWithPassword,
} from "../accounts/users.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import { requireUser } from "../auth/guards.ts";
import {
  clearOAuthCookies,
  completeAuthorization,
  isOAuthProvider,
  isProviderConfigured,
  OAuthFlowError,
  readOAuthCookies,
  readReturnPathCookie,
  redirectUri,
  statesMatch,
} from "../auth/oauth.ts";
import {
  AuthRateLimited,
  type AuthRateLimits,
  clientIp,
  createAuthRateLimits,
  enforceAuthRateLimit,
  RateLimiter,
} from "../auth/rate-limit.ts";
import {
  clearSessionCookie,
  invalidateSession,
  setSessionCookie,
  startSession,
  toPublicUser,
} from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { jsonBody, noBody, noQueryParams } from "../http/validate.ts";
import { log } from "../log.ts";
import { currentSettings } from "../operations/settings.ts";

/**
 * Sign-up's body, plus the server's refusal of a commonly used password (the list stays off the
 * client): a 422 naming `password` like the schema's own, before the sign-up rate limit counts it.
 */
const SignupBodyRefusingCommon = SignupBodySchema.refine(
  // Said alone: not beside the schema's own word on a password it already refuses ("Too short").
  (body) => !NewPasswordSchema.safeParse(body.password).success || !isCommonPassword(body.password),
  { message: PASSWORD_COMMON, path: ["password"] },
);

/** One message for every failed login, so it doesn't tell whether the email has an account. */
export const INVALID_CREDENTIALS = "Incorrect email or password";

/**
 * `/api/auth/*` (issue 2 §4). Made per app instance: each has its own rate-limit counters.
 */
export interface AuthRouteOptions {
  rateLimits?: AuthRateLimits;
}

export function createAuthRoutes(options: AuthRouteOptions = {}) {
  const limits =
    options.rateLimits ??
    // Read on every attempt: a limit an admin changes on the Settings tab applies at once.
    createAuthRateLimits({
      perIp: () => currentSettings().rateLimits.signInPerIp,
      perPair: () => currentSettings().rateLimits.signInPerEmailAndIp,
      perEmail: () => currentSettings().rateLimits.signInPerEmail,
    });

  // A sign-in refused by the limits is audited once per refusing bucket and window (review r21/a #2).
  const limitedAudited = new RateLimiter({ limit: 1, windowMs: limits.perIp.rule.windowMs });
  const auditIfFirstRefusal = async (error: unknown, ip: string, email: string) => {
    if (!(error instanceof AuthRateLimited)) return;
    if (limitedAudited.hit(`${error.bucket}|${error.key}`) > 0) return;
    await auditSignInLimited(email, ip, error.bucket, error.retryAfterSeconds);
  };

  return (
    new Hono<AppEnv>()
      .post("/signup", jsonBody(SignupBodyRefusingCommon), async (c) => {
        const body = c.req.valid("json");
        enforceAuthRateLimit(limits, "signup", clientIp(c), body.email);
        const user = await signUpWithPassword(body);
        await startSession(c, user.id);
        log.info("account created", { requestId: c.get("requestId"), userId: user.id });
        return c.json({ user: toPublicUser(user) }, 201);
      })
      .post("/login", jsonBody(LoginBodySchema), async (c) => {
        const { email, password } = c.req.valid("json");
        const ip = clientIp(c);
        let attempt: ReturnType<typeof enforceAuthRateLimit>;
        try {
          attempt = enforceAuthRateLimit(limits, "login", ip, email);
        } catch (error) {
          await auditIfFirstRefusal(error, ip, email);
          throw error;
        }
        const { account, matches } = await checkPassword(email, password);
        const found = matches ? account : undefined;
        // A right temporary password past its time says so (only then: a wrong one stays the generic
        // answer), and counts as a failed attempt (ADR 027 addendum).
        const refuseExpired = async (row: { id: string }): Promise<never> => {
          await auditPasswordSignInFailed(row, ip, { expired: true });
          throw new HttpProblem(401, TEMPORARY_PASSWORD_EXPIRED);
        };
        if (found && temporaryPasswordExpired(found)) await refuseExpired(found);
        const user = found ? await promoteIfAdminEmail(found) : null;
        // The session only while the verified hash is still the stored one: a password changed, reset
        // or removed during the verification fails this sign-in like a wrong password (review r21 H1).
        // The same statement refuses a temporary password that expired during the verification,
        // answered as expired (review r24 #4).
        if (!user || !(await startSession(c, user.id, { verifiedPasswordHash: account!.passwordHash! }))) {
          const current = user ? await findUserById(user.id) : undefined;
          if (current && current.passwordHash === account?.passwordHash && temporaryPasswordExpired(current))
            await refuseExpired(current);
          await auditPasswordSignInFailed(account, ip);
          throw new HttpProblem(401, INVALID_CREDENTIALS);
        }
        // Only failures count: the owner signing in is never held against the account or address.
        attempt.refund();
        await auditSignIn(user.id, "password", ip);
        await noteTemporaryPasswordSignIn(user);
        return c.json({ user: toPublicUser(user) }, 200);
      })
      .post("/logout", noBody(), async (c) => {
        const session = c.get("session");
        // A cookie naming no live session was cleared already as it came in (sessionLoader): clearing it
        // again sent the same set-cookie twice (review r20-b #8).
        if (session) {
          await invalidateSession(session.id);
          clearSessionCookie(c);
        }
        return c.body(null, 204);
      })
      .get("/user", requireUser, noQueryParams(), (c) => c.json(toPublicUser(c.get("user"))))
      // Settings → Security → Password: "Change password", or "Set a password" for a provider-only account.
      // The session's user row is fresh (the session cache drops it on any committed write): no
      // second read of the account.
      .get("/password", requireUser, noQueryParams(), (c) =>
        c.json({ hasPassword: Boolean(c.get("user").passwordHash) }),
      )
      .post("/password", requireUser, jsonBody(ChangePasswordBodySchema), async (c) => {
        const user = c.get("user");
        const { currentPassword, newPassword } = c.req.valid("json");
        // Guessing the current password through this form counts in the login's buckets for this
        // email (ADR 027): a stolen session adds no guesses to those of the sign-in form.
        const ip = clientIp(c);
        const attempt = enforceAuthRateLimit(limits, "login", ip, user.email);
        let changed: Awaited<ReturnType<typeof changeOwnPassword>>;
        try {
          changed = await changeOwnPassword(user, c.get("session")!.id, currentPassword, newPassword);
        } catch (error) {
          // Only a wrong current password is a guess (and audited, review r21/a #2); a refused new
          // password (422) or a race (409) is not.
          if (error instanceof HttpProblem && error.status === 403)
            await auditPasswordChangeFailed(user.id, ip);
          else attempt.refund();
          throw error;
        }
        const { endedSessions, token, session } = changed;
        // This browser goes on with a new session: a copy of the old cookie ends with the others.
        setSessionCookie(c, token, session.expiresAt);
        attempt.refund();
        log.info("password changed", { requestId: c.get("requestId"), userId: user.id, endedSessions });
        return c.json({ endedSessions } satisfies SessionsEndedAnswer);
      })
      .post("/sessions/end-others", requireUser, noBody(), async (c) => {
        const user = c.get("user");
        const endedSessions = await endOtherSessions(user, c.get("session")!.id);
        log.info("other sessions ended", { requestId: c.get("requestId"), userId: user.id, endedSessions });
        return c.json({ endedSessions } satisfies SessionsEndedAnswer);
      })
      .get("/callback/:provider", async (c) => {
        const provider = c.req.param("provider");
        const fail = (code: AuthErrorCode) => {
          clearOAuthCookies(c);
          return c.redirect(`/?auth_error=${code}`, 302);
        };
        if (!isOAuthProvider(provider)) return fail("unknown_provider");
        if (!isProviderConfigured(provider)) return fail(`${provider}_not_configured`);

        // The provider sends the person back with ?error=… when they cancel or it refuses.
        const providerError = c.req.query("error");
        if (providerError)
          return fail(providerError === "access_denied" ? "access_denied" : "provider_error");

        const cookies = readOAuthCookies(c);
        const code = c.req.query("code");
        if (!statesMatch(c.req.query("state"), cookies.state) || !code) return fail("invalid_state");

        try {
          const profile = await completeAuthorization(
            provider,
            redirectUri(c, provider),
            code,
            cookies.codeVerifier ?? null,
          );
          const user = await signInWithProvider(profile);
          const next = readReturnPathCookie(c);
          clearOAuthCookies(c);
          await startSession(c, user.id);
          await auditSignIn(user.id, provider, clientIp(c));
          log.info("signed in through provider", {
            requestId: c.get("requestId"),
            provider,
            userId: user.id,
          });
          return c.redirect(next ?? "/", 302);
        } catch (error) {
          if (error instanceof OAuthFlowError || error instanceof ProviderSignInError) {
            // The detail names what went wrong with the provider's answer, never a code or token.
            log.warn("provider sign-in failed", {
              requestId: c.get("requestId"),
              provider,
              code: error.code,
              detail: error.message,
            });
            await auditProviderSignInFailed(provider, error.code, clientIp(c));
            return fail(error.code);
          }
          log.error("provider sign-in failed", {
            requestId: c.get("requestId"),
            provider,
            error: error instanceof Error ? error.message : String(error),
          });
          return fail("server_error");
        }
      })
  );
}
