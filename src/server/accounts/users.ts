import { and, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import { ROLE_TIER, type Role } from "../../contracts/user.ts";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "../auth/password.ts";
import {
  deleteUserSessionsIn,
  forgetCachedUser,
  invalidateUserSessions,
  sessionsEndedInTransaction,
} from "../auth/session.ts";
import { db } from "../db/client.ts";
import { oauthAccounts, type UserRow, users } from "../db/schema/index.ts";
import { env } from "../env.ts";
import { HttpProblem } from "../http/problem.ts";
import { log } from "../log.ts";
import { recordAudit } from "./audit.ts";
import { addAccountNotification, deleteTemporaryPasswordNoticesIn } from "./notifications.ts";

/** Accounts: creation, password login, admin promotion by email, deletion (issue 2 §4–§6, issue 3). */

/** Trimmed and lower-cased: the form every email is stored and compared in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isAdminEmail(email: string): boolean {
  return env().ADMIN_EMAILS.includes(normalizeEmail(email));
}

/**
 * An ADMIN_EMAILS address without an account is a standing offer: a password sign-up proves nothing
 * about the address, so whoever signs up first with it becomes admin. Logged once per address at
 * server start (README "Accounts, roles and admins"); answers the addresses warned about.
 */
export async function warnUnclaimedAdminEmails(): Promise<string[]> {
  const unclaimed: string[] = [];
  for (const email of env().ADMIN_EMAILS) {
    if (await findUserByEmail(email)) continue;
    unclaimed.push(email);
    log.warn(
      `ADMIN_EMAILS lists ${email}, which has no account yet: whoever signs up first with this address becomes admin; sign up now, or add the address after signing up (it is promoted at the next sign-in), or use \`bun run user:role\``,
    );
  }
  return unclaimed;
}

export async function findUserById(id: string): Promise<UserRow | undefined> {
  const [row] = await db().select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const [row] = await db()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as { message?: unknown }).message ?? "").includes("UNIQUE constraint failed")) return true;
    if ((e as { code?: unknown }).code === "SQLITE_CONSTRAINT_UNIQUE") return true;
  }
  return false;
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

export interface NewUser {
  email: string;
  passwordHash?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  /** Whether an ADMIN_EMAILS address makes this user admin (false for an unverified provider email). */
  adminByEmail?: boolean;
}

/**
 * Inserts a user: regular/starter, or admin/enterprise when the email is in ADMIN_EMAILS
 * (issue 2 §5). Throws `EmailTakenError` when the email is already used, whatever its case.
 */
export async function createUser(input: NewUser): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const role: Role = input.adminByEmail !== false && isAdminEmail(email) ? "admin" : "regular";
  try {
    const [row] = await db()
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email,
        passwordHash: input.passwordHash ?? null,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        profileImageUrl: input.profileImageUrl ?? null,
        role,
        subscriptionTier: ROLE_TIER[role],
        createdAt: new Date(),
      })
      .returning();
    await recordAudit({ actorId: row!.id, action: "user.signup", targetId: row!.id, detail: { role } });
    // Admin from the first moment through ADMIN_EMAILS is the riskiest way in: it gets the same entry
    // as a promotion at sign-in, so the filter "Made admin by ADMIN_EMAILS" finds it (review r21/a #6).
    if (role === "admin") {
      await recordAudit({
        actorId: null,
        action: "user.promoted_by_admin_email",
        targetId: row!.id,
        detail: { at: "signup", to: { role: "admin", tier: ROLE_TIER.admin } },
      });
    }
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

/** `POST /api/auth/signup`: 409 when the email is taken. */
export async function signUpWithPassword(input: {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}): Promise<UserRow> {
  if (await findUserByEmail(input.email)) throw new HttpProblem(409, new EmailTakenError().message);
  const passwordHash = await hashPassword(input.password);
  try {
    return await createUser({ ...input, passwordHash });
  } catch (error) {
    // Two sign-ups for one email at once: the unique index decides.
    if (error instanceof EmailTakenError) throw new HttpProblem(409, error.message);
    throw error;
  }
}

/** A password sign-in checked: the account the email names (none when it names none), and whether the password is its own. */
export interface PasswordCheck {
  account: UserRow | undefined;
  matches: boolean;
}

