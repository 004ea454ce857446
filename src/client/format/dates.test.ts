import { afterEach, expect, test } from "vitest";
import { DEFAULT_FORMAT_LOCALE, setFormatLocale } from "../../ui/locale.ts";
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatLongDate,
  formatMonth,
  formatTime,
} from "./dates.ts";
import { applyFormatPreferences, formatLocaleOf } from "./preferences.ts";

const at = Date.UTC(2026, 10, 25, 18, 20, 15);

afterEach(() => {
  setFormatLocale(DEFAULT_FORMAT_LOCALE);
});

test("dates read 'Nov 25, 2026' and 'Nov 25, 2026, 6:20 PM UTC', never the numeric 11/25/2026", () => {
  expect(formatDate(at)).toBe("Nov 25, 2026");
  expect(formatDateTime(at)).toMatch(/^Nov 25, 2026, 6:20\sPM UTC$/u);
  expect(formatDateTimeSeconds(at)).toMatch(/^Nov 25, 2026, 6:20:15\sPM UTC$/u);
  expect(formatTime(at)).toMatch(/^6:20:15\sPM UTC$/u);
  expect(formatDateTime(new Date(at).toISOString())).toBe(formatDateTime(at));
});

test("a data date is the day in UTC: Feb 1, 2022 whatever the viewer's time zone", () => {
  expect(formatDate("2022-02-01T00:00:00.000Z", { utc: true })).toBe("Feb 1, 2022");
  expect(formatDate(Date.UTC(2019, 4, 31, 23, 59), { utc: true })).toBe("May 31, 2019");
  setFormatLocale({ locale: "en-US", timeZone: "America/Los_Angeles" });
  expect(formatDate("2022-02-01T00:00:00.000Z", { utc: true })).toBe("Feb 1, 2022");
  expect(formatLongDate("2012-08-21T00:00:00Z")).toBe("August 21, 2012");
});

test("a data day is short this year and carries its year before; a data month reads Feb 2022", () => {
  const thisYear = new Date().getUTCFullYear();
  expect(formatDay(Date.UTC(thisYear, 10, 22))).toBe("Nov 22");
  expect(formatDay("2023-01-01T00:00:00.000Z")).toBe("Jan 1, 2023");
  expect(formatMonth("2022-02-01T00:00:00.000Z")).toBe("Feb 2022");
});

test("event times follow the user's time zone and name it; the day can move with it", () => {
  applyFormatPreferences({ language: "en", timezone: "America/New_York" });
  expect(formatDateTime(at)).toMatch(/^Nov 25, 2026, 1:20\sPM EST$/u);
  // 02:00 UTC on the 26th is still the 25th in New York.
  expect(formatDate(Date.UTC(2026, 10, 26, 2))).toBe("Nov 25, 2026");
  applyFormatPreferences({ language: "en", timezone: "Asia/Tokyo" });
  expect(formatTime(at)).toMatch(/^3:20:15\sAM GMT\+9$/u);
});

test("the language writes dates its way (the words around them stay English)", () => {
  applyFormatPreferences({ language: "de", timezone: "UTC" });
  expect(formatDate(at)).toBe("25. Nov. 2026");
  expect(formatDateTime(at)).toBe("25. Nov. 2026, 18:20 UTC");
  expect(formatMonth("2022-02-01T00:00:00.000Z")).toBe("Feb. 2022");
  applyFormatPreferences({ language: "es", timezone: "UTC" });
  expect(formatDate("2022-02-01T00:00:00.000Z", { utc: true })).toBe("1 feb 2022");
  applyFormatPreferences({ language: "fr", timezone: "UTC" });
  expect(formatLongDate("2012-08-21T00:00:00Z")).toBe("21 août 2012");
});

test("a time zone this browser does not know falls back to UTC rather than failing every date", () => {
  expect(formatLocaleOf({ language: "fr", timezone: "Mars/Olympus_Mons" })).toEqual({
    locale: "fr-FR",
    timeZone: "UTC",
  });
});
