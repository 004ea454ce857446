import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { PublicUser } from "../../contracts/user.ts";
import { type Db, dataVersion, db } from "../db/client.ts";
import { type SessionRow, sessions, type UserRow, users } from "../db/schema/index.ts";
import { env } from "../env.ts";
import {
  closeSessionSockets,
  closeSocketsExceptSession,
  closeUserSockets,
  recheckSockets,
  renewSessionSockets,
} from "../realtime/session-watch.ts";

/**
 * Sessions as in Lucia's guide (docs/decisions/001-sessions-the-lucia-way.md): a random token in
 * the cookie, only its SHA-256 in the database, 30 days, extended when under 15 days remain.
 */
export const SESSION_COOKIE = "session";
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY;
// The lifetime in force: an admin may change it (Settings → Security); renewal starts at half of it.
let lifetimeMs = SESSION_TTL_MS;

/** Sessions started or renewed from now on last this long (existing ones keep their expiry). */
export function setSessionLifetimeDays(days: number): void {
  lifetimeMs = days * DAY;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * The session's id: the token's SHA-256 in hex, as Lucia's guide has it. Every signed-in request works
 * it out, so natively (Bun's hasher, about 0.2 µs): the JavaScript SHA-256 of `@oslojs/crypto` took
 * about 2 µs in a warm loop and, under load beside the search index's large heap, about 15 % of the
 * server's CPU profile under distinct searches (bench/search.bench.ts). Same digest, so existing sessions stay valid.
 */
export function sessionIdFromToken(token: string): string {
  return Bun.SHA256.hash(token, "hex") as string;
}

export async function createSession(token: string, userId: string): Promise<SessionRow> {
  const row = newSessionRow(token, userId);
  await db().insert(sessions).values(row);
  return row;
}

/**
 * A password sign-in's session, created only while the user's stored password hash is still the one
 * the password was verified against, in one statement. The verification takes tens of milliseconds:
 * a password changed, reset or removed meanwhile (which ends every session) must not be followed by
 * a session made with the old one (review r21 H1). Hashes carry a random salt, so a password set
 * again, even to the same text, is a different hash. Null when it was not created.
 *
 * A temporary password's session ends when the password does (ADR 027 addendum, review r23-a #5):
 * its expiry is the password's when that comes first, read in the same statement, and it is not
 * renewed past it (validateSessionToken). A temporary password that expired meanwhile (during the
 * verification) makes none either, checked in the same statement (review r24 #4): the caller tells
 * that apart by reading the account again.
 */
export async function createSessionIfPasswordStill(
  token: string,
  userId: string,
  verifiedHash: string,
): Promise<SessionRow | null> {
  const id = sessionIdFromToken(token);
  const createdAt = new Date();
  const full = createdAt.getTime() + lifetimeMs;
  const rs = await db().all<{ expires_at: number }>(
    sql`INSERT INTO sessions (id, user_id, expires_at, created_at)
        SELECT ${id}, ${userId}, min(${full}, coalesce(temporary_password_expires_at, ${full})), ${createdAt.getTime()}
        FROM users WHERE id = ${userId} AND password_hash = ${verifiedHash}
          AND (temporary_password_expires_at IS NULL OR temporary_password_expires_at > ${createdAt.getTime()})
        RETURNING expires_at`,
  );
  const row = rs[0];
  return row ? { id, userId, expiresAt: new Date(Number(row.expires_at)), createdAt } : null;
}

/** A new session row for the user (not stored): for a transaction that writes it with other changes. */
export function newSessionRow(token: string, userId: string): SessionRow {
  return {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(Date.now() + lifetimeMs),
    createdAt: new Date(),
  };
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

/**
 * Validated sessions, kept briefly in memory: without this every signed-in request reads the session
 * and its user from the database, and `GET /api/auth/user` served a quarter of what `GET /api/health`
 * does (bench/auth-user.bench.ts). An entry is used only while all of these hold:
 * - nothing has committed to the database since it was read (`dataVersion()`: logout, a role change,
 *   "sign out everyone", an account deleted — from this process, the shell or another process);
 * - it is younger than `SESSION_CACHE_TTL_MS`;
 * - the session is not expired and not yet due for its sliding renewal (both go to the database).
 *   A session no renewal can extend (bounded by a temporary password's expiry, at most 24 hours
 *   off, so always within half a lifetime of it) is kept up to its expiry, not dropped on every
 *   lookup (review r24 #2).
 * The functions below that end sessions or change users also drop entries themselves, so a lookup
 * that was in flight while they ran cannot put an old answer back.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  session: SessionRow;
  user: UserRow;
  cachedAt: number;
  /**
   * When the entry must go back to the database: the session's renewal point, or its expiry when no
   * renewal can extend it (`cacheableUntil`). Never later than its expiry.
   */
  until: number;
}

export class SessionCache {
  #entries = new Map<string, CachedSession>();
  #version: number | null = null;
  /** Moves on every invalidation: a lookup started before one must not store what it read. */
  #generation = 0;

  constructor(private readonly version: () => number | null) {}

  /** The generation and database version a lookup starts at, or null when nothing may be cached. */
  begin(): { generation: number; version: number } | null {
    const version = this.#current();
    return version === null ? null : { generation: this.#generation, version };
  }

  get(id: string, now: number): CachedSession | undefined {
    if (this.#current() === null) return undefined;
    const hit = this.#entries.get(id);
    if (!hit) return undefined;
    if (
      now - hit.cachedAt >= SESSION_CACHE_TTL_MS ||
      now >= Math.min(hit.until, hit.session.expiresAt.getTime())
    ) {
      this.#entries.delete(id);
      return undefined;
    }
    return hit;
  }

  set(id: string, entry: CachedSession, startedAt: { generation: number; version: number }): void {
    if (startedAt.generation !== this.#generation || this.#current() !== startedAt.version) return;
    if (this.#entries.size >= SESSION_CACHE_MAX) {
      // The oldest entry first (a Map keeps insertion order).
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(id, entry);
  }

  forgetSession(id: string): void {
    this.#generation++;
    this.#entries.delete(id);
  }

  forgetUser(userId: string): void {
    this.#generation++;
    for (const [id, entry] of this.#entries) if (entry.user.id === userId) this.#entries.delete(id);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #current(): number | null {
    const version = this.version();
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    return version;
  }
}

const cache = new SessionCache(dataVersion);

/**
 * How far a session's expiry may be pushed back now: the usual lifetime from now, but a session
 * bounded by a temporary password's expiry (opened with it) no further than that, as it must not
 * outlive the password (ADR 027 addendum).
 */
function renewableUntil(session: SessionRow, user: UserRow, now: number): number {
  const bound = user.temporaryPasswordExpiresAt?.getTime();
  return bound != null && session.expiresAt.getTime() <= bound
    ? Math.min(now + lifetimeMs, bound)
    : now + lifetimeMs;
}

/**
 * Until when a validated session may be answered from the cache without asking the database: its
 * renewal point, or, once past that with no renewal able to extend it (bounded by a temporary
 * password), its expiry.
 */
export function cacheableUntil(session: SessionRow, user: UserRow, now: number): number {
  const expiresAt = session.expiresAt.getTime();
  const renewAt = expiresAt - lifetimeMs / 2;
  if (now < renewAt) return renewAt;
  return renewableUntil(session, user, now) > expiresAt ? now : expiresAt;
}

export async function validateSessionToken(token: string): Promise<SessionResult | null> {
  const id = sessionIdFromToken(token);
  const hit = cache.get(id, Date.now());
  if (hit) return { session: hit.session, user: hit.user, renewed: false };
  const started = cache.begin();
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
    await invalidateSession(id);
    return null;
  }
  if (now >= session.expiresAt.getTime() - lifetimeMs / 2) {
    const until = renewableUntil(session, user, now);
    if (until > session.expiresAt.getTime()) {
      session.expiresAt = new Date(until);
      await db().update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id));
      return { session, user, renewed: true };
    }
  }
  if (started)
    cache.set(id, { session, user, cachedAt: now, until: cacheableUntil(session, user, now) }, started);
  return { session, user, renewed: false };
}

export async function invalidateSession(sessionId: string): Promise<void> {
  cache.forgetSession(sessionId);
  await db().delete(sessions).where(eq(sessions.id, sessionId));
  cache.forgetSession(sessionId);
  // An open socket must not outlive its session (ADR 009).
  closeSessionSockets(sessionId);
}

/** The database, or a transaction of it (`db().transaction`'s callback argument). */
export type Writer = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Deletes every session of the user and answers their ids: on its own (invalidateUserSessions), or
 * inside a transaction that writes a password change or removal with them, for
 * `sessionsEndedInTransaction.after` once it committed.
 */
export async function deleteUserSessionsIn(tx: Writer, userId: string): Promise<string[]> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.map((e) => e.id);
}

/** Ends every session of the user; answers how many there were. */
export async function invalidateUserSessions(userId: string): Promise<number> {
  cache.forgetUser(userId);
  const ended = await deleteUserSessionsIn(db(), userId);
  cache.forgetUser(userId);
  closeUserSockets(userId);
  return ended.length;
}

/**
 * Ends every session but one (an admin's "sign out everyone" keeps their own). Answers how many ended.
 */
export async function invalidateAllSessionsExcept(keepSessionId: string): Promise<number> {
  cache.clear();
  const ended = await db()
    .delete(sessions)
    .where(ne(sessions.id, keepSessionId))
    .returning({ id: sessions.id });
  cache.clear();
  closeSocketsExceptSession(keepSessionId);
  return ended.length;
}

/**
 * Ends every session of one user but the one given (a password change, "Sign out other sessions").
 * Answers how many ended.
 */
export async function invalidateUserSessionsExcept(userId: string, keepSessionId: string): Promise<number> {
  cache.forgetUser(userId);
  const ended = await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  cache.forgetUser(userId);
  for (const { id } of ended) closeSessionSockets(id);
  return ended.length;
}

/**
 * For a transaction that deletes a user's sessions itself (a password change or removal written with
 * them in one transaction, `deleteUserSessionsIn`): call `before` ahead of it and `after` once it
 * committed, with the ids it ended. Cached lookups go, as in the functions above, and the ended
 * sessions' sockets close. A session `renewed` into another (the password change's own, given a new
 * token) has its sockets closed with `SESSION_RENEWED_CLOSE_CODE`: the browser reconnects with its
 * new cookie instead of signing out.
 */
export const sessionsEndedInTransaction = {
  before(userId: string): void {
    cache.forgetUser(userId);
  },
  after(userId: string, endedIds: readonly string[], renewed?: string): void {
    cache.forgetUser(userId);
    for (const id of endedIds) {
      if (id === renewed) renewSessionSockets(id);
      else closeSessionSockets(id);
    }
  },
};

/**
 * Call after changing a user's row (role, tier, profile) outside the functions above: their cached
 * sessions carry the old row.
 */
export function forgetCachedUser(userId: string): void {
  cache.forgetUser(userId);
  // Their open sockets hold channels by the old role: re-read theirs (not every socket) now.
  void recheckSockets({ force: true, userId });
}

/** How many validated sessions are held in memory (the admin screen and tests read it). */
export function cachedSessionCount(): number {
  return cache.size;
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

/**
 * Starts a session for the user and sets its cookie. A password sign-in passes the hash it verified:
 * the session is then made only if that is still the stored one (`createSessionIfPasswordStill`), and
 * the answer is false, with no cookie, when it is not.
 */
export async function startSession(
  c: Context,
  userId: string,
  options: { verifiedPasswordHash?: string } = {},
): Promise<boolean> {
  const token = generateSessionToken();
  const session =
    options.verifiedPasswordHash === undefined
      ? await createSession(token, userId)
      : await createSessionIfPasswordStill(token, userId, options.verifiedPasswordHash);
  if (!session) return false;
  setSessionCookie(c, token, session.expiresAt);
  return true;
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
