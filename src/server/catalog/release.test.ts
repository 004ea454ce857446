import { expect, test } from "vitest";
import { releasesPerYear } from "./release.ts";

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
