import { useQuery } from "@tanstack/react-query";
import { BarChart3, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import {
  GENRE_MIN_MONTHS,
  GENRE_MIN_WEEKS,
  GENRE_SERIES_FILLS,
  GENRE_SERIES_RULE,
} from "../../contracts/player-figures.ts";
import { isAdmin } from "../../contracts/roles.ts";
import { EmptyState } from "../../ui/empty-state/index.ts";
import { currentUserQuery } from "../queries/auth.ts";

/**
 * Issue 9 §4: customers see what is missing and how it fills; only admins also see what to do about
 * it, with a link to the screen where they do it. Put this after the customer's sentence.
 */
export function AdminHint({
  children,
  href = "/workflows",
  linkText = "Workflows",
}: {
  children: ReactNode;
  href?: string;
  linkText?: string;
}) {
  const { data: user } = useQuery(currentUserQuery);
  if (!isAdmin(user)) return null;
  return (
    <span data-slot="admin-hint">
      {" "}
      Admins: {children} (
      <Link href={href} className="underline">
        {linkText}
      </Link>
      ).
    </span>
  );
}

export { GENRE_SERIES_FILLS, GENRE_SERIES_RULE };

/**
 * The operator's part of the genre empty state: what fills a genre series. The live Steam sync's
 * player counts do after GENRE_MIN_WEEKS weeks (market.ts reads daily and live `players` points), and
 * SteamCharts' monthly averages once GENRE_MIN_MONTHS months of them are imported (ADR 047); SteamDB's
 * are daily peaks, another measure (review r25 #6).
 */
function GenreSeriesAdminHint() {
  return (
    <AdminHint>
      keep Multi-Platform Intelligence running: its live Steam player counts make a genre's series after{" "}
      {GENRE_MIN_WEEKS} weeks; imported SteamCharts monthly averages do after {GENRE_MIN_MONTHS} months
      (SteamDB daily peaks do not)
    </AdminHint>
  );
}

/**
 * No genre series yet: what is missing and how it fills, plus the operator's hint for admins. `reason`
 * is the server's account of the catalog (a genre trends report's `emptyReason`), said instead of the
 * bare rule.
 */
export function GenreSeriesEmpty({
  title = "No genre has enough player history yet",
  icon = BarChart3,
  compact = false,
  reason,
}: {
  title?: string;
  icon?: LucideIcon;
  compact?: boolean;
  reason?: string;
}) {
  const description = (
    <>
      {reason ?? `${GENRE_SERIES_RULE} ${GENRE_SERIES_FILLS}`}
      <GenreSeriesAdminHint />
    </>
  );
  if (compact)
    return (
      <div className="text-sm" data-slot="genre-series-empty">
        <p className="font-medium">{title}</p>
        <p className="text-muted-foreground">{description}</p>
      </div>
    );
  return (
    <div data-slot="genre-series-empty">
      <EmptyState icon={icon} title={title} description={description} />
    </div>
  );
}
