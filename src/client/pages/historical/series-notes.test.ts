import { expect, test } from "vitest";
import {
  esportsCoverage,
  regionalGrowthAgainst,
  regionalGrowthBasis,
  regionalGrowthText,
  reportedYears,
} from "./series-notes.ts";

test("the last 5 years of revenue are the last 5 reported, not forecasts (review r27-a, item 8)", () => {
  const years = [2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027].map((year) => ({
    year,
    forecast: year > 2025,
  }));
  expect(reportedYears(years, 5).map((y) => y.year)).toEqual([2021, 2022, 2023, 2024, 2025]);
});

const EDITION = "Newzoo Global Games Market Report 2024";
const market = {
  regionalYear: 2025,
  regionalMarkets: [
    {
      region: "North America",
      share: 27.9,
      growth: 5,
      revenue: 52.7,
      growthBase: { year: 2024, revenue: 50.2, edition: EDITION },
    },
    { region: "Latin America", share: 4.4, growth: null, revenue: 8.3, growthBase: null },
  ],
};

test("regional growth says once what it is against; a region without the year before says so (review r20c, item 6)", () => {
  expect(regionalGrowthBasis(market)).toBe(
    `Growth on 2024: against each region's 2024 figure in the ${EDITION}, not a rate the 2025 edition states.`,
  );
  expect(regionalGrowthText(market.regionalMarkets[0]!, 2025)).toBe("+5.0%");
  expect(regionalGrowthText(market.regionalMarkets[1]!, 2025)).toBe("no 2024 figure");
  expect(
    regionalGrowthBasis({ regionalYear: 2025, regionalMarkets: [market.regionalMarkets[1]!] }),
  ).toBeNull();
});

test("a growth across Newzoo's restatement of the year before is not comparable, and says why (review r27-a, item 2)", () => {
  const world = "184.3 (late 2024), 177.9 (+0.6%) after Q1-2025 methodology change";
  const north = {
    region: "North America",
    share: 27.9,
    growth: null,
    revenue: 52.7,
    growthBase: null,
    notComparable: {
      year: 2024,
      revenue: 50.2,
      edition: EDITION,
      reason: "Q1 2025 methodology change",
      worldTotalRestated: world,
    },
  };
  const mixed = { regionalYear: 2025, regionalMarkets: [north, market.regionalMarkets[1]!] };
  expect(regionalGrowthText(north, 2025)).toBe("not comparable (Newzoo restated 2024)");
  expect(regionalGrowthText(market.regionalMarkets[1]!, 2025)).toBe("no 2024 figure");
  // The world total's restated figures are named as the world total's, in billions of USD, never
  // quoted as a region's (review r28-a #4).
  expect(regionalGrowthBasis(mixed)).toBe(
    `No growth on 2024: each region's 2024 figure is from the ${EDITION}, and Newzoo restated 2024 since that edition (Q1 2025 methodology change; the world total for 2024, in billions of USD, since: ${world}), so the 2025 edition's figures do not compare with it.`,
  );
  // A region's row says only what is true of the region.
  expect(regionalGrowthAgainst(north, 2025)).toBe(
    `not comparable: 2024: 50.2 billion USD, ${EDITION}; Newzoo restated 2024 since that edition (Q1 2025 methodology change)`,
  );
  const noReason = { ...north, notComparable: { ...north.notComparable, reason: null, edition: null } };
  expect(regionalGrowthAgainst(noReason, 2025)).toBe(
    "not comparable: 2024: 50.2 billion USD; Newzoo restated 2024 since",
  );
  expect(regionalGrowthAgainst(market.regionalMarkets[0]!, 2025)).toBe(`2024: 50.2 billion USD, ${EDITION}`);
  expect(regionalGrowthAgainst(market.regionalMarkets[1]!, 2025)).toBe("no 2024 figure");
});

test("each esports series is marked partial by its own months: 2021's prize money is whole, its hours watched are not (review r20c, item 7)", () => {
  const y2021 = {
    year: 2021,
    totalPrizePool: 201.9e6,
    totalViewership: 1.4e10,
    months: 12,
    viewershipMonths: 9,
    partial: true,
  };
  expect(esportsCoverage(y2021)).toEqual({
    prizePool: null,
    hoursWatched: "partial: 9 months, not comparable with a full year",
  });
  expect(esportsCoverage({ ...y2021, months: 7, viewershipMonths: 12 })).toEqual({
    prizePool: "partial: 7 months, not comparable with a full year",
    hoursWatched: null,
  });
  // A year without Twitch figures: its hours are "—", not partial.
  expect(esportsCoverage({ ...y2021, totalViewership: null, viewershipMonths: null })).toEqual({
    prizePool: null,
    hoursWatched: null,
  });
});
