/**
 * ApexCharts cannot read oklch CSS variables, so the chart palette is kept here in hex, one per
 * theme, matching the `--chart-*` tokens of styles.css.
 */
export const CHART_COLORS = {
  dark: ["#8b7cf6", "#38bdf8", "#4ade80", "#fbbf24", "#f472b6", "#a78bfa", "#22d3ee", "#fb923c"],
  light: ["#6d5ae6", "#0ea5e9", "#16a34a", "#d97706", "#db2777", "#7c3aed", "#0891b2", "#ea580c"],
};

export function currentTheme(): "dark" | "light" {
  if (typeof document === "undefined") return "dark";
  return document.documentElement.classList.contains("light") ? "light" : "dark";
}

export function baseOptions(theme: "dark" | "light") {
  const fg = theme === "dark" ? "#c7c9d9" : "#3f4254";
  const grid = theme === "dark" ? "#2e3046" : "#e4e6ef";
  return {
    chart: {
      background: "transparent",
      foreColor: fg,
      toolbar: { show: false },
      fontFamily: "inherit",
      animations: { enabled: true, speed: 400 },
    },
    theme: { mode: theme },
    colors: CHART_COLORS[theme],
    grid: { borderColor: grid, strokeDashArray: 4 },
    dataLabels: { enabled: false },
    tooltip: { theme },
    legend: { labels: { colors: fg } },
  };
}
