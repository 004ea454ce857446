import type { AccountNotification, Notification } from "../../contracts/notifications.ts";
import { formatDate, formatDateTime, formatLongDate } from "../format/dates.ts";
import { formatPrice } from "../format/numbers.ts";

const count = (n: number) => Math.round(n).toLocaleString("en-US");

/**
 * What a notification says, as one line after the game's name: the list under the bell and the
 * browser's own notifications (Settings → Notifications → Push) read the same words.
 */
export function notificationText(n: Notification): string {
  switch (n.kind) {
    case "price":
      // A converted earlier price (the 2019 snapshot's GBP) says so: it is not a US list price.
      return `Price ${formatPrice(n.price.from)}${n.price.fromConverted ? " (converted from GBP, not a US list price)" : ""} → ${formatPrice(n.price.to)}`;
    case "release_date":
      return n.releaseDate.from
        ? `Release date moved from ${formatLongDate(n.releaseDate.from)} to ${formatLongDate(n.releaseDate.to)}`
        : `Release date set: ${formatLongDate(n.releaseDate.to)}`;
    case "players": {
      const { metric, value, average, days, at } = n.players;
      const ratio = average > 0 ? `${(value / average).toFixed(1)}×` : "";
      const what =
        metric === "players_peak"
          ? `Peak of ${count(value)} players on ${formatDate(at, { utc: true })}`
          : `${count(value)} players`;
      return `${what}, ${ratio} its daily average of the 7 days before (${count(average)}, from ${days} days with counts)`;
    }
    case "account":
      return n.account.event === "temporary_password"
        ? temporaryPasswordNoticeText(n.account.expiresAt)
        : accountNotificationText(n.account.provider);
  }
}

const PROVIDER_NAMES: Record<string, string> = { google: "Google", discord: "Discord", github: "GitHub" };

/** The notice after a provider sign-in proved the address and the unproven password went. */
function accountNotificationText(provider: string): string {
  const name = PROVIDER_NAMES[provider] ?? "a provider";
  return `You signed in with ${name}, which confirmed your email address. The password set on this account before the address was confirmed was removed, and every other session was signed out. To sign in with a password again, set a new one in Settings → Security → Password.`;
}

/**
 * The notice after a sign-in with a temporary password (ADR 027 addendum): an admin's reset, or the
 * operator's `bun run user:password` (review r24 #12), which the notice does not tell apart.
 */
function temporaryPasswordNoticeText(expiresAt: string): string {
  return `You signed in with a temporary password set by an administrator or the server's operator. It stops working on ${formatDateTime(expiresAt)}: set your own password in Settings → Security → Password before then.`;
}

/** An account notice's heading and the words of its link to Settings → Security. */
export function accountNotificationHeading(n: AccountNotification): { title: string; action: string } {
  return n.account.event === "temporary_password"
    ? { title: "Signed in with a temporary password", action: "Set your own password" }
    : { title: "Password removed", action: "Set a new password" };
}

/** "Price alert", "Game update": which setting a notification belongs to. */
export function notificationKindLabel(n: Notification): string {
  if (n.kind === "account") return "Account";
  return n.kind === "price" ? "Price alert" : "Game update";
}
