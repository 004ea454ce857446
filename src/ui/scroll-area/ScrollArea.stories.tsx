import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ScrollArea } from "./ScrollArea.tsx";

const GAMES = Array.from({ length: 30 }, (_, i) => `Game ${i + 1}`);

const meta = {
  title: "Kit/ScrollArea",
  component: ScrollArea,
  tags: ["autodocs"],
  render: () => (
    <ScrollArea className="h-48 w-64 rounded-md border border-border">
      <ul className="p-3 text-sm">
        {GAMES.map((g) => (
          <li key={g} className="py-1">
            {g}
          </li>
        ))}
      </ul>
    </ScrollArea>
  ),
} satisfies Meta<typeof ScrollArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LongList: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Game 30")).toBeInTheDocument();
  },
};
