import { describe, expect, test } from "vitest";
import type { GameEstimate } from "../../../contracts/estimates.ts";
import { estimateCell, estimateStatus, estimateValue, namedEstimateProvenance } from "./estimate-figures.ts";

const range = (low: number, mid: number, high: number) => ({ low, mid, high });

function estimate(over: Partial<GameEstimate> = {}, price: number | null = 9.99): GameEstimate {
  return {
    gameId: "g",
    gameName: "G",
    owners: range(100_000, 250_000, 600_000),
    unitsSold: range(90_000, 230_000, 550_000),
    revenue: {
      gross: range(900_000, 2_300_000, 5_500_000),
      net: range(400_000, 1_000_000, 2_400_000),
      currency: "USD",
    },
    methods: [],
    modelVersion: "v9",
    asOf: "2023-06-01T00:00:00.000Z",
    computedAt: "2023-06-02T00:00:00.000Z",
    lowSignal: false,
    covered: true,
    notes: [],
    inputs: {
      positiveReviews: 1000,
      negativeReviews: 100,
      priceUsd: price,
      releaseYear: 2015,
      genres: [],
      tags: [],
      ownersBand: null,
      playerSeries: null,
    },
    provenance: { source: "S (reviews)", asOf: "2023-06-01T00:00:00.000Z" },
    ...over,
  };
}

describe("Compare's estimate figures", () => {
  test("a covered game: P50 with its P10–P90 range, the CSV's three numbers", () => {
    const s = { status: "ready", estimate: estimate() } as const;
    expect(estimateCell(s, "owners", false)).toBe("250K (P10 100K – P90 600K)");
    expect(estimateCell(s, "gross", true)).toBe("$2.3M (P10 $900K – P90 $5.5M)");
    expect(estimateValue(s, "net", "mid")).toBe(1_000_000);
    expect(estimateValue(s, "units", "low")).toBe(90_000);
    expect(estimateStatus(s)).toBe("model v9");
  });

  test("a game the model does not cover says so and gives no figure", () => {
    const s = {
      status: "ready",
      estimate: estimate({
        covered: false,
        owners: null,
        unitsSold: null,
        revenue: { gross: null, net: null, currency: "USD" },
      }),
    } as const;
    for (const key of ["owners", "units", "gross", "net"] as const) {
      expect(estimateCell(s, key, key !== "owners" && key !== "units")).toBe(
        "not estimated (the model does not cover this game)",
      );
      expect(estimateValue(s, key, "mid")).toBeNull();
      expect(estimateValue(s, key, "low")).toBeNull();
    }
    expect(estimateStatus(s)).toBe("not covered by the model (no figures)");
  });

  test("a free game: owners estimated, units none and revenue not estimated", () => {
    const s = { status: "ready", estimate: estimate({}, 0) } as const;
    expect(estimateCell(s, "owners", false)).toBe("250K (P10 100K – P90 600K)");
    expect(estimateCell(s, "units", false)).toBe("none (free to play)");
    expect(estimateCell(s, "gross", true)).toBe("not estimated (free to play)");
    expect(estimateValue(s, "gross", "mid")).toBeNull();
    expect(estimateStatus(s)).toBe("model v9; free to play: units and revenue not estimated");
  });

  test("a low-signal estimate: the range alone, no P50 in the table or the CSV", () => {
    const s = { status: "ready", estimate: estimate({ lowSignal: true }) } as const;
    expect(estimateCell(s, "owners", false)).toBe("100K – 600K (P10–P90; too little known for a P50)");
    expect(estimateValue(s, "owners", "mid")).toBeNull();
    expect(estimateValue(s, "owners", "high")).toBe(600_000);
  });

  test("no price: revenue unknown; loading and errors give no figure", () => {
    const s = {
      status: "ready",
      estimate: estimate({ revenue: { gross: null, net: null, currency: "USD" } }, null),
    } as const;
    expect(estimateCell(s, "gross", true)).toBe("unknown (no price)");
    expect(estimateCell({ status: "loading" }, "owners", false)).toBe("Loading…");
    expect(estimateCell({ status: "error", message: "x" }, "owners", false)).toBe("could not be loaded");
    expect(estimateValue({ status: "loading" }, "owners", "mid")).toBeNull();
  });
});

// Review r22/a, item 10: the footnote listed three "Blend of …" methods without naming their games.
test("each compared game's estimate method in the footnote is named with its game", () => {
  const blend = "Blend of review model (10 %), owners band (90 %); model v9";
  const ready = {
    status: "ready" as const,
    estimate: estimate({ provenance: { source: "S (reviews)", asOf: null, method: blend } }),
  };
  expect(namedEstimateProvenance("ELDEN RING", ready)).toEqual([
    { source: "S (reviews)", asOf: null, method: `ELDEN RING: ${blend}` },
  ]);
  expect(
    namedEstimateProvenance("Wii Sports", { status: "ready", estimate: estimate({ covered: false }) }),
  ).toEqual([]);
  expect(namedEstimateProvenance("X", { status: "loading" })).toEqual([]);
  // Review r23-a #10: each input's source at its own time, not the newest input's for all.
  const dated = {
    status: "ready" as const,
    estimate: estimate({
      provenance: {
        source: "S (reviews); SteamCharts (players)",
        asOf: "2023-06-01T00:00:00.000Z",
        method: blend,
      },
      sources: [
        { source: "S (reviews)", asOf: "2023-06-01T00:00:00.000Z" },
        { source: "SteamCharts (players)", asOf: "2022-02-01" },
      ],
    }),
  };
  expect(namedEstimateProvenance("Counter-Strike", dated)).toEqual([
    { source: "S (reviews)", asOf: "2023-06-01T00:00:00.000Z", method: `Counter-Strike: ${blend}` },
    { source: "SteamCharts (players)", asOf: "2022-02-01", method: `Counter-Strike: ${blend}` },
  ]);
});
