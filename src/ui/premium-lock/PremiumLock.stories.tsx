import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent } from "storybook/test";
import { MetricCard } from "../metric-card/MetricCard.tsx";
import { PremiumLock } from "./PremiumLock.tsx";

const meta = {
  title: "Kit/PremiumLock",
  component: PremiumLock,
  tags: ["autodocs"],
  args: {
    locked: true,
    onUpgrade: fn(),
    children: <MetricCard title="Market Volatility" value="6.4 / 10" />,
  },
} satisfies Meta<typeof PremiumLock>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Locked: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Upgrade Now" }));
    await expect(args.onUpgrade).toHaveBeenCalled();
  },
};

export const Unlocked: Story = {
  args: { locked: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("button", { name: "Upgrade Now" })).toBeNull();
    await expect(canvas.getByText("6.4 / 10")).toBeVisible();
  },
};

/** Without `onUpgrade` the button is a plain link to the subscription settings. */
export const LinksToSettings: Story = {
  args: { onUpgrade: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/settings#plan");
    // The locked content is blurred and hidden from assistive technology, not merely covered.
    await expect(canvas.queryByText("6.4 / 10")?.closest("[aria-hidden=true]")).not.toBeNull();
  },
};
