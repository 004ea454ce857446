import { desc, eq } from "drizzle-orm";
import { db } from "../db/client.ts";
import { auditLog } from "../db/schema/index.ts";

/**
 * The audit log: who did what to whom (issue 2 §6). Entries outlive the accounts they name, so
 * the ids are plain text, not foreign keys.
 */
export type AuditAction =
  | "user.signup"
  | "user.role_changed"
  | "user.deleted"
  | "user.promoted_by_admin_email"
  | "user.oauth_linked";

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

/** Newest first; for one target when given. */
export async function listAudit(options: { targetId?: string; limit?: number } = {}) {
  const query = db().select().from(auditLog);
  const filtered = options.targetId ? query.where(eq(auditLog.targetId, options.targetId)) : query;
  return filtered.orderBy(desc(auditLog.createdAt)).limit(options.limit ?? 100);
}
