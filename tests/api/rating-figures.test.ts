import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * One label per quantity (issue 9 §2), and one date per source (§3). A Steam game's rating is the
 * positive share of its user reviews; a console game's a critics' score: the answers name which
 * (`ratingFigure`) so no screen calls both "Rating x/5". A game whose figures come from a 2019 snapshot
 * and a 2023 dataset gives each source its own date (`figureSources`) beside the one `provenance`.
 */

const VGSALES = fileURLToPath(
  new URL("../fixtures/datasets/vgsales/Video_Games_Sales_as_at_22_Dec_2016.csv", import.meta.url),
);
const MAY_2019 = Date.UTC(2019, 4, 1);
const JUNE_2023 = Date.UTC(2023, 5, 1);
let cookie: string;
let steamId: string;
const get = async (path: string) => (await request(path, { cookie })).json();

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  // 888 of 1,000 reviews positive in 2019 (88.8 %); SteamSpy's 2023 owners beside them.
  const { ids } = await upsertGames(
    [
      {
        name: "Counter Strike Global Offensive",
        steamAppId: 730,
        releaseDate: "2012-08-21",
        platforms: ["PC"],
        positiveReviews: 888,
        negativeReviews: 112,
        rating: 88.8,
        ratingCount: 1000,
        price: 0,
      },
    ],
    "steam-store-csv",
  );
  steamId = ids[0]!;
  await recordMetrics([
    ...(["reviews_positive", "reviews_negative"] as const).map((metric, i) => ({
      gameId: steamId,
      metric,
      ts: new Date(MAY_2019),
      value: i === 0 ? 888 : 112,
      period: "instant" as const,
      source: "steam-store-csv",
    })),
    {
      gameId: steamId,
      metric: "price",
      ts: new Date(MAY_2019),
      value: 0,
      period: "instant",
      source: "steam-store-csv",
    },
    {
      gameId: steamId,
      metric: "owners",
      ts: new Date(JUNE_2023),
      value: 75_000_000,
      period: "instant",
      source: "steamspy-csv",
    },
  ]);
  await importVgSalesCsv(VGSALES);
});

const STEAM_RATING = { kind: "user-reviews", positiveShare: 88.8, reviews: 1000 };

describe("a rating names what it measures", () => {
  test("a Steam game's is its user reviews' positive share, in search, the game page and the Games Database", async () => {
    const [found] = (await get("/api/games/search?q=counter%20strike&limit=5")).filter(
      (g: { id: string }) => g.id === steamId,
    );
    // `rating` keeps its shape (out of 5); `ratingFigure` says which quantity it is.
    expect(found).toMatchObject({ rating: 4.4, ratingFigure: STEAM_RATING });
    expect((await get(`/api/games/${steamId}`)).ratingFigure).toEqual(STEAM_RATING);
    const [db] = (await get("/api/igdb/search?q=counter%20strike")).filter(
      (g: { id: string }) => g.id === steamId,
    );
    expect(db.ratingFigure).toEqual(STEAM_RATING);
  });

  // Review 19, item 11: the Games Database read `ratingFigure` and worked one out of
  // `aggregated_rating` when it was missing; every list it reads now gives it, null or named.
  test("every Games Database list gives each game's ratingFigure", async () => {
    for (const path of [
      "trending",
      "popular",
      "recent",
      "search?q=counter%20strike",
      "search?q=god%20of%20war",
    ]) {
      const games = (await get(`/api/igdb/${path}`)) as Array<Record<string, unknown>>;
      for (const g of games) expect(g, `${path}: ${g.name}`).toHaveProperty("ratingFigure");
      if (path.startsWith("search")) expect(games.length, path).toBeGreaterThan(0);
    }
  });

  test("a console game's is a critics' score on its 0–100 scale, with its count of critics", async () => {
    const [gow] = (await get("/api/games/search?q=god%20of%20war&limit=5")).filter(
      (g: { name: string }) => g.name === "God of War",
    );
    expect(gow).toMatchObject({
      rating: 4.7,
      ratingFigure: { kind: "critics", score: 94, outOf5: 4.7, critics: 75 },
    });
  });

  test("the watchlist's game rating is named the same way (the entry's own `rating` stays the user's)", async () => {
    await request("/api/user/games", { method: "POST", cookie, json: { gameId: steamId } });
    const [entry] = await get("/api/user/games");
    expect(entry).toMatchObject({ gameRating: 4.4, ratingFigure: STEAM_RATING });
  });
});

describe("each source of a game's figures has its own date", () => {
  test("search, the game page and the Games Database give the 2019 snapshot and the 2023 dataset apart", async () => {
    const expected = [
      { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: new Date(MAY_2019).toISOString() },
      { source: "Steam via SteamSpy (dataset)", asOf: new Date(JUNE_2023).toISOString() },
    ];
    const [found] = (await get("/api/games/search?q=counter%20strike&limit=5")).filter(
      (g: { id: string }) => g.id === steamId,
    );
    expect(found.figureSources).toEqual(expected);
    // The one provenance keeps its shape: both sources, the newest time.
    expect(found.provenance).toEqual({
      source: expect.stringContaining(", "),
      asOf: new Date(JUNE_2023).toISOString(),
    });
    expect((await get(`/api/games/${steamId}`)).figureSources).toEqual(expected);
    const [db] = (await get("/api/igdb/search?q=counter%20strike")).filter(
      (g: { id: string }) => g.id === steamId,
    );
    expect(db.figureSources).toEqual(expected);
    const [entry] = await get("/api/user/games");
    expect(entry.figureSources).toEqual(expected);
  });
});
