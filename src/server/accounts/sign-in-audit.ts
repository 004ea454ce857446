import { recordAudit } from "./audit.ts";
import { findUserByEmail } from "./users.ts";

/**
 * Sign-ins in the audit log (review r20-b #4: only sign-ups were there): each success with its
 * method, each failed attempt with the account it named when there is one. Never the password, and
 * not the address typed when it names no account (it may be a mistyped password).
 */
export type SignInMethod = "password" | (string & {});

export async function auditSignIn(userId: string, method: SignInMethod): Promise<void> {
  await recordAudit({ actorId: userId, action: "auth.signed_in", targetId: userId, detail: { method } });
}

/** A failed password sign-in: the account the email names, if any, is its target. */
export async function auditPasswordSignInFailed(email: string): Promise<void> {
  const account = await findUserByEmail(email);
  await recordAudit({
    actorId: null,
    action: "auth.sign_in_failed",
    targetId: account?.id ?? null,
    detail: { method: "password", reason: account ? "wrong password" : "no account with that email" },
  });
}

/** A provider sign-in that reached the provider and failed: the provider and what went wrong. */
export async function auditProviderSignInFailed(provider: string, reason: string): Promise<void> {
  await recordAudit({
    actorId: null,
    action: "auth.sign_in_failed",
    targetId: null,
    detail: { method: provider, reason },
  });
}
