import type { Provenance } from "../../contracts/provenance.ts";
import { cn } from "../cn.ts";
import { perLocale } from "../locale.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Data dates are days in UTC, written the user's way (Settings → Preferences → Language); built once
// per locale, as every card and notification row writes one.
const DAY_FORMAT = perLocale(
  ({ locale }) =>
    new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }),
);
const MONTH_FORMAT = perLocale(
  ({ locale }) => new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }),
);

/**
 * "updated just now" / "updated 4 min ago" for data fetched moments ago, "Nov 22, 2026" / "May 2019"
 * for older data. A time at midnight UTC is a day's data (SteamSpy's day, a dataset's date): it reads
 * as that day, not as "updated 23 h ago" counted from the day's first second.
 */
export function describeAsOf(
  asOf: string | null,
  now: number = Date.now(),
  precision?: Provenance["asOfPrecision"],
): string | null {
  if (!asOf) return null;
  const t = Date.parse(asOf);
  if (Number.isNaN(t)) return null;
  // A source dating its figures by the month only reads as the month, however recent.
  if (precision === "month") return MONTH_FORMAT().format(t);
  const age = now - t;
  const aDay = t % DAY === 0;
  if (!aDay && age >= 0 && age < MINUTE) return "updated just now";
  if (!aDay && age >= 0 && age < HOUR) return `updated ${Math.round(age / MINUTE)} min ago`;
  if (!aDay && age >= 0 && age < DAY) return `updated ${Math.round(age / HOUR)} h ago`;
  return (age < 60 * DAY ? DAY_FORMAT() : MONTH_FORMAT()).format(t);
}

/** Whether a provenance names a source at all: not empty and not the server's "none". */
function hasSource(p: Provenance): boolean {
  const source = p.source.trim();
  return source !== "" && source.toLowerCase() !== "none";
}

/**
 * The footnote under a card, chart or table: "Steam via SteamSpy · May 2019", with the method in
 * its tooltip. One or several provenances (a chart mixing two sources names both). `demo` adds the
 * "demo" marker: what it shows may include generated demo data (issue 9 §1).
 */
export function SourceNote({
  provenance,
  demo = false,
  className,
  now,
}: {
  provenance: Provenance | Provenance[] | null | undefined;
  /** Generated demo rows exist among the data shown. */
  demo?: boolean;
  className?: string;
  /** Fixed clock for stories and tests. */
  now?: number;
}) {
  // A provenance naming no source (the server's `provenanceOf` of no sources reads "none": a figure
  // with no data yet) says nothing here, never "Source: none"; the figure's own text says why it is empty.
  const list = (Array.isArray(provenance) ? provenance : provenance ? [provenance] : []).filter(
    (p): p is Provenance => p != null && hasSource(p),
  );
  if (list.length === 0 && !demo) return null;
  const parts = list.map((p) =>
    [p.source, describeAsOf(p.asOf, now, p.asOfPrecision)].filter(Boolean).join(" · "),
  );
  // Rows of one series share a method: name it once.
  const methods = [...new Set(list.map((p) => p.method).filter(Boolean))];
  return (
    <p
      data-slot="source-note"
      // A file name ("Video_Games_Sales_as_at_22_Dec_2016.csv") is one long word: it breaks in a
      // narrow tile rather than widening a phone's page.
      className={cn("break-words text-muted-foreground text-xs", className)}
      title={methods.length ? methods.join("; ") : undefined}
    >
      {list.length > 0 && <>Source: {[...new Set(parts)].join("; ")}</>}
      {methods.length > 0 && <span className="sr-only"> ({methods.join("; ")})</span>}
      {demo && (
        <>
          {list.length > 0 && " "}
          <span
            data-slot="demo-marker"
            title="Includes generated demo data, not real figures"
            className="rounded border border-warning/40 bg-warning/15 px-1 font-semibold text-warning"
          >
            demo
          </span>
          <span className="sr-only"> (includes generated demo data, not real figures)</span>
        </>
      )}
    </p>
  );
}
