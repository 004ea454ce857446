import { expect, test } from "vitest";
import { formatDate, formatDateTime, formatDay, formatMonth, formatTime } from "./dates.ts";

// Built in the local time zone, so the expectations hold wherever the test runs.
const at = new Date(2026, 10, 25, 18, 20, 15);

test("dates read 'Nov 25, 2026' and 'Nov 25, 2026, 6:20 PM', never the numeric 11/25/2026", () => {
  expect(formatDate(at)).toBe("Nov 25, 2026");
  expect(formatDateTime(at)).toMatch(/^Nov 25, 2026, 6:20\sPM$/u);
  expect(formatTime(at)).toMatch(/^6:20:15\sPM$/u);
  expect(formatDateTime(at.toISOString())).toBe(formatDateTime(at));
});

test("a data date is the day in UTC: Feb 1, 2022 whatever the viewer's time zone", () => {
  expect(formatDate("2022-02-01T00:00:00.000Z", { utc: true })).toBe("Feb 1, 2022");
  expect(formatDate(Date.UTC(2019, 4, 31, 23, 59), { utc: true })).toBe("May 31, 2019");
});

test("a data day is short this year and carries its year before; a data month reads Feb 2022", () => {
  const thisYear = new Date().getUTCFullYear();
  expect(formatDay(Date.UTC(thisYear, 10, 22))).toBe("Nov 22");
  expect(formatDay("2023-01-01T00:00:00.000Z")).toBe("Jan 1, 2023");
  expect(formatMonth("2022-02-01T00:00:00.000Z")).toBe("Feb 2022");
});
