import { expect, test } from "vitest";
import type { GameEstimate } from "../../contracts/estimates.ts";
import { estimateMethodsCsv } from "./methods-csv.ts";

const INPUTS: GameEstimate["inputs"] = {
  positiveReviews: 600_000,
  negativeReviews: 30_000,
  priceUsd: 39.99,
  releaseYear: 2015,
  genres: ["RPG"],
  tags: [],
  ownersBand: {
    low: 10_000_000,
    high: 20_000_000,
    source: "Steam via SteamSpy (dataset)",
    asOf: "2023-03-01T00:00:00.000Z",
  },
  playerSeries: { playerHours: 1_000_000, from: "2015-06-01", to: "2022-02-01", source: "SteamCharts" },
};

const HEADER = [
  "method",
  "owners P50 (owners)",
  "owners P10 (owners)",
  "owners P90 (owners)",
  "weight (%)",
  "detail",
  "model version",
  "source",
  "as of (ISO 8601)",
];

// Review r33-a #2: the Sales estimates panel's Methods table had no Export CSV. Review r34-a #2: each
// row credited every input of the estimate ("…(reviews); …(owners band); SteamCharts (players)") with
// dates in two formats ("2023-03-01T00:00:00.000Z; 2022-02-01"): the review model does not use the band
// or the players.
test("each method's owners P50, P10 and P90, its weight as the table writes it, with its own input's source and date", () => {
  const csv = estimateMethodsCsv({
    modelVersion: "owners-1.f7fec597",
    methods: [
      {
        name: "review-model",
        label: "Review model",
        owners: null,
        weight: 0,
        detail: "outside the range it was fitted on",
      },
      {
        name: "player-hours",
        label: "Player hours",
        owners: { low: 700_000, mid: 1_300_000, high: 9_400_000 },
        weight: 0.05,
        detail: "1M player-hours",
      },
      {
        name: "owners-band",
        label: "Owners band",
        owners: { low: 10_000_000, mid: 15_000_000, high: 20_000_000 },
        weight: 0.95,
        detail: "SteamSpy's band 10M..20M",
      },
    ],
    inputs: INPUTS,
    inputSources: {
      reviews: { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: "2019-05-01T00:00:00.000Z" },
      price: null,
      peakPlayers: null,
    },
    provenance: { source: "SteamSpy, Estimates", asOf: "2023-03-01T00:00:00.000Z", method: "blend" },
    sources: [
      { source: "Steam Store Games (Kaggle, CC BY 4.0) (reviews)", asOf: "2019-05-01T00:00:00.000Z" },
      { source: "Steam via SteamSpy (dataset) (owners band)", asOf: "2023-03-01T00:00:00.000Z" },
      { source: "SteamCharts (players)", asOf: "2022-02-01" },
    ],
  });
  expect(csv.header).toEqual(HEADER);
  const version = "owners-1.f7fec597";
  expect(csv.rows).toEqual([
    // No figure outside the fitted range: empty cells, as the table says "no figure".
    [
      "Review model",
      null,
      null,
      null,
      0,
      "outside the range it was fitted on",
      version,
      "Steam Store Games (Kaggle, CC BY 4.0)",
      "2019-05-01T00:00:00.000Z",
    ],
    // The series' last month, as a time of day like every other date of the file.
    [
      "Player hours",
      1_300_000,
      700_000,
      9_400_000,
      5,
      "1M player-hours",
      version,
      "SteamCharts",
      "2022-02-01T00:00:00.000Z",
    ],
    [
      "Owners band",
      15_000_000,
      10_000_000,
      20_000_000,
      95,
      "SteamSpy's band 10M..20M",
      version,
      "Steam via SteamSpy (dataset)",
      "2023-03-01T00:00:00.000Z",
    ],
  ]);
});

test("without the inputs' own sources, the review model is credited as the source line credits the reviews", () => {
  const csv = estimateMethodsCsv({
    modelVersion: "v",
    methods: [
      {
        name: "review-model",
        label: "Review model",
        owners: { low: 1, mid: 2, high: 3 },
        weight: 1,
        detail: "",
      },
    ],
    inputs: { ...INPUTS, ownersBand: null, playerSeries: null },
    provenance: { source: "SteamSpy (reviews)", asOf: "2023-03-01T00:00:00.000Z" },
    sources: [{ source: "Steam via SteamSpy (dataset) (reviews)", asOf: "2023-03-01T00:00:00.000Z" }],
  });
  expect(csv.rows[0]?.slice(-2)).toEqual(["Steam via SteamSpy (dataset)", "2023-03-01T00:00:00.000Z"]);
});

test("the catalog's spread, used when no method has data, has no input: no source or date of one", () => {
  const csv = estimateMethodsCsv({
    modelVersion: "v",
    methods: [
      {
        name: "catalog-spread",
        label: "Catalog spread",
        owners: { low: 1, mid: 2, high: 3 },
        weight: 1,
        detail: "the calibration catalog's spread",
      },
    ],
    inputs: { ...INPUTS, ownersBand: null, playerSeries: null },
    provenance: { source: "Catalog", asOf: null },
  });
  expect(csv.rows[0]?.slice(-2)).toEqual([null, null]);
});
