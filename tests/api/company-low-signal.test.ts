import { beforeAll, expect, test } from "vitest";
import type { CompanyPage } from "../../src/contracts/market.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

// Report r12-a #2: a company page gave a low-signal game's P50 as a plain figure and summed it without
// a word. Its games carry the flag and their P10–P90 ranges, as the screener's rows do, and its totals
// say how many low-signal games they include.
let premium: TestUser;

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  await upsertGames(
    [
      // On Steam with 4 reviews: the owners model covers it, with too little signal for a figure.
      {
        name: "Quiet Cove",
        steamAppId: 991_301,
        developer: "Cove Works",
        price: 9.99,
        positiveReviews: 3,
        negativeReviews: 1,
      },
      {
        name: "Loud Cove",
        steamAppId: 991_302,
        developer: "Cove Works",
        price: 9.99,
        positiveReviews: 40_000,
        negativeReviews: 2_000,
      },
    ],
    "test",
  );
  await recomputeEstimates();
});

test("a company's low-signal game carries the flag and its ranges; the totals count it", async () => {
  const res = await request("/api/companies/cove-works", { cookie: premium.cookie });
  expect(res.status).toBe(200);
  const company = (await res.json()) as CompanyPage;
  const quiet = company.games.find((g) => g.name === "Quiet Cove")!;
  const loud = company.games.find((g) => g.name === "Loud Cove")!;
  const estimate = (await (
    await request(`/api/games/${encodeURIComponent(quiet.id)}/estimates`, { cookie: premium.cookie })
  ).json()) as {
    lowSignal: boolean;
    owners: { low: number; high: number };
    revenue: { gross: { low: number; high: number } | null };
  };
  expect(estimate.lowSignal).toBe(true);
  expect(quiet).toMatchObject({
    estimateLowSignal: true,
    ownersEstimateRange: { low: estimate.owners.low, high: estimate.owners.high },
    revenueEstimateRange: { low: estimate.revenue.gross!.low, high: estimate.revenue.gross!.high },
  });
  expect(loud.estimateLowSignal).toBe(false);
  expect(loud.ownersEstimateRange!.high).toBeGreaterThanOrEqual(loud.ownersEstimate!);
  // Both P50s are summed, and the totals say one of them is low-signal.
  expect(company.totals.estimates).toMatchObject({
    games: 2,
    lowSignalGames: 1,
    owners: { mid: quiet.ownersEstimate! + loud.ownersEstimate! },
  });
  expect(company.totals.estimates!.provenance.method).toMatch(/low-signal game's P50 too/);
  // The screener's market size of the same games says the same.
  const summary = await (await request("/api/market/summary?q=cove", { cookie: premium.cookie })).json();
  expect(summary.estimates).toEqual(company.totals.estimates);
});
