import { expect, test } from "vitest";
import type { TimeSeries } from "../../../ui/series-chart/index.ts";
import { rangesShowTheSame, singlePointsOnly } from "./chart-shape.ts";

const line = (...days: string[]): TimeSeries => ({
  name: "x",
  unit: "reviews",
  points: days.map((d, i) => ({ t: `${d}T00:00:00.000Z`, value: i })),
});

// Review 20, item 8: four chart cards of one dot each (a single May 2019 snapshot).
test("a chart whose every line has at most one point is a set of single figures", () => {
  expect(singlePointsOnly([line("2019-05-01"), line("2019-05-01")])).toBe(true);
  expect(singlePointsOnly([line("2019-05-01"), line()])).toBe(true);
  expect(singlePointsOnly([line("2019-05-01", "2019-06-01"), line("2019-05-01")])).toBe(false);
  expect(singlePointsOnly([line(), line()])).toBe(false);
  expect(singlePointsOnly([])).toBe(false);
});

test("the range buttons change nothing when every point lies within 7 days of the newest", () => {
  expect(rangesShowTheSame([line("2019-05-01", "2019-05-08")])).toBe(true);
  expect(rangesShowTheSame([line("2019-05-01"), line("2019-05-05")])).toBe(true);
  expect(rangesShowTheSame([line("2019-05-01", "2019-05-09")])).toBe(false);
  expect(rangesShowTheSame([line("2019-05-01"), line("2018-05-01")])).toBe(false);
  expect(rangesShowTheSame([line()])).toBe(false);
});
