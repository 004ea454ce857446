import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { CorrectedQuery } from "./CorrectedQuery.tsx";

const meta = {
  title: "Kit/CorrectedQuery",
  component: CorrectedQuery,
  tags: ["autodocs"],
  args: { correctedQuery: "stardew valley", typed: "stardw valley" },
} satisfies Meta<typeof CorrectedQuery>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Corrected: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent(
      'Showing results for stardew valley · no game name matched "stardw valley"',
    );
  },
};

/** An answer for the words as typed says nothing. */
export const AsTyped: Story = {
  args: { correctedQuery: undefined, typed: "stardew valley" },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("status")).toBeNull();
  },
};
