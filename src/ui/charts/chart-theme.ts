/**
 * Charts follow the theme by reading the design tokens of styles.css (`--chart-1`…`--chart-5`,
 * `--muted-foreground`, `--border`) from <html>. ApexCharts mixes colours itself (gradients,
 * hover shades) and needs hex, so each token is resolved to hex through a 1×1 canvas.
 */

export type ChartTheme = "dark" | "light";

const CHART_TOKENS = ["--chart-1", "--chart-2", "--chart-3", "--chart-4", "--chart-5"] as const;

/** How many colours the chart palette has (`--chart-1`…`--chart-5`). */
export const CHART_COLOR_COUNT = CHART_TOKENS.length;

/** The palette's `index`-th colour as CSS, for what stands beside a chart (a compared game's chip). */
export function chartColorVar(index: number): string {
  return `var(${CHART_TOKENS[index % CHART_COLOR_COUNT]})`;
}

/** Only used where there is no document (server render) or a token cannot be parsed. */
const FALLBACK: Record<ChartTheme, { colors: string[]; text: string; grid: string }> = {
  dark: { colors: ["#8b7cf6", "#38bdf8", "#4ade80", "#fbbf24", "#f472b6"], text: "#a9abbf", grid: "#2e3046" },
  light: {
    colors: ["#6d5ae6", "#0ea5e9", "#16a34a", "#d97706", "#db2777"],
    text: "#5f6275",
    grid: "#e4e6ef",
  },
};

export function currentTheme(): ChartTheme {
  if (typeof document === "undefined") return "dark";
  return document.documentElement.classList.contains("light") ? "light" : "dark";
}

let probe: CanvasRenderingContext2D | null | undefined;

/** Any CSS colour the browser understands (oklch included) → `#rrggbb`, or null. */
export function cssColorToHex(color: string): string | null {
  if (typeof document === "undefined" || !color.trim()) return null;
  if (probe === undefined) {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    probe = canvas.getContext("2d", { willReadFrequently: true });
  }
  if (!probe) return null;
  // An unparsable value leaves fillStyle untouched, so start from a sentinel to detect it.
  probe.fillStyle = "#010203";
  probe.fillStyle = color.trim();
  if (probe.fillStyle === "#010203" && color.trim() !== "#010203") return null;
  probe.clearRect(0, 0, 1, 1);
  probe.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0] = probe.getImageData(0, 0, 1, 1).data;
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

export interface ChartPalette {
  colors: string[];
  text: string;
  grid: string;
}

/** The palette of the theme currently applied to <html>. */
export function chartPalette(theme: ChartTheme): ChartPalette {
  const fallback = FALLBACK[theme];
  if (typeof document === "undefined") return fallback;
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => cssColorToHex(style.getPropertyValue(name));
  return {
    colors: CHART_TOKENS.map((name, i) => token(name) ?? fallback.colors[i]!),
    text: token("--muted-foreground") ?? fallback.text,
    grid: token("--border") ?? fallback.grid,
  };
}

export function baseOptions(theme: ChartTheme) {
  const palette = chartPalette(theme);
  return {
    chart: {
      background: "transparent",
      foreColor: palette.text,
      toolbar: { show: false },
      fontFamily: "inherit",
      animations: { enabled: true, speed: 400 },
    },
    theme: { mode: theme },
    colors: palette.colors,
    grid: { borderColor: palette.grid, strokeDashArray: 4 },
    dataLabels: { enabled: false },
    tooltip: { theme },
    legend: { labels: { colors: palette.text } },
  };
}
