import { LineChart as LineIcon } from "lucide-react";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { axisKind, valueAxis } from "../series-chart/value-axis.ts";
import { ApexChart, useChartTheme } from "./ApexChart.tsx";
import { ChartValues, withNote } from "./ChartValues.tsx";
import { baseOptions } from "./chart-theme.ts";

export interface LineSeries {
  name: string;
  /**
   * `forecast`: a projected, not a measured, value; forecasts come after the measured points.
   * `note`: what sets the point apart ("low confidence: inferred…"): drawn as a hollow dot, said in
   * its tooltip, in the values table and in a key under the chart. `mark`: the entry of the chart's
   * `marks` the point is drawn with, instead of a key entry of its own.
   */
  points: Array<{ x: string | number; y: number; forecast?: boolean; note?: string; mark?: string }>;
}

/** A key entry for points marked alike: one entry for many points ("Revised in a later edition: 2013–2025"). */
export interface PointMark {
  id: string;
  key: string;
}

/** Each key entry's hollow marker, in the order of `marks` (review r34-a #1: one marker for two meanings). */
const MARK_SHAPES = ["circle", "square"] as const;

function MarkGlyph({ shape }: { shape: (typeof MARK_SHAPES)[number] }) {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" className="shrink-0">
      {shape === "circle" ? (
        <circle cx="5" cy="5" r="4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      ) : (
        <rect x="1" y="1" width="8" height="8" fill="none" stroke="currentColor" strokeWidth="1.5" />
      )}
    </svg>
  );
}

export function LineChart({
  series,
  height = 280,
  area = false,
  emptyText = "No data available",
  formatValue,
  unit,
  xName = "Period",
  marks,
}: {
  series: LineSeries[];
  height?: number;
  area?: boolean;
  emptyText?: string;
  formatValue?: (v: number) => string;
  /** What the values count ("games", "players"…) or "%": whole-number ticks, or a share's 0–100. */
  unit?: string;
  /** The header of the x values in the values table screen readers get ("Year", "Month"). */
  xName?: string;
  /**
   * Key entries for points marked alike (`mark`), each with its own marker: the key says each once
   * with its points, where noted points without one get an entry each ("2012: low confidence").
   */
  marks?: readonly PointMark[];
}) {
  const theme = useChartTheme();
  const nonEmpty = series.filter((s) => s.points.length > 0);
  if (nonEmpty.length === 0) return <EmptyState icon={LineIcon} title={emptyText} />;
  // A single line's trailing forecasts are drawn dashed and their tooltip says "forecast" (review
  // r22/b, item 10: 2026–2027 looked as measured as 2025).
  const only = nonEmpty.length === 1 ? nonEmpty[0]! : null;
  const firstForecast = only ? only.points.findIndex((p) => p.forecast) : -1;
  const forecasts =
    only && firstForecast >= 0 && only.points.slice(firstForecast).every((p) => p.forecast)
      ? only.points.slice(firstForecast)
      : [];
  const format = formatValue ?? ((v: number) => v.toLocaleString("en-US"));
  const noted = nonEmpty.flatMap((s, seriesIndex) =>
    s.points.flatMap((p, dataPointIndex) => (p.note ? [{ seriesIndex, dataPointIndex, p }] : [])),
  );
  const shapeOf = (mark: string | undefined) =>
    MARK_SHAPES[Math.max(0, marks?.findIndex((m) => m.id === mark) ?? 0) % MARK_SHAPES.length]!;
  const marked = noted.filter(({ p }) => p.mark && marks?.some((m) => m.id === p.mark));
  const unmarked = noted.filter((n) => !marked.includes(n));
  const shownMarks = (marks ?? []).filter((m) => marked.some(({ p }) => p.mark === m.id));
  const options = {
    ...baseOptions(theme),
    stroke: { curve: "smooth", width: 2 },
    xaxis: { type: "category", tickAmount: 8 },
    // A count's ticks are whole numbers and a share stays within 0–100 (value-axis.ts).
    yaxis: {
      labels: { formatter: formatValue },
      ...(unit
        ? valueAxis(
            nonEmpty.flatMap((s) => s.points.map((p) => p.y)),
            axisKind([unit]),
          )
        : {}),
    },
    // A single point is drawn as a dot, not left as an invisible line of one point.
    markers: {
      size: nonEmpty.every((s) => s.points.length <= 1) ? 5 : 0,
      discrete: noted.map(({ seriesIndex, dataPointIndex, p }) => ({
        seriesIndex,
        dataPointIndex,
        size: 5,
        fillColor: "transparent",
        strokeColor: "currentColor",
        shape: shapeOf(p.mark),
      })),
    },
    fill: area ? { type: "gradient", gradient: { opacityFrom: 0.35, opacityTo: 0.02 } } : undefined,
    ...(forecasts.length ? { forecastDataPoints: { count: forecasts.length, dashArray: 6 } } : {}),
    tooltip: {
      theme,
      y: {
        formatter: (v: number, opts?: { seriesIndex?: number; dataPointIndex?: number }) =>
          withNote(
            `${format(v)}${forecasts.length && (opts?.dataPointIndex ?? -1) >= firstForecast ? " (forecast)" : ""}`,
            nonEmpty[opts?.seriesIndex ?? 0]?.points[opts?.dataPointIndex ?? -1]?.note,
          ),
      },
    },
  };
  return (
    <figure data-slot="line-chart" aria-label={`${nonEmpty.map((s) => s.name).join(", ")} line chart`}>
      <ApexChart
        type={area ? "area" : "line"}
        height={height}
        options={options}
        series={nonEmpty.map((s) => ({ name: s.name, data: s.points.map(({ x, y }) => ({ x, y })) }))}
      />
      {forecasts.length > 0 && (
        <figcaption
          data-slot="forecast-key"
          className="flex items-center gap-1.5 text-muted-foreground text-xs"
        >
          <svg width="24" height="10" viewBox="0 0 24 10" aria-hidden="true" className="shrink-0">
            <line x1="0" y1="5" x2="24" y2="5" stroke="currentColor" strokeWidth="2" strokeDasharray="6" />
          </svg>
          Dashed: forecast ({forecasts.map((p) => p.x).join(", ")})
        </figcaption>
      )}
      {shownMarks.map((m) => (
        <figcaption
          key={m.id}
          data-slot="note-key"
          className="flex items-center gap-1.5 text-muted-foreground text-xs"
        >
          <MarkGlyph shape={shapeOf(m.id)} />
          {m.key}
        </figcaption>
      ))}
      {unmarked.length > 0 && (
        <figcaption data-slot="note-key" className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <MarkGlyph shape="circle" />
          {unmarked.map(({ p }) => `${p.x}: ${p.note}`).join("; ")}
        </figcaption>
      )}
      {nonEmpty.map((s) => (
        <ChartValues
          key={s.name}
          caption={s.name}
          columns={[xName, s.name]}
          rows={s.points.map((p) => [
            String(p.x),
            withNote(`${format(p.y)}${p.forecast ? " (forecast)" : ""}`, p.note),
          ])}
        />
      ))}
    </figure>
  );
}
