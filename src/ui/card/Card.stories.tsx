import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Button } from "../button/Button.tsx";
import { EmptyState } from "../empty-state/EmptyState.tsx";
import { Skeleton } from "../skeleton/Skeleton.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./Card.tsx";

const meta = {
  title: "Kit/Card",
  component: Card,
  tags: ["autodocs"],
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <Card className="max-w-sm">
      <CardHeader>
        <CardTitle>Market Intelligence</CardTitle>
        <CardDescription>Player growth across genres this month.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm">Strategy games grew fastest, driven by two launches.</p>
      </CardContent>
      <CardFooter>
        <Button size="sm">View report</Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvas }) => {
    // An h2 under the screen's h1 (review 22: screens went h1 → h3).
    await expect(canvas.getByRole("heading", { name: "Market Intelligence", level: 2 })).toBeVisible();
  },
};

/** While data loads the card keeps its title and shows placeholders of the content's shape. */
export const Loading: Story = {
  render: () => (
    <Card className="max-w-sm" aria-busy="true">
      <CardHeader>
        <CardTitle>Market Intelligence</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </CardContent>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll("[data-slot=skeleton]")).toHaveLength(2);
  },
};

export const Empty: Story = {
  render: () => (
    <Card className="max-w-sm">
      <CardHeader>
        <CardTitle>Market Intelligence</CardTitle>
      </CardHeader>
      <CardContent>
        <EmptyState title="No market data yet" description="Figures appear after the first import." />
      </CardContent>
    </Card>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No market data yet")).toBeVisible();
  },
};
