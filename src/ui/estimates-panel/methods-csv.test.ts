import { expect, test } from "vitest";
import { estimateMethodsCsv } from "./methods-csv.ts";

// Review r33-a #2: the Sales estimates panel's Methods table had no Export CSV.
test("each method's owners P50, P10 and P90, its weight as the table writes it, with the estimate's sources", () => {
  const csv = estimateMethodsCsv({
    modelVersion: "owners-1.f7fec597",
    methods: [
      {
        name: "owners-band",
        label: "Owners band",
        owners: { low: 100_000_000, mid: 150_000_000, high: 200_000_000 },
        weight: 0.95,
        detail: "SteamSpy's band 100M..200M",
      },
      {
        name: "review-model",
        label: "Review model",
        owners: null,
        weight: 0,
        detail: "outside the range it was fitted on",
      },
    ],
    provenance: { source: "SteamSpy, Estimates", asOf: "2023-03-01T00:00:00.000Z", method: "blend" },
    sources: [
      { source: "Steam via SteamSpy (dataset)", asOf: "2023-03-01T00:00:00.000Z" },
      { source: "SteamCharts", asOf: "2022-02-01T00:00:00.000Z" },
    ],
  });
  expect(csv.header).toEqual([
    "method",
    "owners P50 (owners)",
    "owners P10 (owners)",
    "owners P90 (owners)",
    "weight (%)",
    "detail",
    "model version",
    "source",
    "as of (ISO 8601)",
  ]);
  const source = "Steam via SteamSpy (dataset); SteamCharts";
  const asOf = "2023-03-01T00:00:00.000Z; 2022-02-01T00:00:00.000Z";
  expect(csv.rows).toEqual([
    [
      "Owners band",
      150_000_000,
      100_000_000,
      200_000_000,
      95,
      "SteamSpy's band 100M..200M",
      "owners-1.f7fec597",
      source,
      asOf,
    ],
    // No figure outside the fitted range: empty cells, as the table says "no figure".
    [
      "Review model",
      null,
      null,
      null,
      0,
      "outside the range it was fitted on",
      "owners-1.f7fec597",
      source,
      asOf,
    ],
  ]);
});
