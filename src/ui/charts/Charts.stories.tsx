import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
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

/** The values table screen readers get: one row per drawn point, in the tooltip's wording. */
function valuesTable(canvasElement: HTMLElement, caption?: string) {
  const tables = [...canvasElement.querySelectorAll<HTMLTableElement>('[data-slot="chart-values"]')];
  const table = caption ? tables.find((t) => t.caption?.textContent === caption) : tables[0];
  expect(table).toBeDefined();
  return [...table!.querySelectorAll("tbody tr")].map((tr) =>
    [...tr.children].map((c) => c.textContent ?? ""),
  );
}

/** Review r22/b, item 4: a bar's value is readable without hovering, as a (visually hidden) table. */
export const BarsValuesForScreenReaders: Story = {
  args: { formatValue: (v: number) => `${v.toLocaleString("en-US")} players` },
  play: async ({ canvas, canvasElement }) => {
    const rows = valuesTable(canvasElement, "Players");
    await expect(rows).toHaveLength(8);
    await expect(rows[0]).toEqual(["Game 1", "10,000 players"]);
    await expect(canvas.getByRole("table", { name: "Players" })).toBeInTheDocument();
  },
};

/** The number of tick labels of an axis that are drawn with text, and whether any two overlap. */
async function drawnLabels(canvasElement: HTMLElement, selector: string) {
  let boxes: DOMRect[] = [];
  await waitFor(
    () => {
      boxes = [...canvasElement.querySelectorAll(selector)]
        .filter((l) => (l.textContent ?? "").trim() !== "")
        .map((l) => l.getBoundingClientRect());
      expect(boxes.length).toBeGreaterThan(1);
    },
    { timeout: 5000 },
  );
  const overlap = boxes.some((a, i) => boxes.slice(i + 1).some((b) => a.left < b.right && b.left < a.right));
  return { count: boxes.length, overlap };
}

const phoneCard = (Story: () => ReactNode) => (
  <div style={{ width: 330 }}>
    <Story />
  </div>
);

/** Review r22/b, item 5: 23 years in a phone's card label every few years, never one smear. */
export const BarsManyYearsNarrow: Story = {
  decorators: [phoneCard],
  args: {
    seriesName: "Games released",
    data: Array.from({ length: 23 }, (_, i) => ({ label: String(1997 + i), value: 100 * (i + 1) })),
    maxBars: 23,
    counts: true,
    labelName: "Year",
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll(".apexcharts-bar-area")).toHaveLength(23), {
      timeout: 5000,
    });
    const { count, overlap } = await drawnLabels(canvasElement, ".apexcharts-xaxis-label");
    await expect(count).toBeLessThan(23);
    await expect(overlap).toBe(false);
    // The newest year keeps its label (the partial year an Overview chart marks).
    const shown = [...canvasElement.querySelectorAll(".apexcharts-xaxis-label")].map((l) => l.textContent);
    await expect(shown).toContain("2019");
    // Every year is still in the values table.
    await expect(valuesTable(canvasElement, "Games released")).toHaveLength(23);
  },
};

/** Review r22/b, item 5: a ranking's 0–100 % axis in a phone's card keeps few ticks that do not touch. */
export const BarsHorizontalNarrow: Story = {
  decorators: [phoneCard],
  args: {
    ...BarsShortAxisLabels.args,
    data: Array.from({ length: 8 }, (_, i) => ({ label: `A rather long game name ${i + 1}`, value: 99 - i })),
  },
  play: async ({ canvasElement }) => {
    // Checked on the settled drawing: the chart draws again once it has measured its card, and run
    // after the other stories (now with the real stylesheet) the first check caught an earlier one.
    await waitFor(
      async () => {
        const { count, overlap } = await drawnLabels(canvasElement, ".apexcharts-xaxis-label");
        await expect(count).toBeLessThanOrEqual(3);
        await expect(overlap).toBe(false);
      },
      { timeout: 5000 },
    );
  },
};

/** Review r22/b, item 4: each slice's share is written in the legend and the values table. */
export const DonutShares: Story = {
  render: () => (
    <DonutChart
      data={[
        { label: "PC", value: 300 },
        { label: "Mac", value: 100 },
      ]}
      formatValue={(v) => `${v} games`}
      valueName="Games"
    />
  ),
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(
          [...canvasElement.querySelectorAll(".apexcharts-legend-text")].map((l) => l.textContent),
        ).toEqual(["PC 75.0%", "Mac 25.0%"]),
      { timeout: 5000 },
    );
    await expect(valuesTable(canvasElement)).toEqual([
      ["PC", "300 games", "75.0%"],
      ["Mac", "100 games", "25.0%"],
    ]);
  },
};

/** A source's shares are shown as it gives them, not recomputed over their (rounded) sum. */
export const DonutSourceShares: Story = {
  render: () => (
    <DonutChart
      valuesAreShares
      data={[
        { label: "Mobile", value: 54.6 },
        { label: "Console", value: 24.3 },
        { label: "PC", value: 21.0 },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(
          [...canvasElement.querySelectorAll(".apexcharts-legend-text")].map((l) => l.textContent),
        ).toEqual(["Mobile 54.6%", "Console 24.3%", "PC 21.0%"]),
      { timeout: 5000 },
    );
    await expect(valuesTable(canvasElement)).toEqual([
      ["Mobile", "54.6%"],
      ["Console", "24.3%"],
      ["PC", "21.0%"],
    ]);
  },
};

/** Review r22/b, item 10: forecasts are drawn dashed, keyed under the plot, and say so in the values. */
export const LinesWithForecast: Story = {
  render: () => (
    <LineChart
      xName="Year"
      formatValue={(v) => `$${v}B`}
      series={[
        {
          name: "Revenue",
          points: [
            { x: "2023", y: 184 },
            { x: "2024", y: 187.7 },
            { x: "2025", y: 188.8 },
            { x: "2026", y: 197, forecast: true },
            { x: "2027", y: 206.5, forecast: true },
          ],
        },
      ]}
    />
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(
      () =>
        expect(
          [...canvasElement.querySelectorAll(".apexcharts-series path")].some(
            (p) => (p.getAttribute("stroke-dasharray") ?? "0") !== "0",
          ),
        ).toBe(true),
      { timeout: 5000 },
    );
    await expect(canvas.getByText("Dashed: forecast (2026, 2027)")).toBeVisible();
    const rows = valuesTable(canvasElement, "Revenue");
    await expect(rows[2]).toEqual(["2025", "$188.8B"]);
    await expect(rows[3]).toEqual(["2026", "$197B (forecast)"]);
  },
};

/** Review r27-a, item 3: a low-confidence year is a hollow dot, keyed under the plot and said in the values. */
export const LinesWithNotedPoint: Story = {
  render: () => (
    <LineChart
      xName="Year"
      formatValue={(v) => `$${v}B`}
      series={[
        {
          name: "Revenue",
          points: [
            { x: "2012", y: 66.4, note: "low confidence: inferred: 70.4/1.06" },
            { x: "2013", y: 70.4 },
            { x: "2014", y: 81.5 },
          ],
        },
      ]}
    />
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("2012: low confidence: inferred: 70.4/1.06")).toBeVisible();
    const rows = valuesTable(canvasElement, "Revenue");
    await expect(rows[0]).toEqual(["2012", "$66.4B (low confidence: inferred: 70.4/1.06)"]);
    await expect(rows[1]).toEqual(["2013", "$70.4B"]);
  },
};
