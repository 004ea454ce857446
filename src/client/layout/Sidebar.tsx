import { Crown, Gamepad2, LogOut } from "lucide-react";
import { Link, useLocation } from "wouter";
import { hasPremiumAccess, isAdmin, type PublicUser } from "../../contracts/roles.ts";
import { Avatar } from "../../ui/avatar/index.ts";
import { RoleBadge, TierBadge } from "../../ui/badge/index.ts";
import { Button } from "../../ui/button/index.ts";
import { cn } from "../../ui/cn.ts";
import { realtime } from "../realtime.ts";
import { DeferredTooltip } from "./DeferredTooltip.tsx";
import { ADMIN_NAV, DATA_SOURCES_NAV, MAIN_NAV, type NavItem, SETTINGS_NAV } from "./nav.ts";

export function displayName(user: PublicUser): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return full || user.email;
}

function isActive(location: string, href: string): boolean {
  if (href === "/") return location === "/";
  if (href === "/games") return location === "/games" || location === "/game-tracking";
  if (href === "/admin") return location === "/admin";
  return location === href || location.startsWith(`${href}/`);
}

function NavLink({
  item,
  location,
  locked,
  onNavigate,
}: {
  item: NavItem;
  location: string;
  locked: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const base = "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors";
  if (locked) {
    // Spec §6: premium items are disabled for regular users, marked with a yellow dot. Not a link;
    // aria-disabled rather than `disabled` keeps it reachable by keyboard so its tooltip says why.
    return (
      <DeferredTooltip content="Premium feature: upgrade to unlock" side="right">
        <button
          type="button"
          aria-disabled="true"
          data-testid={`nav-${item.href}`}
          className={cn(base, "w-full cursor-not-allowed text-muted-foreground/60")}
        >
          <Icon className="size-4" aria-hidden="true" />
          {item.label}
          <span className="sr-only"> (Premium)</span>
          <span
            className="ml-auto size-2 rounded-full bg-premium"
            aria-hidden="true"
            data-testid="premium-dot"
          />
        </button>
      </DeferredTooltip>
    );
  }
  const active = isActive(location, item.href);
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      data-testid={`nav-${item.href}`}
      aria-current={active ? "page" : undefined}
      className={cn(
        base,
        active
          ? "bg-primary/15 text-primary"
          : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {item.label}
    </Link>
  );
}

export function Sidebar({ user, onNavigate }: { user: PublicUser; onNavigate?: () => void }) {
  const [location] = useLocation();
  const premium = hasPremiumAccess(user);
  const admin = isAdmin(user);
  return (
    <nav aria-label="Main" className="flex h-full flex-col gap-4 p-4">
      <Link href="/" onClick={onNavigate} className="flex items-center gap-2 px-2 py-1">
        <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-chart-2">
          <Gamepad2 className="size-4 text-white" aria-hidden="true" />
        </span>
        <span className="whitespace-nowrap font-bold text-base tracking-tight">Gaming Intelligence</span>
      </Link>

      <div className="flex flex-col gap-1">
        {MAIN_NAV.map((item) => (
          <NavLink
            key={item.href}
            item={item}
            location={location}
            locked={!!item.premium && !premium}
            onNavigate={onNavigate}
          />
        ))}
      </div>

      {admin && (
        <div className="flex flex-col gap-1">
          <p className="px-3 pt-2 font-semibold text-muted-foreground text-xs uppercase tracking-wider">
            Admin
          </p>
          {ADMIN_NAV.map((item) => (
            <NavLink key={item.href} item={item} location={location} locked={false} onNavigate={onNavigate} />
          ))}
        </div>
      )}

      <div className="mt-auto flex flex-col gap-3">
        {!premium && (
          <div className="rounded-xl border border-premium/30 bg-premium/10 p-4" data-testid="upgrade-box">
            <p className="flex items-center gap-2 font-semibold text-sm">
              <Crown className="size-4 text-premium" aria-hidden="true" /> Upgrade to Pro
            </p>
            <p className="mt-1 text-muted-foreground text-xs">
              Unlock Analytics, AI predictions and market volatility.
            </p>
            <Button variant="premium" size="sm" className="mt-3 w-full" asChild>
              <Link href="/settings#plan" onClick={onNavigate}>
                Upgrade Now
              </Link>
            </Button>
          </div>
        )}
        <NavLink item={DATA_SOURCES_NAV} location={location} locked={false} onNavigate={onNavigate} />
        <NavLink item={SETTINGS_NAV} location={location} locked={false} onNavigate={onNavigate} />
        <div className="flex items-center gap-3 rounded-xl border border-border p-3" data-testid="user-card">
          <Avatar src={user.profileImageUrl} name={displayName(user)} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-sm">{displayName(user)}</p>
            <div className="mt-1 flex flex-wrap gap-1">
              <RoleBadge userRole={user.role} />
              <TierBadge tier={user.subscriptionTier} />
            </div>
          </div>
        </div>
        <Button variant="ghost" className="justify-start" asChild>
          {/* Let go of the live socket first: the server closes it as the session ends. */}
          <a href="/api/logout" onClick={() => realtime().disconnect()}>
            <LogOut aria-hidden="true" /> Sign Out
          </a>
        </Button>
      </div>
    </nav>
  );
}
