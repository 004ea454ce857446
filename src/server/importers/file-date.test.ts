import { expect, test } from "vitest";
import { dateInFileName, datingWithoutAsOf, fileDating, yearsInFileName } from "./file-date.ts";

const NOW = new Date("2026-11-27T03:00:00Z");
const MEANS = "dated today";

test("a file's name dates it by a day, is refused for another year without a day, else warns", () => {
  expect(fileDating("/data/Video_Games_Sales_as_at_22_Dec_2016.csv", NOW, MEANS)).toEqual({
    kind: "named",
    date: new Date("2016-12-22T00:00:00Z"),
  });
  expect(fileDating("spy_2023-01-15.csv", NOW, MEANS)).toMatchObject({ kind: "named" });
  const refused = fileDating("/x/steamspy_top1000_2023_tags.csv", NOW, MEANS);
  expect(refused).toEqual({
    kind: "refused",
    message:
      "steamspy_top1000_2023_tags.csv: its name says 2023 but no day, and its figures would be dated today; pass --as-of YYYY-MM-DD (the day the file was taken)",
  });
  // This year's file without a day, or a name with no year: dated as the importer says, with a warning.
  for (const name of ["steamspy_2026.csv", "vgsales.csv", "steamspy_top1000.csv", "top2000_games.csv"]) {
    const dating = fileDating(name, NOW, MEANS);
    expect(dating.kind, name).toBe("undated");
    if (dating.kind === "undated") expect(dating.warning).toContain("--as-of YYYY-MM-DD");
  }
});

test("years in a name are four digits on their own, not part of a longer number", () => {
  expect(yearsInFileName("steamspy_top1000_2023_tags.csv")).toEqual([2023]);
  expect(yearsInFileName("top10_2011-2022.csv")).toEqual([2011, 2022]);
  expect(yearsInFileName("export_120231.csv")).toEqual([]);
  // A number of a word ("top2000", "v1999") is not a year: a year follows a separator or starts the name.
  expect(yearsInFileName("top2000_games.csv")).toEqual([]);
  expect(yearsInFileName("games_v1999.csv")).toEqual([]);
  expect(yearsInFileName("2019 sales.csv")).toEqual([2019]);
  expect(yearsInFileName("sales(2019).csv")).toEqual([2019]);
});

test("a day in a name is taken up to the given clock's day, not the machine's", () => {
  const name = "spy_2026-11-28.csv";
  expect(dateInFileName(name, NOW)).toBeNull();
  expect(dateInFileName(name, new Date("2026-11-28T00:00:00Z"))?.toISOString()).toBe(
    "2026-11-28T00:00:00.000Z",
  );
  expect(fileDating(name, NOW, MEANS)).toMatchObject({ kind: "undated" });
  // A day of the past the machine's clock would take is after a clock set in 2019.
  expect(dateInFileName("spy_2023-01-15.csv", new Date("2019-06-01T00:00:00Z"))).toBeNull();
});

test("only the importers whose files may carry no date are dated by name", () => {
  expect(datingWithoutAsOf("steamspy-csv", "steamspy_2023.csv", NOW)).toMatchObject({ kind: "refused" });
  expect(datingWithoutAsOf("vgsales-csv", "vgsales_2016.csv", NOW)).toMatchObject({ kind: "refused" });
  expect(datingWithoutAsOf("steamcharts-csv", "steamcharts_2022.csv", NOW)).toBeNull();
});
