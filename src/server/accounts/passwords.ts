import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { forgetCachedUser, invalidateUserSessions, invalidateUserSessionsExcept } from "../auth/session.ts";
import { db } from "../db/client.ts";
import { type UserRow, users } from "../db/schema/index.ts";
import { HttpProblem } from "../http/problem.ts";
import { recordAudit } from "./audit.ts";
import { findUserById } from "./users.ts";

/** Passwords after sign-up: change or set your own, end your other sessions, an admin's reset. */

export const WRONG_CURRENT_PASSWORD = "The current password is not correct";

async function storePassword(userId: string, password: string): Promise<void> {
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
  forgetCachedUser(userId);
}

/**
 * `POST /api/auth/password`: the current password must match when the account has one; an account
 * made through a provider sets its first without. Every other session of the user ends (whoever may
 * hold the old password is signed out); the one making the change stays. Answers how many ended.
 */
export async function changeOwnPassword(
  user: UserRow,
  keepSessionId: string,
  currentPassword: string | undefined,
  newPassword: string,
): Promise<number> {
  // Read again: the session's cached row may predate a change made a moment ago.
  const stored = (await findUserById(user.id)) ?? user;
  if (stored.passwordHash) {
    if (!currentPassword) {
      throw new HttpProblem(422, "currentPassword: Enter your current password", {
        errors: [{ field: "currentPassword", message: "Enter your current password" }],
      });
    }
    if (!(await verifyPassword(currentPassword, stored.passwordHash))) {
      throw new HttpProblem(403, WRONG_CURRENT_PASSWORD, {
        errors: [{ field: "currentPassword", message: WRONG_CURRENT_PASSWORD }],
      });
    }
  }
  await storePassword(user.id, newPassword);
  const ended = await invalidateUserSessionsExcept(user.id, keepSessionId);
  await recordAudit({
    actorId: user.id,
    action: "user.password_changed",
    targetId: user.id,
    detail: { firstPassword: !stored.passwordHash, endedSessions: ended },
  });
  return ended;
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
 * (shown once, never stored in clear) and ends all of that user's sessions. Not for the admin's own
 * account: they change theirs in Settings, with their current password.
 */
export async function resetPasswordByAdmin(
  actor: UserRow,
  targetId: string,
): Promise<{ temporaryPassword: string; endedSessions: number }> {
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
  const temporaryPassword = generateTemporaryPassword();
  await storePassword(targetId, temporaryPassword);
  const sessionsBefore = await invalidateUserSessions(targetId);
  await recordAudit({
    actorId: actor.id,
    action: "user.password_reset",
    targetId,
    detail: { endedSessions: sessionsBefore, via: "api" },
  });
  return { temporaryPassword, endedSessions: sessionsBefore };
}

/** Whether the account has a password (Settings shows "Change" or "Set a password"). */
export async function hasPassword(userId: string): Promise<boolean> {
  return Boolean((await findUserById(userId))?.passwordHash);
}
