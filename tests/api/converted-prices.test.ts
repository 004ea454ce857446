import { beforeAll, expect, test } from "vitest";
import type { WithPriceConversion } from "../../src/contracts/price-conversion.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, csvRows, request, type TestUser } from "../helpers/api.ts";

// Outside review r18a, item 1: the Steam Store Games dataset gives GBP prices, stored in USD at 1.27
// USD/GBP; the screens showed "$5.07" with only the source line. Every answer that gives such a price
// now says it is a conversion, from what and at which rate.
let premium: TestUser;

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  await upsertGames(
    [{ name: "Sterling Quest", steamAppId: 992_001, price: 5.07, developer: "Pound Works" }],
    "steam-store-csv",
  );
  await upsertGames(
    [
      { name: "Dollar Quest", steamAppId: 992_002, price: 9.99, developer: "Pound Works" },
      { name: "Free Quest", steamAppId: 992_003, price: 0, developer: "Pound Works" },
    ],
    "steamspy-csv",
  );
});

const conversion = {
  original: 3.99,
  currency: "GBP",
  rate: 1.27,
  rateAsOf: "May 2019",
  source: "Steam Store Games (Kaggle, CC BY 4.0)",
};

test("a game whose price is a GBP conversion says so, with the source's own price and the rate", async () => {
  const game = await (await request("/api/games/steam-992001", { cookie: premium.cookie })).json();
  expect(game.price).toBe(5.07);
  expect(game.priceConversion).toEqual(conversion);
  const dollars = await (await request("/api/games/steam-992002", { cookie: premium.cookie })).json();
  expect(dollars.price).toBe(9.99);
  expect(dollars.priceConversion ?? null).toBeNull();
});

test("the screener's rows and its CSV say which prices are conversions", async () => {
  const page = (await (
    await request("/api/market/screener?q=Quest&sort=name&order=asc", { cookie: premium.cookie })
  ).json()) as { rows: Array<WithPriceConversion & { name: string }> };
  const byName = new Map(page.rows.map((r) => [r.name, r]));
  expect(byName.get("Sterling Quest")?.priceConversion).toEqual(conversion);
  expect(byName.get("Dollar Quest")?.priceConversion).toBeNull();
  expect(byName.get("Free Quest")?.priceConversion).toBeNull();

  const rows = await csvRows(
    "/api/market/screener?format=csv&q=Quest&sort=name&order=asc&columns=name,price",
    {
      cookie: premium.cookie,
    },
  );
  expect(rows[0]!.slice(-3)).toEqual([
    "priceConvertedFrom (source currency)",
    "priceConvertedFromCurrency",
    "priceConversionRate (USD per unit)",
  ]);
  const cells = new Map(rows.slice(1).map((r) => [r[2], r.slice(3)]));
  expect(cells.get("Sterling Quest")).toEqual(["5.07", "", "", "3.99", "GBP", "1.27"]);
  expect(cells.get("Dollar Quest")).toEqual(["9.99", "", "", "", "", ""]);
});

test("a company page's games say which prices are conversions", async () => {
  const page = (await (await request("/api/companies/pound-works", { cookie: premium.cookie })).json()) as {
    games: Array<WithPriceConversion & { name: string }>;
  };
  const byName = new Map(page.games.map((g) => [g.name, g]));
  expect(byName.get("Sterling Quest")?.priceConversion).toEqual(conversion);
  expect(byName.get("Dollar Quest")?.priceConversion).toBeNull();
});

// Review 19, item 14: the game page's price chart said "converted" when the series' method text
// contained the word; the series now names each converted source's currency and rate.
test("a price series with a converted source's points names its conversion; a USD series none", async () => {
  const ts = new Date(Date.UTC(2019, 4, 1));
  const point = { metric: "price", ts, period: "instant" } as const;
  const idOf = async (id: string) =>
    ((await (await request(`/api/games/${id}`, { cookie: premium.cookie })).json()) as { id: string }).id;
  await recordMetrics([
    { ...point, gameId: await idOf("steam-992001"), value: 5.07, source: "steam-store-csv" },
    { ...point, gameId: await idOf("steam-992002"), value: 9.99, source: "steamspy-csv" },
  ]);
  const series = async (id: string) =>
    (await (await request(`/api/games/${id}/series?metric=price`, { cookie: premium.cookie })).json()) as {
      points: unknown[];
      conversions?: unknown[];
    };
  const converted = await series("steam-992001");
  expect(converted.points.length).toBeGreaterThan(0);
  const { original: _, ...rate } = conversion;
  expect(converted.conversions).toEqual([rate]);
  const dollars = await series("steam-992002");
  expect(dollars.points.length).toBeGreaterThan(0);
  expect(dollars.conversions).toBeUndefined();
});

// The estimates' price input says it is a conversion by a field, not by its method's words (a US
// price's method said nothing of the kind and read as one).
test("an estimate's price input names its conversion; a USD price none", async () => {
  const inputPrice = async (id: string) =>
    (
      (await (await request(`/api/games/${id}/estimates`, { cookie: premium.cookie })).json()) as {
        inputSources?: { price: { conversion?: { currency: string; rate: number } } | null };
      }
    ).inputSources?.price;
  expect((await inputPrice("steam-992001"))?.conversion).toMatchObject({ currency: "GBP", rate: 1.27 });
  expect((await inputPrice("steam-992002"))?.conversion).toBeUndefined();
});
