import { expect, test } from "vitest";
import { isCalendarTime } from "./game-page.ts";

/** The rule isCalendarTime applied to every date before its integer path: the day Date.UTC lands on. */
function byDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    !Number.isNaN(Date.parse(s))
  );
}

test("a plain date is checked against the calendar as Date.UTC would, leap years and all", () => {
  const pad = (n: number, w: number) => String(n).padStart(w, "0");
  let checked = 0;
  for (const year of [0, 1, 99, 100, 1600, 1900, 1999, 2000, 2019, 2020, 2023, 2024, 2100, 2400, 9999])
    for (let month = 0; month <= 13; month++)
      for (let day = 0; day <= 32; day++) {
        const s = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
        expect(isCalendarTime(s), s).toBe(byDate(s));
        checked++;
      }
  expect(checked).toBeGreaterThan(6000);
  expect(isCalendarTime("2024-02-29")).toBe(true);
  expect(isCalendarTime("2023-02-29")).toBe(false);
  expect(isCalendarTime("2019-02-30")).toBe(false);
  expect(isCalendarTime("0000-01-01")).toBe(false);
  for (const s of ["2019/01/01", "2019-1a-01", "20190-1-01", "2019-01-0 ", "+019-01-01", "2019-01-01"])
    expect(isCalendarTime(s), s).toBe(byDate(s));
  expect(isCalendarTime("2019-01-01T10:00:00Z")).toBe(true);
  expect(isCalendarTime("2019-01-01T24:30")).toBe(false);
});
