import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { Avatar } from "./Avatar.tsx";

const meta = {
  title: "Kit/Avatar",
  component: Avatar,
  tags: ["autodocs"],
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

const PIXEL =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'><rect width='8' height='8' fill='%238b7cf6'/></svg>";

export const WithImage: Story = { args: { src: PIXEL, name: "Ada Lovelace" } };

export const InitialFallback: Story = {
  args: { name: "ada@example.com" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("A")).toBeVisible();
  },
};

export const BrokenImage: Story = {
  args: { src: "/missing-avatar.png", name: null },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.queryByRole("img", { name: "Avatar" })).toBeNull());
    await expect(canvas.getByRole("img", { name: "User" })).toBeInTheDocument();
  },
};
