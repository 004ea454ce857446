import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Progress } from "./Progress.tsx";

const meta = {
  title: "Kit/Progress",
  component: Progress,
  tags: ["autodocs"],
  args: { value: 60, "aria-label": "Step progress" },
} satisfies Meta<typeof Progress>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole("progressbar", { name: "Step progress" });
    await expect(bar).toHaveAttribute("aria-valuemax", "100");
    await expect(bar).toHaveAttribute("aria-valuenow", "60");
  },
};
export const Empty: Story = { args: { value: 0 } };
export const Complete: Story = { args: { value: 100 } };
export const CustomMax: Story = { args: { value: 2, max: 4 } };
