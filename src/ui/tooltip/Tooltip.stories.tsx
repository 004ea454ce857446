import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent } from "storybook/test";
import { Button } from "../button/Button.tsx";
import { Tooltip } from "./Tooltip.tsx";

const meta = {
  title: "Kit/Tooltip",
  component: Tooltip,
  tags: ["autodocs"],
  args: { content: "Premium feature", children: <Button variant="outline">Analytics</Button> },
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OnHover: Story = {
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole("button", { name: "Analytics" }));
    // Not at once: a pointer passing over a control must not flash a tooltip.
    await expect(screen.queryByRole("tooltip")).toBeNull();
    // Opens after the 700 ms delay (spec §9).
    await expect(await screen.findByRole("tooltip", {}, { timeout: 2000 })).toHaveTextContent(
      "Premium feature",
    );
  },
};

/** Keyboard users get the tooltip as soon as the control takes focus. */
export const OnFocus: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Analytics" })).toHaveFocus();
    await expect(await screen.findByRole("tooltip")).toHaveTextContent("Premium feature");
    await userEvent.keyboard("{Escape}");
    await expect(screen.queryByRole("tooltip")).toBeNull();
  },
};
