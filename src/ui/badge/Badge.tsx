import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import type { Role, Tier } from "../../contracts/roles.ts";
import { cn } from "../cn.ts";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 font-semibold text-xs [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        outline: "border-border text-foreground",
        destructive: "border-transparent bg-destructive text-destructive-foreground",
        success: "border-transparent bg-success/15 text-success",
        warning: "border-transparent bg-warning/15 text-warning",
        premium: "border-transparent bg-premium/15 text-premium",
        // The text stays at full strength (WCAG 1.4.3): only the dot Badge draws beside it pulses.
        live: "border-transparent bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export interface BadgeProps extends ComponentProps<"span">, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, children, ...props }: BadgeProps) {
  return (
    <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props}>
      {variant === "live" && (
        <span aria-hidden="true" className="size-1.5 shrink-0 animate-pulse rounded-full bg-current" />
      )}
      {children}
    </span>
  );
}

const ROLE_VARIANT: Record<Role, BadgeProps["variant"]> = {
  regular: "secondary",
  premium: "premium",
  admin: "destructive",
};

/** The user's role in capitals (spec §9 default REGULAR). */
export function RoleBadge({ userRole, className }: { userRole?: Role | null; className?: string }) {
  const value = userRole ?? "regular";
  return (
    <Badge variant={ROLE_VARIANT[value]} className={className} data-role={value}>
      {value.toUpperCase()}
    </Badge>
  );
}

/** The subscription tier in capitals (spec §9 default STARTER). */
export function TierBadge({ tier, className }: { tier?: Tier | null; className?: string }) {
  const value = tier ?? "starter";
  return (
    <Badge variant={value === "starter" ? "outline" : "premium"} className={className} data-tier={value}>
      {value.toUpperCase()}
    </Badge>
  );
}
