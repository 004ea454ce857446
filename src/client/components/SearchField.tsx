import { Search } from "lucide-react";
import type { KeyboardEvent } from "react";
import { cn } from "../../ui/cn.ts";
import { Input } from "../../ui/input/index.ts";

/** A text box with a search icon: the screens' search and filter fields. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  type = "search",
  className,
  disabled = false,
  describedBy,
  onKeyDown,
  autoFocus = false,
}: {
  /** The accessible name. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** "search" (a searchbox) or "text" for a plain filter box. */
  type?: "search" | "text";
  className?: string;
  /** Takes no typing (and no focus); `describedBy` names the text that says why. */
  disabled?: boolean;
  describedBy?: string;
  /** Keys the box leaves to its screen (ArrowDown into a list of suggestions). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Focus the box when it appears (a screen opened to search, as Overview's "Track New Game" does). */
  autoFocus?: boolean;
}) {
  return (
    <div className={cn("relative", className)}>
      <Search
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type={type}
        aria-label={label}
        aria-describedby={describedBy}
        disabled={disabled}
        placeholder={placeholder}
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        // Only where the user asked to search (a "Track New Game" click).
        autoFocus={autoFocus}
      />
    </div>
  );
}
