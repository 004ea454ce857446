import { History } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "../../ui/card/index.ts";
import { EmptyState } from "../../ui/empty-state/index.ts";
import { Skeleton } from "../../ui/skeleton/index.ts";

/** A history tab: a skeleton while loading, an empty state with nothing yet, else the runs in a card. */
export function HistoryList<T>({
  loading,
  items,
  emptyTitle,
  emptyDescription,
  label,
  children,
}: {
  loading: boolean;
  items: readonly T[] | undefined;
  emptyTitle: string;
  emptyDescription: string;
  /** The list's accessible name. */
  label?: string;
  /** One `<li>` per item. */
  children: (item: T) => ReactNode;
}) {
  if (loading) return <Skeleton className="h-40 w-full" />;
  if (!items?.length) return <EmptyState icon={History} title={emptyTitle} description={emptyDescription} />;
  return (
    <Card className="px-5">
      <ul className="divide-y divide-border" aria-label={label}>
        {items.map(children)}
      </ul>
    </Card>
  );
}
