import type { Meta, StoryObj } from "@storybook/react-vite";
import { Plus } from "lucide-react";
import { expect, fn, userEvent } from "storybook/test";
import { Button } from "./Button.tsx";

const meta = {
  title: "Kit/Button",
  component: Button,
  tags: ["autodocs"],
  args: { children: "Track game", onClick: fn() },
  argTypes: {
    variant: {
      control: "select",
      options: ["default", "secondary", "outline", "ghost", "destructive", "link", "premium"],
    },
    size: { control: "select", options: ["default", "sm", "lg", "icon"] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Track game" }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-3">
      {(["default", "secondary", "outline", "ghost", "destructive", "link", "premium"] as const).map((v) => (
        <Button key={v} {...args} variant={v}>
          {v}
        </Button>
      ))}
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args}>Default</Button>
      <Button {...args} size="lg">
        Large
      </Button>
      <Button {...args} size="icon" aria-label="Add">
        <Plus />
      </Button>
    </div>
  ),
};

export const Loading: Story = {
  args: { loading: true, children: "Saving..." },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole("button", { name: /Saving/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, children: "Added" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Added" })).toBeDisabled();
  },
};

export const AsLink: Story = {
  args: { asChild: true, children: <a href="#pricing">See pricing</a> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "See pricing" })).toHaveAttribute("href", "#pricing");
  },
};
