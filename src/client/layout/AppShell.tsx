import { Menu } from "lucide-react";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { PublicUser } from "../../contracts/roles.ts";
import { Button } from "../../ui/button/index.ts";
import { StatusDot } from "../../ui/status-dot/index.ts";
import { useWatchlistSync } from "../queries/watchlist-sync.ts";
import { realtime, useRealtimeReconnecting, useRealtimeStatus } from "../realtime.ts";
import { loadChunk } from "../recovery/chunks.ts";
import { MaintenanceBanner } from "./MaintenanceBanner.tsx";
import type { NavDrawerProps } from "./NavDrawer.tsx";
import { NOTIFICATION_PANEL_ID, NotificationBell } from "./NotificationBell.tsx";
import { Sidebar } from "./Sidebar.tsx";

// A stale chunk reloads the page once (recovery/chunks.ts); if the server is down the menu stays
// closed rather than taking the whole app down with it.
const NavDrawer = lazy<ComponentType<NavDrawerProps>>(() =>
  loadChunk(() => import("./NavDrawer.tsx")).catch(() => ({ default: () => null })),
);

// Retry goes once the connection is back: if it had the focus, the bell takes it (review 23), found as
// the button that opens the notifications panel wherever the header puts it (review 24, item 10).
const toBell = (el: HTMLElement | null) => () => {
  if (el && el === document.activeElement)
    document.querySelector<HTMLElement>(`[popovertarget=${NOTIFICATION_PANEL_ID}]`)?.focus();
};

/**
 * The header's connection state, in a polite live region (one element throughout, so each change is
 * announced); once a connection was lost it says "Reconnecting…" in words (issue 8; review r35-a #2), at every width (the dot's colour
 * alone told a phone user nothing), and offers Retry, which says it is trying: "Trying…", then
 * "Still disconnected" while the connection stays lost.
 */
export function LiveIndicator() {
  const status = useRealtimeStatus();
  const reconnecting = useRealtimeReconnecting();
  const [tried, setTried] = useState(0);
  if (!reconnecting && tried) setTried(0);
  // "Still disconnected" 1.5 s after this Retry; the timer goes with the attempt (back online, or unmounted),
  // so an earlier attempt's never speaks over a fresh "Trying…" (review 24, item 10).
  useEffect(() => {
    if (tried === 1) {
      const timer = setTimeout(() => setTried(2), 1500);
      return () => clearTimeout(timer);
    }
  }, [tried]);
  return (
    <span
      className="inline-flex items-center gap-2"
      data-testid={reconnecting ? "live-reconnecting" : undefined}
    >
      <span role="status">
        <StatusDot
          live={!reconnecting && status === "connected"}
          label={
            reconnecting
              ? ["Reconnecting…", "Trying…", "Still disconnected"][tried]
              : status === "connected"
                ? "Live"
                : status === "connecting"
                  ? "Connecting"
                  : "Disconnected"
          }
        />
      </span>
      {reconnecting && (
        <Button
          ref={toBell}
          variant="outline"
          size="sm"
          onClick={() => {
            setTried(1);
            realtime().retryNow();
          }}
          disabled={tried === 1}
          focusableWhenDisabled
        >
          Retry
        </Button>
      )}
    </span>
  );
}

/** Sidebar on wide screens, a drawer behind a menu button on narrow ones. */
export function AppShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // The drawer's code is fetched the first time the menu button is pressed, then kept mounted so
  // it can animate closed and reopen at once.
  const [drawerWanted, setDrawerWanted] = useState(false);
  // A watchlist change made in another tab or on another device shows here too.
  useWatchlistSync();
  return (
    <div className="flex min-h-screen">
      {/* The first Tab stop: past the sidebar's links to the screen itself, shown when focused. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground text-sm focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 overflow-y-auto border-border border-r bg-card/40 lg:block">
        <Sidebar user={user} />
      </aside>
      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-border border-b bg-background/80 px-4 backdrop-blur">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Open menu"
            aria-expanded={open}
            onClick={() => {
              setDrawerWanted(true);
              setOpen(true);
            }}
          >
            <Menu />
          </Button>
          <span className="min-w-0 truncate font-semibold lg:hidden">Gaming Intelligence</span>
          <div className="ml-auto flex items-center gap-2">
            <LiveIndicator />
            <NotificationBell />
          </div>
        </header>
        <MaintenanceBanner />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 p-4 outline-none md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
