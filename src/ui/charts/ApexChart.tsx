import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { Skeleton } from "../skeleton/Skeleton.tsx";
import { currentTheme } from "./chart-theme.ts";

export type ApexChartType = "bar" | "line" | "area" | "donut";

export interface ApexChartProps {
  type: ApexChartType;
  series: unknown;
  options: Record<string, unknown>;
  height?: number;
}

/**
 * ApexCharts is loaded on first use and only what is drawn (docs/decisions, chart loading): its core
 * build (`apexcharts/core`, no chart types, no features) through `react-apexcharts/core`, plus the
 * module of each chart type as a chart of that type first appears, and the legend feature (donut
 * and multi-series line legends). Each is its own chunk; none is part of the landing page or the
 * shell. The type modules register themselves with the core when they run.
 */
const CHART_TYPE_MODULES: Record<ApexChartType, () => Promise<unknown>> = {
  bar: () => import("apexcharts/bar"),
  line: () => import("apexcharts/line"),
  area: () => import("apexcharts/area"),
  donut: () => import("apexcharts/donut"),
};

type ReactApexChartProps = Omit<ApexChartProps, "series"> & { series: unknown };

const charts = new Map<ApexChartType, ComponentType<ReactApexChartProps>>();

function chartComponent(type: ApexChartType): ComponentType<ReactApexChartProps> {
  let component = charts.get(type);
  if (!component) {
    component = lazy(async () => {
      const [wrapper] = await Promise.all([
        import("react-apexcharts/core"),
        CHART_TYPE_MODULES[type](),
        import("apexcharts/features/legend"),
      ]);
      return { default: wrapper.default as unknown as ComponentType<ReactApexChartProps> };
    });
    charts.set(type, component);
  }
  return component;
}

/** Re-renders charts when the theme class on <html> changes. */
export function useChartTheme(): "dark" | "light" {
  const [theme, setTheme] = useState(currentTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(currentTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

export function ApexChart({ type, series, options, height = 280 }: ApexChartProps) {
  const Chart = chartComponent(type);
  return (
    <Suspense fallback={<Skeleton className="w-full" style={{ height }} />}>
      <Chart type={type} series={series} options={options} height={height} />
    </Suspense>
  );
}
