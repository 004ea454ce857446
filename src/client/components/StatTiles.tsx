import type { ReactNode } from "react";
import { cn } from "../../ui/cn.ts";

/**
 * Labelled figures in muted tiles, the label under the figure (the live panel, admin activity); a
 * tile's optional note under its label says what the figure covers, or why there is none ("–").
 */
export function StatTiles({
  tiles,
  className,
  testId,
}: {
  tiles: ReadonlyArray<readonly [label: string, value: ReactNode, note?: ReactNode]>;
  className?: string;
  testId?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-2 gap-4", className)} data-testid={testId}>
      {tiles.map(([label, value, note]) => (
        <div key={label} className="flex flex-col rounded-lg bg-muted p-4">
          <dt className="order-2 text-muted-foreground text-sm">{label}</dt>
          <dd className="order-1 font-bold text-2xl">{value}</dd>
          {note ? <dd className="order-3 mt-1 text-muted-foreground text-xs">{note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
