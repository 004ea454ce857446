import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent } from "storybook/test";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./Tabs.tsx";

const meta = {
  title: "Kit/Tabs",
  component: Tabs,
  tags: ["autodocs"],
  render: () => (
    <Tabs defaultValue="watchlist">
      <TabsList>
        <TabsTrigger value="watchlist">My Watchlist (2)</TabsTrigger>
        <TabsTrigger value="discover">Discover Games</TabsTrigger>
        <TabsTrigger value="search" disabled>
          Search Results
        </TabsTrigger>
      </TabsList>
      <TabsContent value="watchlist">Two tracked games.</TabsContent>
      <TabsContent value="discover">Trending games to track.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Two tracked games.")).toBeVisible();
    await userEvent.click(canvas.getByRole("tab", { name: "Discover Games" }));
    await expect(canvas.getByText("Trending games to track.")).toBeVisible();
    await expect(canvas.getByRole("tab", { name: "Search Results" })).toBeDisabled();
  },
};

/** Arrow keys move between tabs and skip the disabled one (Radix roving focus). */
export const KeyboardNavigation: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole("tab", { name: "My Watchlist (2)" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "Discover Games" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(canvas.getByText("Trending games to track.")).toBeVisible();
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "My Watchlist (2)" })).toHaveFocus();
  },
};
