export { BarChart, type BarDatum, MAX_BARS } from "./BarChart.tsx";
export { DonutChart, donutSlices, MAX_LEGEND } from "./DonutChart.tsx";
export { LineChart, type LineSeries } from "./LineChart.tsx";
