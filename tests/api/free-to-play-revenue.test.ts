import { beforeAll, expect, test } from "vitest";
import type { CompanyPage, MarketSummary, ScreenerPage } from "../../src/contracts/market.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

// Report r13-b #1: a free-to-play game sells no copies and its in-game revenue is not estimated; it
// was given gross and net revenue of $0, which the screener showed as "$0" and the totals summed, so
// a free-to-play market's revenue read $0 and a company's total counted its free games as $0.
let premium: TestUser;

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const common = {
    developer: "Lantern Forge",
    genres: ["Action"],
    positiveReviews: 40_000,
    negativeReviews: 2_000,
  };
  await upsertGames(
    [
      { ...common, name: "Lantern Arena", steamAppId: 991_001, price: 0, tags: ["Free to Play"] },
      { ...common, name: "Lantern Tales", steamAppId: 991_002, price: 14.99, tags: ["Indie"] },
    ],
    "test",
  );
  await recomputeEstimates();
});

test("a free-to-play game's estimate: no copies sold, revenue not estimated (null, not $0)", async () => {
  const body = await (await request("/api/games/steam-991001/estimates", { cookie: premium.cookie })).json();
  expect(body.unitsSold).toEqual({ low: 0, mid: 0, high: 0 });
  expect(body.revenue).toEqual({ gross: null, net: null, currency: "USD" });
  expect(body.owners.mid).toBeGreaterThan(0);
});

test("the screener gives it no revenue and says it is free to play; revenue filters and sums leave it out", async () => {
  const page = (await (
    await request("/api/market/screener?q=Lantern&sort=name&order=asc", { cookie: premium.cookie })
  ).json()) as ScreenerPage;
  expect(page.rows.map((r) => [r.name, r.revenueEstimate == null, r.estimateFreeToPlay])).toEqual([
    ["Lantern Arena", true, true],
    ["Lantern Tales", false, false],
  ]);
  const cheap = (await (
    await request("/api/market/screener?q=Lantern&revenueMax=0", { cookie: premium.cookie })
  ).json()) as ScreenerPage;
  expect(cheap.rows).toEqual([]);

  const summary = (await (
    await request("/api/market/summary?q=Lantern", { cookie: premium.cookie })
  ).json()) as MarketSummary;
  const tales = page.rows[1]!;
  expect(summary.estimates).toMatchObject({
    games: 2,
    gamesWithoutRevenue: 0,
    freeToPlayGames: 1,
    grossRevenue: { mid: tales.revenueEstimate },
  });
  expect(summary.estimates!.provenance.method).toMatch(/free-to-play games sell no copies/);

  const company = (await (
    await request("/api/companies/lantern-forge", { cookie: premium.cookie })
  ).json()) as CompanyPage;
  expect(company.totals.estimates).toEqual(summary.estimates);
  expect(company.games.find((g) => g.name === "Lantern Arena")).toMatchObject({
    revenueEstimate: null,
    estimateFreeToPlay: true,
  });

  const totals = await (
    await request("/api/estimates/totals?by=developer&name=Lantern%20Forge", { cookie: premium.cookie })
  ).json();
  expect(totals.totals[0]).toMatchObject({ games: 2, gamesWithoutRevenue: 0, freeToPlayGames: 1 });
  expect(totals.totals[0].grossRevenue.mid).toBe(tales.revenueEstimate);
});

test("the screener CSV says which rows are free to play, where the revenue cell is empty", async () => {
  const res = await request(
    "/api/market/screener?format=csv&q=Lantern&sort=name&order=asc&columns=name,revenueEstimate",
    { cookie: premium.cookie },
  );
  const text = await res.text();
  const rows = text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));
  const at = rows[0]!.indexOf("estimateFreeToPlay (true/false)");
  expect(at).toBeGreaterThan(0);
  expect(rows.slice(1).map((r) => [r[2], r[3] === "", r[at]])).toEqual([
    ["Lantern Arena", true, "true"],
    ["Lantern Tales", false, "false"],
  ]);
});
