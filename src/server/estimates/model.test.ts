import { describe, expect, test } from "vitest";
import { COEFFICIENTS } from "./coefficients.ts";
import { type EstimateInput, features, isFreeToPlay } from "./features.ts";
import { bandMethod, estimate, LOW_SIGNAL_REVIEWS, playerMethod, reviewMethod } from "./model.ts";
import { afterStoreCut, netFromGross, REVENUE_PARAMETERS } from "./revenue.ts";
import { wholePercentages } from "./stats.ts";

const base: EstimateInput = {
  positiveReviews: 900,
  negativeReviews: 100,
  priceUsd: 19.99,
  releaseYear: 2017,
  genres: ["Action", "Indie"],
  tags: [],
};

describe("review model", () => {
  test("more reviews, more owners; the range brackets the middle", () => {
    const small = estimate({ ...base, positiveReviews: 90, negativeReviews: 10 });
    const large = estimate(base);
    expect(large.owners.mid).toBeGreaterThan(small.owners.mid);
    expect(large.owners.low).toBeLessThan(large.owners.mid);
    expect(large.owners.high).toBeGreaterThan(large.owners.mid);
    expect(large.methods.map((m) => m.name)).toEqual(["review-model"]);
    expect(large.methods[0]!.weight).toBe(1);
  });

  test("the multiplier moves with release year, price and positive share (fitted, not one constant)", () => {
    const owners = (input: EstimateInput) => estimate(input).owners.mid;
    expect(owners({ ...base, releaseYear: 2010 })).not.toBe(owners({ ...base, releaseYear: 2018 }));
    expect(owners({ ...base, priceUsd: 4.99 })).not.toBe(owners({ ...base, priceUsd: 59.99 }));
    expect(owners({ ...base, positiveReviews: 500, negativeReviews: 500 })).not.toBe(owners(base));
  });

  test("0 reviews and nothing else: a wide range, flagged low-signal, with a note saying so", () => {
    const e = estimate({ ...base, positiveReviews: 0, negativeReviews: 0 });
    expect(e.lowSignal).toBe(true);
    expect(e.notes.join(" ")).toMatch(/wide, not a point figure/);
    // P90 / P10 spans more than a factor of 10.
    expect(e.owners.high / Math.max(1, e.owners.low)).toBeGreaterThan(10);
    const wellReviewed = estimate(base);
    expect(wellReviewed.lowSignal).toBe(false);
    expect(wellReviewed.owners.high / wellReviewed.owners.low).toBeLessThan(
      e.owners.high / Math.max(1, e.owners.low),
    );
  });

  // Review 10 b, item 10: the detail read "0 reviews × 52" beside 52 owners.
  test("0 reviews: the method's detail states its figure, not a multiplication of 0", () => {
    const method = reviewMethod({ ...base, positiveReviews: 0, negativeReviews: 0 })!;
    const owners = Math.exp(method.logMean);
    expect(method.detail).not.toMatch(/^0 reviews ×/);
    expect(method.detail).toContain(
      `No reviews: ${Number(owners.toPrecision(2)).toLocaleString("en-US")} owners`,
    );
    expect(reviewMethod(base)!.detail).toMatch(/^1,000 reviews × [\d.]+ \(fitted multiplier/);
  });

  test(`${LOW_SIGNAL_REVIEWS - 1} reviews with a band that has a lower end is not low-signal: the band is another signal`, () => {
    const e = estimate({
      ...base,
      positiveReviews: 9,
      negativeReviews: 0,
      ownersBand: { low: 20_000, high: 50_000, source: "SteamSpy", asOf: null },
    });
    expect(e.lowSignal).toBe(false);
    expect(e.methods.map((m) => m.name)).toEqual(["review-model", "owners-band"]);
  });

  test("few reviews and a band with no lower end (0 .. 20,000) is low signal; the band caps the range but does not narrow it", () => {
    const streng = { ...base, positiveReviews: 2, negativeReviews: 0 };
    const alone = estimate(streng);
    const e = estimate({
      ...streng,
      ownersBand: { low: 0, high: 20_000, source: "SteamSpy", asOf: null },
    });
    expect(e.lowSignal).toBe(true);
    expect(e.notes.join(" ")).toMatch(
      /with a lower end: the range is wide, not a point figure, capped at the owners band's 20,000/,
    );
    expect(e.methods.map((m) => [m.name, m.weight])).toEqual([
      ["review-model", 1],
      ["owners-band", 0],
    ]);
    expect(e.methods[1]!.detail).toMatch(/no lower end/);
    // As wide as without the band (the cap at 20,000 is far above this game's P90), never narrower.
    const width = (x: typeof e) => x.owners.high / x.owners.low;
    expect(width(e)).toBeGreaterThanOrEqual(width(alone) * 0.97);
    expect(width(e)).toBeGreaterThan(10);
    expect(e.owners.high).toBeLessThanOrEqual(20_000);
    expect(e.owners.low).toBeGreaterThanOrEqual(2);
    // The same with no reviews at all, and with reviews unknown.
    for (const reviews of [0, null]) {
      const z = estimate({
        ...base,
        positiveReviews: reviews,
        negativeReviews: reviews,
        ownersBand: { low: 0, high: 20_000, source: "SteamSpy", asOf: null },
      });
      expect(z.lowSignal).toBe(true);
      expect(z.owners.high).toBeLessThanOrEqual(20_000);
      expect(width(z)).toBeGreaterThan(10);
    }
  });

  test("with 10+ reviews a band with no lower end still joins the blend (it starts at the reviewer count)", () => {
    const e = estimate({ ...base, ownersBand: { low: 0, high: 20_000, source: "SteamSpy", asOf: null } });
    expect(e.lowSignal).toBe(false);
    expect(e.methods.find((m) => m.name === "owners-band")!.weight).toBeGreaterThan(0);
  });

  test("owners never fall below the number of reviewers", () => {
    const e = estimate({ ...base, positiveReviews: 5000, negativeReviews: 5000, priceUsd: 0 });
    expect(e.owners.low).toBeGreaterThanOrEqual(10_000);
  });

  test("missing year uses the model fitted without years", () => {
    const m = reviewMethod({ ...base, releaseYear: null })!;
    expect(m.detail).not.toMatch(/release year/);
    expect(reviewMethod(base)!.detail).toMatch(/release year/);
    expect(Number.isFinite(m.logMean)).toBe(true);
  });
});

describe("unknown reviews", () => {
  const unknown = { ...base, positiveReviews: null, negativeReviews: null };

  test("unknown reviews are not 0 reviews: the review model does not run", () => {
    expect(reviewMethod(unknown)).toBeNull();
    expect(reviewMethod({ ...base, positiveReviews: 0, negativeReviews: 0 })).not.toBeNull();
    // With reviews known, a player series joins the review model.
    expect(estimate({ ...base, playerHours: 2_000_000 }).methods.map((m) => m.name)).toEqual([
      "review-model",
      "player-hours",
    ]);
  });

  test("a player series with reviews unknown is not turned into owners: low signal, bounded by the players counted", () => {
    // Valheim known only from SteamCharts (2021-02 to 2022-02): no reviews, price or genres. Hours per
    // owner read at 0 reviews were 2.7, giving 186M owners (P90 1.34 billion) and no warning.
    const valheim = {
      ...unknown,
      priceUsd: null,
      releaseYear: 2021,
      genres: [],
      playerHours: 502_000_000,
      playerSeriesFrom: "2021-02-01",
      playerSeriesTo: "2022-02-01",
      peakPlayers: 502_387,
    };
    expect(playerMethod(valheim)).toBeNull();
    const e = estimate(valheim);
    expect(e.lowSignal).toBe(true);
    expect(e.methods.map((m) => [m.name, m.weight])).toEqual([["catalog-spread", 1]]);
    expect(e.notes.join(" ")).toMatch(
      /Reviews unknown: the player series \(502,000,000 player-hours, 2021-02-01 to 2022-02-01\) cannot be turned into owners.*above the 502,387 players counted at once; it is wide, not a point figure/,
    );
    // A range above the players counted, not a point figure at them, nor hundreds of millions.
    expect(e.owners.low).toBeGreaterThanOrEqual(502_387);
    expect(e.owners.mid).toBeGreaterThan(e.owners.low);
    expect(e.owners.high).toBeGreaterThan(e.owners.mid);
    expect(e.owners.high).toBeLessThan(20_000_000);
    // MIR4 (92M player-hours, reviews not imported) is low-signal too, and never 156M owners.
    const mir4 = estimate({ ...unknown, playerHours: 92_000_000 });
    expect(mir4.lowSignal).toBe(true);
    expect(mir4.owners.high).toBeLessThan(10_000_000);
  });

  test("nothing known: the catalog's spread of owners, flagged low-signal and said so, not a figure for 0 reviews", () => {
    const e = estimate(unknown);
    expect(e.lowSignal).toBe(true);
    expect(e.methods.map((m) => [m.name, m.weight])).toEqual([["catalog-spread", 1]]);
    expect(e.methods[0]!.detail).toMatch(/not a figure for this game/);
    expect(e.notes.join(" ")).toMatch(/Reviews unknown.*wide, not a point figure/);
    // A series too short for the method is on the game page: the note does not say there is none
    // (review 11 b, item 11).
    expect(e.notes.join(" ")).toContain("no monthly player series of 3 months or more, no owners band");
    expect(e.notes.join(" ")).not.toContain("no player series");
    // Wider than the range a game with 0 known reviews gets.
    const zero = estimate({ ...base, positiveReviews: 0, negativeReviews: 0 });
    expect(e.owners.high / e.owners.low).toBeGreaterThan(zero.owners.high / zero.owners.low);
    expect(e.owners.high / e.owners.low).toBeGreaterThan(100);
  });
});

describe("units and revenue", () => {
  test("free to play: owners yes, no units sold, revenue not estimated (not $0), said in a note", () => {
    const e = estimate({ ...base, priceUsd: 0, genres: ["Free to Play", "Action"] });
    expect(e.owners.mid).toBeGreaterThan(0);
    expect(e.unitsSold).toEqual({ low: 0, mid: 0, high: 0 });
    // Report r13-b #1: summed as $0, it made a free-to-play market worth nothing.
    expect(e.revenue.gross).toBeNull();
    expect(e.revenue.net).toBeNull();
    expect(e.notes.join(" ")).toMatch(/Free to play/);
  });

  test("a game with a price above 0 is sold at it, though its genres say free to play (report r14-b #2)", () => {
    const e = estimate({
      ...base,
      priceUsd: 24.99,
      genres: ["Free to Play", "Adventure"],
      tags: ["Free to Play"],
    });
    expect(e.unitsSold.mid).toBeGreaterThan(0);
    expect(e.revenue.gross!.mid).toBeGreaterThan(0);
    expect(e.notes.join(" ")).not.toMatch(/Free to play/);
  });

  test("a price of 0 is free to play only beside a free-to-play genre or tag; otherwise it is unknown", () => {
    // SteamSpy's 0 for a paid game no longer sold (Grand Theft Auto III: Action, Open World).
    const delisted = { ...base, priceUsd: 0, genres: ["Action"], tags: ["Open World"] };
    const e = estimate(delisted);
    expect(e.unitsSold.mid).toBeGreaterThan(0);
    expect(e.revenue.gross).toBeNull();
    expect(e.notes).toContain("Price unknown: units are estimated, revenue is not.");
    // The model reads it as a game of unknown price, not as a free one.
    expect(features(delisted, true)).toEqual(features({ ...delisted, priceUsd: null }, true));
    expect(isFreeToPlay(delisted)).toBe(false);
    for (const free of [
      { ...base, priceUsd: 0, genres: ["Action"], tags: ["Free to Play"] },
      { ...base, priceUsd: 0, genres: ["free to play"], tags: [] },
    ]) {
      expect(isFreeToPlay(free)).toBe(true);
      expect(estimate(free).unitsSold).toEqual({ low: 0, mid: 0, high: 0 });
    }
  });

  test("missing price: units are estimated, revenue is null and the note says why", () => {
    const e = estimate({ ...base, priceUsd: null });
    expect(e.unitsSold.mid).toBeGreaterThan(0);
    expect(e.revenue.gross).toBeNull();
    expect(e.revenue.net).toBeNull();
    expect(e.notes.join(" ")).toMatch(/Price unknown/);
  });

  test("units are owners less unpaid copies; gross is units × list price; net is less than gross", () => {
    const e = estimate(base);
    const unpaid = REVENUE_PARAMETERS.unpaidOwnerShare.value;
    // Figures are rounded to three significant digits: compare ratios.
    expect(e.unitsSold.mid / (e.owners.mid * (1 - unpaid))).toBeCloseTo(1, 2);
    expect(e.revenue.gross!.mid / (e.unitsSold.mid * 19.99)).toBeCloseTo(1, 2);
    expect(e.revenue.net!.mid).toBeLessThan(e.revenue.gross!.mid);
    expect(e.revenue.net!.low).toBeLessThanOrEqual(e.revenue.net!.mid);
  });

  test("owners and units are whole numbers and revenue whole dollars, small games included", () => {
    const figures: number[] = [];
    for (const reviews of [0, 1, 2, 3, 7, 12, 40, 150, 999, 25_000]) {
      for (const priceUsd of [0.99, 4.99, 19.99, null]) {
        for (const releaseYear of [2008, 2017, null]) {
          const e = estimate({
            ...base,
            positiveReviews: reviews,
            negativeReviews: Math.round(reviews / 7),
            priceUsd,
            releaseYear,
          });
          figures.push(...Object.values(e.owners), ...Object.values(e.unitsSold));
          for (const r of [e.revenue.gross, e.revenue.net]) if (r) figures.push(...Object.values(r));
          for (const m of e.methods) if (m.owners) figures.push(...Object.values(m.owners));
        }
      }
    }
    expect(figures.filter((v) => !Number.isInteger(v))).toEqual([]);
  });

  test("the store cut steps down at $10M and $50M", () => {
    expect(afterStoreCut(10_000_000)).toBeCloseTo(7_000_000);
    expect(afterStoreCut(50_000_000)).toBeCloseTo(7_000_000 + 30_000_000);
    expect(afterStoreCut(60_000_000)).toBeCloseTo(37_000_000 + 8_000_000);
    expect(netFromGross(0)).toBe(0);
  });
});

describe("owners band and player hours", () => {
  test("a band is an input with its width: centred on its geometric middle, spread by its width", () => {
    const m = bandMethod({
      ...base,
      ownersBand: { low: 1_000_000, high: 2_000_000, source: "SteamSpy", asOf: null },
    })!;
    expect(Math.exp(m.logMean)).toBeCloseTo(Math.sqrt(2e12), -2);
    expect(m.logSigma).toBeCloseTo(Math.log(2) / Math.sqrt(12), 6);
    const wide = bandMethod({
      ...base,
      ownersBand: { low: 100_000, high: 2_000_000, source: "SteamSpy", asOf: null },
    })!;
    expect(wide.logSigma).toBeGreaterThan(m.logSigma);
    expect(bandMethod(base)).toBeNull();
  });

  test("a narrow band outweighs the review model and pulls the blend into it", () => {
    const e = estimate({
      ...base,
      ownersBand: { low: 2_000_000, high: 5_000_000, source: "SteamSpy", asOf: null },
    });
    const band = e.methods.find((m) => m.name === "owners-band")!;
    expect(band.weight).toBeGreaterThan(0.5);
    expect(e.owners.mid).toBeGreaterThan(estimate(base).owners.mid);
    expect(e.methods.reduce((s, m) => s + m.weight, 0)).toBeCloseTo(1, 2);
  });

  test("method weights are whole percentages that add up to exactly 100", () => {
    const sums = new Set<number>();
    for (const low of [1_000, 20_000, 50_000, 200_000, 1_000_000]) {
      for (const factor of [2, 2.5, 5]) {
        for (const playerHours of [null, 50_000, 2_000_000, 90_000_000]) {
          for (const reviews of [15, 300, 4_000]) {
            const e = estimate({
              ...base,
              positiveReviews: reviews,
              negativeReviews: Math.round(reviews / 9),
              playerHours,
              ownersBand: { low, high: low * factor, source: "SteamSpy", asOf: null },
            });
            const percents = e.methods.map((m) => m.weight * 100);
            for (const p of percents) expect(Math.abs(p - Math.round(p))).toBeLessThan(1e-9);
            sums.add(percents.reduce((a, p) => a + Math.round(p), 0));
          }
        }
      }
    }
    expect([...sums]).toEqual([100]);
  });

  test("player-hours: more hours, more owners; absent without a series", () => {
    expect(playerMethod(base)).toBeNull();
    const a = playerMethod({ ...base, playerHours: 1_000_000 })!;
    const b = playerMethod({ ...base, playerHours: 10_000_000 })!;
    expect(b.logMean - a.logMean).toBeCloseTo(Math.log(10), 6);
    expect(playerMethod({ ...base, releaseYear: null, playerHours: 1_000_000 })).not.toBeNull();
  });

  test("methods that disagree widen the blended range", () => {
    const agreeing = estimate({ ...base, playerHours: 1 });
    const hours = (owners: number) => {
      // Player-hours that put the player method at `owners`.
      const m = playerMethod({ ...base, playerHours: 1 })!;
      return Math.exp(Math.log(owners) - m.logMean);
    };
    const review = Math.exp(reviewMethod(base)!.logMean);
    const close = estimate({ ...base, playerHours: hours(review) });
    const far = estimate({ ...base, playerHours: hours(review * 50) });
    expect(far.owners.high / far.owners.low).toBeGreaterThan(close.owners.high / close.owners.low);
    expect(far.notes.join(" ")).toMatch(/disagree/);
    expect(agreeing.methods).toHaveLength(2);
  });
});

test("without explanations: the same figures, methods and weights, each method's text left empty", () => {
  const input: EstimateInput = {
    ...base,
    playerHours: 2_000_000,
    playerSeriesFrom: "2018-01-01",
    playerSeriesTo: "2018-12-01",
    ownersBand: { low: 50_000, high: 100_000, source: "SteamSpy", asOf: "2019-05-01T00:00:00.000Z" },
  };
  const explained = estimate(input);
  const bare = estimate(input, { explain: false });
  expect(explained.methods.map((m) => m.detail).every((d) => d.length > 0)).toBe(true);
  expect(bare.methods.map((m) => m.detail)).toEqual(["", "", ""]);
  const strip = (e: typeof bare) => ({ ...e, methods: e.methods.map((m) => ({ ...m, detail: "" })) });
  expect(strip(bare)).toEqual(strip(explained));
});

test("whole percentages: largest remainders take the points left over", () => {
  expect(wholePercentages([0.105, 0.895])).toEqual([11, 89]);
  expect(wholePercentages([1 / 3, 1 / 3, 1 / 3])).toEqual([34, 33, 33]);
  expect(wholePercentages([0.004, 0.996])).toEqual([0, 100]);
  expect(wholePercentages([1])).toEqual([100]);
  expect(wholePercentages([])).toEqual([]);
});

test("owners are at least the most players counted at once, and the note says so", () => {
  // Nothing else known: the catalog spread alone would put P90 below the players seen at once.
  const input = {
    positiveReviews: null,
    negativeReviews: null,
    priceUsd: 10,
    releaseYear: 2022,
    genres: [],
    tags: [],
    peakPlayers: 262_333,
  };
  const e = estimate(input);
  expect(e.owners.low).toBeGreaterThanOrEqual(262_333);
  expect(e.owners.mid).toBeGreaterThanOrEqual(e.owners.low);
  expect(e.owners.high).toBeGreaterThanOrEqual(e.owners.mid);
  expect(e.notes.join(" ")).toContain("At least 262,333 owners");
  // The methods row is cut as the answer is, not each quantile clamped to the floor: no
  // "262K, 262K–262K" point under a range that gives no single figure.
  expect(e.methods.map((m) => m.name)).toEqual(["catalog-spread"]);
  expect(e.methods[0]!.owners).toEqual(e.owners);
  expect(e.methods[0]!.owners!.high).toBeGreaterThan(e.methods[0]!.owners!.low);
  // A peak under what the methods say already changes nothing.
  const big = { ...input, positiveReviews: 200_000, negativeReviews: 10_000, peakPlayers: 50 };
  const without = estimate({ ...big, peakPlayers: null });
  expect(estimate(big).owners).toEqual(without.owners);
  expect(estimate(big).notes.join(" ")).not.toContain("At least");
});

describe("the review model outside the range it was fitted on", () => {
  const fitted = COEFFICIENTS.reviewModel.withYear.fittedRange;
  // CS:GO in SteamSpy's 2023 list: 7.4M reviews, free to play.
  const csgo: EstimateInput = {
    positiveReviews: 6_500_000,
    negativeReviews: 900_000,
    priceUsd: 0,
    releaseYear: 2012,
    genres: ["Action", "Free to Play"],
    tags: [],
  };

  test("the calibration records its range: the most reviews and the highest band's top", () => {
    expect(fitted.maxReviews).toBeGreaterThan(1_000_000);
    expect(fitted.maxReviews).toBeLessThan(7_400_000);
    expect(fitted.maxOwners).toBe(200_000_000);
  });

  test("beside another method: no figure, weight 0, the detail says why, the blend is the others'", () => {
    const band = { low: 50_000_000, high: 100_000_000, source: "SteamSpy", asOf: null };
    const e = estimate({ ...csgo, ownersBand: band });
    const review = e.methods.find((m) => m.name === "review-model")!;
    expect(review.owners).toBeNull();
    expect(review.weight).toBe(0);
    expect(review.detail).toMatch(
      /^Outside the fitted range: 7,400,000 reviews, more than any .*No figure and no weight/,
    );
    expect(e.methods.find((m) => m.name === "owners-band")!.weight).toBe(1);
    expect(e.owners.mid).toBeGreaterThan(band.low);
    expect(e.owners.mid).toBeLessThan(band.high);
  });

  test("alone: capped at the highest band it was fitted on, never 949M owners", () => {
    const e = estimate(csgo);
    expect(e.methods.map((m) => [m.name, m.weight])).toEqual([["review-model", 1]]);
    expect(e.owners.mid).toBe(fitted.maxOwners);
    expect(e.methods[0]!.detail).toMatch(/capped at 200,000,000 owners/);
  });

  test("a figure above the highest band is outside too, even within the fitted review counts", () => {
    const e = estimate({ ...csgo, positiveReviews: 2_600_000, negativeReviews: 400_000 });
    expect(e.owners.mid).toBeLessThanOrEqual(fitted.maxOwners);
    expect(e.methods[0]!.detail).toMatch(/is more owners than the highest band it was fitted on/);
  });

  test("alone and without a release year: capped at the top of the model that ran, the one without a year", () => {
    // Two ranges that differ (the calibrated ones are the same): each model is capped by its own.
    const c = {
      ...COEFFICIENTS,
      reviewModel: {
        withYear: {
          ...COEFFICIENTS.reviewModel.withYear,
          fittedRange: { ...fitted, maxOwners: 150_000_000 },
        },
        withoutYear: {
          ...COEFFICIENTS.reviewModel.withoutYear,
          fittedRange: { ...fitted, maxOwners: 100_000_000 },
        },
      },
    };
    const undated = estimate({ ...csgo, releaseYear: null }, { coefficients: c });
    expect(undated.owners.mid).toBe(100_000_000);
    expect(undated.methods[0]!.detail).toMatch(/capped at 100,000,000 owners/);
    const dated = estimate(csgo, { coefficients: c });
    expect(dated.owners.mid).toBe(150_000_000);
    expect(dated.methods[0]!.detail).toMatch(/capped at 150,000,000 owners/);
  });

  test("inside the range nothing changes: Portal 2-sized games keep their fitted multiplier", () => {
    const e = estimate({
      ...csgo,
      positiveReviews: 120_000,
      negativeReviews: 20_000,
      priceUsd: 9.99,
      genres: ["Action"],
    });
    expect(e.methods[0]!.detail).toMatch(/^140,000 reviews × [\d.]+ \(fitted multiplier/);
    expect(e.methods[0]!.weight).toBe(1);
  });
});

describe("a range below its owners band", () => {
  // Review r22/a, item 5: ELDEN RING's P10 (17.3M) fell under SteamSpy's 20M .. 50M band unexplained.
  test("a P10 under the band's low end says which method of the blend pulls it there", () => {
    const band = { low: 20_000_000, high: 50_000_000, source: "SteamSpy", asOf: null };
    const e = estimate({
      ...base,
      positiveReviews: 540_000,
      negativeReviews: 60_000,
      priceUsd: 59.99,
      ownersBand: band,
    });
    expect(e.owners.low).toBeLessThan(band.low);
    const review = e.methods.find((m) => m.name === "review-model")!;
    expect(review.owners!.mid).toBeLessThan(band.low);
    expect(e.notes).toContain(
      `P10 ${e.owners.low.toLocaleString("en-US")} is below the owners band's low end of 20,000,000: the other method in the blend (review model P50 ${review.owners!.mid.toLocaleString("en-US")}, ${Math.round(review.weight * 100)} %) puts owners lower than the band, and the range spans both.`,
    );
  });

  test("a range within its band has no such note", () => {
    const e = estimate({
      ...base,
      ownersBand: { low: 50_000, high: 100_000, source: "SteamSpy", asOf: null },
    });
    expect(e.owners.low).toBeGreaterThanOrEqual(50_000);
    expect(e.notes.join(" ")).not.toMatch(/below the owners band/);
  });
});
