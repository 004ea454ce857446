import { expect, test } from "vitest";
import { dateInFileName } from "./vgsales.ts";

test("a VGChartz file's name dates it when it says a day; otherwise it is undated", () => {
  expect(dateInFileName("Video_Games_Sales_as_at_22_Dec_2016.csv")?.toISOString()).toBe(
    "2016-12-22T00:00:00.000Z",
  );
  expect(dateInFileName("vgsales_2019-04-01.csv")?.toISOString()).toBe("2019-04-01T00:00:00.000Z");
  expect(dateInFileName("sales as at 3 September 2018.csv")?.toISOString()).toBe("2018-09-03T00:00:00.000Z");
  // No day in the name, a day the calendar lacks, a word that is not a month, a day still to come.
  for (const name of [
    "vgsales.csv",
    "sales_31_Feb_2016.csv",
    "top_12_Games_2016.csv",
    "sales_2016-13-01.csv",
    "sales_as_at_1_Jan_2999.csv",
  ]) {
    expect(dateInFileName(name), name).toBeNull();
  }
});
