import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "../card/Card.tsx";
import { cn } from "../cn.ts";
import { Skeleton } from "../skeleton/Skeleton.tsx";

export function MetricCard({
  title,
  value,
  change,
  hint,
  icon: Icon,
  footer,
  loading = false,
  className,
}: {
  title: string;
  value: ReactNode;
  /** Signed change in percent; positive shows green, negative red. */
  change?: number | null;
  hint?: ReactNode;
  icon?: LucideIcon;
  /** Below the hint, outside its paragraph: a SourceNote (itself a paragraph) for the figure. */
  footer?: ReactNode;
  loading?: boolean;
  className?: string;
}) {
  return (
    <Card data-slot="metric-card" className={cn("p-5", className)} aria-busy={loading || undefined}>
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium text-muted-foreground text-sm">{title}</p>
        {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden="true" />}
      </div>
      {loading ? (
        <Skeleton className="mt-3 h-8 w-24" />
      ) : (
        <p className="mt-2 font-bold text-2xl tracking-tight">{value}</p>
      )}
      {!loading && (change != null || hint) && (
        <p className="mt-1 text-muted-foreground text-xs">
          {change != null && (
            <span className={change >= 0 ? "text-success" : "text-destructive"}>
              {change >= 0 ? "+" : ""}
              {change.toFixed(1)}%{" "}
            </span>
          )}
          {hint}
        </p>
      )}
      {!loading && footer}
    </Card>
  );
}
