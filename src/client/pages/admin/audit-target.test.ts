import { expect, test } from "vitest";
import type { AuditEntryView } from "../../../contracts/audit.ts";
import { auditTargetWords as targetText } from "./audit-text.ts";

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  id: "1",
  createdAt: "2026-11-27T20:00:00.000Z",
  action: "user.deleted",
  actor: { id: "a", email: "admin@example.com", name: "Ada Admin" },
  target: { id: "gone", email: null, name: null },
  targetText: null,
  detail: null,
  ...over,
});

// Review r31/c #2: an account deleted by an admin is named in its entry, though its row is gone.
test("a deletion names the account it removed, from the entry; other entries of a deleted account do not", () => {
  expect(
    targetText(
      entry({ detail: { role: "regular", self: false, email: "lee@example.com", name: "Lee Leaver" } }),
    ),
  ).toBe("Lee Leaver (lee@example.com), deleted");
  expect(
    targetText(entry({ detail: { role: "regular", self: false, email: "lee@example.com", name: null } })),
  ).toBe("lee@example.com, deleted");
  // Entries written before the deletion kept the email: none to show.
  expect(targetText(entry({ detail: { role: "regular", self: true } }))).toBe("A deleted account");
  expect(targetText(entry({ action: "user.role_changed", detail: { email: "x@example.com" } }))).toBe(
    "A deleted account",
  );
});
