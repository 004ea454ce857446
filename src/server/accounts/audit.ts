import { and, count, desc, eq, inArray, lt } from "drizzle-orm";
import {
  AUDIT_ACTION_TEXT,
  type AuditEntryView,
  type AuditPage,
  type AuditPerson,
  type AuditQuery,
} from "../../contracts/audit.ts";
import { db } from "../db/client.ts";
import { auditLog, users } from "../db/schema/index.ts";
import { env } from "../env.ts";
import { log } from "../log.ts";

/**
 * The audit log: who did what to whom (issue 2 §6). Entries outlive the accounts they name, so
 * the ids are plain text, not foreign keys.
 */
export type AuditAction =
  | "auth.signed_in"
  | "auth.sign_in_failed"
  | "auth.sign_in_limited"
  | "auth.password_change_failed"
  | "user.signup"
  | "user.role_changed"
  | "user.deleted"
  | "user.promoted_by_admin_email"
  | "user.oauth_linked"
  | "user.unproven_password_removed"
  | "user.password_changed"
  | "user.password_reset"
  | "sessions.ended_others"
  | "catalog.demo_removed"
  | "ai.limits_changed"
  | "settings.changed"
  | "backup.created"
  | "backup.downloaded"
  | "backup.restored"
  | "sessions.ended_all"
  | "workflow.paused"
  | "workflow.resumed"
  | "workflow.executed";

// Every action has its words on the Admin Dashboard: one added above without them fails to compile.
AUDIT_ACTION_TEXT satisfies Record<AuditAction, string>;

export interface AuditEntry {
  actorId: string | null;
  action: AuditAction;
  targetId: string | null;
  detail?: Record<string, unknown>;
}

export async function recordAudit(entry: AuditEntry): Promise<void> {
  await db()
    .insert(auditLog)
    .values({
      id: crypto.randomUUID(),
      actorId: entry.actorId,
      action: entry.action,
      targetId: entry.targetId,
      detail: entry.detail ?? null,
      createdAt: new Date(),
    });
}

/**
 * Retention: failed sign-ins older than `AUDIT_FAILED_SIGN_IN_KEEP_DAYS` are deleted (0: kept).
 * Anyone can cause them, one per attempt, so without this they alone grow the log without bound;
 * every other entry names something a signed-in person did and is kept. Answers how many went.
 */
export async function pruneAuditLog(now = new Date()): Promise<number> {
  const days = env().AUDIT_FAILED_SIGN_IN_KEEP_DAYS;
  if (!days) return 0;
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const result = await db()
    .delete(auditLog)
    .where(and(eq(auditLog.action, "auth.sign_in_failed"), lt(auditLog.createdAt, before)));
  return result.rowsAffected;
}

/**
 * Prunes the audit log at start and every hour while the server runs; with retention off (0 days), no
 * timer at all. Answers a function that stops it.
 */
export function startAuditRetention(): () => void {
  if (!env().AUDIT_FAILED_SIGN_IN_KEEP_DAYS) return () => {};
  const run = () =>
    pruneAuditLog()
      .then((n) => n && log.info("old failed sign-ins removed from the audit log", { entries: n }))
      .catch((error) => log.error("audit log retention failed", { error: String(error) }));
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** Actions whose target is an account (else a setting's key, a backup's name, a plan). */
const targetsAccount = (action: string) =>
  action.startsWith("user.") || action.startsWith("auth.") || action === "sessions.ended_others";

/**
 * A page of the audit log, newest first, optionally one action only; each entry names its actor and
 * target as the accounts are now (an account deleted since keeps its id, with no email).
 */
export async function listAudit(query: AuditQuery): Promise<AuditPage> {
  const where = query.action ? eq(auditLog.action, query.action) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db()
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db().select({ n: count() }).from(auditLog).where(where),
  ]);
  const ids = new Set<string>();
  for (const r of rows) {
    if (r.actorId) ids.add(r.actorId);
    if (r.targetId && targetsAccount(r.action)) ids.add(r.targetId);
  }
  const people = new Map<string, AuditPerson>();
  if (ids.size) {
    const found = await db()
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...ids]));
    for (const u of found) {
      const name = [u.firstName, u.lastName].filter(Boolean).join(" ") || null;
      people.set(u.id, { id: u.id, email: u.email, name });
    }
  }
  const person = (id: string): AuditPerson => people.get(id) ?? { id, email: null, name: null };
  const entries = rows.map(
    (r): AuditEntryView => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      action: r.action,
      actor: r.actorId ? person(r.actorId) : null,
      target: r.targetId && targetsAccount(r.action) ? person(r.targetId) : null,
      targetText: r.targetId && !targetsAccount(r.action) ? r.targetId : null,
      detail: (r.detail as Record<string, unknown> | null) ?? null,
    }),
  );
  return { entries, page: query.page, pageSize: query.pageSize, total: totalRow?.n ?? 0 };
}
