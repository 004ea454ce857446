import { expect, test } from "vitest";
import { formatDuration } from "./durations.ts";

// Spec §2 Workflows: "duration in s, m or h". Under a second it is still seconds (review 8, item 10):
// one decimal, and "<0.1s" for what that decimal cannot show, never "0.0s" nor milliseconds.
test("under a second: seconds with one decimal, '<0.1s' below what a decimal shows", () => {
  expect(formatDuration(0)).toBe("<0.1s");
  expect(formatDuration(6)).toBe("<0.1s");
  expect(formatDuration(49.9)).toBe("<0.1s");
  expect(formatDuration(55)).toBe("0.1s");
  expect(formatDuration(450)).toBe("0.5s");
  expect(formatDuration(999.7)).toBe("1.0s");
});

test("a second and more: seconds, minutes or hours with one decimal", () => {
  expect(formatDuration(1000)).toBe("1.0s");
  expect(formatDuration(12_340)).toBe("12.3s");
  // Where seconds would round up to "60.0s", minutes take over; likewise "60.0m" reads as hours.
  expect(formatDuration(59_960)).toBe("1.0m");
  expect(formatDuration(90_000)).toBe("1.5m");
  expect(formatDuration(3_598_000)).toBe("1.0h");
  expect(formatDuration(7_200_000)).toBe("2.0h");
});

test("no unit other than s, m or h", () => {
  for (const ms of [0, 1, 7, 55, 640, 5_000, 61_000, 4_000_000, 90_000_000]) {
    expect(formatDuration(ms)).toMatch(/^(<)?\d+(\.\d)?[smh]$/);
  }
});
