import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor } from "storybook/test";
import { Label } from "../label/Label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./Select.tsx";

const meta = {
  title: "Kit/Select",
  component: Select,
  tags: ["autodocs"],
  render: (args) => (
    <div className="grid max-w-xs gap-2">
      <Label htmlFor="theme-select">Theme</Label>
      <Select defaultValue="dark" {...args}>
        <SelectTrigger id="theme-select" aria-label="Theme">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="dark">Dark</SelectItem>
          <SelectItem value="light">Light</SelectItem>
          <SelectItem value="auto">Auto (system)</SelectItem>
        </SelectContent>
      </Select>
    </div>
  ),
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("combobox", { name: "Theme" });
    await expect(trigger).toHaveTextContent("Dark");
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole("option", { name: "Light" }));
    await waitFor(() => expect(trigger).toHaveTextContent("Light"));
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("combobox", { name: "Theme" })).toBeDisabled();
  },
};
