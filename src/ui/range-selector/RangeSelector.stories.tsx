import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn } from "storybook/test";
import { type Range, RangeSelector, rangeStart } from "./RangeSelector.tsx";

const meta = {
  title: "Kit/RangeSelector",
  component: RangeSelector,
  tags: ["autodocs"],
  args: { value: "30d", onChange: fn() },
} satisfies Meta<typeof RangeSelector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole("button", { name: "30 d" })).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.getByRole("button", { name: "7 d" })).toHaveAttribute("aria-pressed", "false");
    canvas.getByRole("button", { name: "1 y" }).click();
    await expect(args.onChange).toHaveBeenCalledWith("1y");
  },
};

function Controlled() {
  const [range, setRange] = useState<Range>("all");
  const start = rangeStart(range, "2019-05-01T00:00:00Z");
  return (
    <div className="space-y-2">
      <RangeSelector value={range} onChange={setRange} label="Players range" />
      <p>Counted back from the newest point: {start ? start.toISOString().slice(0, 10) : "everything"}</p>
    </div>
  );
}

export const CountsBackFromTheNewestPoint: Story = {
  render: () => <Controlled />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText(/everything/)).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "7 d" }));
    await expect(canvas.getByText(/2019-04-24/)).toBeVisible();
    await expect(canvas.getByRole("button", { name: "7 d" })).toHaveAttribute("aria-pressed", "true");
  },
};
