import { type CatalogIndex, compareText } from "./catalog-index.ts";

/**
 * A game's release as the catalog knows it: a full date (`release_date`, YYYY-MM-DD) from Steam or
 * IGDB, or only a year (`release_year`) from VGChartz, whose files give years alone (review 6 #8).
 * Screens show the year when it is all that is known, and sorts place such a game by its year.
 */

/** The year of the date when there is one, else the stored year; null when neither is known. */
export function releaseYearOf(date: unknown, year: unknown): number | null {
  if (typeof date === "string" && /^\d{4}/.test(date)) return Number(date.slice(0, 4));
  const y = year == null || year === "" ? Number.NaN : Number(year);
  return Number.isInteger(y) ? y : null;
}

/**
 * The key a release sorts on, as text: the date, or the year alone ("2006"). As text a year sorts
 * before every date of that year ("2006" < "2006-01-01"): first of its year in ascending order, last in
 * descending, and among the other years by its year. SQL writes the same key as
 * `coalesce(release_date, printf('%04d', release_year))`.
 */
export function releaseKey(date: string | null | undefined, year: number | null | undefined): string | null {
  if (date) return date;
  return year == null || !Number.isFinite(year) ? null : String(year).padStart(4, "0");
}

/**
 * An order on the catalog index's slots by release (`releaseKey`): the date, or the year alone for a
 * game known only by its year (VGChartz gives years only), so `yearFrom`/`yearTo` and the order agree.
 * Games with neither come last whichever the direction; `then`, then the id, break ties. Two dates
 * compare as text, two bare years as numbers; only a date against a bare year makes a string.
 */
export function byRelease(
  index: CatalogIndex,
  order: "asc" | "desc",
  then?: (a: number, b: number) => number,
): (a: number, b: number) => number {
  const { ids, releaseDates: dates } = index;
  const years = index.col.releaseYear;
  const sign = order === "asc" ? 1 : -1;
  return (a, b) => {
    const x = dates[a] ?? null;
    const y = dates[b] ?? null;
    let c = 0;
    if (x !== null && y !== null) c = compareText(x, y);
    else if (x === null && y === null) {
      const p = years[a]!;
      const q = years[b]!;
      const pUnknown = Number.isNaN(p);
      if (pUnknown !== Number.isNaN(q)) return pUnknown ? 1 : -1;
      if (!pUnknown) c = p - q;
    } else {
      const year = releaseKey(null, years[x === null ? a : b]);
      if (year === null) return x === null ? 1 : -1;
      c = x === null ? compareText(year, y!) : compareText(x, year);
    }
    if (c !== 0) return c < 0 ? -sign : sign;
    if (then) {
      const t = then(a, b);
      if (t !== 0) return t;
    }
    return compareText(ids[a]!, ids[b]!);
  };
}
