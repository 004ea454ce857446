import { cn } from "../cn.ts";

export const RANGES = ["7d", "30d", "90d", "1y", "all"] as const;
export type Range = (typeof RANGES)[number];

const LABELS: Record<Range, string> = { "7d": "7 d", "30d": "30 d", "90d": "90 d", "1y": "1 y", all: "All" };
const DAYS: Record<Exclude<Range, "all">, number> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };

export function isRange(value: unknown): value is Range {
  return typeof value === "string" && (RANGES as readonly string[]).includes(value);
}

/**
 * Where a range starts, counted back from the newest data (not from today: a dataset from 2019 still
 * shows its own last 30 days). Null for "all", or when there is no data to count from.
 */
export function rangeStart(range: Range, newest: string | number | null | undefined): Date | null {
  if (range === "all" || newest == null) return null;
  const end = typeof newest === "number" ? newest : Date.parse(newest);
  if (!Number.isFinite(end)) return null;
  return new Date(end - DAYS[range] * 86_400_000);
}

/**
 * 7 d · 30 d · 90 d · 1 y · All, as a group of toggle buttons (one pressed); `options` leaves out the
 * ranges a chart would draw nothing new in.
 */
export function RangeSelector({
  value,
  onChange,
  label = "Range",
  className,
  options = RANGES,
}: {
  value: Range;
  onChange: (range: Range) => void;
  label?: string;
  className?: string;
  options?: readonly Range[];
}) {
  return (
    <fieldset
      aria-label={label}
      data-slot="range-selector"
      className={cn("inline-flex min-w-0 rounded-md border border-border p-0.5", className)}
    >
      {RANGES.filter((r) => options.includes(r)).map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={value === range}
          onClick={() => onChange(range)}
          className={cn(
            "cursor-pointer rounded px-2 py-1 font-medium text-muted-foreground text-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
            value === range
              ? "bg-primary text-primary-foreground"
              : "hover:bg-accent hover:text-accent-foreground",
          )}
        >
          {LABELS[range]}
        </button>
      ))}
    </fieldset>
  );
}
