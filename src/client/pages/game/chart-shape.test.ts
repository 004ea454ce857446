import { expect, test } from "vitest";
import type { TimeSeries } from "../../../ui/series-chart/index.ts";
import { offeredRange, offeredRanges, singlePointsOnly } from "./chart-shape.ts";

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

test("no range buttons when every point lies within 7 days of the newest, or there are no points", () => {
  expect(offeredRanges([line("2019-05-01", "2019-05-08")])).toEqual([]);
  expect(offeredRanges([line("2019-05-01"), line("2019-05-05")])).toEqual([]);
  expect(offeredRanges([line(), line()])).toEqual([]);
  expect(offeredRanges([])).toEqual([]);
  // 8 days apart: 7 d would draw one dot.
  expect(offeredRanges([line("2019-05-01", "2019-05-09")])).toEqual([]);
  expect(offeredRanges([line("2019-05-01", "2019-05-08", "2019-05-09")])).toEqual(["7d", "all"]);
});

// Review r21/b, item 3: Stardew Valley's SteamCharts months end Feb 2022, SteamSpy's one peak is
// May 31, 2023: 7 d … 1 y each drew that one dot.
test("ranges drawing one dot per line, or the same points as a longer range, are not offered", () => {
  const months = Array.from({ length: 75 }, (_, i) =>
    new Date(Date.UTC(2015, 11 + i, 1)).toISOString().slice(0, 10),
  );
  expect(months.at(-1)).toBe("2022-02-01");
  const stardew = [line(...months), line(...months), line("2023-05-31")];
  expect(offeredRanges(stardew)).toEqual([]);
  // With SteamSpy's peak a month after SteamCharts' last: 90 d and 1 y draw charts, and 1 y differs.
  const near = [line(...months), line("2022-03-15")];
  expect(offeredRanges(near)).toEqual(["90d", "1y", "all"]);
  // 30 d, 90 d and 1 y draw the same two points: the longest stays.
  expect(offeredRanges([line("2020-01-01", "2021-12-20", "2022-01-01")])).toEqual(["1y", "all"]);
  // Daily points: every range draws something else.
  const days = Array.from({ length: 400 }, (_, i) =>
    new Date(Date.UTC(2022, 0, 1 + i)).toISOString().slice(0, 10),
  );
  expect(offeredRanges([line(...days)])).toEqual(["7d", "30d", "90d", "1y", "all"]);
});

test("a range asked for that is not offered moves to the shortest longer one offered, else All", () => {
  expect(offeredRange("30d", ["90d", "all"])).toBe("90d");
  expect(offeredRange("90d", ["90d", "all"])).toBe("90d");
  expect(offeredRange("1y", ["90d", "all"])).toBe("all");
  expect(offeredRange("7d", [])).toBe("all");
});
