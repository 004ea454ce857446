import { formatDay, formatMonth } from "../../format/dates.ts";
import { plural } from "../../format/numbers.ts";

/**
 * What the screener says when its release-year filter leaves out games that no source dates (SteamSpy's
 * export has no release dates): they are not known to fall outside the years, only undated. Null when none.
 */
export function undatedNoteText(leftOut: number): string | null {
  if (leftOut <= 0) return null;
  return `${plural(leftOut, "game")} with no known release date ${
    leftOut === 1 ? "is" : "are"
  } left out by the release-year filter.`;
}

/** How many of a list cell's values the table shows before a "+N more" marker. */
const LIST_CELL_SHOWN = 4;

/**
 * A genres, tags or platforms cell: the value the screener filters by first (so a row visibly matches
 * its filter even when that value is a game's fifth), then the others in their order, the first few
 * shown and the rest counted as "+N more"; `full` is the whole list, for the cell's title.
 */
export function listCellParts(
  values: string[],
  filtered?: string | null,
): { shown: string[]; more: number; full: string } {
  const want = filtered?.trim().toLowerCase();
  const at = want ? values.findIndex((v) => v.toLowerCase() === want) : -1;
  const ordered = at > 0 ? [values[at]!, ...values.slice(0, at), ...values.slice(at + 1)] : values;
  return {
    shown: ordered.slice(0, LIST_CELL_SHOWN),
    more: Math.max(0, ordered.length - LIST_CELL_SHOWN),
    full: ordered.join(", "),
  };
}

/**
 * What the Market screen says under its releases chart when a year is partial (the catalog's release
 * dates stop before its end: the Steam Store snapshot ends in May 2019): "2019: until May 2019 — …",
 * so a short bar does not read as a collapse (report r22-c #7). The year the data end in, wherever it
 * is in the list (report r31-a #1). Null for whole years.
 */
export function partialYearNote(
  years: ReadonlyArray<{ year: number; partial?: true; until?: string }>,
): string | null {
  const partial = years.find((y) => y.partial && y.until);
  if (!partial?.until) return null;
  return `${partial.year}: until ${formatMonth(partial.until)} — the catalog's release dates stop on ${formatDay(
    new Date(partial.until),
  )}, so its count is of part of the year.`;
}
