import { expect, test } from "vitest";
import { AUDIT_ACTIONS, type AuditEntryView } from "../../../contracts/audit.ts";
import { auditActionWords, auditDetailWords, auditTargetWords, auditWhoWords } from "./audit-text.ts";

const admin = { id: "a", email: "admin@example.com", name: "Admin Test" };
const user3 = { id: "u3", email: "user3@example.com", name: "User3 Test" };

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  id: "e",
  createdAt: "2026-11-27T20:00:00.000Z",
  action: "auth.signed_in",
  actor: null,
  target: null,
  targetText: null,
  detail: null,
  ...over,
});

// Review r31-c #1: the card showed "Changed a role" without from → to, a setting by its internal key
// without before → after, and a shell restore as "Nobody signed in | Restored a backup | —".
test("a role change says from which role and plan to which", () => {
  const e = entry({
    action: "user.role_changed",
    actor: admin,
    target: user3,
    detail: {
      from: { role: "regular", tier: "starter" },
      to: { role: "premium", tier: "professional" },
      via: "api",
    },
  });
  expect(auditActionWords(e)).toBe("Changed a role");
  expect(auditDetailWords(e)).toBe("Regular - Starter → Premium - Professional");
  expect(auditTargetWords(e)).toBe("User3 Test (user3@example.com)");
});

test("a role changed from the shell reads as the shell's", () => {
  const e = entry({
    action: "user.role_changed",
    target: user3,
    detail: {
      from: { role: "premium", tier: "professional" },
      to: { role: "admin", tier: "enterprise" },
      via: "shell",
    },
  });
  expect(auditWhoWords(e)).toBe("An operator, from the server's shell");
  expect(auditDetailWords(e)).toBe("Premium - Professional → Admin - Enterprise");
});

test("a setting is named as the Settings tab names it, with each value that changed, before → after", () => {
  const rate = entry({
    action: "settings.changed",
    actor: admin,
    targetText: "rateLimits",
    detail: {
      before: { signInPerIp: 30, signInPerEmailAndIp: 10, signInPerEmail: 100, apiPerMinute: 0 },
      after: { signInPerIp: 40, signInPerEmailAndIp: 10, signInPerEmail: 100, apiPerMinute: 600 },
    },
  });
  expect(auditTargetWords(rate)).toBe("API Rate Limiting");
  expect(auditDetailWords(rate)).toBe(
    "Sign-in attempts from one address: 30 → 40; API requests a minute per user: no limit → 600",
  );
  const maintenance = entry({
    action: "settings.changed",
    targetText: "maintenance",
    detail: {
      before: { enabled: false, message: "" },
      after: { enabled: true, message: "Back at 21:00 UTC." },
    },
  });
  expect(auditTargetWords(maintenance)).toBe("Maintenance Mode");
  expect(auditDetailWords(maintenance)).toBe(
    'Off → On; Message shown in the banner: none → "Back at 21:00 UTC."',
  );
  const security = entry({
    action: "settings.changed",
    targetText: "security",
    detail: { before: { sessionLifetimeDays: 30 }, after: { sessionLifetimeDays: 7 } },
  });
  expect(auditTargetWords(security)).toBe("Security Settings");
  expect(auditDetailWords(security)).toBe("Session lifetime (days): 30 → 7");
});

test("a tier's AI limits name the plan and each limit that changed", () => {
  const e = entry({
    action: "ai.limits_changed",
    actor: admin,
    targetText: "professional",
    detail: {
      before: { monthlyTokens: 1_000_000, requestsPerMinute: 10 },
      after: { monthlyTokens: 2_000_000, requestsPerMinute: 10 },
    },
  });
  expect(auditTargetWords(e)).toBe("Professional plan");
  expect(auditDetailWords(e)).toBe("Language-model tokens a month per user: 1,000,000 → 2,000,000");
});

test("a restore from the shell names the operator, the file and what it brought back", () => {
  const e = entry({
    action: "backup.restored",
    detail: {
      file: "/srv/backups/gaming-intelligence-20261127T202321413Z.db",
      games: 39476,
      users: 4,
      sessionsEnded: 13,
      via: "shell",
    },
  });
  expect(auditWhoWords(e)).toBe("An operator, from the server's shell");
  expect(auditTargetWords(e)).toBe("gaming-intelligence-20261127T202321413Z.db");
  expect(auditDetailWords(e)).toBe(
    "from /srv/backups/gaming-intelligence-20261127T202321413Z.db; 39,476 games, 4 users; 13 sessions ended",
  );
  // Written before restores said so: still the shell, as only the shell restores.
  const older = entry({
    action: "backup.restored",
    detail: { file: "/b/x.db", games: 1, users: 1, sessionsEnded: 0 },
  });
  expect(auditWhoWords(older)).toBe("An operator, from the server's shell");
});

