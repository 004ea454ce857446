import { LineChart as LineIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { Provenance } from "../../contracts/provenance.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../card/Card.tsx";
import { ApexChart, useChartTheme } from "../charts/ApexChart.tsx";
import { ChartValues } from "../charts/ChartValues.tsx";
import { baseOptions, chartPalette } from "../charts/chart-theme.ts";
import { cn } from "../cn.ts";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { ExportCsvButton } from "../export/ExportButton.tsx";
import { type Range, RangeSelector } from "../range-selector/RangeSelector.tsx";
import { Skeleton } from "../skeleton/Skeleton.tsx";
import { SourceNote } from "../source-note/SourceNote.tsx";
import { dayAxis } from "./date-axis.ts";
import { seriesToCsv, type TimeSeries } from "./series-csv.ts";

export { seriesToCsv, type TimeSeries };

import { axisKind, valueAxis } from "./value-axis.ts";

/** A variant's line: solid, dashed, dotted, long-dashed; a marker of its own for lone points. */
const LINE_STYLES = [
  { dash: 0, shape: "circle" },
  { dash: 6, shape: "square" },
  { dash: 2, shape: "triangle" },
  { dash: 12, shape: "diamond" },
] as const;
type LineStyle = (typeof LINE_STYLES)[number];

/** A legend entry's sample of a line: its colour, dash and (where the chart draws them) marker. */
function LineSample({ color, style, marker }: { color: string; style: LineStyle; marker: boolean }) {
  const markers: Record<LineStyle["shape"], ReactNode> = {
    circle: <circle cx="12" cy="5" r="3.5" />,
    square: <rect x="8.5" y="1.5" width="7" height="7" />,
    triangle: <polygon points="12,1 16,9 8,9" />,
    diamond: <polygon points="12,0.5 16.5,5 12,9.5 7.5,5" />,
  };
  return (
    <svg width="24" height="10" viewBox="0 0 24 10" aria-hidden="true" className="shrink-0">
      <line
        x1="0"
        y1="5"
        x2="24"
        y2="5"
        stroke={color}
        strokeWidth="2"
        strokeDasharray={style.dash || undefined}
      />
      {marker && <g fill={color}>{markers[style.shape]}</g>}
    </svg>
  );
}

/**
 * The legend of a chart of groups: a row per group, its colour and name, then each of its lines by
 * dash and variant; a group without points in the range says so. It grows the card, never the plot.
 */
function GroupLegend({
  title,
  groups,
  marker,
}: {
  title: string;
  groups: Array<{
    name: string;
    color: string;
    lines: Array<{ name: string; variant: string; style: LineStyle }>;
    /** Said in place of "no points in this range" when the group has no lines. */
    emptyNote?: string;
  }>;
  marker: boolean;
}) {
  return (
    <ul aria-label={`${title} legend`} data-slot="series-legend" className="space-y-1 text-xs">
      {groups.map((g) => (
        <li key={g.name} data-group={g.name} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="flex items-center gap-1.5 font-medium text-foreground">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ background: g.color }}
            />
            {g.name}
          </span>
          {g.lines.length === 0 ? (
            <span className="text-muted-foreground">{g.emptyNote ?? "no points in this range"}</span>
          ) : (
            g.lines.map((l) => (
              <span
                key={l.name}
                data-series={l.name}
                className="flex items-center gap-1 text-muted-foreground"
              >
                <LineSample color={g.color} style={l.style} marker={marker} />
                {l.variant}
              </span>
            ))
          )}
        </li>
      ))}
    </ul>
  );
}

const TOOLTIP_DAY = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const TOOLTIP_MONTH = new Intl.DateTimeFormat("en", { month: "short", year: "numeric", timeZone: "UTC" });

/**
 * A chart of time series with its range selector, its Export CSV and its source under it. Without
 * points it says so — and, through `empty`, which source would fill it.
 */
