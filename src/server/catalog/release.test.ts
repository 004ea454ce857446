import { expect, test } from "vitest";
import { markPartialYear, releasesPerYear } from "./release.ts";

test("releases per year: every year from the first to the last, a year without a release as 0", () => {
  expect(
    releasesPerYear([
      [2010, 1],
      [2007, 2],
    ]),
  ).toEqual([
    { year: 2007, games: 2 },
    { year: 2008, games: 0 },
    { year: 2009, games: 0 },
    { year: 2010, games: 1 },
  ]);
  expect(releasesPerYear([])).toEqual([]);
  // A stray far year is not filled up to (a thousand empty bars): the years stay as they are.
  expect(
    releasesPerYear([
      [2000, 1],
      [3000, 1],
    ]),
  ).toEqual([
    { year: 2000, games: 1 },
    { year: 3000, games: 1 },
  ]);
});

// Report r31-a #1: a lone later year (a VGChartz row saying 2020) left 2019, the year the release
// dates stop in, unmarked, for the mark went on the last year only.
test("the year the data ends in is marked partial wherever it is in the list", () => {
  const years = [
    { year: 2018, games: 8160 },
    { year: 2019, games: 2213 },
    { year: 2020, games: 1 },
  ];
  expect(markPartialYear(years, "2019-05-01")).toEqual([
    { year: 2018, games: 8160 },
    { year: 2019, games: 2213, partial: true, until: "2019-05-01" },
    { year: 2020, games: 1 },
  ]);
  // A list that ends before the data's year, a whole year, no date: nothing marked.
  expect(markPartialYear(years.slice(0, 1), "2019-05-01")).toEqual(years.slice(0, 1));
  expect(markPartialYear(years, "2019-12-31")).toEqual(years);
  expect(markPartialYear(years, null)).toEqual(years);
});
