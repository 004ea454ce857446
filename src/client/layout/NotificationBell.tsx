import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { type ComponentType, lazy, Suspense, useRef, useState } from "react";
import { isWatchlistChange, type UserChannelMessage } from "../../contracts/user-channel.ts";
import { Button } from "../../ui/button/Button.tsx";
import { Spinner } from "../../ui/spinner/Spinner.tsx";
import type { NotificationPanelProps } from "../notifications/NotificationPanel.tsx";
import { userSettingsQuery } from "../queries/auth.ts";
import { notificationsQuery } from "../queries/notifications.ts";
import { useChannel } from "../realtime.ts";
import { loadChunk } from "../recovery/chunks.ts";

// The list's code loads the first time the bell is opened (the shell stays lean, ADR 014).
const NotificationPanel = lazy<ComponentType<NotificationPanelProps>>(() =>
  loadChunk(() => import("../notifications/NotificationPanel.tsx")),
);

export const NOTIFICATION_PANEL_ID = "notifications-panel";

/**
 * The header's bell: how many price alerts and game updates are unread, and the list under it (an
 * HTML popover: Escape or a click outside closes it). New ones come over the socket's
 * `notifications` channel; with Push notifications on they also show as the browser's own.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const { data } = useQuery(notificationsQuery);
  const settings = useQuery(userSettingsQuery);
  useChannel<UserChannelMessage | null>("notifications", (update) => {
    // The same channel says when the watchlist changed (useWatchlistSync, which also refetches the
    // figures of the games a notification is about): no notification in that.
    if (isWatchlistChange(update)) return;
    void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    // The browser's own notifications (Settings → Notifications → Push); their code loads on first use.
    const list = update?.notifications ?? [];
    if (settings.data?.notifications.push && list.length > 0)
      void import("../notifications/browser-notifications.ts").then(
        (m) => m.showBrowserNotifications(list),
        () => {},
      );
  });
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const unread = data?.unread ?? 0;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        popoverTarget={NOTIFICATION_PANEL_ID}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-primary px-1 text-center font-semibold text-[10px] text-primary-foreground leading-4"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Button>
      <div
        ref={panel}
        id={NOTIFICATION_PANEL_ID}
        popover="auto"
        role="dialog"
        aria-label="Notifications"
        onToggle={(event) => setOpen((event as unknown as { newState: string }).newState === "open")}
        className="fixed inset-auto top-14 right-4 m-0 max-h-[70vh] w-[26rem] max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md border border-border bg-popover p-0 text-popover-foreground shadow-lg"
      >
        {open && (
          <Suspense
            fallback={
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            }
          >
            <NotificationPanel onClose={() => panel.current?.hidePopover()} />
          </Suspense>
        )}
      </div>
    </>
  );
}
