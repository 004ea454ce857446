import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent } from "storybook/test";
import { Switch } from "../switch/Switch.tsx";
import { Label } from "./Label.tsx";

const meta = {
  title: "Kit/Label",
  component: Label,
  tags: ["autodocs"],
} satisfies Meta<typeof Label>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ForControl: Story = {
  render: () => (
    <div className="flex items-center gap-3">
      <Switch id="label-story" />
      <Label htmlFor="label-story">Price alerts</Label>
    </div>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText("Price alerts"));
    await expect(canvas.getByRole("switch", { name: "Price alerts" })).toBeChecked();
  },
};
