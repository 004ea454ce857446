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
