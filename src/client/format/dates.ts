import { type FormatLocale, perLocale } from "../../ui/locale.ts";

/**
 * The app's dates, one way on every screen: "Nov 25, 2026" and "Nov 25, 2026, 6:20 PM UTC" (never the
 * browser's numeric "11/25/2026"), written in the conventions of the user's language (Settings →
 * Preferences: "25 nov 2026" in Spanish). Times of events (a report generated, a run) read in the
 * user's time zone (Settings → Preferences, UTC until they choose one) and name it; `utc` is for
 * data dates (a series' newest day), which are days in UTC whatever the user's zone.
 */
type DateInput = string | number | Date;

const DAY_PARTS = { month: "short", day: "numeric", year: "numeric" } as const;

const DATE = perLocale(({ locale, timeZone }) => new Intl.DateTimeFormat(locale, { ...DAY_PARTS, timeZone }));
const DATE_UTC = perLocale(
  ({ locale }) => new Intl.DateTimeFormat(locale, { ...DAY_PARTS, timeZone: "UTC" }),
);
const DATE_TIME = perLocale(
  ({ locale, timeZone }) =>
    new Intl.DateTimeFormat(locale, {
      ...DAY_PARTS,
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    }),
);
const TIME = perLocale(
  ({ locale, timeZone }) =>
    new Intl.DateTimeFormat(locale, {
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
      timeZone,
      timeZoneName: "short",
    }),
);
const DAY_UTC = perLocale(
  ({ locale }) => new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }),
);
const MONTH_UTC = perLocale(
  ({ locale }) => new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }),
);

/** "Nov 25, 2026": the day of an event in the user's time zone, or with `utc` a data day. */
export function formatDate(value: DateInput, options: { utc?: boolean } = {}): string {
  return (options.utc ? DATE_UTC() : DATE()).format(new Date(value));
}

/** "Nov 25, 2026, 6:20 PM UTC": an event's time in the user's time zone, named. */
export function formatDateTime(value: DateInput): string {
  return DATE_TIME().format(new Date(value));
}

/** "6:20:15 PM UTC": for figures that change every few seconds. */
export function formatTime(value: DateInput): string {
  return TIME().format(new Date(value));
}

/** A data day in short: "Nov 22" this year, "Jan 1, 2023" before, so an old figure never reads as recent. */
export function formatDay(value: DateInput): string {
  const date = new Date(value);
  return date.getUTCFullYear() === new Date().getUTCFullYear()
    ? DAY_UTC().format(date)
    : DATE_UTC().format(date);
}

/**
 * A data month: "Feb 2022"; "Feb 2022 (partial month)" when its figures cover part of it (`partial`: a
 * month a source's file was taken in, SteamCharts' newest: review r26-a #2).
 */
export function formatMonth(value: DateInput, partial?: boolean): string {
  return MONTH_UTC().format(new Date(value)) + (partial ? " (partial month)" : "");
}

const LONG_DATE_UTC = perLocale(
  ({ locale }) =>
    new Intl.DateTimeFormat(locale, { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }),
);
const LONG_MONTH_UTC = perLocale(
  ({ locale }) => new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }),
);
const DATE_TIME_SECONDS = perLocale(
  ({ locale, timeZone }) =>
    new Intl.DateTimeFormat(locale, {
      ...DAY_PARTS,
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
      timeZone,
      timeZoneName: "short",
    }),
);

/** A data day written out: "August 21, 2012" (a release date). */
export function formatLongDate(value: DateInput): string {
  return LONG_DATE_UTC().format(new Date(value));
}

/** A data month written out: "May 2019". */
export function formatLongMonth(value: DateInput): string {
  return LONG_MONTH_UTC().format(new Date(value));
}

/** "Nov 25, 2026, 6:20:15 PM UTC": an event's time to the second (a workflow run). */
export function formatDateTimeSeconds(value: DateInput): string {
  return DATE_TIME_SECONDS().format(new Date(value));
}

/** `formatDateTime` in other conventions than the user's current ones (Settings' preview of a choice). */
export function formatDateTimeIn(value: DateInput, conventions: FormatLocale): string {
  return new Intl.DateTimeFormat(conventions.locale, {
    ...DAY_PARTS,
    hour: "numeric",
    minute: "2-digit",
    timeZone: conventions.timeZone,
    timeZoneName: "short",
  }).format(new Date(value));
}
