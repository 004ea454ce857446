import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { StatusDot } from "./StatusDot.tsx";

const meta = {
  title: "Kit/StatusDot",
  component: StatusDot,
  tags: ["autodocs"],
  args: { live: true },
} satisfies Meta<typeof StatusDot>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Live: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Live")).toBeVisible();
  },
};
export const Disconnected: Story = {
  args: { live: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Disconnected")).toBeVisible();
  },
};
