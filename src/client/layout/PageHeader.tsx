import type { ReactNode } from "react";
import { headingArrived } from "./screen-focus.ts";

/** The tab's title for a screen: its name, then the product's. */
export const pageTitle = (name: string) => `${name} · Gaming Intelligence`;

const HEADING = "font-bold text-2xl tracking-tight md:text-3xl";

/**
 * A screen's main heading with the tab's title: the heading takes the focus when the screen is moved
 * to (screen-focus.ts). Every screen's one h1, PageHeader's or its own.
 */
export function ScreenHeading({
  title,
  children = title,
  className = HEADING,
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      <h1 ref={headingArrived} tabIndex={-1} className={className}>
        {children}
      </h1>
    </>
  );
}

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
      <div>
        <ScreenHeading title={title} />
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
