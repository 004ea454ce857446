import { expect, test } from "vitest";
import type { MarketHistory } from "../../contracts/sources.ts";
import { globalRevenueCsv, lowConfidence, revenueCaveat, revenueKey, yearRuns } from "./global-revenue.ts";

type Year = MarketHistory["globalRevenue"][number];
const year = (y: number, revenue: number, growth: number | null, more: Partial<Year> = {}): Year => ({
  year: y,
  revenue,
  growth,
  growthSource: growth == null ? null : `Newzoo Global Games Market Report ${y}`,
  forecast: false,
  revisedLater: null,
  earlierFigures: null,
  confidence: "high",
  edition: `Newzoo Global Games Market Report ${y}`,
  asOf: `${y}-08-01T00:00:00.000Z`,
  ...more,
});
const years = [
  year(2012, 66.4, null, {
    confidence: "low (inferred: 70.4/1.06)",
    edition: "Newzoo Global Games Market Report 2013",
    asOf: "2013-06-01T00:00:00.000Z",
    note: "No Newzoo 2012 edition figure found; value back-calculated from GGMR 2013 (70.4 = +6% YoY)",
  }),
  year(2013, 70.4, 6),
  year(2022, 196.8, 2.1, { revisedLater: "184.4 (-4.3%) Nov 2022 update; 182.9 (-5.1%) in 2023 ed." }),
  year(2023, 187.7, 2.6),
  year(2027, 201.4, null, { forecast: true, confidence: "medium (forecast)" }),
];

test("the revenue line joins editions: the caveat says so, with the latest year its line contradicts (review r27-a, item 3)", () => {
  expect(revenueCaveat(years)).toBe(
    "Each year's figure is as first published in its own Newzoo edition, and later editions restated earlier years: the chart joins editions, so a change from one year to the next is not growth. 2022 to 2023 falls from $196.8B to $187.7B, while the Newzoo Global Games Market Report 2023 states +2.6% on 2022.",
  );
  // Without a year the line contradicts, the caveat stands alone.
  expect(revenueCaveat(years.slice(0, 2))).toBe(
    "Each year's figure is as first published in its own Newzoo edition, and later editions restated earlier years: the chart joins editions, so a change from one year to the next is not growth.",
  );
  expect(revenueCaveat([])).toBeNull();
});

test("a low-confidence year is named with why (the citation's own words); others are not", () => {
  expect(lowConfidence(years[0]!)).toBe("low confidence: inferred: 70.4/1.06");
  expect(lowConfidence(years[1]!)).toBeNull();
  expect(lowConfidence(years[4]!)).toBeNull();
  expect(lowConfidence(year(2030, 1, null, { confidence: "low" }))).toBe("low confidence");
});

test("the CSV gives each year's growth basis, confidence, revision, earlier figures, edition and date (review r27-a, item 6)", () => {
  const csv = globalRevenueCsv(years);
  expect(csv.header).toEqual([
    "year",
    "revenue (billion USD)",
    "growth (%)",
    "growth as stated in",
    "forecast",
    "confidence",
    "revised later",
    "earlier figures",
    "source",
    "as of (ISO 8601)",
  ]);
  expect(csv.rows[0]).toEqual([
    2012,
    66.4,
    null,
    null,
    false,
    // The explanation beside the confidence; the source is the edition the figure rests on, dated
    // (review r28-a #9).
    "low (inferred: 70.4/1.06); No Newzoo 2012 edition figure found; value back-calculated from GGMR 2013 (70.4 = +6% YoY)",
    null,
    null,
    "Newzoo Global Games Market Report 2013",
    "2013-06-01T00:00:00.000Z",
  ]);
  expect(csv.rows[3]).toEqual([
    2023,
    187.7,
    2.6,
    "Newzoo Global Games Market Report 2023",
    false,
    "high",
    null,
    null,
    "Newzoo Global Games Market Report 2023",
    "2023-08-01T00:00:00.000Z",
  ]);
});

// Review r34-a #1: "2012: low confidence: inferred: 70.4/1.06; 2013: revised later; 2014: revised
// later; … 2025: revised later" was one run-on key behind one marker.
test("the chart's key: low confidence its own entry, the revised years one entry with runs collapsed", () => {
  expect(yearRuns([2013, 2014, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025])).toBe(
    "2013, 2014, 2016–2025",
  );
  expect(yearRuns([2018])).toBe("2018");
  expect(yearRuns([2010, 2012, 2013, 2014])).toBe("2010, 2012–2014");
  const revised = (y: number) => year(y, 100, 1, { revisedLater: "later figure" });
  const all = [
    years[0]!,
    revised(2013),
    revised(2014),
    year(2015, 91.5, 1),
    ...[2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025].map(revised),
    years[4]!,
  ];
  expect(revenueKey(all)).toEqual([
    { id: "low-confidence", key: "Low confidence: 2012 (inferred: 70.4/1.06)" },
    { id: "revised-later", key: "Revised in a later edition: 2013, 2014, 2016–2025" },
  ]);
  expect(revenueKey([year(2015, 91.5, 1)])).toEqual([]);
  // A forecast's earlier forecasts are no revision.
  expect(revenueKey([year(2027, 1, null, { forecast: true, earlierFigures: "190.0 in 2023 ed." })])).toEqual(
    [],
  );
});
