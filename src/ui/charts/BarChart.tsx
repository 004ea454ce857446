import { BarChart3 } from "lucide-react";
import { EmptyState } from "../empty-state/EmptyState.tsx";
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
}: {
  data: BarDatum[];
  seriesName?: string;
  height?: number;
  horizontal?: boolean;
  emptyText?: string;
  formatValue?: (v: number) => string;
}) {
  const theme = useChartTheme();
  const bars = data.slice(0, MAX_BARS);
  if (bars.length === 0) return <EmptyState icon={BarChart3} title={emptyText} />;
  const options = {
    ...baseOptions(theme),
    plotOptions: { bar: { horizontal, borderRadius: 4, distributed: true } },
    legend: { show: false },
    // Horizontal bars put the values on the x axis and the names on the y axis.
    xaxis: {
      categories: bars.map((d) => d.label),
      ...(horizontal && formatValue
        ? { labels: { formatter: (v: string | number) => formatValue(Number(v)) } }
        : {}),
    },
    yaxis: horizontal ? { labels: { maxWidth: 180 } } : { labels: { formatter: formatValue } },
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
