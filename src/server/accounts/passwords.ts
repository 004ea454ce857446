import { and, eq, exists, isNull, sql } from "drizzle-orm";
import {
  PASSWORD_COMMON,
  PASSWORD_IS_EMAIL,
  PASSWORD_SAME_AS_CURRENT,
  type PasswordResetAnswer,
  TEMPORARY_PASSWORD_HOURS,
} from "../../contracts/auth.ts";
import { ADMIN_BY_EMAIL_RESET_DETAIL, ADMIN_RESET_BY_OPERATOR_DETAIL } from "../../contracts/roles.ts";
import { isCommonPassword } from "../auth/common-passwords.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import {
  deleteUserSessionsIn,
  forgetCachedUser,
  generateSessionToken,
  invalidateUserSessionsExcept,
  newSessionRow,
  sessionsEndedInTransaction,
} from "../auth/session.ts";
import { db } from "../db/client.ts";
import { type SessionRow, sessions, type UserRow, users } from "../db/schema/index.ts";
import { HttpProblem, invalidField } from "../http/problem.ts";
import { recordAudit } from "./audit.ts";
import { addAccountNotification, deleteTemporaryPasswordNoticesIn } from "./notifications.ts";
import { findUserById, isAdminEmail } from "./users.ts";

/** Passwords after sign-up: change or set your own, end your other sessions, an admin's reset. */

export const WRONG_CURRENT_PASSWORD = "The current password is not correct";

const TEMPORARY_PASSWORD_MS = TEMPORARY_PASSWORD_HOURS * 60 * 60 * 1000;

/** The account's password is a temporary one whose time is up: it signs in no more. */
export function temporaryPasswordExpired(user: UserRow, now = new Date()): boolean {
  return (
    user.temporaryPasswordExpiresAt != null && user.temporaryPasswordExpiresAt.getTime() <= now.getTime()
  );
}

/**
 * A sign-in with a temporary password (still valid): the bell tells the user it was set by an admin
 * or the server's operator, when it stops working, and to set their own (once while unread, however
 * often they sign in with it).
 */
export async function noteTemporaryPasswordSignIn(user: UserRow): Promise<void> {
  if (!user.temporaryPasswordExpiresAt) return;
  await addAccountNotification(
    user.id,
    { event: "temporary_password", expiresAt: user.temporaryPasswordExpiresAt.toISOString() },
    { unlessUnread: true },
  );
}

/** A new password the rules refuse (review r21/a #4): 422 naming `newPassword`. */
function refuseNewPassword(message: string): never {
  throw invalidField("newPassword", message);
}

export const PASSWORD_CHANGED_MEANWHILE = "Your password was changed meanwhile: sign in again";

export interface PasswordChanged {
  /** How many other sessions of the user ended. */
  endedSessions: number;
  /** The new session of the browser that made the change, and its token for the cookie. */
  token: string;
  session: SessionRow;
}

/**
 * `POST /api/auth/password`: the current password must match when the account has one; an account
 * made through a provider sets its first without. Every other session of the user ends (whoever may
 * hold the old password is signed out), and the one making the change goes on under a new token
 * (a copied cookie of it ends too, review r21 M1). Answers how many others ended, and the new session.
 *
 * The write happens only if the stored hash is still the one checked (or still none) and the caller's
 * session still exists, in one transaction with the sessions' replacement: a password changed,
 * reset or removed while this request was under way (a provider sign-in removing an unproven one
 * ends every session) answers 409 and stores nothing (review r21 H2).
 */
export async function changeOwnPassword(
  user: UserRow,
  currentSessionId: string,
  currentPassword: string | undefined,
  newPassword: string,
): Promise<PasswordChanged> {
  // Read again: the session's cached row may predate a change made a moment ago.
  const stored = (await findUserById(user.id)) ?? user;
  if (newPassword.trim().toLowerCase() === stored.email.toLowerCase()) refuseNewPassword(PASSWORD_IS_EMAIL);
  if (isCommonPassword(newPassword)) refuseNewPassword(PASSWORD_COMMON);
  if (stored.passwordHash) {
    if (!currentPassword) throw invalidField("currentPassword", "Enter your current password");
    if (!(await verifyPassword(currentPassword, stored.passwordHash))) {
      throw new HttpProblem(403, WRONG_CURRENT_PASSWORD, {
        errors: [{ field: "currentPassword", message: WRONG_CURRENT_PASSWORD }],
      });
    }
    // Checked after the current one is known right: a wrong guess is told as wrong first.
    if (newPassword === currentPassword) refuseNewPassword(PASSWORD_SAME_AS_CURRENT);
  }
  const newHash = await hashPassword(newPassword);
  const token = generateSessionToken();
  const session = newSessionRow(token, user.id);
  sessionsEndedInTransaction.before(user.id);
  const endedIds = await db().transaction(async (tx) => {
    const changed = await tx
      .update(users)
      // The user's own password: a temporary one it replaces no longer expires (ADR 027 addendum).
      .set({ passwordHash: newHash, temporaryPasswordExpiresAt: null })
      .where(
        and(
          eq(users.id, user.id),
          stored.passwordHash ? eq(users.passwordHash, stored.passwordHash) : isNull(users.passwordHash),
          exists(
            tx
              .select({ one: sql`1` })
              .from(sessions)
              .where(and(eq(sessions.id, currentSessionId), eq(sessions.userId, user.id))),
          ),
        ),
      )
      .returning({ id: users.id });
    if (changed.length === 0) throw new HttpProblem(409, PASSWORD_CHANGED_MEANWHILE, { title: "Conflict" });
    const ended = await deleteUserSessionsIn(tx, user.id);
    await tx.insert(sessions).values(session);
    // The bell's "set your own password" notices are done with (review r23-a #5): they go.
    await deleteTemporaryPasswordNoticesIn(tx, user.id);
    return ended;
  });
  sessionsEndedInTransaction.after(user.id, endedIds, currentSessionId);
  forgetCachedUser(user.id);
  const endedSessions = endedIds.filter((id) => id !== currentSessionId).length;
  await recordAudit({
    actorId: user.id,
    action: "user.password_changed",
    targetId: user.id,
    detail: { firstPassword: !stored.passwordHash, endedSessions },
  });
  return { endedSessions, token, session };
}

