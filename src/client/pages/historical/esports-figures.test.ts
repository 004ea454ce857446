import { expect, test } from "vitest";
import type { EsportsSummary } from "../../../contracts/sources.ts";
import {
  esportsGrowthCsv,
  esportsMonthsCsv,
  esportsTopGamesCsv,
  peakViewersText,
  viewersText,
} from "./esports-figures.ts";

const TWITCH = "Twitch via SullyGnome";
const EARNINGS = "Esports Earnings";
const esports: EsportsSummary = {
  topGames: [
    {
      game: "Dota 2",
      viewership: 1_045_985,
      viewershipMonth: "2019-08-01T00:00:00.000Z",
      prizePool: 279_153_000.7,
    },
    { game: "Arena of Valor", viewership: null, viewershipMonth: null, prizePool: 20e6 },
  ],
  growth: [
    { year: 2020, totalPrizePool: 124.9e6, totalViewership: 1.7e10, months: 12, viewershipMonths: 12 },
    { year: 2021, totalPrizePool: 201.9e6, totalViewership: 1.86e10, months: 12, viewershipMonths: 9 },
  ],
  tournaments: [
    {
      name: "Dota 2 — October 2021",
      game: "Dota 2",
      prizePool: 40_125_696.75,
      viewers: 700_000,
      month: "2021-10-01T00:00:00.000Z",
      tournaments: 25,
    },
    {
      name: "Dota 2 — August 2019",
      game: "Dota 2",
      prizePool: 34_460_762.14,
      viewers: 1_045_985,
      month: "2019-08-01T00:00:00.000Z",
      tournaments: 40,
    },
  ],
  provenance: [
    { source: EARNINGS, asOf: "2021-12-01T00:00:00.000Z" },
    { source: TWITCH, asOf: "2021-09-01T00:00:00.000Z" },
  ],
  figureSources: {
    prizePool: { source: EARNINGS, asOf: "2021-12-01T00:00:00.000Z" },
    viewers: { source: TWITCH, asOf: "2021-09-01T00:00:00.000Z" },
    hoursWatched: { source: TWITCH, asOf: "2021-09-01T00:00:00.000Z" },
  },
};

test("viewers read the same in every section, in millions as the spec has it (review r27-a, item 7)", () => {
  expect(viewersText(1_045_985)).toBe("1.05M");
  expect(viewersText(null)).toBe("—");
  // The top game's figure is its peak month's, dated so: not the Sep 2021 under the card.
  expect(peakViewersText(esports.topGames[0]!)).toBe("1.05M, peak month Aug 2019");
  expect(peakViewersText(esports.topGames[1]!)).toBe("—");
});

test("the esports CSVs date each figure by its own source and month, not one date for all (review r27-a, item 6)", () => {
  expect(esportsTopGamesCsv(esports)).toEqual({
    header: [
      "game",
      "peak Twitch viewers (viewers)",
      "peak month (ISO 8601)",
      "prize pool (USD)",
      "source",
      "as of (ISO 8601)",
    ],
    rows: [
      [
        "Dota 2",
        1_045_985,
        "2019-08-01T00:00:00.000Z",
        279_153_000.7,
        `${TWITCH}; ${EARNINGS}`,
        "2019-08-01T00:00:00.000Z; 2021-12-01T00:00:00.000Z",
      ],
      ["Arena of Valor", null, null, 20e6, EARNINGS, "2021-12-01T00:00:00.000Z"],
    ],
  });
  const growth = esportsGrowthCsv(esports.growth, esports);
  expect(growth.header.slice(-2)).toEqual(["source", "as of (ISO 8601)"]);
  expect(growth.rows[0]!.slice(-2)).toEqual([`${EARNINGS}; ${TWITCH}`, "2020-12-01T00:00:00.000Z"]);
  expect(growth.rows[1]!.slice(-2)).toEqual([
    `${EARNINGS}; ${TWITCH}`,
    "2021-12-01T00:00:00.000Z; 2021-09-01T00:00:00.000Z",
  ]);
  const months = esportsMonthsCsv(esports);
  expect(months.header).toEqual([
    "game and month",
    "game",
    "month (ISO 8601)",
    "tournaments paid out (tournaments)",
    "prize pool (USD)",
    "peak Twitch viewers of the game that month (viewers)",
    "source",
    "as of (ISO 8601)",
  ]);
  expect(months.rows[1]).toEqual([
    "Dota 2 — August 2019",
    "Dota 2",
    "2019-08-01T00:00:00.000Z",
    40,
    34_460_762.14,
    1_045_985,
    `${EARNINGS}; ${TWITCH}`,
    "2019-08-01T00:00:00.000Z",
  ]);
});