/**
 * Whether the email and password match, with the account the email names either way (a failed
 * attempt is audited against it without looking it up again). The hashing work is done whether or
 * not the account exists or has a password (accounts made through a provider have none), so the
 * answer time doesn't tell which emails are registered.
 */
export async function checkPassword(email: string, password: string): Promise<PasswordCheck> {
  const account = await findUserByEmail(email);
  if (!account?.passwordHash) {
    await verifyAgainstDecoy(password);
    return { account, matches: false };
  }
  return { account, matches: await verifyPassword(password, account.passwordHash) };
}

/** An ADMIN_EMAILS user who is not yet admin becomes admin/enterprise at sign-in (issue 2 §5). */
export async function promoteIfAdminEmail(user: UserRow): Promise<UserRow> {
  if (user.role === "admin" || !isAdminEmail(user.email)) return user;
  const [row] = await db()
    .update(users)
    .set({ role: "admin", subscriptionTier: ROLE_TIER.admin })
    .where(eq(users.id, user.id))
    .returning();
  forgetCachedUser(user.id);
  await recordAudit({
    actorId: null,
    action: "user.promoted_by_admin_email",
    targetId: user.id,
    detail: {
      from: { role: user.role, tier: user.subscriptionTier },
      to: { role: "admin", tier: "enterprise" },
    },
  });
  log.info("user promoted to admin by ADMIN_EMAILS", { userId: user.id });
  return row ?? user;
}

/**
 * Deletes an account and everything it owns: sessions, provider links, settings, tracked games
 * and reports go with it through ON DELETE CASCADE (foreign keys are enforced per connection,
 * see db/client.ts). The audit entry stays. Answers false for an account gone already.
 *
 * The last admin cannot be deleted: the check and the delete are one statement (the row goes only
 * while another admin remains), so two admins deleting their accounts at once cannot both go and leave
 * no admin (review s9 #3, docs/decisions/043), as with demoting (`changeUserRole`).
 */
export async function deleteAccount(userId: string, actorId: string): Promise<boolean> {
  // Cached lookups go first, so no request is answered from the account's cached row once it is gone.
  sessionsEndedInTransaction.before(userId);
  const [gone] = await db()
    .delete(users)
    .where(
      and(
        eq(users.id, userId),
        or(ne(users.role, "admin"), sql`(select count(*) from ${users} where ${users.role} = 'admin') > 1`),
      ),
    )
    .returning();
  if (!gone) {
    // Gone already (deleted meanwhile), or the last admin, who stays.
    if (!(await findUserById(userId))) return false;
    throw new HttpProblem(409, "The last admin cannot be deleted. Make another user admin first.");
  }
  // Its sessions went with it (ON DELETE CASCADE); any left on a connection without foreign keys go
  // here, the cache forgets them and their open sockets close.
  await invalidateUserSessions(userId);
  // Who it was, kept in the entry: the account's own row is gone, and the log names whom (review r31/c #2).
  const name = [gone.firstName, gone.lastName].filter(Boolean).join(" ") || null;
  await recordAudit({
    actorId,
    action: "user.deleted",
    targetId: userId,
    detail: { role: gone.role, self: actorId === userId, email: gone.email, name },
  });
  return true;
}

/** A provider's view of a person, as `src/server/auth/oauth.ts` parsed it. */
export interface ProviderIdentity {
  provider: "google" | "discord" | "github";
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
}

export class ProviderSignInError extends Error {
  constructor(readonly code: "email_unverified" | "email_missing") {
    super(code);
  }
}

async function linkProvider(userId: string, identity: ProviderIdentity): Promise<void> {
  await db().insert(oauthAccounts).values({
    provider: identity.provider,
    providerUserId: identity.providerUserId,
    userId,
    createdAt: new Date(),
  });
  await recordAudit({
    actorId: userId,
    action: "user.oauth_linked",
    targetId: userId,
    detail: { provider: identity.provider },
  });
}

