import { beforeAll, expect, test } from "vitest";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Issue 9 §3: a figure the product derived from what its source published (an owners range's
 * midpoint, a price converted from GBP) carries its `method`, on the game page's latest figures and
 * on the series; a figure as published carries none.
 */

let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  await importSteamStoreCsv("tests/fixtures/datasets/steam-store-games/steam.csv");
});

test("the store snapshot's owners and price say how they were derived", async () => {
  const game = await (await request("/api/games/steam-10", { cookie: user.cookie })).json();
  expect(game.latest.owners.method).toContain("midpoint");
  expect(game.latest.price.method).toContain("GBP");
  // Review counts are the dataset's own numbers.
  expect(game.latest.reviews_positive.method).toBeUndefined();
  const series = await (
    await request("/api/games/steam-10/series?metric=price", { cookie: user.cookie })
  ).json();
  expect(series.method).toContain("1.27 USD/GBP");
  const reviews = await (
    await request("/api/games/steam-10/series?metric=reviews_positive", { cookie: user.cookie })
  ).json();
  expect(reviews.method).toBeUndefined();
});

/**
 * Review r22/a, item 4: the series names each source's method on its own (so an export can put it
 * on that source's rows), and an owners point that is the midpoint of the band its source published
 * at that time carries the band.
 */
test("a series gives each source's method, and an owners midpoint its band", async () => {
  const price = await (
    await request("/api/games/steam-10/series?metric=price", { cookie: user.cookie })
  ).json();
  expect(price.methods).toEqual([
    { source: "Steam Store Games (Kaggle, CC BY 4.0)", method: expect.stringContaining("1.27 USD/GBP") },
  ]);
  const game = await (await request("/api/games/steam-10", { cookie: user.cookie })).json();
  const owners = await (
    await request("/api/games/steam-10/series?metric=owners", { cookie: user.cookie })
  ).json();
  expect(owners.methods[0].method).toContain("midpoint");
  const last = owners.points.at(-1);
  expect(last.band).toEqual({ low: game.ownersBand.low, high: game.ownersBand.high });
  expect(last.value).toBe((game.ownersBand.low + game.ownersBand.high) / 2);
});