/** `POST /api/auth/sessions/end-others`: every session of the user but this one ends. */
export async function endOtherSessions(user: UserRow, keepSessionId: string): Promise<number> {
  const ended = await invalidateUserSessionsExcept(user.id, keepSessionId);
  await recordAudit({
    actorId: user.id,
    action: "sessions.ended_others",
    targetId: user.id,
    detail: { endedSessions: ended },
  });
  return ended;
}

// No 0/o, 1/l/i: read out or copied by hand without doubt.
const TEMPORARY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Four groups of four (about 79 bits), e.g. `k7vm-3qxa-p9dn-w2hc`. */
export function generateTemporaryPassword(): string {
  const values = new Uint32Array(16);
  crypto.getRandomValues(values);
  const chars = Array.from(values, (v) => TEMPORARY_ALPHABET[v % TEMPORARY_ALPHABET.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

/**
 * `POST /api/admin/users/:id/password`: an admin gives a user a new, generated password to pass on
 * (shown once, never stored in clear) and ends all of that user's sessions. It signs in for
 * `TEMPORARY_PASSWORD_HOURS` only, until the user sets their own or a new reset replaces it. Not for the admin's own
 * account: they change theirs in Settings, with their current password. Not for an ADMIN_EMAILS
 * account either, as it cannot be demoted: one admin would otherwise take over the owner's account
 * (review r21/a #1); `bun run user:password` is the operator's way. Another admin's password only by
 * an operator, an admin named in ADMIN_EMAILS (403 otherwise, review r25 #9): admins reset members'.
 */
export async function resetPasswordByAdmin(actor: UserRow, targetId: string): Promise<PasswordResetAnswer> {
  if (targetId === actor.id) {
    throw new HttpProblem(
      409,
      "You cannot reset your own password here: change it in Settings → Security → Password",
      { title: "Conflict" },
    );
  }
  const target = await findUserById(targetId);
  if (!target)
    throw new HttpProblem(404, "No user with this id", {
      errors: [{ field: "id", message: "No user with this id" }],
    });
  if (isAdminEmail(target.email)) {
    throw new HttpProblem(409, ADMIN_BY_EMAIL_RESET_DETAIL, { title: "Conflict" });
  }
  if (target.role === "admin" && !isAdminEmail(actor.email)) {
    throw new HttpProblem(403, ADMIN_RESET_BY_OPERATOR_DETAIL);
  }
  return issueTemporaryPassword(actor.id, targetId, "api");
}

/**
 * `bun run user:password <email>`: the operator's reset, for any account (an ADMIN_EMAILS owner, or
 * the only admin, who has nobody to reset theirs). Audited with no actor and `via: "shell"`.
 */
export async function resetPasswordFromShell(targetId: string): Promise<PasswordResetAnswer> {
  return issueTemporaryPassword(null, targetId, "shell");
}

/**
 * The new temporary password is stored (with its expiry, ADR 027 addendum), every session of the user
 * ends and the bell's notices about an earlier temporary password go, in one transaction (review r24
 * #3, #4): a sign-in with the new password cannot make a session that the reset then ends, and the
 * next sign-in's notice is the only one, with the new expiry.
 */
async function issueTemporaryPassword(
  actorId: string | null,
  targetId: string,
  via: "api" | "shell",
): Promise<PasswordResetAnswer> {
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const expiresAt = new Date(Date.now() + TEMPORARY_PASSWORD_MS);
  sessionsEndedInTransaction.before(targetId);
  const endedIds = await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, temporaryPasswordExpiresAt: expiresAt })
      .where(eq(users.id, targetId));
    const ended = await deleteUserSessionsIn(tx, targetId);
    await deleteTemporaryPasswordNoticesIn(tx, targetId);
    return ended;
  });
  sessionsEndedInTransaction.after(targetId, endedIds);
  forgetCachedUser(targetId);
  const endedSessions = endedIds.length;
  await recordAudit({
    actorId,
    action: "user.password_reset",
    targetId,
    detail: { endedSessions, via, expiresAt: expiresAt.toISOString() },
  });
  return { temporaryPassword, endedSessions, expiresAt: expiresAt.toISOString() };
}
