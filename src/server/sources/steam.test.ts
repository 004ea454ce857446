import { describe, expect, test } from "vitest";
import { calendarDate } from "./steam.ts";

describe("calendarDate (review 8 d, item 1)", () => {
  test("the store's ways of writing a release date", () => {
    expect(calendarDate("Nov 1, 2000")).toBe("2000-11-01");
    expect(calendarDate("1 Nov, 2000")).toBe("2000-11-01");
    expect(calendarDate("Nov 2000")).toBe("2000-11-01");
    expect(calendarDate("Feb 29, 2020")).toBe("2020-02-29");
  });

  test("a day the calendar does not have is no date, not the day Date rolls it over to", () => {
    expect(calendarDate("Feb 30, 2019")).toBeNull();
    expect(calendarDate("30 Feb, 2019")).toBeNull();
    expect(calendarDate("Jan 1, 0000")).toBeNull();
    expect(calendarDate("Coming soon")).toBeNull();
  });
});
