import { Check } from "lucide-react";
import { useEffect, useRef } from "react";
import { type PublicUser, ROLE_TIER, type Role } from "../../../contracts/roles.ts";
import { TierBadge } from "../../../ui/badge/index.ts";
import { cn } from "../../../ui/cn.ts";
import { Section } from "../../components/Section.tsx";

/**
 * What each plan opens (spec §6): each includes everything of the one before it. Plans are named as
 * the gates name them (Regular, Premium, Admin); the tier badge (STARTER, PROFESSIONAL, ENTERPRISE)
 * is each plan's tier, spec §5's pairs.
 */
export const PLANS: { role: Role; name: string; features: string[] }[] = [
  {
    role: "regular",
    name: "Regular",
    features: [
      "Overview with live market activity and trending games",
      "Game Tracking: search, trending games and your watchlist",
      "Historical analytics, community datasets and the games database",
    ],
  },
  {
    role: "premium",
    name: "Premium",
    features: [
      "Everything in Regular",
      "Analytics and AI Analytics",
      "Market Screener: screen the whole catalog, size a niche's market and export it as CSV",
      "AI predictions, market volatility and Market Intelligence on the Overview",
    ],
  },
  {
    role: "admin",
    name: "Admin",
    features: ["Everything in Premium", "Admin dashboard and user management", "Data workflows"],
  },
];

/** "STARTER on Regular, PROFESSIONAL on Premium, ENTERPRISE on Admin": the badges' text for each plan. */
const TIER_PAIRS = PLANS.map((plan) => `${ROLE_TIER[plan.role].toUpperCase()} on ${plan.name}`).join(", ");

/**
 * The user's plan and what the others open. Plans are not sold in the app: an administrator moves
 * an account between them, so this says who to ask rather than showing a checkout that does nothing.
 * The sidebar's and the locked cards' Upgrade Now buttons land here (`/settings#plan`).
 */
export function PlanSection({ user }: { user: PublicUser | null | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (window.location.hash === "#plan") ref.current?.scrollIntoView({ block: "start" });
  }, []);
  const current = user?.role ?? "regular";
  return (
    <div id="plan" ref={ref} className="scroll-mt-20">
      <Section
        title="Your plan"
        description={
          current === "regular"
            ? "To move to Premium, ask an administrator of this workspace: they change plans in User Management."
            : "Your plan is set by an administrator of this workspace in User Management."
        }
      >
        <ul className="grid gap-3 md:grid-cols-3" aria-label="Plans">
          {PLANS.map((plan) => {
            const isCurrent = plan.role === current;
            return (
              <li
                key={plan.role}
                aria-current={isCurrent ? "true" : undefined}
                className={cn(
                  "rounded-lg border p-4",
                  isCurrent ? "border-primary bg-primary/5" : "border-border",
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{plan.name}</span>
                  <span className="flex items-center gap-2">
                    {isCurrent && <span className="text-primary text-xs">Current plan</span>}
                    <TierBadge tier={ROLE_TIER[plan.role]} />
                  </span>
                </div>
                <ul className="mt-3 grid gap-2 text-muted-foreground text-sm">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        {/* The one place the plans' two names meet: the gates say "Premium", the badges say the tier. */}
        <p className="mt-3 text-muted-foreground text-sm">
          The badge next to your name shows your plan's tier: {TIER_PAIRS}.
        </p>
      </Section>
    </div>
  );
}
