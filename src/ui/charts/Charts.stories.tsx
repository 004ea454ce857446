import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { BarChart } from "./BarChart.tsx";
import { cssColorToHex } from "./chart-theme.ts";
import { DonutChart } from "./DonutChart.tsx";
import { LineChart } from "./LineChart.tsx";

const meta = {
  title: "Kit/Charts",
  component: BarChart,
  tags: ["autodocs"],
  args: {
    seriesName: "Players",
    data: Array.from({ length: 10 }, (_, i) => ({ label: `Game ${i + 1}`, value: 1000 * (10 - i) })),
  },
} satisfies Meta<typeof BarChart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Bars: Story = {
  play: async ({ canvasElement }) => {
    // At most 8 bars (spec §9), whatever the data holds.
    await waitFor(() => expect(canvasElement.querySelectorAll(".apexcharts-bar-area")).toHaveLength(8), {
      timeout: 5000,
    });
    await expectFirstBarInTokenColour(canvasElement);
  },
};

/** The first bar is painted with the `--chart-1` token of the theme on <html>. */
async function expectFirstBarInTokenColour(canvasElement: HTMLElement) {
  const expected = cssColorToHex(getComputedStyle(document.documentElement).getPropertyValue("--chart-1"));
  await waitFor(
    () => {
      const bar = canvasElement.querySelector(".apexcharts-bar-area");
      expect(bar).not.toBeNull();
      expect(cssColorToHex(bar!.getAttribute("fill") ?? "")).toBe(expected);
    },
    { timeout: 5000 },
  );
  return expected;
}

/** A complete series (one bar per year) passes its length: no year is dropped. */
export const BarsFullSeries: Story = {
  args: {
    seriesName: "Games released",
    data: Array.from({ length: 14 }, (_, i) => ({ label: String(2006 + i), value: 100 * (i + 1) })),
    maxBars: 14,
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll(".apexcharts-bar-area")).toHaveLength(14), {
      timeout: 5000,
    });
  },
};

/**
 * Games released per year on a company page (review r18a, item 9): counts as bars on an axis from 0
 * with whole-number ticks, never a smoothed line through fractions between years.
 */
export const BarsOfCounts: Story = {
  args: {
    seriesName: "Games released",
    data: [1, 2, 2, 2, 0, 1, 5, 1, 3, 3].map((value, i) => ({ label: String(1998 + i), value })),
    maxBars: 10,
    counts: true,
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll(".apexcharts-bar-area")).toHaveLength(10), {
      timeout: 5000,
    });
    const ticks = [...canvasElement.querySelectorAll(".apexcharts-yaxis-label")].map((e) =>
      Number(e.textContent),
    );
    await expect(ticks.length).toBeGreaterThan(1);
    await expect(ticks.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
    await expect(Math.min(...ticks)).toBe(0);
    await expect(new Set(ticks).size).toBe(ticks.length);
  },
};

/** Short value-axis labels carry no unit; the axis title does, the tooltip keeps the long form. */
export const BarsShortAxisLabels: Story = {
  args: {
    horizontal: true,
    seriesName: "Positive reviews",
    data: [
      { label: "Game A", value: 97.5 },
      { label: "Game B", value: 96.1 },
    ],
    formatValue: (v: number) => `${v.toFixed(1)}% positive`,
    formatAxis: (v: number) => `${Math.round(v)} %`,
    axisTitle: "Positive reviews (%)",
    valueTicks: 5,
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-xaxis-title")).not.toBeNull(), {
      timeout: 5000,
    });
    await expect(canvasElement.querySelector(".apexcharts-xaxis-title")?.textContent).toBe(
      "Positive reviews (%)",
    );
    const labels = [...canvasElement.querySelectorAll(".apexcharts-xaxis-label")].map(
      (l) => l.textContent ?? "",
    );
    await expect(labels.length).toBeGreaterThan(1);
    await expect(labels.length).toBeLessThanOrEqual(6);
    for (const label of labels) await expect(label).toMatch(/^\d+ %$/);
  },
};