export function SeriesChart({
  title,
  series,
  provenance,
  range,
  onRangeChange,
  ranges,
  fileName,
  empty,
  loading = false,
  height = 260,
  formatValue,
  className,
  notes,
  now,
}: {
  title: string;
  series: TimeSeries[];
  provenance?: Provenance | Provenance[] | null;
  range?: Range;
  onRangeChange?: (range: Range) => void;
  /** The range buttons offered (all five unless given). */
  ranges?: readonly Range[];
  /** Name of the CSV download (without `.csv`). */
  fileName: string;
  /** What an empty chart says: `{ title, description }`. */
  empty?: { title: string; description?: ReactNode };
  loading?: boolean;
  height?: number;
  formatValue?: (value: number) => string;
  className?: string;
  /**
   * Sentences shown under the plot: what the range leaves out ("No points of “Average players,
   * monthly · SteamCharts” in this range: they end Feb 2022."). Only under a plot: an empty chart
   * says why in `empty` alone, not twice.
   */
  notes?: readonly string[];
  /** Fixed clock for stories. */
  now?: number;
}) {
  const theme = useChartTheme();
  const drawn = series.filter((s) => s.points.length > 0);
  const marker = drawn.some((s) => s.points.length < 3);
  const lone = drawn.flatMap((s, i) => (s.points.length === 1 ? [i] : []));
  // Groups (Compare's games): a colour per group, a dash and marker per variant (its source), and our
  // legend, as five games of two sources are ten lines the palette's five colours and ApexCharts'
  // 130 px legend could not tell apart.
  const grouped = series.some((s) => s.group != null);
  const palette = chartPalette(theme).colors;
  const variants = [...new Set(series.map((s) => s.variant ?? ""))];
  const groupNames = [...new Set(series.map((s) => s.group ?? s.name))];
  const colorOf = (s: TimeSeries) =>
    palette[(s.color ?? groupNames.indexOf(s.group ?? s.name)) % palette.length]!;
  const styleOf = (s: TimeSeries) => LINE_STYLES[variants.indexOf(s.variant ?? "") % LINE_STYLES.length]!;
  const options = {
    ...baseOptions(theme),
    ...(grouped ? { colors: drawn.map(colorOf) } : {}),
    stroke: {
      curve: drawn.map((s) => (s.steps ? "stepline" : "straight")),
      width: 2,
      ...(grouped ? { dashArray: drawn.map((s) => styleOf(s).dash) } : {}),
    },
    markers: {
      size: marker ? 4 : 0,
      ...(grouped ? { shape: drawn.map((s) => styleOf(s).shape) } : {}),
    },
    // Day-dated series tick on days, never hours (date-axis.ts).
    xaxis: {
      type: "datetime",
      labels: { datetimeUTC: true },
      ...dayAxis(drawn.flatMap((s) => s.points.map((p) => Date.parse(p.t)))),
    },
    // A share stays within 0–100 %, a count gets whole ticks (value-axis.ts); money is ApexCharts' scale.
    yaxis: {
      ...valueAxis(
        drawn.flatMap((s) => s.points.map((p) => p.value)),
        axisKind(drawn.map((s) => s.unit)),
      ),
      labels: { formatter: formatValue },
    },
    // A lone point (one day's figure in the range) is labelled with its value: a bare dot on an axis
    // of one day says nothing (review r18a, item 4).
    dataLabels: {
      enabled: lone.length > 0,
      enabledOnSeries: lone,
      ...(formatValue ? { formatter: (v: number) => formatValue(v) } : {}),
    },
    // A line whose source dates by the month only (the 2019 snapshot) reads "May 2019", not its 1st.
    tooltip: {
      theme,
      x: {
        formatter: (t: number, opts?: { seriesIndex?: number }) =>
          (drawn[opts?.seriesIndex ?? -1]?.provenance?.asOfPrecision === "month"
            ? TOOLTIP_MONTH
            : TOOLTIP_DAY
          ).format(t),
      },
      y: { formatter: formatValue },
    },
    // Every line drawn is named, a single one too (groups have their own legend below).
    legend: { ...baseOptions(theme).legend, show: !grouped, showForSingleSeries: true },
  };
  return (
    <Card data-slot="series-chart" className={cn("min-w-0", className)} aria-label={title} role="region">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          {range && onRangeChange && (
            <RangeSelector value={range} onChange={onRangeChange} label={`${title} range`} options={ranges} />
          )}
          <ExportCsvButton
            fileName={fileName}
            data={() => seriesToCsv(series, provenance)}
            disabled={loading || drawn.length === 0}
            aria-label={`Export CSV of ${title}`}
          />
        </div>
      </CardHeader>
      <CardContent className="space-y-2">
        {loading ? (
          <Skeleton className="w-full" style={{ height }} />
        ) : drawn.length === 0 ? (
          <EmptyState
            icon={LineIcon}
            title={empty?.title ?? "No data for this range"}
            description={empty?.description}
          />
        ) : (
          <figure aria-label={`${drawn.map((s) => s.name).join(", ")} over time`}>
            <ApexChart
              type="line"
              height={height}
              options={options}
              series={drawn.map((s) => ({
                name: s.name,
                data: s.points.map((p) => ({ x: Date.parse(p.t), y: p.value })),
              }))}
            />
            {drawn.map((s) => {
              const dates = s.provenance?.asOfPrecision === "month" ? TOOLTIP_MONTH : TOOLTIP_DAY;
              return (
                <ChartValues
                  key={s.name}
                  caption={s.name}
                  columns={["Date", s.name]}
                  rows={s.points.map((p) => [
                    dates.format(Date.parse(p.t)),
                    formatValue ? formatValue(p.value) : p.value.toLocaleString("en-US"),
                  ])}
                />
              );
            })}
            {grouped && (
              <GroupLegend
                title={title}
                marker={marker}
                groups={groupNames.map((name) => {
                  const lines = drawn.filter((s) => (s.group ?? s.name) === name);
                  const first = series.find((s) => (s.group ?? s.name) === name)!;
                  return {
                    name,
                    color: colorOf(first),
                    lines: lines.map((s) => ({ name: s.name, variant: s.variant ?? "", style: styleOf(s) })),
                    emptyNote: series.find((s) => (s.group ?? s.name) === name && s.emptyNote)?.emptyNote,
                  };
                })}
              />
            )}
          </figure>
        )}
        {!loading && drawn.length > 0 && notes && notes.length > 0 && (
          <ul data-slot="series-notes" className="space-y-0.5 text-muted-foreground text-xs">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
        <SourceNote provenance={provenance} now={now} />
      </CardContent>
    </Card>
  );
}
