import { type AuditEntryView, type AuditPerson, auditActionText } from "../../../contracts/audit.ts";
import { ROLE_CHOICES, ROLE_TIER, type Role } from "../../../contracts/roles.ts";
import { formatDateTime } from "../../format/dates.ts";
import { formatMebibytes } from "../../format/numbers.ts";
import {
  AI_LIMIT_LABELS,
  MAINTENANCE_MESSAGE_LABEL,
  RATE_LIMIT_LABELS,
  SESSION_DAYS_LABEL,
  SETTING_TITLES,
} from "./setting-labels.ts";

/**
 * An audit entry in words, as the Admin Dashboard's Audit log card shows it: who, the action, its
 * target, and what the entry's stored details say (review r31-c #1: a role change without from → to,
 * a setting by its stored key without its values, a shell restore as "Nobody signed in").
 */

export const SHELL_OPERATOR = "An operator, from the server's shell";

function personText(person: AuditPerson | null, nobody: string): string {
  if (!person) return nobody;
  if (!person.email) return "A deleted account";
  return person.name ? `${person.name} (${person.email})` : person.email;
}

const text = (entry: AuditEntryView, key: string): string | null =>
  typeof entry.detail?.[key] === "string" ? (entry.detail[key] as string) : null;
const count = (entry: AuditEntryView, key: string): number | null =>
  typeof entry.detail?.[key] === "number" ? (entry.detail[key] as number) : null;
const record = (entry: AuditEntryView, key: string): Record<string, unknown> | null => {
  const value = entry.detail?.[key];
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
};

const number = (n: number) => n.toLocaleString("en");
const counted = (n: number, one: string, many = `${one}s`) => `${number(n)} ${n === 1 ? one : many}`;
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A provider as its sign-in button names it. */
const PROVIDERS: Record<string, string> = { github: "GitHub", google: "Google" };
const provider = (name: string) => PROVIDERS[name] ?? capitalized(name);

/** A role and plan as User Management's select names the pair ("Premium - Professional"). */
function planText(value: unknown): string | null {
  const role = typeof value === "string" ? value : (value as { role?: unknown } | null)?.role;
  if (typeof role !== "string") return null;
  return ROLE_CHOICES.find((c) => c.role === role)?.label ?? role;
}

/** Who did it: an account, or the shell (a role change, password reset or restore made there). */
export function auditWhoWords(entry: AuditEntryView): string {
  if (entry.actor) return personText(entry.actor, "");
  // Only the shell restores (`bun run db:restore`); entries written before it said so too.
  if (text(entry, "via") === "shell" || entry.action === "backup.restored") return SHELL_OPERATOR;
  return "Nobody signed in";
}

/** The action in words, with how a sign-in was made and why one failed. */
export function auditActionWords(entry: AuditEntryView): string {
  const words = auditActionText(entry.action);
  const method = text(entry, "method");
  const how = [
    method && (method === "password" ? "password" : `through ${provider(method)}`),
    entry.action === "workflow.executed" ? null : text(entry, "reason"),
    text(entry, "at") === "signup" && "at sign-up",
  ]
    .filter(Boolean)
    .join(": ");
  return how ? `${words} (${how})` : words;
}

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * The target: an account, a setting as the Settings tab titles it, a plan, a backup by its file's
 * name. A password sign-in naming no account reads "Unknown account": the address typed is not kept
 * (it may be a mistyped password).
 */
export function auditTargetWords(entry: AuditEntryView): string {
  // A deletion keeps whom it removed in its entry (ADR 043): the account's own row is gone.
  const email = text(entry, "email");
  if (entry.target && !entry.target.email && entry.action === "user.deleted" && email) {
    const name = text(entry, "name");
    return `${name ? `${name} (${email})` : email}, deleted`;
  }
  if (entry.target) return personText(entry.target, "");
  if (entry.targetText) {
    if (entry.action === "settings.changed")
      return (SETTING_TITLES as Record<string, string>)[entry.targetText] ?? entry.targetText;
    if (entry.action === "ai.limits_changed") return `${capitalized(entry.targetText)} plan`;
    return entry.targetText;
  }
  const file = text(entry, "file");
  if (entry.action === "backup.restored" && file) return fileName(file);
  if (entry.action.startsWith("auth.") && text(entry, "method") === "password") return "Unknown account";
  return "—";
}

/** Each setting's fields as the Settings tab labels them, and how a value reads. */
const FIELD_LABELS: Record<string, Record<string, string>> = {
  maintenance: { enabled: "", message: MAINTENANCE_MESSAGE_LABEL },
  rateLimits: RATE_LIMIT_LABELS,
  security: { sessionLifetimeDays: SESSION_DAYS_LABEL },
  ai: AI_LIMIT_LABELS,
};

