import { LineChart as LineIcon } from "lucide-react";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { axisKind, valueAxis } from "../series-chart/value-axis.ts";
import { ApexChart, useChartTheme } from "./ApexChart.tsx";
import { baseOptions } from "./chart-theme.ts";

export interface LineSeries {
  name: string;
  points: Array<{ x: string | number; y: number }>;
}

export function LineChart({
  series,
  height = 280,
  area = false,
  emptyText = "No data available",
  formatValue,
  unit,
}: {
  series: LineSeries[];
  height?: number;
  area?: boolean;
  emptyText?: string;
  formatValue?: (v: number) => string;
  /** What the values count ("games", "players"…) or "%": whole-number ticks, or a share's 0–100. */
  unit?: string;
}) {
  const theme = useChartTheme();
  const nonEmpty = series.filter((s) => s.points.length > 0);
  if (nonEmpty.length === 0) return <EmptyState icon={LineIcon} title={emptyText} />;
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
    markers: { size: nonEmpty.every((s) => s.points.length <= 1) ? 5 : 0 },
    fill: area ? { type: "gradient", gradient: { opacityFrom: 0.35, opacityTo: 0.02 } } : undefined,
    tooltip: { theme, y: { formatter: formatValue } },
  };
  return (
    <figure data-slot="line-chart" aria-label={`${nonEmpty.map((s) => s.name).join(", ")} line chart`}>
      <ApexChart
        type={area ? "area" : "line"}
        height={height}
        options={options}
        series={nonEmpty.map((s) => ({ name: s.name, data: s.points }))}
      />
    </figure>
  );
}
