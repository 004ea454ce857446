import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Skeleton } from "./Skeleton.tsx";

const meta = {
  title: "Kit/Skeleton",
  component: Skeleton,
  tags: ["autodocs"],
  render: () => (
    <div className="grid max-w-sm gap-2" data-testid="skeletons">
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  ),
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId("skeletons").querySelectorAll("[data-slot=skeleton]")).toHaveLength(3);
  },
};
