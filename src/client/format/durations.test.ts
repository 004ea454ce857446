import { expect, test } from "vitest";
import { formatDuration } from "./durations.ts";

// A run of a few milliseconds reads as such, not as "0.00s" (review 6, item 19).
test("below a second: whole milliseconds", () => {
  expect(formatDuration(0)).toBe("0 ms");
  expect(formatDuration(3)).toBe("3 ms");
  expect(formatDuration(3.6)).toBe("4 ms");
  expect(formatDuration(999)).toBe("999 ms");
  expect(formatDuration(999.7)).toBe("1.0s");
});

test("a second and more: seconds, minutes or hours with one decimal", () => {
  expect(formatDuration(1000)).toBe("1.0s");
  expect(formatDuration(12_340)).toBe("12.3s");
  expect(formatDuration(90_000)).toBe("1.5m");
  expect(formatDuration(7_200_000)).toBe("2.0h");
});
