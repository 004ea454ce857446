import { beforeAll, expect, test } from "vitest";
import { FREE_CATALOG_GAMES_LISTED } from "../../src/contracts/sources.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { FREE_CATALOG_GAMES_SQL } from "../../src/server/sync/stored.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * The Dashboard's Free games tile showed the free games list's length ("20+", a cap) as if it were a
 * count, with no source. `/api/platforms/free-games/count` counts every free-to-play game of the
 * catalog, as the list picks them, with the source and time of their price of 0.
 */

const MAY_2019 = Date.UTC(2019, 4, 1);
let cookie: string;

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  const freeToPlay = Array.from({ length: FREE_CATALOG_GAMES_LISTED + 5 }, (_, i) => ({
    name: `Free game ${i + 1}`,
    steamAppId: 5000 + i,
    genres: i % 2 ? ["Free to Play", "Action"] : ["Action"],
    tags: i % 2 ? [] : ["Free to Play"],
    price: 0,
  }));
  // A price of 0 without Free to Play is a paid game no longer sold, not a free one.
  const delisted = { name: "Delisted", steamAppId: 6000, genres: ["Racing"], price: 0 };
  const { ids } = await upsertGames([...freeToPlay, delisted], "steam-store-csv");
  await recordMetrics(
    ids.map((gameId) => ({
      gameId,
      metric: "price" as const,
      ts: new Date(MAY_2019),
      value: 0,
      period: "instant" as const,
      source: "steam-store-csv",
    })),
  );
});

test("every free-to-play game is counted, past the list's cap, with its price's source and date", async () => {
  const listed = await (await request("/api/platforms/free-games", { cookie })).json();
  expect(listed).toHaveLength(FREE_CATALOG_GAMES_LISTED);
  const count = await (await request("/api/platforms/free-games/count", { cookie })).json();
  expect(count).toEqual({
    catalog: FREE_CATALOG_GAMES_LISTED + 5,
    promotions: 0,
    provenance: [
      {
        source: "Steam Store Games (Kaggle, CC BY 4.0)",
        asOf: new Date(MAY_2019).toISOString(),
        method: "games with a price of 0 and Free to Play among their genres or tags",
      },
    ],
  });
});

test("signed-out requests are refused", async () => {
  expect((await request("/api/platforms/free-games/count")).status).toBe(401);
});

test("the count reads the free games' index, not every game's row and lists", async () => {
  // At 330,000 games a scan of every row's genres and tags ran after each catalog change (review 19, item 6).
  const plan = await rawClient().execute(`EXPLAIN QUERY PLAN ${FREE_CATALOG_GAMES_SQL}`);
  const steps = plan.rows.map((r) => String(r.detail));
  expect(steps).toContain("SCAN games USING INDEX games_free_idx");
  expect(steps).not.toContain("SCAN games");
});
