import { expect, test } from "vitest";
import { utcDay, utcMonth } from "./format-utc-date.ts";

test("days and months are written in UTC, whatever the server's time zone", () => {
  // 23:30 UTC on Jan 31 is already Feb 1 east of UTC, and 00:30 on Feb 1 still Jan 31 west of it.
  expect(utcDay(Date.UTC(2022, 0, 31, 23, 30))).toBe("Jan 31, 2022");
  expect(utcDay(new Date(Date.UTC(2022, 1, 1, 0, 30)))).toBe("Feb 1, 2022");
  expect(utcMonth(Date.UTC(2022, 1, 28, 23, 59))).toBe("Feb 2022");
});
