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
