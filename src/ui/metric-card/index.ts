export { MetricCard } from "./MetricCard.tsx";
