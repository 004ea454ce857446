import { formatLongDate } from "./dates.ts";

/**
 * A game's release as every screen writes it (the game page, Compare: review r22/a, item 9): the
 * date written out ("November 1, 2000"), or the year when that is all the catalog knows (VGChartz
 * gives years only), or `missing`.
 */
export function releasedText(iso: string | null, year: number | null, missing = "Unknown"): string {
  return iso ? formatLongDate(`${iso.slice(0, 10)}T00:00:00Z`) : year != null ? String(year) : missing;
}
