import { BarChart3 } from "lucide-react";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { valueAxis as countAxis } from "../series-chart/value-axis.ts";
import { ApexChart, useChartTheme } from "./ApexChart.tsx";
import { baseOptions } from "./chart-theme.ts";

/** Spec §9: at most 8 bars. */
export const MAX_BARS = 8;

export interface BarDatum {
  label: string;
  value: number;
}

export function BarChart({
  data,
  seriesName = "Value",
  height = 280,
  horizontal = false,
  emptyText = "No data available",
  formatValue,
  formatAxis,
  axisTitle,
  valueTicks,
  maxBars = MAX_BARS,
  counts = false,
}: {
  data: BarDatum[];
  seriesName?: string;
  height?: number;
  horizontal?: boolean;
  emptyText?: string;
  formatValue?: (v: number) => string;
  /** Short value-axis labels ("20 %") when the unit goes in `axisTitle`; tooltips keep `formatValue`. */
  formatAxis?: (v: number) => string;
  /** Value-axis title, e.g. the unit the short axis labels leave out. */
  axisTitle?: string;
  /** Number of value-axis ticks; fewer keeps long labels from overlapping. */
  valueTicks?: number;
  /**
   * A ranking keeps to the spec's 8 bars; a complete series (one bar per year) passes its own
   * length so no point is dropped.
   */
  maxBars?: number;
  /**
   * The values count things (games released per year): the axis starts at 0 with whole-number ticks
   * and the bars share one colour (a year's bar is no category of its own).
   */
  counts?: boolean;
}) {
  const theme = useChartTheme();
  const bars = data.slice(0, maxBars);
  const axisFormat = formatAxis ?? formatValue ?? (counts ? (v: number) => String(Math.round(v)) : undefined);
  const valueAxis = {
    ...(counts ? countAxis([0, ...bars.map((d) => d.value)], "count") : {}),
    ...(axisFormat ? { labels: { formatter: (v: string | number) => axisFormat(Number(v)) } } : {}),
    ...(axisTitle ? { title: { text: axisTitle } } : {}),
    ...(valueTicks ? { tickAmount: valueTicks } : {}),
  };
  if (bars.length === 0) return <EmptyState icon={BarChart3} title={emptyText} />;
  const options = {
    ...baseOptions(theme),
    plotOptions: { bar: { horizontal, borderRadius: 4, distributed: !counts } },
    legend: { show: false },
    // Horizontal bars put the values on the x axis and the names on the y axis.
    xaxis: {
      categories: bars.map((d) => d.label),
      ...(horizontal ? valueAxis : {}),
    },
    yaxis: horizontal ? { labels: { maxWidth: 180 } } : valueAxis,
    tooltip: { theme, y: { formatter: formatValue } },
  };
  return (
    <figure data-slot="bar-chart" aria-label={`${seriesName} bar chart`}>
      <ApexChart
        type="bar"
        height={height}
        options={options}
        series={[{ name: seriesName, data: bars.map((d) => d.value) }]}
      />
    </figure>
  );
}
