import type { ReactNode } from "react";
import { cn } from "../../ui/cn.ts";

/** Labelled figures in muted tiles, the label under the figure (the live panel, admin activity). */
export function StatTiles({
  tiles,
  className,
  testId,
}: {
  tiles: ReadonlyArray<readonly [label: string, value: ReactNode]>;
  className?: string;
  testId?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-2 gap-4", className)} data-testid={testId}>
      {tiles.map(([label, value]) => (
        <div key={label} className="flex flex-col-reverse rounded-lg bg-muted p-4">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="font-bold text-2xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
