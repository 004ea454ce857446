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
