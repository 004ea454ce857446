import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { PublicUser } from "../../contracts/user.ts";
import { db } from "../db/client.ts";
import { type SessionRow, sessions, type UserRow, users } from "../db/schema/index.ts";
import { env } from "../env.ts";

/**
 * Sessions as in Lucia's guide (docs/decisions/001-sessions-the-lucia-way.md): a random token in
 * the cookie, only its SHA-256 in the database, 30 days, extended when under 15 days remain.
 */
export const SESSION_COOKIE = "session";
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY;
const RENEW_BELOW_MS = 15 * DAY;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(token: string, userId: string): Promise<SessionRow> {
  const row = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    createdAt: new Date(),
  };
  await db().insert(sessions).values(row);
  return row;
}

export interface SessionResult {
  session: SessionRow;
  user: UserRow;
  /** True when the expiry was just pushed back: the cookie must be sent again with it. */
  renewed: boolean;
}

/**
 * The session lookup runs on every signed-in request: prepared once per database handle, it costs a
 * third of building the query each time (bench/auth-user.bench.ts).
 */
const sessionLookups = new WeakMap<object, ReturnType<typeof prepareSessionLookup>>();
function prepareSessionLookup(database: ReturnType<typeof db>) {
  return database
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare();
}

export async function validateSessionToken(token: string): Promise<SessionResult | null> {
  const id = sessionIdFromToken(token);
  const database = db();
  let lookup = sessionLookups.get(database);
  if (!lookup) {
    lookup = prepareSessionLookup(database);
    sessionLookups.set(database, lookup);
  }
  const rows = await lookup.execute({ id });
  const found = rows[0];
  if (!found) return null;
  const { session, user } = found;
  const now = Date.now();
  if (now >= session.expiresAt.getTime()) {
    await db().delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now >= session.expiresAt.getTime() - RENEW_BELOW_MS) {
    session.expiresAt = new Date(now + SESSION_TTL_MS);
    await db().update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id));
    return { session, user, renewed: true };
  }
  return { session, user, renewed: false };
}

export async function invalidateSession(sessionId: string): Promise<void> {
  await db().delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(userId: string): Promise<void> {
  await db().delete(sessions).where(eq(sessions.userId, userId));
}

/** Whether the browser reached us over https (directly, through PUBLIC_URL, or behind a proxy). */
export function isSecureRequest(c: Context): boolean {
  const publicUrl = env().PUBLIC_URL;
  if (publicUrl) return publicUrl.startsWith("https:");
  const forwarded = c.req.header("x-forwarded-proto");
  if (forwarded) return forwarded.split(",")[0]?.trim() === "https";
  return new URL(c.req.url).protocol === "https:";
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecureRequest(c),
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isSecureRequest(c), httpOnly: true, sameSite: "Lax" });
}

export function readSessionToken(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** Starts a session for the user and sets its cookie. */
export async function startSession(c: Context, userId: string): Promise<void> {
  const token = generateSessionToken();
  const session = await createSession(token, userId);
  setSessionCookie(c, token, session.expiresAt);
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    role: row.role,
    subscriptionTier: row.subscriptionTier,
    createdAt: row.createdAt.toISOString(),
  };
}
