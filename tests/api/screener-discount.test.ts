import { beforeAll, expect, test } from "vitest";
import type { ScreenerPage } from "../../src/contracts/market.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, csvRows, request, type TestUser } from "../helpers/api.ts";

// Outside tester: the screener showed Rainbow Six Siege's sale price "$7.99" as its price with no note,
// while its game page says "$7.99 (60% off $19.99)" and the screener's revenue estimate uses $19.99.
let premium: TestUser;

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  await upsertGames(
    [
      { name: "Sale Siege", steamAppId: 991_001, price: 7.99, listPrice: 19.99 },
      { name: "Full Price Siege", steamAppId: 991_002, price: 9.99, listPrice: 9.99 },
    ],
    "test",
  );
});

test("a game on sale carries its list price and discount, as its game page does; one at full price none", async () => {
  const page = (await (
    await request("/api/market/screener?q=Siege&sort=name&order=asc", { cookie: premium.cookie })
  ).json()) as ScreenerPage;
  const [full, sale] = page.rows;
  expect(sale).toMatchObject({
    name: "Sale Siege",
    price: 7.99,
    discount: { listPrice: 19.99, percent: 60 },
  });
  expect(full).toMatchObject({ name: "Full Price Siege", price: 9.99, discount: null });
  const game = await (
    await request(`/api/games/${encodeURIComponent(sale!.id)}`, { cookie: premium.cookie })
  ).json();
  expect(sale!.discount).toEqual(game.discount);
});

test("the CSV gives the list price and discount in new columns at the end, with the price column", async () => {
  const rows = await csvRows(
    "/api/market/screener?format=csv&q=Siege&sort=name&order=asc&columns=name,price",
    {
      cookie: premium.cookie,
    },
  );
  // Then the columns of a converted price (converted-prices.test.ts), empty for these USD prices.
  expect(rows[0]!.slice(0, 6)).toEqual([
    "id",
    "steamAppId",
    "name",
    "price (USD)",
    "listPrice (USD)",
    "discount (%)",
  ]);
  expect(rows.slice(1).map((r) => r.slice(2, 6))).toEqual([
    ["Full Price Siege", "9.99", "", ""],
    ["Sale Siege", "7.99", "19.99", "60"],
  ]);
  const without = await csvRows("/api/market/screener?format=csv&q=Siege&columns=name", {
    cookie: premium.cookie,
  });
  expect(without[0]).toEqual(["id", "steamAppId", "name"]);
});
