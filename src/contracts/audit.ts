import { z } from "zod";
import { wholeNumber } from "./query-number.ts";

/**
 * The audit log as admins read it: `GET /api/admin/audit?page=&pageSize=&action=` (review r20-b #4).
 * Each action in words, as the Admin Dashboard's "Audit log" card shows it.
 */
export const AUDIT_ACTION_TEXT = {
  "auth.signed_in": "Signed in",
  "auth.sign_in_failed": "Failed sign-in",
  "auth.sign_in_limited": "Sign-in refused: too many attempts",
  "auth.password_change_failed": "Failed password change",
  "user.signup": "Signed up",
  "user.role_changed": "Changed a role",
  "user.deleted": "Deleted an account",
  "user.promoted_by_admin_email": "Made admin by ADMIN_EMAILS",
  "user.oauth_linked": "Linked a sign-in provider",
  "user.unproven_password_removed": "Password removed: address proven by a provider",
  "user.password_changed": "Changed their password",
  "user.password_reset": "Reset a password",
  "sessions.ended_others": "Signed out their other sessions",
  "catalog.demo_removed": "Removed the demo data",
  "ai.limits_changed": "Changed AI limits",
  "settings.changed": "Changed a setting",
  "backup.created": "Took a backup",
  "backup.downloaded": "Downloaded a backup",
  "backup.restored": "Restored a backup",
  "sessions.ended_all": "Signed out everyone",
  "workflow.paused": "Paused a workflow",
  "workflow.resumed": "Resumed a workflow",
  "workflow.executed": "Ran a workflow by hand",
} as const;
export type AuditActionName = keyof typeof AUDIT_ACTION_TEXT;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_TEXT) as AuditActionName[];

/** An action's words; one this client does not know yet reads as its name. */
export function auditActionText(action: string): string {
  return (AUDIT_ACTION_TEXT as Record<string, string>)[action] ?? action;
}

export const AUDIT_MAX_PAGE_SIZE = 100;

export const AuditQuerySchema = z
  .object({
    page: wholeNumber(1).default(1),
    pageSize: wholeNumber(1, AUDIT_MAX_PAGE_SIZE).default(25),
    action: z
      .enum(AUDIT_ACTIONS as [AuditActionName, ...AuditActionName[]], {
        message: `One of ${AUDIT_ACTIONS.join(", ")}`,
      })
      .optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** Who an entry names: an account (its email and name as now), or an account since deleted (email null). */
export interface AuditPerson {
  id: string;
  email: string | null;
  name: string | null;
}

export interface AuditEntryView {
  id: string;
  createdAt: string;
  action: string;
  /** Who did it; null when nobody signed in did (a failed sign-in, the shell). */
  actor: AuditPerson | null;
  /** What it was done to: an account, or a setting's key, a backup's name, a plan (`targetText`). */
  target: AuditPerson | null;
  targetText: string | null;
  detail: Record<string, unknown> | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  page: number;
  pageSize: number;
  total: number;
}
