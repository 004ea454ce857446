import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, waitFor } from "storybook/test";
import { ColumnPicker } from "./ColumnPicker.tsx";

const COLUMNS = [
  { key: "name", label: "Name", required: true },
  { key: "price", label: "Price" },
  { key: "reviews", label: "Reviews" },
  { key: "owners", label: "Owners" },
];

const meta = {
  title: "Kit/ColumnPicker",
  component: ColumnPicker,
  tags: ["autodocs"],
  args: { columns: COLUMNS, selected: ["name", "price"], onChange: fn() },
} satisfies Meta<typeof ColumnPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AddsInTheTablesOrder: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Columns (2)" }));
    const owners = await screen.findByRole("checkbox", { name: "Owners" });
    await userEvent.click(owners);
    await expect(args.onChange).toHaveBeenCalledWith(["name", "price", "owners"]);
    await expect(screen.getByRole("checkbox", { name: "Name" })).toBeDisabled();
  },
};

function Controlled() {
  const [selected, setSelected] = useState(["name", "reviews"]);
  return (
    <div>
      <ColumnPicker columns={COLUMNS} selected={selected} onChange={setSelected} />
      <p>Showing: {selected.join(", ")}</p>
    </div>
  );
}

export const RemovesAColumn: Story = {
  render: () => <Controlled />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Columns (2)" }));
    await userEvent.click(await screen.findByRole("checkbox", { name: "Reviews" }));
    await waitFor(() => expect(canvas.getByText("Showing: name")).toBeVisible());
  },
};
