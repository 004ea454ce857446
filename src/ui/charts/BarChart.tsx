import { BarChart3 } from "lucide-react";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { valueAxis as countAxis } from "../series-chart/value-axis.ts";
import { ApexChart, useChartTheme } from "./ApexChart.tsx";
import { ChartValues, labelStep, NARROW_CHART, useElementWidth, withNote } from "./ChartValues.tsx";
import { baseOptions } from "./chart-theme.ts";

/** Spec §9: at most 8 bars. */
export const MAX_BARS = 8;

export interface BarDatum {
  label: string;
  value: number;
  /** What sets the bar apart ("revised later"): said in its tooltip and values-table row, not on the axis. */
  note?: string;
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
  labelName = "Name",
  keys,
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
  /** The header of the bars' names in the values table screen readers get ("Year", "Game"). */
  labelName?: string;
  /** A key under the chart, a line each, for what the bars' notes mark ("Revised in a later edition: 2018–2025"). */
  keys?: readonly string[];
}) {
  const theme = useChartTheme();
  const [measure, width] = useElementWidth();
  const narrow = width > 0 && width < NARROW_CHART;
  const bars = data.slice(0, maxBars);
  const axisFormat = formatAxis ?? formatValue ?? (counts ? (v: number) => String(Math.round(v)) : undefined);
  // On a phone's card the value axis keeps 3 ticks ("0 %20 %40 %…" ran together at 390 px: review
  // r22/b, item 5), and horizontal bars' names get less room so the bars keep some.
  const ticks = narrow ? Math.min(valueTicks ?? 2, 2) : valueTicks;
  const valueAxis = {
    ...(counts ? countAxis([0, ...bars.map((d) => d.value)], "count") : {}),
    ...(axisFormat ? { labels: { formatter: (v: string | number) => axisFormat(Number(v)) } } : {}),
    ...(axisTitle ? { title: { text: axisTitle } } : {}),
    ...(ticks ? { tickAmount: ticks } : {}),
  };
  // Vertical bars of many categories (23 years on a phone) that would smear even rotated (about 22 px
  // each) label every step-th one, unrotated, counted back from the newest so it keeps its label;
  // the tooltip and the values table still name every bar.
  const labels = bars.map((d) => d.label);
  const plotWidth = width - 60;
  const crowded = !horizontal && width > 0 && labels.length * 22 > plotWidth;
  const pitch = Math.max(0, ...labels.map((l) => l.length)) * 7 + 12;
  const step = crowded ? labelStep(labels.length, plotWidth, pitch) : 1;
  const index = new Map(labels.map((l, i) => [l, labels.length - 1 - i]));
  const categoryLabels =
    step > 1
      ? {
          labels: {
            rotate: 0,
            hideOverlappingLabels: true,
            formatter: (v: string) => ((index.get(String(v)) ?? 0) % step === 0 ? String(v) : ""),
          },
        }
      : {};
  if (bars.length === 0) return <EmptyState icon={BarChart3} title={emptyText} />;
  const format = formatValue ?? ((v: number) => v.toLocaleString("en-US"));
  const options = {
    ...baseOptions(theme),
    plotOptions: { bar: { horizontal, borderRadius: 4, distributed: !counts } },
    legend: { show: false },
    // Horizontal bars put the values on the x axis and the names on the y axis.
    xaxis: {
      categories: labels,
      ...(horizontal ? valueAxis : categoryLabels),
    },
    yaxis: horizontal ? { labels: { maxWidth: narrow ? 110 : 180 } } : valueAxis,
    tooltip: {
      theme,
      x: { formatter: (v: string | number) => String(v) },
      y: {
        formatter: bars.some((d) => d.note)
          ? (v: number, opts?: { dataPointIndex?: number }) =>
              withNote(format(v), bars[opts?.dataPointIndex ?? -1]?.note)
          : formatValue,
      },
    },
  };
  return (
    <figure ref={measure} data-slot="bar-chart" aria-label={`${seriesName} bar chart`}>
      <ApexChart
        type="bar"
        height={height}
        options={options}
        series={[{ name: seriesName, data: bars.map((d) => d.value) }]}
      />
      <ChartValues
        caption={seriesName}
        columns={[labelName, seriesName]}
        rows={bars.map((d) => [d.label, withNote(format(d.value), d.note)])}
      />
      {keys?.map((k) => (
        <figcaption key={k} data-slot="note-key" className="text-muted-foreground text-xs">
          {k}
        </figcaption>
      ))}
    </figure>
  );
}
