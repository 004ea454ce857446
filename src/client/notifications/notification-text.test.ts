import { expect, test } from "vitest";
import type { PriceNotification } from "../../contracts/notifications.ts";
import { formatDateTime } from "../format/dates.ts";
import { accountNotificationHeading, notificationKindLabel, notificationText } from "./notification-text.ts";

const alert = (fromConverted: boolean): PriceNotification => ({
  id: 1,
  game: { id: "g", name: "Terraria" },
  createdAt: "2026-11-26T10:00:00.000Z",
  read: false,
  kind: "price",
  price: { from: 8.88, to: 0, fromConverted },
  provenance: { source: "Steam via SteamSpy (dataset)", asOf: "2023-01-15T00:00:00.000Z" },
  earlier: null,
});

// Review 7, item 7: an earlier price converted from the snapshot's GBP is not a US list price.
test("a price alert says when its earlier price was converted from another currency", () => {
  expect(notificationText(alert(true))).toBe("Price $8.88 (converted from GBP, not a US list price) → Free");
  expect(notificationText(alert(false))).toBe("Price $8.88 → Free");
});

// Report r20/b, finding 1: the account notice after a provider sign-in removed an unproven password.
test("an account notice names the provider, what was removed and where to set a new password", () => {
  const text = notificationText({
    id: 2,
    game: null,
    createdAt: "2026-11-26T10:00:00.000Z",
    read: false,
    kind: "account",
    provenance: null,
    account: { event: "password_removed", provider: "github" },
  });
  expect(text).toContain("You signed in with GitHub");
  expect(text).toContain("password set on this account before the address was confirmed was removed");
  expect(text).toContain("Settings → Security → Password");
  expect(notificationKindLabel({ kind: "account" } as never)).toBe("Account");
});

// ADR 027 addendum: a sign-in with a temporary password is told in the bell, with its end. It may
// come from the operator's shell reset as well as an admin's (review r24 #12).
test("the temporary-password notice says who set it, when it stops working and where to set your own", () => {
  const n = {
    id: 3,
    game: null,
    createdAt: "2026-11-26T10:00:00.000Z",
    read: false,
    kind: "account",
    provenance: null,
    account: { event: "temporary_password", expiresAt: "2026-11-27T10:00:00.000Z" },
  } as const;
  const text = notificationText(n);
  expect(text).toContain(
    "You signed in with a temporary password set by an administrator or the server's operator.",
  );
  expect(text).toContain(`It stops working on ${formatDateTime("2026-11-27T10:00:00.000Z")}`);
  expect(text).toContain("Settings → Security → Password");
  expect(accountNotificationHeading(n)).toEqual({
    title: "Signed in with a temporary password",
    action: "Set your own password",
  });
});