function valueText(setting: string, field: string, value: unknown): string {
  if (typeof value === "boolean") return value ? "On" : "Off";
  if (typeof value === "number") {
    if (setting === "rateLimits" && field === "apiPerMinute" && value === 0) return "no limit";
    if (setting === "ai" && field === "requestsPerMinute" && value === 0) return "0 (no AI)";
    return number(value);
  }
  if (typeof value === "string") return value === "" ? "none" : `"${value}"`;
  return value == null ? "none" : JSON.stringify(value);
}

/** Each field that changed, before → after, labelled as the form labels it. */
function changesText(
  setting: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  if (!after) return "";
  const labels = FIELD_LABELS[setting] ?? {};
  const fields = [...new Set([...Object.keys(labels), ...Object.keys(after)])].filter((f) => f in after);
  return fields
    .filter((f) => !before || !Object.is(before[f], after[f]))
    .map((f) => {
      const label = labels[f] ?? f;
      const change = before
        ? `${valueText(setting, f, before[f])} → ${valueText(setting, f, after[f])}`
        : valueText(setting, f, after[f]);
      return label ? `${label}: ${change}` : change;
    })
    .join("; ");
}

const sessionsEnded = (n: number | null, other = false) =>
  n == null ? null : `${counted(n, other ? "other session" : "session")} ended`;

/** What the entry's details say, in words; "" when there is nothing beyond the action and target. */
export function auditDetailWords(entry: AuditEntryView): string {
  const parts: Array<string | null | false> = [];
  switch (entry.action) {
    case "user.role_changed":
    case "user.promoted_by_admin_email": {
      const from = planText(record(entry, "from"));
      const to = planText(record(entry, "to"));
      parts.push(from && to ? `${from} → ${to}` : to && `to ${to}`);
      break;
    }
    case "user.signup": {
      const plan = planText(text(entry, "role"));
      parts.push(plan && `as ${plan}`);
      break;
    }
    case "user.deleted": {
      const role = text(entry, "role");
      const plan = role && planText({ role, tier: ROLE_TIER[role as Role] });
      parts.push(entry.detail?.self === true ? "their own account" : null, plan && `it was ${plan}`);
      break;
    }
    case "user.oauth_linked": {
      const name = text(entry, "provider");
      parts.push(name && provider(name));
      break;
    }
    case "user.unproven_password_removed": {
      const name = text(entry, "provider");
      parts.push(name && `address proven through ${provider(name)}`);
      break;
    }
    case "user.password_changed":
      parts.push(
        entry.detail?.firstPassword === true && "first password",
        sessionsEnded(count(entry, "endedSessions"), true),
      );
      break;
    case "user.password_reset": {
      const expires = text(entry, "expiresAt");
      parts.push(
        sessionsEnded(count(entry, "endedSessions")),
        expires && `the temporary password expires ${formatDateTime(expires)}`,
      );
      break;
    }
    case "sessions.ended_others":
      parts.push(sessionsEnded(count(entry, "endedSessions"), true));
      break;
    case "sessions.ended_all":
      parts.push(sessionsEnded(count(entry, "ended")));
      break;
    case "auth.sign_in_limited": {
      const seconds = count(entry, "retryAfterSeconds");
      parts.push(seconds != null && `refused for ${Math.max(1, Math.ceil(seconds / 60))} min`);
      break;
    }
    case "catalog.demo_removed": {
      const of = (key: string, one: string, many?: string) => {
        const n = count(entry, key);
        return n == null ? null : counted(n, one, many);
      };
      parts.push(
        [
          of("games", "game"),
          of("points", "data point"),
          of("companies", "company", "companies"),
          of("reports", "report"),
          of("analyses", "analysis", "analyses"),
        ]
          .filter(Boolean)
          .join(", ") || null,
      );
      break;
    }
    case "settings.changed":
      parts.push(changesText(entry.targetText ?? "", record(entry, "before"), record(entry, "after")));
      break;
    case "ai.limits_changed":
      parts.push(changesText("ai", record(entry, "before"), record(entry, "after")));
      break;
    case "backup.created": {
      const bytes = count(entry, "bytes");
      const ms = count(entry, "ms");
      parts.push(
        [bytes != null && formatMebibytes(bytes), ms != null && `in ${(ms / 1000).toFixed(1)} s`]
          .filter(Boolean)
          .join(", ") || null,
      );
      break;
    }
    case "backup.restored": {
      const file = text(entry, "file");
      const games = count(entry, "games");
      const users = count(entry, "users");
      parts.push(
        file && `from ${file}`,
        [games != null && counted(games, "game"), users != null && counted(users, "user")]
          .filter(Boolean)
          .join(", ") || null,
        sessionsEnded(count(entry, "sessionsEnded")),
      );
      break;
    }
    case "workflow.executed": {
      const reason = text(entry, "reason");
      parts.push(reason && `reason: ${reason}`);
      break;
    }
  }
  return parts.filter(Boolean).join("; ");
}
