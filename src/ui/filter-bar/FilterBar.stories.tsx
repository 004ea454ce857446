import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { FilterBar } from "./FilterBar.tsx";

const meta = {
  title: "Kit/FilterBar",
  component: FilterBar,
  tags: ["autodocs"],
  args: {
    fields: [
      { key: "genre", label: "Genre", type: "select", options: ["Action", "Strategy"] },
      { key: "tag", label: "Tag", placeholder: "e.g. Roguelike" },
      { key: "yearFrom", label: "Released from", type: "number" },
    ],
    values: { genre: "Strategy" },
    onApply: fn(),
  },
} satisfies Meta<typeof FilterBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AppliesTogether: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByLabelText("Genre")).toHaveValue("Strategy");
    await userEvent.type(canvas.getByLabelText("Tag"), "Roguelike");
    await userEvent.type(canvas.getByLabelText("Released from"), "2018");
    // Nothing is applied while typing.
    await expect(args.onApply).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "Apply" }));
    await expect(args.onApply).toHaveBeenCalledWith({
      genre: "Strategy",
      tag: "Roguelike",
      yearFrom: "2018",
    });
  },
};

export const Reset: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Reset" }));
    await expect(args.onApply).toHaveBeenCalledWith({});
    await expect(canvas.getByLabelText("Genre")).toHaveValue("");
  },
};

export const ServerErrorOnItsField: Story = {
  args: { values: { yearFrom: "1800" }, errors: { yearFrom: "From 1970" } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("alert")).toHaveTextContent("From 1970");
    await expect(canvas.getByLabelText("Released from")).toHaveAttribute("aria-invalid", "true");
  },
};

export const PickListField: Story = {
  args: {
    fields: [
      {
        key: "platform",
        label: "Platform",
        type: "combobox",
        placeholder: "Any platform",
        choices: [
          { value: "PC", hint: "312,004 games" },
          { value: "PlayStation 5", hint: "20,331 games" },
        ],
      },
    ],
    values: {},
  },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole("combobox", { name: "Platform" }));
    await userEvent.keyboard("play{ArrowDown}{Enter}");
    await expect(canvas.getByRole("combobox", { name: "Platform" })).toHaveValue("PlayStation 5");
    // Enter on a picked value (no option highlighted) submits the form.
    await userEvent.keyboard("{Enter}");
    await expect(args.onApply).toHaveBeenCalledWith({ platform: "PlayStation 5" });
  },
};
