import { type ComponentProps, type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { cn } from "../cn.ts";
import { Input } from "../input/Input.tsx";

export interface ComboboxOption {
  value: string;
  /** Shown after the value, dimmed (a count of games, say). */
  hint?: string;
}

/** Options shown at once: the list filters as the user types, so the rest are a few letters away. */
const MAX_SHOWN = 50;

/**
 * A text field with a pick list (the WAI-ARIA combobox pattern, list autocomplete): typing filters
 * the options (case-insensitive, those starting with the text first); ↓/↑ move through them, Enter or
 * a click picks one, Escape closes the list (a second Escape clears the field). Text that is no option
 * is kept as typed, so the server stays the judge of what is valid.
 */
export function Combobox({
  id,
  value,
  onChange,
  options,
  placeholder,
  className,
  emptyText = "No match",
  matchKey,
  ...rest
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly ComboboxOption[];
  placeholder?: string;
  className?: string;
  emptyText?: string;
  /**
   * Another reading of the text and each option to match them by too (the catalog's tag key: typing
   * "Roguelike" offers "Rogue-like", as the server's filter finds it).
   */
  matchKey?: (text: string) => string;
} & Pick<ComponentProps<"input">, "name" | "aria-invalid" | "aria-describedby" | "disabled">) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const listId = `${inputId}-options`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);

  const keys = useMemo(() => (matchKey ? options.map((o) => matchKey(o.value)) : null), [options, matchKey]);
  const shown = useMemo(() => {
    const text = value.trim().toLowerCase();
    if (!text) return options.slice(0, MAX_SHOWN);
    const key = matchKey?.(value.trim()) ?? "";
    const starts: ComboboxOption[] = [];
    const contains: ComboboxOption[] = [];
    options.forEach((o, i) => {
      const v = o.value.toLowerCase();
      const k = keys?.[i];
      if (v.startsWith(text) || (key && k?.startsWith(key))) starts.push(o);
      else if (v.includes(text) || (key && k?.includes(key))) contains.push(o);
    });
    return [...starts, ...contains].slice(0, MAX_SHOWN);
  }, [options, value, keys, matchKey]);

  const pick = (option: ComboboxOption) => {
    onChange(option.value);
    setOpen(false);
    setActive(-1);
  };
  const move = (to: number) => {
    setOpen(true);
    setActive(to);
    listRef.current?.querySelector(`[data-index="${to}"]`)?.scrollIntoView({ block: "nearest" });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (shown.length) move(open ? (active + 1) % shown.length : Math.max(active, 0));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (shown.length) move(active <= 0 ? shown.length - 1 : active - 1);
        break;
      case "Enter":
        // Picking is Enter's job while an option is highlighted; otherwise the form submits.
        if (open && active >= 0 && shown[active]) {
          event.preventDefault();
          pick(shown[active]);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          onChange("");
        }
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  };

  return (
    <div className={cn("relative", className)}>
      <Input
        {...rest}
        id={inputId}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        hidden={!open || shown.length === 0}
        className="absolute z-20 mt-1 max-h-64 w-max min-w-full max-w-72 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground text-sm shadow-md"
      >
        {shown.map((option, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the field (↓/↑/Enter through aria-activedescendant), as the combobox pattern asks
          <div
            key={option.value}
            id={`${listId}-${i}`}
            data-index={i}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            // Keeps the focus in the field, so the blur does not close the list before the click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(option)}
            className={cn(
              "flex cursor-pointer items-baseline justify-between gap-3 rounded-sm px-2 py-1.5",
              i === active && "bg-accent text-accent-foreground",
            )}
          >
            <span>{option.value}</span>
            {option.hint && <span className="text-muted-foreground text-xs">{option.hint}</span>}
          </div>
        ))}
      </div>
      {open && shown.length === 0 && (
        // A listbox may hold only options: "no match" is said beside it.
        <div className="absolute z-20 mt-1 w-max min-w-full rounded-md border bg-popover px-3 py-1.5 text-muted-foreground text-sm shadow-md">
          {emptyText}
        </div>
      )}
    </div>
  );
}