export const BarsLightTheme: Story = {
  globals: { theme: "light" },
  play: async ({ canvasElement }) => {
    const colour = await expectFirstBarInTokenColour(canvasElement);
    await expect(document.documentElement).toHaveClass("light");
    await expect(colour).not.toBeNull();
  },
};

export const BarsEmpty: Story = {
  args: { data: [], emptyText: "No trending games available at the moment" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No trending games available at the moment")).toBeVisible();
  },
};

export const Lines: Story = {
  render: () => (
    <LineChart
      area
      series={[
        {
          name: "Players",
          points: ["Jan", "Feb", "Mar", "Apr", "May"].map((x, i) => ({ x, y: 1200 + i * 150 })),
        },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-svg")).not.toBeNull(), {
      timeout: 5000,
    });
  },
};

export const Donut: Story = {
  render: () => (
    <DonutChart
      data={[
        { label: "PC", value: 45 },
        { label: "Console", value: 28 },
        { label: "Mobile", value: 18 },
        { label: "Cloud", value: 5 },
        { label: "VR", value: 4 },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    // A legend of at most 4 entries: the smallest shares are summed into "Other".
    await waitFor(() => expect(canvasElement.querySelectorAll(".apexcharts-legend-series")).toHaveLength(4), {
      timeout: 5000,
    });
  },
};

export const LinesEmpty: Story = {
  render: () => <LineChart series={[{ name: "Players", points: [] }]} emptyText="No player data yet" />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("No player data yet")).toBeVisible();
    await expect(canvasElement.querySelector(".apexcharts-svg")).toBeNull();
  },
};

export const DonutEmpty: Story = {
  render: () => <DonutChart data={[]} emptyText="No platform data available" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No platform data available")).toBeVisible();
  },
};

/** Switching the theme on <html> repaints the chart with the other theme's tokens. */
export const FollowsThemeSwitch: Story = {
  globals: { theme: "dark" },
  play: async ({ canvasElement }) => {
    const dark = await expectFirstBarInTokenColour(canvasElement);
    const root = document.documentElement;
    root.classList.replace("dark", "light");
    try {
      const light = await expectFirstBarInTokenColour(canvasElement);
      await expect(light).not.toBe(dark);
    } finally {
      root.classList.replace("light", "dark");
    }
  },
};

/** The y axis's tick labels once the chart is drawn. */
async function yTickValues(canvasElement: HTMLElement): Promise<number[]> {
  let ticks: number[] = [];
  await waitFor(
    () => {
      ticks = [...canvasElement.querySelectorAll(".apexcharts-yaxis-label")].map((t) =>
        Number.parseFloat(t.textContent ?? ""),
      );
      expect(ticks.length).toBeGreaterThan(1);
    },
    { timeout: 5000 },
  );
  return ticks;
}

/** Releases per year of a count: whole-number ticks (the axis read 0.5, 1.5 games), never below 0. */
export const LinesOfCounts: Story = {
  render: () => (
    <LineChart
      unit="games"
      series={[
        {
          name: "Games released",
          points: [
            { x: "2001", y: 1 },
            { x: "2002", y: 0 },
            { x: "2003", y: 2 },
          ],
        },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const values = await yTickValues(canvasElement);
    await expect(values.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
  },
};

/** One year of releases: a dot with whole-number ticks, not an invisible line of one point. */
export const LinesOnePoint: Story = {
  render: () => (
    <LineChart unit="games" series={[{ name: "Games released", points: [{ x: "2019", y: 1 }] }]} />
  ),
  play: async ({ canvasElement }) => {
    const values = await yTickValues(canvasElement);
    await expect(values.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
    await waitFor(
      () => expect(canvasElement.querySelectorAll(".apexcharts-marker").length).toBeGreaterThan(0),
      {
        timeout: 5000,
      },
    );
  },
};
