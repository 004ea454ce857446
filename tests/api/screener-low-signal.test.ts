import { beforeAll, expect, test } from "vitest";
import type { ScreenerPage } from "../../src/contracts/market.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, csvRows, request, type TestUser } from "../helpers/api.ts";

// Report r11-b #4: a low-signal estimate (issue 11: "never a false point") is marked in the screener's
// rows and CSV, with its P10–P90 range, not given as a plain P50.
let premium: TestUser;

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  await upsertGames(
    [
      // On Steam with 4 reviews: the owners model covers it, with too little signal for a figure.
      { name: "Quiet Harbour", steamAppId: 990_001, price: 9.99, positiveReviews: 3, negativeReviews: 1 },
      {
        name: "Loud Harbour",
        steamAppId: 990_002,
        price: 9.99,
        positiveReviews: 40_000,
        negativeReviews: 2_000,
      },
    ],
    "test",
  );
  await recomputeEstimates();
});

test("a low-signal estimate's row says so and carries its P10–P90 range; another's does not", async () => {
  const res = await request("/api/market/screener?q=Harbour&sort=name&order=asc", { cookie: premium.cookie });
  expect(res.status).toBe(200);
  const page = (await res.json()) as ScreenerPage;
  const [loud, quiet] = page.rows;
  expect(quiet).toMatchObject({ name: "Quiet Harbour", estimateLowSignal: true });
  expect(quiet!.ownersEstimateRange!.high).toBeGreaterThan(quiet!.ownersEstimateRange!.low);
  expect(quiet!.ownersEstimateRange!.low).toBeLessThanOrEqual(quiet!.ownersEstimate!);
  expect(quiet!.revenueEstimateRange!.high).toBeGreaterThan(quiet!.revenueEstimateRange!.low);
  expect(loud).toMatchObject({ name: "Loud Harbour", estimateLowSignal: false });
  expect(loud!.ownersEstimateRange!.high).toBeGreaterThanOrEqual(loud!.ownersEstimate!);
  // The stored estimate's own figures.
  const estimate = (await (
    await request(`/api/games/${encodeURIComponent(quiet!.id)}/estimates`, { cookie: premium.cookie })
  ).json()) as { lowSignal: boolean; owners: { low: number; mid: number; high: number } };
  expect(estimate.lowSignal).toBe(true);
  expect(quiet!.ownersEstimateRange).toEqual({ low: estimate.owners.low, high: estimate.owners.high });
});

test("the CSV with an estimate column says which rows are low-signal; without one it has no such column", async () => {
  const rows = await csvRows(
    "/api/market/screener?format=csv&q=Harbour&sort=name&order=asc&columns=name,ownersEstimate",
    { cookie: premium.cookie },
  );
  expect(rows[0]).toEqual([
    "id",
    "steamAppId",
    "name",
    "ownersEstimate (count)",
    "estimateLowSignal (true/false)",
    "ownersEstimateP10 (count)",
    "ownersEstimateP90 (count)",
  ]);
  expect(rows.slice(1).map((r) => [r[2], r[4]])).toEqual([
    ["Loud Harbour", "false"],
    ["Quiet Harbour", "true"],
  ]);
  // A low-signal row's figure is its range: the CSV gives it as the table shows it (review 12, item 5).
  const json = (await (
    await request("/api/market/screener?q=Harbour&sort=name&order=asc", { cookie: premium.cookie })
  ).json()) as { rows: Array<{ ownersEstimateRange: { low: number; high: number } | null }> };
  expect(rows.slice(1).map((r) => [Number(r[5]), Number(r[6])])).toEqual(
    json.rows.map((r) => [r.ownersEstimateRange!.low, r.ownersEstimateRange!.high]),
  );
  const plain = await csvRows("/api/market/screener?format=csv&q=Harbour&columns=name,price", {
    cookie: premium.cookie,
  });
  expect(plain[0]).toEqual([
    "id",
    "steamAppId",
    "name",
    "price (USD)",
    // The price column's sale columns (list price, discount), not an estimate's.
    "listPrice (USD)",
    "discount (%)",
    // And a converted price's (the source's price, currency and rate).
    "priceConvertedFrom (source currency)",
    "priceConvertedFromCurrency",
    "priceConversionRate (USD per unit)",
  ]);
});

test("the mark follows a re-estimate: a game that gains reviews loses it", async () => {
  await upsertGames(
    [
      {
        name: "Quiet Harbour",
        steamAppId: 990_001,
        price: 9.99,
        positiveReviews: 30_000,
        negativeReviews: 1_000,
      },
    ],
    "test",
  );
  await recomputeEstimates();
  const page = (await (
    await request("/api/market/screener?q=Quiet%20Harbour", { cookie: premium.cookie })
  ).json()) as ScreenerPage;
  expect(page.rows).toHaveLength(1);
  expect(page.rows[0]).toMatchObject({ name: "Quiet Harbour", estimateLowSignal: false });
});
