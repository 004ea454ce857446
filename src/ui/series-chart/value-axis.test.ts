import { expect, test } from "vitest";
import { axisKind, valueAxis } from "./value-axis.ts";

test("a free game's all-zero price line gets an axis from 0, not ticks of $0.50–$2.00 above it", () => {
  expect(valueAxis([0, 0, 0], axisKind(["USD"]))).toEqual({ min: 0, max: 1, tickAmount: 4 });
});

test("a flat price gets a band around it; a moving one keeps the chart's own scale", () => {
  const axis = valueAxis([9.99, 9.99], axisKind(["USD"]))!;
  expect(axis.min).toBeGreaterThan(0);
  expect(axis.min).toBeLessThan(9.99);
  expect(axis.max).toBeGreaterThan(9.99);
  expect(axis.tickAmount).toBeGreaterThanOrEqual(1);
  expect(valueAxis([4.99, 9.99], axisKind(["USD"]))).toBeUndefined();
  expect(valueAxis([], axisKind(["USD"]))).toBeUndefined();
});

test("counts and shares keep their bounds", () => {
  expect(valueAxis([0, 0], "count")).toEqual({ min: 0, max: 2, tickAmount: 2 });
  expect(valueAxis([100], "percent")!.max).toBe(100);
});
