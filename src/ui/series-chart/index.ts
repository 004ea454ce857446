export { SeriesChart, seriesToCsv, type TimeSeries } from "./SeriesChart.tsx";
