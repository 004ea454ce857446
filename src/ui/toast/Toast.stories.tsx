import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor } from "storybook/test";
import { Button } from "../button/Button.tsx";
import { Toaster } from "./Toaster.tsx";
import { TOAST_DURATION_MS, TOAST_LIMIT, toast } from "./toast-store.ts";

const meta = {
  title: "Kit/Toast",
  component: Toaster,
  tags: ["autodocs"],
  render: () => (
    <div className="flex gap-2">
      <Button
        onClick={() =>
          toast({ title: "Added to Watchlist", description: "Game has been added to your watchlist" })
        }
      >
        Show toast
      </Button>
      <Button
        variant="destructive"
        onClick={() =>
          toast({
            title: "Unauthorized",
            description: "You are logged out. Logging in again...",
            variant: "destructive",
          })
        }
      >
        Show error
      </Button>
      <Toaster />
    </div>
  ),
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(TOAST_DURATION_MS).toBe(5000);
    await userEvent.click(canvas.getByRole("button", { name: "Show toast" }));
    await expect(await screen.findByText("Game has been added to your watchlist")).toBeVisible();
  },
};

export const OneAtATime: Story = {
  play: async ({ canvas }) => {
    await expect(TOAST_LIMIT).toBe(1);
    await userEvent.click(canvas.getByRole("button", { name: "Show toast" }));
    await userEvent.click(canvas.getByRole("button", { name: "Show error" }));
    await screen.findAllByText("You are logged out. Logging in again...");
    await waitFor(() => expect(document.querySelectorAll("[data-slot=toast]")).toHaveLength(1));
    await expect(document.querySelector("[data-slot=toast]")).toHaveAttribute("data-variant", "destructive");
  },
};

export const Dismiss: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show toast" }));
    await screen.findAllByText("Game has been added to your watchlist");
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(document.querySelector("[data-slot=toast][data-state=open]")).toBeNull());
  },
};
