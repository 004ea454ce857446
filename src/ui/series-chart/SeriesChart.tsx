import { LineChart as LineIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { CsvValue } from "../../contracts/csv.ts";
import { headerWithUnit } from "../../contracts/csv.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../card/Card.tsx";
import { ApexChart, useChartTheme } from "../charts/ApexChart.tsx";
import { baseOptions } from "../charts/chart-theme.ts";
import { cn } from "../cn.ts";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { type CsvData, ExportCsvButton } from "../export/ExportButton.tsx";
import { type Range, RangeSelector } from "../range-selector/RangeSelector.tsx";
import { Skeleton } from "../skeleton/Skeleton.tsx";
import { SourceNote } from "../source-note/SourceNote.tsx";
import { axisKind, valueAxis } from "./value-axis.ts";

export interface TimeSeries {
  name: string;
  /** What the values count (`players`, `USD`): the CSV header carries it. */
  unit: string;
  /** ISO times, oldest first. */
  points: Array<{ t: string; value: number }>;
}

/** Several series as one table: a row per time any of them has a point, a column per series. */
export function seriesToCsv(series: readonly TimeSeries[]): CsvData {
  const times = [...new Set(series.flatMap((s) => s.points.map((p) => p.t)))].sort(
    (a, b) => Date.parse(a) - Date.parse(b),
  );
  const byTime = series.map((s) => new Map(s.points.map((p) => [p.t, p.value])));
  return {
    header: ["time (ISO 8601)", ...series.map((s) => headerWithUnit(s.name, s.unit))],
    rows: times.map((t) => [t, ...byTime.map((m) => m.get(t) as CsvValue)]),
  };
}

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
  fileName,
  empty,
  loading = false,
  height = 260,
  formatValue,
  className,
  now,
}: {
  title: string;
  series: TimeSeries[];
  provenance?: Provenance | Provenance[] | null;
  range?: Range;
  onRangeChange?: (range: Range) => void;
  /** Name of the CSV download (without `.csv`). */
  fileName: string;
  /** What an empty chart says: `{ title, description }`. */
  empty?: { title: string; description?: ReactNode };
  loading?: boolean;
  height?: number;
  formatValue?: (value: number) => string;
  className?: string;
  /** Fixed clock for stories. */
  now?: number;
}) {
  const theme = useChartTheme();
  const drawn = series.filter((s) => s.points.length > 0);
  const options = {
    ...baseOptions(theme),
    stroke: { curve: "straight", width: 2 },
    markers: { size: drawn.some((s) => s.points.length < 3) ? 4 : 0 },
    xaxis: { type: "datetime", labels: { datetimeUTC: true } },
    // A share stays within 0–100 %, a count gets whole ticks (value-axis.ts); money is ApexCharts' scale.
    yaxis: {
      ...valueAxis(
        drawn.flatMap((s) => s.points.map((p) => p.value)),
        axisKind(drawn.map((s) => s.unit)),
      ),
      labels: { formatter: formatValue },
    },
    tooltip: { theme, x: { format: "MMM d, yyyy" }, y: { formatter: formatValue } },
    legend: { ...baseOptions(theme).legend, show: drawn.length > 1 },
  };
  return (
    <Card data-slot="series-chart" className={cn("min-w-0", className)} aria-label={title} role="region">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          {range && onRangeChange && (
            <RangeSelector value={range} onChange={onRangeChange} label={`${title} range`} />
          )}
          <ExportCsvButton
            fileName={fileName}
            data={() => seriesToCsv(series)}
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
          </figure>
        )}
        <SourceNote provenance={provenance} now={now} />
      </CardContent>
    </Card>
  );
}
