// ApexCharts ships no types for its feature entry points; they are imported for their side effect
// (registering the feature with the core) only.
declare module "apexcharts/features/legend";
