/**
 * The app's dates, one way on every screen: "Nov 25, 2026" and "Nov 25, 2026, 6:20 PM" (never the
 * browser's numeric "11/25/2026"). Times of events (a report generated, a run) read in the viewer's
 * time zone; `utc` is for data dates (a series' newest day), which are days in UTC.
 */
type DateInput = string | number | Date;

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const DATE_UTC = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const TIME = new Intl.DateTimeFormat("en-US", { timeStyle: "medium" });
const DAY_UTC = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const MONTH_UTC = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** "Nov 25, 2026". */
export function formatDate(value: DateInput, options: { utc?: boolean } = {}): string {
  return (options.utc ? DATE_UTC : DATE).format(new Date(value));
}

/** "Nov 25, 2026, 6:20 PM". */
export function formatDateTime(value: DateInput): string {
  return DATE_TIME.format(new Date(value));
}

/** "6:20:15 PM": for figures that change every few seconds. */
export function formatTime(value: DateInput): string {
  return TIME.format(new Date(value));
}

/** A data day in short: "Nov 22" this year, "Jan 1, 2023" before, so an old figure never reads as recent. */
export function formatDay(value: DateInput): string {
  const date = new Date(value);
  return date.getUTCFullYear() === new Date().getUTCFullYear() ? DAY_UTC.format(date) : DATE_UTC.format(date);
}

/** A data month: "Feb 2022". */
export function formatMonth(value: DateInput): string {
  return MONTH_UTC.format(new Date(value));
}
