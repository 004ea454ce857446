import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../button/Button.tsx";
import { cn } from "../cn.ts";
import { Combobox, type ComboboxOption } from "../combobox/Combobox.tsx";
import { Input } from "../input/Input.tsx";

export interface FilterField {
  key: string;
  label: string;
  type?: "text" | "number" | "select" | "combobox";
  /** For `select`: the choices; an empty choice ("Any") is added first. */
  options?: readonly string[];
  /** For `combobox`: the pick list offered while typing (free text is kept). */
  choices?: readonly ComboboxOption[];
  /** For `combobox`: another reading of text and choices to match them by too (Combobox's `matchKey`). */
  matchKey?: (text: string) => string;
  placeholder?: string;
  min?: number;
  max?: number;
  step?: number | "any";
}

export type FilterValues = Record<string, string>;

/**
 * A row of filters applied together: typing changes nothing until Apply (so a URL or a server query
 * changes once per decision, not per key), Reset clears them all. `errors` shows the server's message
 * under the field it names.
 */
export function FilterBar({
  fields,
  values,
  onApply,
  errors,
  className,
}: {
  fields: readonly FilterField[];
  values: FilterValues;
  onApply: (values: FilterValues) => void;
  errors?: Record<string, string>;
  className?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<FilterValues>(values);
  // Applied values change from outside (Back, a shared link): the form follows them.
  const key = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `values` by content
  useEffect(() => setDraft(values), [key]);

  const clean = (v: FilterValues) =>
    Object.fromEntries(Object.entries(v).filter(([, value]) => value.trim() !== "")) as FilterValues;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(clean(draft));
  };
  return (
    <form
      data-slot="filter-bar"
      aria-label="Filters"
      onSubmit={submit}
      className={cn("flex flex-wrap items-end gap-3", className)}
    >
      {fields.map((field) => {
        const fieldId = `${id}-${field.key}`;
        const error = errors?.[field.key];
        const common = {
          id: fieldId,
          name: field.key,
          value: draft[field.key] ?? "",
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${fieldId}-error` : undefined,
        };
        return (
          <div key={field.key} className="flex min-w-28 flex-col gap-1">
            <label htmlFor={fieldId} className="font-medium text-muted-foreground text-xs">
              {field.label}
            </label>
            {field.type === "combobox" ? (
              <Combobox
                {...common}
                options={field.choices ?? []}
                matchKey={field.matchKey}
                placeholder={field.placeholder}
                className="w-40"
                onChange={(value) => setDraft((d) => ({ ...d, [field.key]: value }))}
              />
            ) : field.type === "select" ? (
              <select
                {...common}
                onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })}
                className="h-9 rounded-md border border-input bg-transparent px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive"
              >
                <option value="">Any</option>
                {field.options?.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <Input
                {...common}
                type={field.type === "number" ? "number" : "text"}
                inputMode={field.type === "number" ? "decimal" : undefined}
                placeholder={field.placeholder}
                min={field.min}
                max={field.max}
                step={field.step}
                className="w-32"
                onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })}
              />
            )}
            {error && (
              <p id={`${fieldId}-error`} role="alert" className="max-w-40 text-destructive text-xs">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Apply
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
