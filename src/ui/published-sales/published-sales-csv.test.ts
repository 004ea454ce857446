import { expect, test } from "vitest";
import { publishedSalesCsv } from "./published-sales-csv.ts";

const VGSALES = "VGChartz sales dataset (vgsales.csv)";
const DEC_2016 = "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)";

// Review r33-a #2: the game page's "Units sold (published)" table had no Export CSV.
test("a row per platform with its file and date, then the card's total credited to every file", () => {
  const csv = publishedSalesCsv({
    units: 2_610_000,
    regions: { northAmerica: 1_010_000, europe: 1_190_000, japan: 0, other: 80_000 },
    platforms: [
      {
        platform: "PC",
        year: 2011,
        units: 1_720_000,
        regions: { northAmerica: 410_000, europe: 980_000, japan: 0, other: null },
        source: DEC_2016,
        asOf: "2016-12-22T00:00:00.000Z",
      },
      {
        platform: "Wii",
        year: null,
        units: 890_000,
        regions: { northAmerica: 600_000, europe: 210_000, japan: 0, other: 80_000 },
        source: VGSALES,
        asOf: null,
      },
    ],
    provenance: [
      { source: DEC_2016, asOf: "2016-12-22T00:00:00.000Z" },
      { source: VGSALES, asOf: null },
    ],
  });
  expect(csv.header).toEqual([
    "platform",
    "release year",
    "North America (units)",
    "Europe (units)",
    "Japan (units)",
    "Other regions (units)",
    "units sold (published) (units)",
    "source",
    "as of (ISO 8601)",
  ]);
  expect(csv.rows).toEqual([
    // A region the file does not give is empty, not 0; units as published, not the screen's millions.
    ["PC", 2011, 410_000, 980_000, 0, null, 1_720_000, DEC_2016, "2016-12-22T00:00:00.000Z"],
    ["Wii", null, 600_000, 210_000, 0, 80_000, 890_000, VGSALES, ""],
    [
      "All platforms",
      null,
      1_010_000,
      1_190_000,
      0,
      80_000,
      2_610_000,
      `${DEC_2016}; ${VGSALES}`,
      "2016-12-22T00:00:00.000Z; ",
    ],
  ]);
});
