import type { Meta, StoryObj } from "@storybook/react-vite";
import { Search } from "lucide-react";
import { expect } from "storybook/test";
import { Button } from "../button/Button.tsx";
import { EmptyState } from "./EmptyState.tsx";

const meta = {
  title: "Kit/EmptyState",
  component: EmptyState,
  tags: ["autodocs"],
  args: { title: "No games in your watchlist yet" },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No games in your watchlist yet")).toBeVisible();
  },
};

export const WithDescriptionAndAction: Story = {
  args: {
    icon: Search,
    title: "No games found for zzzz",
    description: "Try searching with different keywords",
    action: <Button size="sm">Clear search</Button>,
  },
};
