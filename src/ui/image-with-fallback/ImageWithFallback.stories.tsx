import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { ImageWithFallback } from "./ImageWithFallback.tsx";

const meta = {
  title: "Kit/ImageWithFallback",
  component: ImageWithFallback,
  tags: ["autodocs"],
  args: { alt: "Portal 2 cover", className: "h-32 w-24 rounded-md" },
} satisfies Meta<typeof ImageWithFallback>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  args: {
    src: "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='90' height='120'><rect width='90' height='120' fill='%2338bdf8'/></svg>",
  },
};

export const BrokenImage: Story = {
  args: { src: "/no-such-cover.jpg" },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector("img")).toBeNull());
    await expect(canvasElement.querySelector("[data-slot=image-fallback]")).not.toBeNull();
  },
};

export const NoImage: Story = { args: { src: undefined } };
