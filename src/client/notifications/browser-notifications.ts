import type { Notification as AppNotification } from "../../contracts/notifications.ts";
import { notificationText } from "./notification-text.ts";

/**
 * Settings → Notifications → Push notifications: each price alert and game update shown as a
 * notification of the browser (the Notifications API) while the app is open in a tab, in the
 * background too. This server has no push service, so nothing arrives while every tab is closed;
 * the Settings screen says so.
 */
export type BrowserNotificationState = NotificationPermission | "unsupported";

export function browserNotificationState(): BrowserNotificationState {
  return typeof window !== "undefined" && "Notification" in window
    ? window.Notification.permission
    : "unsupported";
}

/** Asks the browser for permission (it must follow a click); answers the state after asking. */
export async function requestBrowserNotifications(): Promise<BrowserNotificationState> {
  if (browserNotificationState() === "unsupported") return "unsupported";
  try {
    return await window.Notification.requestPermission();
  } catch {
    return browserNotificationState();
  }
}

/** Shows each notification through the browser, when it allows it. */
export function showBrowserNotifications(list: readonly AppNotification[]): void {
  if (browserNotificationState() !== "granted") return;
  for (const n of list) {
    try {
      const shown = new window.Notification(n.game ? n.game.name : "Gaming Intelligence account", {
        body: notificationText(n),
        tag: `gi-notification-${n.id}`,
      });
      shown.onclick = () => {
        window.focus();
        shown.close();
      };
    } catch {
      // Some browsers allow notifications from a service worker only; the bell still has it.
    }
  }
}
