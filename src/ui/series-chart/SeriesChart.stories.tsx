import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { SeriesChart, seriesToCsv } from "./SeriesChart.tsx";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const days = (n: number, start = Date.UTC(2026, 9, 1)) =>
  Array.from({ length: n }, (_, i) => ({
    t: new Date(start + i * 86_400_000).toISOString(),
    value: 1000 + i * 10,
  }));

const meta = {
  title: "Kit/SeriesChart",
  component: SeriesChart,
  tags: ["autodocs"],
  args: {
    title: "Players",
    fileName: "players",
    now: NOW,
    series: [{ name: "Average players", unit: "players", points: days(30) }],
    provenance: { source: "SteamCharts", asOf: "2026-10-30T00:00:00Z" },
  },
} satisfies Meta<typeof SeriesChart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-svg")).not.toBeNull(), {
      timeout: 5000,
    });
    await expect(canvas.getByText("Source: SteamCharts · Oct 30, 2026")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Export CSV of Players" })).toBeEnabled();
  },
};

/** Review r22/b, item 4: each point's date and value is readable without hovering (a hidden table). */
export const ValuesForScreenReaders: Story = {
  args: {
    series: [{ name: "Average players", unit: "players", points: days(3) }],
    formatValue: (v: number) => `${v.toLocaleString("en-US")} players`,
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table", { name: "Average players" });
    const rows = [...table.querySelectorAll("tbody tr")].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    await expect(rows).toEqual([
      ["Oct 1, 2026", "1,000 players"],
      ["Oct 2, 2026", "1,010 players"],
      ["Oct 3, 2026", "1,020 players"],
    ]);
  },
};

export const Empty: Story = {
  args: {
    series: [{ name: "Average players", unit: "players", points: [] }],
    provenance: null,
    empty: {
      title: "No player history for this game",
      description: "This chart fills from Steam's live player counts.",
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No player history for this game")).toBeVisible();
    await expect(canvas.getByText("This chart fills from Steam's live player counts.")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Export CSV of Players" })).toBeDisabled();
  },
};

/** Review 19, item 17: a chart with nothing drawn says why once, in its empty state, not in notes too. */
export const EmptyWithRangeNotes: Story = {
  args: {
    series: [{ name: "Average players, monthly", unit: "players", points: [] }],
    provenance: null,
    empty: {
      title: "No player history for this game",
      description: "Its points lie outside this range: they end Feb 2022.",
    },
    notes: ["No points of “Average players, monthly · SteamCharts” in this range: they end Feb 2022."],
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("Its points lie outside this range: they end Feb 2022.")).toBeVisible();
    await expect(canvasElement.querySelector("[data-slot='series-notes']")).toBeNull();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot='skeleton']")).not.toBeNull();
  },
};

export const TwoSeriesExportAsOneTable: Story = {
  args: {
    series: [
      { name: "Average players", unit: "players", points: days(3) },
      { name: "Peak players", unit: "players", points: days(2, Date.UTC(2026, 9, 2)) },
    ],
  },
  play: async () => {
    const csv = seriesToCsv([
      { name: "Average players", unit: "players", points: days(3) },
      { name: "Peak players", unit: "players", points: days(2, Date.UTC(2026, 9, 2)) },
    ]);
    await expect(csv.header).toEqual([
      "time (ISO 8601)",
      "Average players (players)",
      "Peak players (players)",
      "source",
      "as of (ISO 8601)",
    ]);
    // No source given to the lines or the chart: the columns say none rather than invent one.
    await expect(csv.rows).toEqual([
      ["2026-10-01T00:00:00.000Z", 1000, undefined, null, null],
      ["2026-10-02T00:00:00.000Z", 1010, 1000, null, null],
      ["2026-10-03T00:00:00.000Z", 1020, 1010, null, null],
    ]);
  },
};

/** The y axis's tick labels, top to bottom, once the chart is drawn. */
async function yTicks(canvasElement: HTMLElement): Promise<string[]> {
  let ticks: string[] = [];
  await waitFor(
    () => {
      ticks = [...canvasElement.querySelectorAll(".apexcharts-yaxis-label")].map((t) => t.textContent ?? "");
      expect(ticks.length).toBeGreaterThan(1);
    },
    { timeout: 5000 },
  );
  return ticks;
}

