import { GROWTH_ORDER_NOTE, TRENDING_ORDER_NOTE } from "../../contracts/trending-order.ts";
import { cn } from "../../ui/cn.ts";

/**
 * How a list of trending games is ordered, said under it: trending's order (growth weighted by
 * players) or growth alone, as contracts/trending-order.ts words them.
 */
export function OrderNote({ order, className }: { order: "trending" | "growth"; className?: string }) {
  return (
    <p data-slot="order-note" className={cn("text-muted-foreground text-xs", className)}>
      {order === "trending" ? TRENDING_ORDER_NOTE : GROWTH_ORDER_NOTE}
    </p>
  );
}
