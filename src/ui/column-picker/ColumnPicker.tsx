import { Columns3 } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { Button } from "../button/Button.tsx";

export interface PickableColumn {
  key: string;
  label: string;
  /** Always shown (the name of a row, say): listed, but cannot be turned off. */
  required?: boolean;
}

/**
 * Which columns a table shows, in the table's own order: a "Columns" button opening a list of check
 * boxes. At least one column stays on.
 */
export function ColumnPicker({
  columns,
  selected,
  onChange,
}: {
  columns: readonly PickableColumn[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}) {
  const toggle = (key: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    // Keep the table's column order whatever the clicking order.
    const ordered = columns
      .map((c) => c.key)
      .filter((k) => next.has(k) || columns.find((c) => c.key === k)?.required);
    if (ordered.length > 0) onChange(ordered);
  };
  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger asChild>
        <Button variant="outline" size="sm" data-slot="column-picker">
          <Columns3 aria-hidden="true" />
          Columns ({selected.length})
        </Button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="end"
          sideOffset={6}
          aria-label="Show columns"
          className="z-50 w-56 rounded-md border border-border bg-popover p-2 text-popover-foreground shadow-md"
        >
          <fieldset>
            <legend className="px-2 pb-1 font-medium text-muted-foreground text-xs">Show columns</legend>
            {columns.map((column) => {
              const checked = column.required || selected.includes(column.key);
              return (
                <label
                  key={column.key}
                  className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent"
                >
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={checked}
                    disabled={column.required || (checked && selected.length <= 1)}
                    onChange={(e) => toggle(column.key, e.target.checked)}
                  />
                  {column.label}
                </label>
              );
            })}
          </fieldset>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
