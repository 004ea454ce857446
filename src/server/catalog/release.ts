/**
 * A game's release as the catalog knows it: a full date (`release_date`, YYYY-MM-DD) from Steam or
 * IGDB, or only a year (`release_year`) from VGChartz, whose files give years alone (review 6 #8).
 * Screens show the year when it is all that is known, and sorts place such a game by its year.
 */

/** The year of the date when there is one, else the stored year; null when neither is known (0 is none). */
export function releaseYearOf(date: unknown, year: unknown): number | null {
  const fromDate = typeof date === "string" && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : 0;
  if (fromDate > 0) return fromDate;
  const y = year == null || year === "" ? Number.NaN : Number(year);
  return Number.isInteger(y) && y > 0 ? y : null;
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

/** The widest span of years `releasesPerYear` fills year by year (a stray year 3000 stays a lone bar). */
const FILLED_SPAN = 150;

/**
 * Games released per year, oldest first, every year between the first and the last included: a year
 * with no release is a 0, not a gap a line chart draws through (review 13 b, item 5).
 */
export function releasesPerYear(
  counts: Iterable<[year: number, games: number]>,
): Array<{ year: number; games: number }> {
  const byYear = new Map(counts);
  const years = [...byYear.keys()].sort((a, b) => a - b);
  if (years.length === 0) return [];
  const first = years[0]!;
  const last = years.at(-1)!;
  const all =
    last - first <= FILLED_SPAN ? Array.from({ length: last - first + 1 }, (_, i) => first + i) : years;
  return all.map((year) => ({ year, games: byYear.get(year) ?? 0 }));
}

/**
 * The year the catalog's release dates end in, marked partial when they stop before its end (report
 * r22-c #7: the Steam Store snapshot ends in May 2019, so 2019's 922 Action games beside 2018's 3,513
 * read as a collapse): `partial: true` and `until`, the newest release date the catalog holds.
 * `newest` is that date (YYYY-MM-DD) over the whole catalog, not the filter's: a filter with no game
 * in the last weeks has no fewer data for them. The mark goes on that year wherever it is in the list,
 * not only on the last (report r31-a #1: one VGChartz year "2020" after it left 2019 unmarked). A list
 * without that year, or a date on December 31, is left as it is.
 */
export function markPartialYear(
  years: Array<{ year: number; games: number }>,
  newest: string | null,
): Array<{ year: number; games: number; partial?: true; until?: string }> {
  if (!newest || newest.slice(5) >= "12-31") return years;
  const endYear = Number(newest.slice(0, 4));
  if (!years.some((y) => y.year === endYear)) return years;
  return years.map((y) => (y.year === endYear ? { ...y, partial: true, until: newest } : y));
}
