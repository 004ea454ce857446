import { Menu, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ReactNode, useState } from "react";
import type { PublicUser } from "../../contracts/roles.ts";
import { Button, StatusDot } from "../../ui/index.ts";
import { realtime, useRealtimeReconnecting, useRealtimeStatus } from "../realtime.ts";
import { Sidebar } from "./Sidebar.tsx";

/** The header's connection state; once a connection was lost it says so and offers to try now. */
export function LiveIndicator() {
  const status = useRealtimeStatus();
  const reconnecting = useRealtimeReconnecting();
  if (reconnecting) {
    return (
      <span className="inline-flex items-center gap-2" data-testid="live-reconnecting">
        <StatusDot live={false} label="Reconnecting…" />
        <Button
          variant="outline"
          size="sm"
          onClick={() => realtime().retryNow()}
          disabled={status === "connecting"}
        >
          Retry
        </Button>
      </span>
    );
  }
  return (
    <StatusDot
      live={status === "connected"}
      label={status === "connected" ? "Live" : status === "connecting" ? "Connecting" : "Disconnected"}
    />
  );
}

/** Sidebar on wide screens, a drawer behind a menu button on narrow ones. */
export function AppShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-h-screen">
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 overflow-y-auto border-border border-r bg-card/40 lg:block">
        <Sidebar user={user} />
      </aside>
      {/* Radix Dialog gives the drawer a focus trap, Escape to close and focus returned to the menu button. */}
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60 lg:hidden" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] overflow-y-auto border-border border-r bg-background lg:hidden"
          >
            <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" className="absolute top-3 right-3" aria-label="Close menu">
                <X />
              </Button>
            </DialogPrimitive.Close>
            <Sidebar user={user} onNavigate={() => setOpen(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-border border-b bg-background/80 px-4 backdrop-blur">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Open menu"
            onClick={() => setOpen(true)}
          >
            <Menu />
          </Button>
          <span className="font-semibold lg:hidden">Gaming Intelligence</span>
          <div className="ml-auto">
            <LiveIndicator />
          </div>
        </header>
        <main className="mx-auto w-full max-w-7xl flex-1 p-4 md:p-8">{children}</main>
      </div>
    </div>
  );
}
