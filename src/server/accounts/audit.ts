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
  | "sessions.ended_all";

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