const onePoint = (value: number) => [{ t: "2019-05-01T00:00:00.000Z", value }];

/** One point of a share (a Kaggle snapshot): the axis stays within 0–100 % (it went to 101.0 %). */
export const SinglePointShare: Story = {
  args: {
    title: "Positive share of reviews",
    fileName: "share",
    series: [{ name: "Positive share", unit: "%", points: onePoint(100) }],
    formatValue: (v) => `${v.toFixed(1)}%`,
  },
  play: async ({ canvasElement }) => {
    const values = (await yTicks(canvasElement)).map((t) => Number.parseFloat(t));
    await expect(values.every((v) => v >= 0 && v <= 100)).toBe(true);
    await expect(Math.max(...values)).toBe(100);
  },
};

/** One point of review counts: whole-number ticks (the axis read 0.2, 0.4, 0.6, 0.8 reviews). */
export const SinglePointCounts: Story = {
  args: {
    title: "Reviews",
    fileName: "reviews",
    series: [
      { name: "Positive reviews", unit: "reviews", points: onePoint(1) },
      { name: "Negative reviews", unit: "reviews", points: onePoint(0) },
    ],
    formatValue: (v) => String(v),
  },
  play: async ({ canvasElement }) => {
    const values = (await yTicks(canvasElement)).map(Number);
    await expect(values.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
    await expect(new Set(values).size).toBe(values.length);
    await expect(Math.max(...values)).toBeGreaterThanOrEqual(1);
  },
};

/** Money is not rounded to whole units: a flat $9.99 keeps its cents on the axis. */
export const SinglePointPrice: Story = {
  args: {
    title: "Price",
    fileName: "price",
    series: [{ name: "Price", unit: "USD", points: onePoint(9.99) }],
    formatValue: (v) => `$${v.toFixed(2)}`,
  },
  play: async ({ canvasElement }) => {
    const ticks = await yTicks(canvasElement);
    await expect(ticks.every((t) => /^\$\d+\.\d\d$/.test(t))).toBe(true);
  },
};

/** The x axis's tick labels, left to right, once the chart is drawn. */
async function xTicks(canvasElement: HTMLElement): Promise<string[]> {
  let ticks: string[] = [];
  await waitFor(
    () => {
      ticks = [...canvasElement.querySelectorAll(".apexcharts-xaxis-label")]
        .map((t) => t.textContent ?? "")
        .filter(Boolean);
      expect(ticks.length).toBeGreaterThan(0);
    },
    { timeout: 5000 },
  );
  return ticks;
}

/**
 * One snapshot dated 2023-01-01 (a game's Reviews/Price/Owners charts): the axis gives days, its own
 * among them, not times of day ("31 Dec 2022 12:00 · 02 Jan 2023 00:00", outside tester).
 */
export const SinglePointDayAxis: Story = {
  args: {
    title: "Owners",
    fileName: "owners",
    series: [{ name: "Owners", unit: "owners", points: [{ t: "2023-01-01T00:00:00.000Z", value: 50_000 }] }],
  },
  play: async ({ canvasElement }) => {
    const ticks = await xTicks(canvasElement);
    await expect(ticks.some((t) => /:\d\d/.test(t))).toBe(false);
    await expect(ticks).toContain("01 Jan 2023");
  },
};

/** Three daily points: a tick per day, no hours between them. */
export const FewDaysDayAxis: Story = {
  args: { series: [{ name: "Average players", unit: "players", points: days(3) }] },
  play: async ({ canvasElement }) => {
    const ticks = await xTicks(canvasElement);
    await expect(ticks.some((t) => /:\d\d/.test(t))).toBe(false);
    // ApexCharts may leave out the last label where it would overrun the plot.
    await expect(ticks.every((t) => /^0[1-3] Oct$/.test(t))).toBe(true);
    await expect(ticks.slice(0, 2)).toEqual(["01 Oct", "02 Oct"]);
  },
};

const KAGGLE = "Steam Store Games (Kaggle, CC BY 4.0)";
const SPY = "Steam via SteamSpy (dataset)";
const GAMES = [
  "Counter-Strike: Global Offensive",
  "Dota 2",
  "Team Fortress 2",
  "PUBG: BATTLEGROUNDS",
  "Terraria",
];
/** Compare's five games, each with a line per source: ten lines, as the page builds them. */
const compared = GAMES.flatMap((game, g) =>
  [KAGGLE, SPY].map((source, k) => ({
    name: `${game} · ${source}`,
    unit: "reviews",
    group: game,
    color: g,
    variant: source,
    points: days(12, Date.UTC(2026, 9, 1 + k * 12)).map((p, i) => ({
      ...p,
      value: (g + 1) * 1000 + k * 300 + i,
    })),
  })),
);

/**
 * Five games of two sources (report: colours repeated after the fifth line and the 130 px legend
 * showed five of ten entries, squeezing the plot to 70 px): a colour per game, a dash per source,
 * and a legend of every entry below a plot of full height.
 */
export const FiveGamesTwoSources: Story = {
  args: { title: "Positive reviews", fileName: "compare_reviews", series: compared },
  play: async ({ canvas, canvasElement }) => {
    const lines = await waitFor(
      () => {
        const paths = [
          ...canvasElement.querySelectorAll<SVGPathElement>(".apexcharts-series path.apexcharts-line"),
        ];
        expect(paths).toHaveLength(10);
        return paths;
      },
      { timeout: 5000 },
    );
    const stroke = (p: SVGPathElement) => p.getAttribute("stroke")?.toLowerCase();
    const dash = (p: SVGPathElement) => p.getAttribute("stroke-dasharray") ?? "0";
    // Each game's two lines one colour, told apart by dash; five games five colours.
    for (let g = 0; g < 5; g++) {
      await expect(stroke(lines[2 * g]!)).toBe(stroke(lines[2 * g + 1]!));
      await expect(dash(lines[2 * g]!)).not.toBe(dash(lines[2 * g + 1]!));
    }
    await expect(new Set(lines.map(stroke)).size).toBe(5);
    // Every entry of the legend shown, none scrolled away or outside the card.
    const legend = canvas.getByRole("list", { name: "Positive reviews legend" });
    await expect(legend.scrollHeight).toBeLessThanOrEqual(legend.clientHeight + 1);
    const card = canvas.getByRole("region", { name: "Positive reviews" }).getBoundingClientRect();
    for (const game of GAMES) {
      const row = legend.querySelector(`[data-group="${game}"]`)!;
      await expect(row).toBeVisible();
      for (const source of [KAGGLE, SPY]) {
        const entry = row.querySelector<HTMLElement>(`[data-series="${game} · ${source}"]`)!;
        await expect(entry).toBeVisible();
        await expect(entry).toHaveTextContent(source);
        const box = entry.getBoundingClientRect();
        await expect(box.top >= card.top && box.bottom <= card.bottom).toBe(true);
      }
    }
    // ApexCharts' own legend is off; the plot keeps its height (it was ~70 px of 260).
    await expect(canvasElement.querySelector(".apexcharts-legend-series")).toBeNull();
    const plot = canvasElement.querySelector(".apexcharts-grid")!.getBoundingClientRect();
    await expect(plot.height).toBeGreaterThan(170);
  },
};

/**
 * A range with one day's peak and none of the monthly series (review r18a, item 4): the lone point is
 * labelled with its value, the one line keeps its legend, and the notes say what the range leaves out.
 */
export const LonePointWithRangeNotes: Story = {
  args: {
    series: [
      { name: "Average players, monthly", unit: "players", points: [] },
      {
        name: "Peak players, daily",
        unit: "players",
        points: [{ t: "2023-05-31T00:00:00.000Z", value: 1_088_407 }],
      },
    ],
    formatValue: (v) => `${(v / 1_000_000).toFixed(1)}M`,
    notes: ["No points of “Average players, monthly · SteamCharts” in this range: they end Feb 2022."],
    provenance: { source: "Steam via SteamSpy (dataset)", asOf: "2023-05-31T00:00:00Z" },
  },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(".apexcharts-datalabel")).not.toBeNull(), {
      timeout: 5000,
    });
    await expect(canvasElement.querySelector(".apexcharts-datalabel")?.textContent).toBe("1.1M");
    const legend = [...canvasElement.querySelectorAll(".apexcharts-legend-text")].map((e) => e.textContent);
    await expect(legend).toEqual(["Peak players, daily"]);
    await expect(
      canvas.getByText(
        "No points of “Average players, monthly · SteamCharts” in this range: they end Feb 2022.",
      ),
    ).toBeVisible();
  },
};
