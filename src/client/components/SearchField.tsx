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

/**
 * What a settled search found, in words (WCAG 4.1.3): "12 games found for hollow", or spec §2's "No
 * games found for {query}"; nothing while it runs, nor when it failed (LoadFailed says that).
 */
export function searchOutcomeText(query: string, found: number | undefined): string {
  if (found === undefined) return "";
  return found === 0
    ? `No games found for ${query}`
    : `${found} game${found === 1 ? "" : "s"} found for ${query}`;
}

/**
 * A search screen's polite live region for its outcome, always mounted so each new text is read: one
 * message per settled search (the results and the switch to them are otherwise silent). `found` is the
 * number of games shown once the search has settled, undefined before.
 */
export function SearchOutcome({ query, found }: { query: string; found: number | undefined }) {
  return (
    <p role="status" className="sr-only">
      {searchOutcomeText(query, found)}
    </p>
  );
}
