import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn } from "storybook/test";
import { listSearchKey } from "../../contracts/facet-keys.ts";
import { Combobox, type ComboboxOption } from "./Combobox.tsx";

const GENRES: ComboboxOption[] = [
  { value: "Indie", hint: "131,204 games" },
  { value: "Action", hint: "98,112 games" },
  { value: "Strategy", hint: "50,414 games" },
  { value: "Simulation", hint: "41,090 games" },
  { value: "Real Time Strategy", hint: "3,120 games" },
];

/** Holds the value as a screen would; `onChange` records each change for the checks. */
function Controlled({ onChange, initial = "" }: { onChange: (v: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <div className="w-56">
      <label htmlFor="genre" className="text-xs">
        Genre
      </label>
      <Combobox
        id="genre"
        value={value}
        options={GENRES}
        placeholder="Any genre"
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </div>
  );
}

const meta = {
  title: "Kit/Combobox",
  component: Controlled,
  tags: ["autodocs"],
  args: { onChange: fn() },
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PickWithTheKeyboard: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const field = canvas.getByRole("combobox", { name: "Genre" });
    await userEvent.click(field);
    await expect(field).toHaveAttribute("aria-expanded", "true");
    await userEvent.keyboard("str");
    // Options starting with the text come before those containing it.
    const options = canvas.getAllByRole("option");
    await expect(options.map((o) => o.textContent)).toEqual([
      "Strategy50,414 games",
      "Real Time Strategy3,120 games",
    ]);
    await userEvent.keyboard("{ArrowDown}");
    await expect(field).toHaveAttribute("aria-activedescendant", options[0]!.id);
    await expect(options[0]).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowDown}{ArrowUp}{Enter}");
    await expect(field).toHaveValue("Strategy");
    await expect(args.onChange).toHaveBeenLastCalledWith("Strategy");
    await expect(field).toHaveAttribute("aria-expanded", "false");
  },
};

export const EscapeClosesThenClears: Story = {
  args: {},
  play: async ({ canvas, args, userEvent }) => {
    const field = canvas.getByRole("combobox", { name: "Genre" });
    await userEvent.click(field);
    await userEvent.keyboard("Ind{Escape}");
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await expect(field).toHaveValue("Ind");
    await userEvent.keyboard("{Escape}");
    await expect(field).toHaveValue("");
    await expect(args.onChange).toHaveBeenLastCalledWith("");
  },
};

export const PickWithThePointer: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole("combobox", { name: "Genre" });
    await userEvent.click(field);
    await userEvent.click(canvas.getByRole("option", { name: /Simulation/ }));
    await expect(field).toHaveValue("Simulation");
  },
};

export const FreeTextIsKept: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole("combobox", { name: "Genre" });
    await userEvent.click(field);
    await userEvent.keyboard("Zzz");
    await expect(canvas.getByText("No match")).toBeVisible();
    await userEvent.keyboard("{Enter}");
    await expect(field).toHaveValue("Zzz");
  },
};

const TAGS: ComboboxOption[] = [
  { value: "Rogue-like", hint: "132 games" },
  { value: "Action Roguelike", hint: "30 games" },
  { value: "Roguelike Deckbuilder", hint: "1 game" },
  { value: "Rogue-lite", hint: "12 games" },
];

/** The screener's Tag field: the tag's key matches too, so "Roguelike" offers the catalog's "Rogue-like". */
function TagField() {
  const [value, setValue] = useState("");
  return (
    <div className="w-56">
      <label htmlFor="tag" className="text-xs">
        Tag
      </label>
      <Combobox
        id="tag"
        value={value}
        options={TAGS}
        onChange={setValue}
        matchKey={(text) => listSearchKey("tags", text)}
      />
    </div>
  );
}

/**
 * Review r33-a #5: typing "Roguelike" offered "Roguelike Deckbuilder" and "Action Roguelike", not the
 * catalog's "Rogue-like" (132 games), which the server's `tag=Roguelike` finds.
 */
export const MatchesTheServersTagKey: Story = {
  render: () => <TagField />,
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole("combobox", { name: "Tag" });
    await userEvent.click(field);
    await userEvent.keyboard("Roguelike");
    await expect(canvas.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Rogue-like132 games",
      "Roguelike Deckbuilder1 game",
      "Action Roguelike30 games",
    ]);
    // Typed as the catalog spells it, it matches as before.
    await userEvent.clear(field);
    await userEvent.keyboard("rogue-l");
    await expect(canvas.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Rogue-like132 games",
      "Rogue-lite12 games",
    ]);
  },
};
