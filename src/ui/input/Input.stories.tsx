import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent } from "storybook/test";
import { Label } from "../label/Label.tsx";
import { Input } from "./Input.tsx";

const meta = {
  title: "Kit/Input",
  component: Input,
  tags: ["autodocs"],
  args: { placeholder: "Search games..." },
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor="story-input">Search</Label>
      <Input id="story-input" {...args} />
    </div>
  ),
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText("Search");
    await userEvent.type(input, "Portal");
    await expect(input).toHaveValue("Portal");
  },
};

export const Disabled: Story = {
  args: { disabled: true, value: "Read only", readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText("Search")).toBeDisabled();
  },
};

export const Invalid: Story = { args: { "aria-invalid": true, defaultValue: "ab" } };

export const Password: Story = { args: { type: "password", placeholder: "Create a password" } };
