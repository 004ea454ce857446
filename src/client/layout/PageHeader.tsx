import type { ReactNode } from "react";
import { headingArrived } from "./screen-focus.ts";

/** The tab's title for a screen: its name, then the product's. */
export const pageTitle = (name: string) => `${name} · Gaming Intelligence`;

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <title>{pageTitle(title)}</title>
      <div>
        <h1 ref={headingArrived} tabIndex={-1} className="font-bold text-2xl tracking-tight md:text-3xl">
          {title}
        </h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
