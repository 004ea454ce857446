import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { SourceNote } from "./SourceNote.tsx";

const NOW = Date.parse("2026-11-23T12:00:00Z");

const meta = {
  title: "Kit/SourceNote",
  component: SourceNote,
  tags: ["autodocs"],
  args: {
    now: NOW,
    provenance: { source: "Steam via SteamSpy", asOf: "2019-05-01T00:00:00Z" },
  },
} satisfies Meta<typeof SourceNote>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Snapshot: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Source: Steam via SteamSpy · May 2019")).toBeVisible();
  },
};

export const Recent: Story = {
  args: {
    provenance: { source: "Steam", asOf: "2026-11-23T11:56:00Z", method: "7-day average of daily players" },
  },
  play: async ({ canvas }) => {
    const note = canvas.getByText(/Source: Steam · updated 4 min ago/);
    await expect(note).toBeVisible();
    await expect(note).toHaveAttribute("title", "7-day average of daily players");
  },
};

export const TwoSources: Story = {
  args: {
    provenance: [
      { source: "SteamCharts", asOf: "2022-02-01T00:00:00Z" },
      { source: "Steam", asOf: "2026-11-23T10:00:00Z" },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Source: SteamCharts · Feb 2022; Steam · updated 2 h ago")).toBeVisible();
  },
};

export const WithDemoData: Story = {
  args: {
    demo: true,
    provenance: { source: "Demo data (generated, not real)", asOf: "2026-11-23T11:00:00Z" },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("demo")).toBeVisible();
    await expect(canvas.getByText("demo")).toHaveAttribute(
      "title",
      "Includes generated demo data, not real figures",
    );
  },
};

/** A chart without a dated source yet still says its data may be demo data. */
export const DemoWithoutProvenance: Story = {
  args: { demo: true, provenance: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("demo")).toBeVisible();
    await expect(canvas.queryByText(/Source:/)).toBeNull();
  },
};

export const NothingToSay: Story = {
  args: { provenance: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot=source-note]")).toBeNull();
  },
};

/**
 * Report r15-a #2 and #3: a day's data (SteamSpy's, at midnight UTC) read "updated 11 h ago" as if
 * fetched then, and a result computed a moment ago "updated 1 min ago".
 */
export const DayAndJustNow: Story = {
  args: {
    provenance: [
      { source: "Steam via SteamSpy", asOf: "2026-11-23T00:00:00Z" },
      { source: "Statistical model", asOf: "2026-11-23T11:59:59Z" },
    ],
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText("Source: Steam via SteamSpy · Nov 23, 2026; Statistical model · updated just now"),
    ).toBeVisible();
  },
};

/** A figure with no data yet has no source: the note names only the sources there are, never "none". */
export const NoSource: Story = {
  args: {
    provenance: [
      { source: "none", asOf: null, method: "players summed over the latest 7 days" },
      { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: "2019-05-01T00:00:00Z" },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Source: Steam Store Games (Kaggle, CC BY 4.0) · May 2019")).toBeVisible();
    await expect(canvas.queryByText(/none/)).toBeNull();
  },
};

/** Only an absent source: no note at all. */
export const OnlyAbsentSource: Story = {
  args: { provenance: { source: "none", asOf: null } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot='source-note']")).toBeNull();
  },
};
