/**
 * Dates as the server writes them into sentences (reports' reasons, the analyst's answers and source
 * notes), in UTC, the time zone the data are dated in: "Feb 1, 2022", "Feb 2022". One place for them
 * (review r24 #7); the client's are its own (src/client/format/dates.ts), in the reader's settings.
 */
const DAY = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const MONTH = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** "Feb 1, 2022": the UTC day of a time (ms or a Date). */
export const utcDay = (t: number | Date): string => DAY.format(t);

/** "Feb 2022": the UTC month of a time (ms or a Date). */
export const utcMonth = (t: number | Date): string => MONTH.format(t);
