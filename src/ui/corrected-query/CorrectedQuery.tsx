import { cn } from "../cn.ts";

/**
 * Above search results answered for corrected words (the server's `correctedQuery`, docs/decisions/028-search-abbreviations-and-typos.md):
 * "Showing results for stardew valley", and what was typed, so a user sees why the games differ from
 * the words. Nothing when the answer is for the words as typed.
 */
export function CorrectedQuery({
  correctedQuery,
  typed,
  className,
}: {
  correctedQuery: string | undefined;
  typed: string;
  className?: string;
}) {
  if (!correctedQuery) return null;
  return (
    <p data-slot="corrected-query" role="status" className={cn("text-muted-foreground text-sm", className)}>
      Showing results for <strong className="font-medium text-foreground">{correctedQuery}</strong>
      {` · no game name matched "${typed}"`}
    </p>
  );
}
