import type { AuthLimitBucket } from "../auth/rate-limit.ts";
import { recordAudit } from "./audit.ts";
import { findUserByEmail } from "./users.ts";

/**
 * Sign-ins in the audit log (review r20-b #4: only sign-ups were there): each success with its
 * method, each failed attempt with the account it named when there is one, and the client's address
 * as the sign-in limits see it (`TRUST_PROXY`-aware, review r21/a #2). Never the password, and not the
 * address typed when it names no account (it may be a mistyped password): such a target reads
 * "Unknown account".
 */
export type SignInMethod = "password" | (string & {});

export async function auditSignIn(userId: string, method: SignInMethod, ip: string): Promise<void> {
  await recordAudit({
    actorId: userId,
    action: "auth.signed_in",
    targetId: userId,
    detail: { method, ip },
  });
}

/**
 * A failed password sign-in: the account the email named, if any (as the sign-in's check read it,
 * `checkPassword`), is its target. `expired`: the password was right but a temporary one past its
 * time (ADR 027 addendum).
 */
export async function auditPasswordSignInFailed(
  account: { id: string } | undefined,
  ip: string,
  options: { expired?: boolean } = {},
): Promise<void> {
  const reason = !account
    ? "no account with that email"
    : options.expired
      ? "temporary password expired"
      : "wrong password";
  await recordAudit({
    actorId: null,
    action: "auth.sign_in_failed",
    targetId: account?.id ?? null,
    detail: { method: "password", reason, ip },
  });
}

/** A provider sign-in that reached the provider and failed: the provider and what went wrong. */
export async function auditProviderSignInFailed(provider: string, reason: string, ip: string): Promise<void> {
  await recordAudit({
    actorId: null,
    action: "auth.sign_in_failed",
    targetId: null,
    detail: { method: provider, reason, ip },
  });
}

/**
 * A wrong current password on Settings' password form (review r21/a #2): someone holding a session
 * guessing the password to keep the account.
 */
export async function auditPasswordChangeFailed(userId: string, ip: string): Promise<void> {
  await recordAudit({
    actorId: userId,
    action: "auth.password_change_failed",
    targetId: userId,
    detail: { reason: "wrong current password", ip },
  });
}

const LIMITED_REASON: Record<AuthLimitBucket, string> = {
  address: "too many attempts from this address",
  pair: "too many attempts on this account from this address",
  email: "too many attempts on this account",
};

/**
 * A password sign-in refused by the sign-in limits. The caller records at most one per refusing
 * bucket (address, address and email, email) and limit window, so a flood adds a line, not thousands.
 */
export async function auditSignInLimited(
  email: string,
  ip: string,
  bucket: AuthLimitBucket,
  retryAfterSeconds: number,
): Promise<void> {
  const account = await findUserByEmail(email);
  await recordAudit({
    actorId: null,
    action: "auth.sign_in_limited",
    targetId: account?.id ?? null,
    detail: { method: "password", reason: LIMITED_REASON[bucket], ip, retryAfterSeconds },
  });
}
