import { expect, test } from "vitest";
import { companySpanText } from "./company-span.ts";

const totals = { developed: 4, published: 4, firstYear: 2011, lastYear: 2017, undatedGames: 0 };

test("the span alone when every game has a release year", () => {
  expect(companySpanText(totals)).toBe("4 developed, 4 published, releases from 2011 to 2017.");
});

test("says how many games have no release date, outside the span", () => {
  expect(companySpanText({ ...totals, undatedGames: 1 })).toBe(
    "4 developed, 4 published, releases from 2011 to 2017; 1 game without a release date.",
  );
  expect(companySpanText({ ...totals, firstYear: null, lastYear: null, undatedGames: 2 })).toBe(
    "4 developed, 4 published, 2 games without a release date.",
  );
});