test("every action the server records reads with its details", () => {
  const cases: Record<string, [AuditEntryView, string]> = {
    "auth.signed_in": [
      entry({
        action: "auth.signed_in",
        actor: user3,
        target: user3,
        detail: { method: "github", ip: "1.2.3.4" },
      }),
      "",
    ],
    "auth.sign_in_failed": [
      entry({
        action: "auth.sign_in_failed",
        detail: { method: "password", reason: "wrong password", ip: "1.2.3.4" },
      }),
      "",
    ],
    "auth.sign_in_limited": [
      entry({
        action: "auth.sign_in_limited",
        detail: { method: "password", reason: "too many attempts", ip: "1.2.3.4", retryAfterSeconds: 600 },
      }),
      "refused for 10 min",
    ],
    "auth.password_change_failed": [
      entry({
        action: "auth.password_change_failed",
        actor: user3,
        target: user3,
        detail: { reason: "wrong current password" },
      }),
      "",
    ],
    "user.signup": [
      entry({ action: "user.signup", actor: user3, target: user3, detail: { role: "regular" } }),
      "as Regular - Starter",
    ],
    "user.role_changed": [
      entry({
        action: "user.role_changed",
        detail: { from: { role: "admin", tier: "enterprise" }, to: { role: "regular", tier: "starter" } },
      }),
      "Admin - Enterprise → Regular - Starter",
    ],
    "user.deleted": [
      entry({
        action: "user.deleted",
        actor: user3,
        target: { id: "u3", email: null, name: null },
        detail: { role: "premium", self: true },
      }),
      "their own account; it was Premium - Professional",
    ],
    "user.promoted_by_admin_email": [
      entry({
        action: "user.promoted_by_admin_email",
        detail: { from: { role: "regular", tier: "starter" }, to: { role: "admin", tier: "enterprise" } },
      }),
      "Regular - Starter → Admin - Enterprise",
    ],
    "user.oauth_linked": [entry({ action: "user.oauth_linked", detail: { provider: "github" } }), "GitHub"],
    "user.unproven_password_removed": [
      entry({ action: "user.unproven_password_removed", detail: { provider: "google" } }),
      "address proven through Google",
    ],
    "user.password_changed": [
      entry({ action: "user.password_changed", detail: { firstPassword: false, endedSessions: 2 } }),
      "2 other sessions ended",
    ],
    "user.password_reset": [
      entry({
        action: "user.password_reset",
        actor: admin,
        target: user3,
        detail: { endedSessions: 1, via: "api", expiresAt: "2026-11-28T20:00:00.000Z" },
      }),
      "1 session ended; the temporary password expires",
    ],
    "sessions.ended_others": [
      entry({ action: "sessions.ended_others", detail: { endedSessions: 3 } }),
      "3 other sessions ended",
    ],
    "catalog.demo_removed": [
      entry({
        action: "catalog.demo_removed",
        detail: { games: 40, points: 1200, companies: 5, reports: 2, analyses: 0 },
      }),
      "40 games, 1,200 data points, 5 companies, 2 reports, 0 analyses",
    ],
    "ai.limits_changed": [
      entry({
        action: "ai.limits_changed",
        detail: {
          before: { requestsPerMinute: 10, monthlyTokens: 5 },
          after: { requestsPerMinute: 0, monthlyTokens: 5 },
        },
      }),
      "AI requests a minute per user: 10 → 0 (no AI)",
    ],
    "settings.changed": [
      entry({
        action: "settings.changed",
        targetText: "security",
        detail: { before: { sessionLifetimeDays: 30 }, after: { sessionLifetimeDays: 1 } },
      }),
      "Session lifetime (days): 30 → 1",
    ],
    "backup.created": [
      entry({ action: "backup.created", targetText: "b.db", detail: { bytes: 115_343_360, ms: 1500 } }),
      "110.0 MiB, in 1.5 s",
    ],
    "backup.downloaded": [entry({ action: "backup.downloaded", targetText: "b.db" }), ""],
    "backup.restored": [
      entry({
        action: "backup.restored",
        detail: { file: "/b/x.db", games: 1, users: 1, sessionsEnded: 1, via: "shell" },
      }),
      "from /b/x.db; 1 game, 1 user; 1 session ended",
    ],
    "sessions.ended_all": [entry({ action: "sessions.ended_all", detail: { ended: 9 } }), "9 sessions ended"],
    "workflow.paused": [
      entry({ action: "workflow.paused", targetText: "Health", detail: { workflowId: "w" } }),
      "",
    ],
    "workflow.resumed": [
      entry({ action: "workflow.resumed", targetText: "Health", detail: { workflowId: "w" } }),
      "",
    ],
    "workflow.executed": [
      entry({
        action: "workflow.executed",
        targetText: "Health",
        detail: { workflowId: "w", executionId: "x", reason: "after the outage" },
      }),
      "reason: after the outage",
    ],
  };
  // Every action the filter offers is covered here, so a new one cannot be added without its words.
  expect(Object.keys(cases).sort()).toEqual([...AUDIT_ACTIONS].sort());
  for (const [action, [e, words]] of Object.entries(cases)) {
    if (words === "") expect(auditDetailWords(e), action).toBe("");
    else expect(auditDetailWords(e), action).toContain(words);
  }
});

test("a sign-in keeps its method and reason in the action, and an unknown account reads so", () => {
  const failed = entry({
    action: "auth.sign_in_failed",
    detail: { method: "password", reason: "no account with that email", ip: "1.2.3.4" },
  });
  expect(auditActionWords(failed)).toBe("Failed sign-in (password: no account with that email)");
  expect(auditTargetWords(failed)).toBe("Unknown account");
  expect(auditWhoWords(failed)).toBe("Nobody signed in");
});
