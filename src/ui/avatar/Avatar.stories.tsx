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

export const WithImage: Story = {
  args: { src: PIXEL, name: "Ada Lovelace" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute("src", PIXEL);
  },
};

export const InitialFallback: Story = {
  args: { name: "ada@example.com" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("A")).toBeVisible();
  },
};

export const BrokenImage: Story = {
  args: { src: "/missing-avatar.png", name: "Ada Lovelace" },
  play: async ({ canvasElement }) => {
    // The broken picture is hidden and the placeholder icon shown (spec §4), not the initial.
    await waitFor(() => expect(canvasElement.querySelector("img")).toBeNull());
    await expect(canvasElement.querySelector("svg.lucide-user")).not.toBeNull();
    await expect(canvasElement).not.toHaveTextContent("A");
  },
};

export const NoNameNoImage: Story = {
  args: { name: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: "User" })).toBeVisible();
  },
};
