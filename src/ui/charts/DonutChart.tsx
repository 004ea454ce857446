import { PieChart } from "lucide-react";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { ApexChart, useChartTheme } from "./ApexChart.tsx";
import { baseOptions } from "./chart-theme.ts";

/** Spec §9: a legend of at most 4 entries; the rest are summed into "Other". */
export const MAX_LEGEND = 4;

/** The slices a donut draws: positive values, largest first, those past the legend summed into "Other". */
export function donutSlices(data: ReadonlyArray<{ label: string; value: number }>) {
  const sorted = [...data].filter((d) => d.value > 0).sort((a, b) => b.value - a.value);
  return sorted.length > MAX_LEGEND
    ? [
        ...sorted.slice(0, MAX_LEGEND - 1),
        { label: "Other", value: sorted.slice(MAX_LEGEND - 1).reduce((s, d) => s + d.value, 0) },
      ]
    : sorted;
}

export function DonutChart({
  data,
  height = 260,
  emptyText = "No data available",
  formatValue,
}: {
  data: Array<{ label: string; value: number }>;
  height?: number;
  emptyText?: string;
  formatValue?: (v: number) => string;
}) {
  const theme = useChartTheme();
  const shown = donutSlices(data);
  if (shown.length === 0) return <EmptyState icon={PieChart} title={emptyText} />;
  const options = {
    ...baseOptions(theme),
    labels: shown.map((d) => d.label),
    legend: { ...baseOptions(theme).legend, position: "bottom" },
    stroke: { width: 0 },
    tooltip: { theme, y: { formatter: formatValue } },
  };
  return (
    <figure data-slot="donut-chart" aria-label={`Share: ${shown.map((d) => d.label).join(", ")}`}>
      <ApexChart type="donut" height={height} options={options} series={shown.map((d) => d.value)} />
    </figure>
  );
}
