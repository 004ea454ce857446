import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellOff } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import type { Notification, NotificationList } from "../../contracts/notifications.ts";
import { cn } from "../../ui/cn.ts";
import { EmptyState } from "../../ui/empty-state/EmptyState.tsx";
import { describeAsOf, SourceNote } from "../../ui/source-note/SourceNote.tsx";
import { Spinner } from "../../ui/spinner/Spinner.tsx";
import { apiRequest } from "../api.ts";
import { formatDateTime } from "../format/dates.ts";
import { userSettingsQuery } from "../queries/auth.ts";
import { notificationsQuery } from "../queries/notifications.ts";
import { accountNotificationHeading, notificationKindLabel, notificationText } from "./notification-text.ts";

export interface NotificationPanelProps {
  /** Closes the list (a link inside it was followed). */
  onClose: () => void;
}

function offNotice(priceAlerts: boolean, gameUpdates: boolean): string | null {
  if (priceAlerts && gameUpdates) return null;
  if (!priceAlerts && !gameUpdates)
    return "Price alerts and game updates are off: nothing new is added here.";
  return priceAlerts
    ? "Game updates are off: only price alerts are added here."
    : "Price alerts are off: only game updates are added here.";
}

function Item({ n, isNew, onClose }: { n: Notification; isNew: boolean; onClose: () => void }) {
  return (
    <li className={cn("grid gap-1 px-4 py-3", isNew && "bg-accent/40")} data-testid="notification">
      <p className="text-muted-foreground text-xs">
        {notificationKindLabel(n)}
        {isNew && <span className="font-semibold text-primary"> · new</span>}
      </p>
      {n.kind === "account" ? (
        <>
          <p className="font-medium">{accountNotificationHeading(n).title}</p>
          <p className="text-sm">{notificationText(n)}</p>
          <Link
            href="/settings?tab=security"
            onClick={onClose}
            className="text-primary text-sm hover:underline"
          >
            {accountNotificationHeading(n).action}
          </Link>
        </>
      ) : (
        <>
          <Link
            href={`/games/${encodeURIComponent(n.game.id)}`}
            onClick={onClose}
            className="font-medium hover:underline"
          >
            {n.game.name}
          </Link>
          <p className="text-sm">{notificationText(n)}</p>
        </>
      )}
      {n.kind === "account" ? null : n.provenance ? (
        <SourceNote provenance={n.provenance} />
      ) : (
        <p className="text-muted-foreground text-xs">
          {n.kind === "price"
            ? "Source: not recorded with this alert (the price was written without its source)"
            : "Source: not recorded by the catalog"}
        </p>
      )}
      {n.kind === "price" && n.earlier && (
        <p
          className="text-muted-foreground text-xs"
          data-testid="notification-earlier"
          title={n.earlier.method}
        >
          Earlier price from {[n.earlier.source, describeAsOf(n.earlier.asOf)].filter(Boolean).join(" · ")}
          {n.earlier.method && <span className="sr-only"> ({n.earlier.method})</span>}
        </p>
      )}
      <p className="text-muted-foreground text-xs">Seen by this server {formatDateTime(n.createdAt)}</p>
    </li>
  );
}

/**
 * Tab and Shift+Tab go round the panel's controls: it is a dialog (the bell says so), so the focus
 * stays in it until Escape, which closes it (popover="auto") and gives the focus back to the bell.
 */
function keepTabInside(this: HTMLElement, event: KeyboardEvent) {
  if (event.key !== "Tab") return;
  const controls = [...this.querySelectorAll<HTMLElement>("a[href],button:not(:disabled)")];
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (event.shiftKey ? active === first || active === this : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  }
}

/** The list under the header's bell; opening it marks what it shows read. */
export default function NotificationPanel({ onClose }: NotificationPanelProps) {
  const queryClient = useQueryClient();
  const { data, isError, refetch } = useQuery(notificationsQuery);
  const settings = useQuery(userSettingsQuery);
  // What was unread when it came into view stays marked new while the list is open.
  const fresh = useRef(new Set<number>());
  for (const n of data?.notifications ?? []) if (!n.read) fresh.current.add(n.id);

  const markRead = useMutation({
    mutationFn: (upTo: number) =>
      apiRequest<{ unread: number }>("POST", "/api/user/notifications/read", { upTo }),
    onSuccess: ({ unread }, upTo) =>
      queryClient.setQueryData<NotificationList>(notificationsQuery.queryKey, (old) =>
        old
          ? { unread, notifications: old.notifications.map((n) => (n.id <= upTo ? { ...n, read: true } : n)) }
          : old,
      ),
  });
  const markedUpTo = useRef(0);
  const newestUnread = data?.notifications.find((n) => !n.read)?.id ?? 0;
  const mutate = markRead.mutate;
  useEffect(() => {
    if (newestUnread > markedUpTo.current) {
      markedUpTo.current = newestUnread;
      mutate(newestUnread);
    }
  }, [newestUnread, mutate]);

  const notice = settings.data
    ? offNotice(settings.data.notifications.priceAlerts, settings.data.notifications.gameUpdates)
    : null;
  // Opened, the dialog takes the focus (it stayed on the bell, and Tab then left the open panel).
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = panel.current!;
    el.focus();
    el.addEventListener("keydown", keepTabInside);
    return () => el.removeEventListener("keydown", keepTabInside);
  }, []);
  return (
    <div ref={panel} tabIndex={-1} className="outline-none">
      <div className="flex items-center justify-between border-border border-b px-4 py-3">
        <h2 className="font-semibold">Notifications</h2>
        <Link
          href="/settings?tab=notifications"
          onClick={onClose}
          className="text-primary text-sm hover:underline"
        >
          Settings
        </Link>
      </div>
      {notice && <p className="border-border border-b px-4 py-2 text-muted-foreground text-sm">{notice}</p>}
      {isError ? (
        <div className="grid gap-2 p-4 text-sm">
          <p>Your notifications could not be loaded.</p>
          <button
            type="button"
            className="justify-self-start text-primary hover:underline"
            onClick={() => void refetch()}
          >
            Try again
          </button>
        </div>
      ) : !data ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : data.notifications.length === 0 ? (
        <EmptyState
          icon={BellOff}
          className="m-4"
          title="No notifications yet"
          description="You are told here when a game on your watchlist changes price, gets a release date, or its players spike."
        />
      ) : (
        <ul className="divide-y divide-border">
          {data.notifications.map((n) => (
            <Item key={n.id} n={n} isNew={fresh.current.has(n.id)} onClose={onClose} />
          ))}
        </ul>
      )}
    </div>
  );
}
