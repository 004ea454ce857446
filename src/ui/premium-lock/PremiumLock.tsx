import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../button/Button.tsx";
import { cn } from "../cn.ts";

/** Premium content for a regular user (spec §2, §6): blurred, with a lock and an Upgrade Now button. */
export function PremiumLock({
  locked,
  children,
  message = "Upgrade to Premium to unlock this feature",
  onUpgrade,
  upgradeHref = "/settings#plan",
  className,
}: {
  locked: boolean;
  children: ReactNode;
  message?: string;
  onUpgrade?: () => void;
  upgradeHref?: string;
  className?: string;
}) {
  if (!locked) return <>{children}</>;
  return (
    <div data-slot="premium-lock" className={cn("relative overflow-hidden rounded-xl", className)}>
      <div className="pointer-events-none select-none blur-sm" aria-hidden="true" inert>
        {children}
      </div>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-background/60 p-4 text-center">
        <Lock className="size-6 text-premium" aria-hidden="true" />
        <p className="font-medium text-sm">{message}</p>
        {onUpgrade ? (
          <Button variant="premium" size="sm" onClick={onUpgrade}>
            Upgrade Now
          </Button>
        ) : (
          <Button variant="premium" size="sm" asChild>
            <a href={upgradeHref}>Upgrade Now</a>
          </Button>
        )}
      </div>
    </div>
  );
}