/**
 * Account pre-hijacking: a password sign-up proves nothing about the address, so anyone could have
 * made this account for someone else's email and kept its password. The first provider sign-in that
 * verifies the address (an account never linked before) makes that person the proven owner: the
 * password set without proof stops working, every session of the account ends (the new one starts
 * after this), and the owner is told in the header bell how to set a new password.
 *
 * The link, the password's removal and the sessions' end are one transaction (review r21 M2): a link
 * stored without the removal would make every later sign-in "proven before" and keep the planted
 * password for good. Answers the user as it now is.
 */
async function linkToExistingAccount(user: UserRow, identity: ProviderIdentity): Promise<UserRow> {
  sessionsEndedInTransaction.before(user.id);
  const removal = await db().transaction(async (tx) => {
    const [provenBefore] = await tx
      .select({ userId: oauthAccounts.userId })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, user.id))
      .limit(1);
    await tx.insert(oauthAccounts).values({
      provider: identity.provider,
      providerUserId: identity.providerUserId,
      userId: user.id,
      createdAt: new Date(),
    });
    if (provenBefore) return null;
    const [row] = await tx
      .update(users)
      .set({ passwordHash: null, temporaryPasswordExpiresAt: null })
      .where(and(eq(users.id, user.id), isNotNull(users.passwordHash)))
      .returning();
    if (!row) return null;
    // A temporary password removed with it: the bell's notices about it go too (review r24 #3).
    await deleteTemporaryPasswordNoticesIn(tx, user.id);
    return { row, endedIds: await deleteUserSessionsIn(tx, user.id) };
  });
  await recordAudit({
    actorId: user.id,
    action: "user.oauth_linked",
    targetId: user.id,
    detail: { provider: identity.provider },
  });
  if (!removal) return user;
  sessionsEndedInTransaction.after(user.id, removal.endedIds);
  forgetCachedUser(user.id);
  await recordAudit({
    actorId: user.id,
    action: "user.unproven_password_removed",
    targetId: user.id,
    detail: { provider: identity.provider },
  });
  await addAccountNotification(user.id, { event: "password_removed", provider: identity.provider });
  log.info("password set before the address was proven removed at first provider sign-in", {
    userId: user.id,
    provider: identity.provider,
  });
  return removal.row;
}

/**
 * The account a provider sign-in belongs to (issue 2 §4): the one already linked to this
 * provider id; else the account with the same email, but only when the provider says the email
 * is verified (otherwise anyone could claim an account by typing its email at a provider), removing a
 * password nobody proved the address for (`linkToExistingAccount`); else a
 * new account without a password. Admin by ADMIN_EMAILS needs a verified email too.
 */
export async function signInWithProvider(identity: ProviderIdentity): Promise<UserRow> {
  const [linked] = await db()
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(oauthAccounts.userId, users.id))
    .where(
      and(
        eq(oauthAccounts.provider, identity.provider),
        eq(oauthAccounts.providerUserId, identity.providerUserId),
      ),
    )
    .limit(1);
  if (linked) return identity.emailVerified ? promoteIfAdminEmail(linked.user) : linked.user;

  if (!identity.email) throw new ProviderSignInError("email_missing");
  const existing = await findUserByEmail(identity.email);
  if (existing) {
    if (!identity.emailVerified) throw new ProviderSignInError("email_unverified");
    return promoteIfAdminEmail(await linkToExistingAccount(existing, identity));
  }

  const user = await createUser({
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    profileImageUrl: identity.avatarUrl,
    adminByEmail: identity.emailVerified,
  });
  await linkProvider(user.id, identity);
  return user;
}

/** Sets a user's first and/or last name (an empty name is cleared); answers the updated row. */
export async function updateProfile(
  userId: string,
  patch: { firstName?: string | null; lastName?: string | null },
): Promise<UserRow> {
  const set: { firstName?: string | null; lastName?: string | null } = {};
  if (patch.firstName !== undefined) set.firstName = patch.firstName?.trim() || null;
  if (patch.lastName !== undefined) set.lastName = patch.lastName?.trim() || null;
  // Nothing to change (an empty patch): an UPDATE with an empty SET is not SQL.
  const [row] =
    Object.keys(set).length === 0
      ? [await findUserById(userId)]
      : await db().update(users).set(set).where(eq(users.id, userId)).returning();
  if (!row) throw new HttpProblem(404, "No such user");
  // Sessions cache the user's row: the next request must see the new name.
  forgetCachedUser(userId);
  return row;
}
