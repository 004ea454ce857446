import { PieChart } from "lucide-react";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { ApexChart, useChartTheme } from "./ApexChart.tsx";
import { ChartValues } from "./ChartValues.tsx";
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

/**
 * Each slice's share of the donut in percent, one decimal: the values themselves when they are
 * shares already (a source's "54.6 %"), else each value over the slices' sum.
 */
function donutShares(slices: ReadonlyArray<{ value: number }>, valuesAreShares = false): string[] {
  const total = slices.reduce((s, d) => s + d.value, 0);
  return slices.map((d) => {
    const share = valuesAreShares ? d.value : total > 0 ? (d.value / total) * 100 : 0;
    return `${share.toFixed(1)}%`;
  });
}

export function DonutChart({
  data,
  height = 260,
  emptyText = "No data available",
  formatValue,
  valuesAreShares = false,
  labelName = "Name",
  valueName = "Value",
}: {
  data: Array<{ label: string; value: number }>;
  height?: number;
  emptyText?: string;
  formatValue?: (v: number) => string;
  /** The values are percentages already (a source's shares): the legend shows them as given. */
  valuesAreShares?: boolean;
  /** The headers of the values table screen readers get: the slices' names and their values. */
  labelName?: string;
  valueName?: string;
}) {
  const theme = useChartTheme();
  const shown = donutSlices(data);
  if (shown.length === 0) return <EmptyState icon={PieChart} title={emptyText} />;
  // Each slice's share is written in the legend, not only in a hover tooltip (review r22/b, item 4).
  const shares = donutShares(shown, valuesAreShares);
  const format = formatValue ?? ((v: number) => v.toLocaleString("en-US"));
  const options = {
    ...baseOptions(theme),
    labels: shown.map((d) => d.label),
    legend: {
      ...baseOptions(theme).legend,
      position: "bottom",
      formatter: (name: string, opts?: { seriesIndex?: number }) =>
        `${name} ${shares[opts?.seriesIndex ?? -1] ?? ""}`.trim(),
    },
    stroke: { width: 0 },
    tooltip: { theme, y: { formatter: formatValue } },
  };
  return (
    <figure data-slot="donut-chart" aria-label={`Share: ${shown.map((d) => d.label).join(", ")}`}>
      <ApexChart type="donut" height={height} options={options} series={shown.map((d) => d.value)} />
      <ChartValues
        caption="Share"
        columns={valuesAreShares ? [labelName, "Share"] : [labelName, valueName, "Share"]}
        rows={shown.map((d, i) =>
          valuesAreShares ? [d.label, shares[i]!] : [d.label, format(d.value), shares[i]!],
        )}
      />
    </figure>
  );
}
