import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Badge, RoleBadge, TierBadge } from "./Badge.tsx";

const meta = {
  title: "Kit/Badge",
  component: Badge,
  tags: ["autodocs"],
  args: { children: "LIVE" },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      {(
        ["default", "secondary", "outline", "destructive", "success", "warning", "premium", "live"] as const
      ).map((v) => (
        <Badge key={v} variant={v}>
          {v}
        </Badge>
      ))}
    </div>
  ),
};

export const Roles: Story = {
  render: () => (
    <div className="flex gap-2">
      <RoleBadge userRole="regular" />
      <RoleBadge userRole="premium" />
      <RoleBadge userRole="admin" />
      <RoleBadge userRole={null} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText("REGULAR")).toHaveLength(2);
    await expect(canvas.getByText("ADMIN")).toBeVisible();
  },
};

export const Tiers: Story = {
  render: () => (
    <div className="flex gap-2">
      <TierBadge tier="starter" />
      <TierBadge tier="professional" />
      <TierBadge tier="enterprise" />
      <TierBadge />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText("STARTER")).toHaveLength(2);
  },
};

// Review r29/v #4 (WCAG 1.4.3): the LIVE badge faded as a whole, so mid-pulse its text fell below
// 4.5:1. Only a dot beside the text moves; the text and its background keep full strength.
export const Live: Story = {
  args: { variant: "live", children: "LIVE" },
  play: async ({ canvas }) => {
    const badge = canvas.getByText("LIVE");
    await expect(badge.getAnimations()).toEqual([]);
    const moving = badge.getAnimations({ subtree: true }).map((a) => (a.effect as KeyframeEffect).target);
    await expect(moving.length).toBeGreaterThan(0);
    for (const target of moving) {
      await expect(target?.textContent).toBe("");
      await expect(target?.getAttribute("aria-hidden")).toBe("true");
    }
  },
};
