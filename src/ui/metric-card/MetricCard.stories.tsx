import type { Meta, StoryObj } from "@storybook/react-vite";
import { Activity } from "lucide-react";
import { expect } from "storybook/test";
import { MetricCard } from "./MetricCard.tsx";

const meta = {
  title: "Kit/MetricCard",
  component: MetricCard,
  tags: ["autodocs"],
  args: {
    title: "Market Activity",
    value: "1.8M players",
    change: 4.2,
    hint: "vs previous week",
    icon: Activity,
  },
} satisfies Meta<typeof MetricCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText("+4.2%")).toBeVisible();
  },
};
export const Negative: Story = { args: { change: -2.5 } };
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText("1.8M players")).toBeNull();
  },
};
