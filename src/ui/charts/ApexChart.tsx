import { lazy, Suspense, useEffect, useState } from "react";
import { Skeleton } from "../skeleton/Skeleton.tsx";
import { currentTheme } from "./chart-theme.ts";

/** ApexCharts is loaded on first use, in its own chunk: never part of the landing page or the shell. */
const ReactApexChart = lazy(() => import("react-apexcharts"));

export interface ApexChartProps {
  type: "bar" | "line" | "area" | "donut";
  series: unknown;
  options: Record<string, unknown>;
  height?: number;
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
  return (
    <Suspense fallback={<Skeleton className="w-full" style={{ height }} />}>
      {/* biome-ignore lint/suspicious/noExplicitAny: react-apexcharts types its props loosely */}
      <ReactApexChart type={type} series={series as any} options={options} height={height} />
    </Suspense>
  );
}
