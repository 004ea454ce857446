export { CHART_COLOR_COUNT, chartColorVar } from "../charts/chart-theme.ts";
export { SeriesChart, seriesToCsv, type TimeSeries } from "./SeriesChart.tsx";
