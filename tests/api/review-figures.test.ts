import { beforeAll, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * A game's rating and rating count follow its newest review counts: a newer snapshot's reviews do
 * not sit beside the older snapshot's share and total on search, lists and the game page.
 */

let user: TestUser;
let id: string;

beforeAll(async () => {
  user = await createTestUser();
  // The 2019 store snapshot: 900 positive, 100 negative (90 %).
  const { ids } = await upsertGames(
    [
      {
        name: "Reviewed Twice Arena",
        steamAppId: 9_100_001,
        positiveReviews: 900,
        negativeReviews: 100,
        rating: 90,
        ratingCount: 1_000,
      },
    ],
    "store-test",
  );
  id = ids[0]!;
  const at = (y: number) => new Date(Date.UTC(y, 0, 1));
  const reviews = (y: number, positive: number, negative: number, source: string) => [
    {
      gameId: id,
      metric: "reviews_positive" as const,
      ts: at(y),
      value: positive,
      period: "instant" as const,
      source,
    },
    {
      gameId: id,
      metric: "reviews_negative" as const,
      ts: at(y),
      value: negative,
      period: "instant" as const,
      source,
    },
  ];
  await recordMetrics(reviews(2019, 900, 100, "store-test"));
  // A later snapshot of the same game: 3,000 positive, 1,000 negative (75 %).
  await upsertGames(
    [
      {
        name: "Reviewed Twice Arena",
        steamAppId: 9_100_001,
        positiveReviews: 3_000,
        negativeReviews: 1_000,
        rating: 75,
        ratingCount: 4_000,
      },
    ],
    "later-test",
  );
  await recordMetrics(reviews(2023, 3_000, 1_000, "later-test"));
});

test("search and the game page give the newest counts and their share", async () => {
  const page = await (await request(`/api/games/${id}`, { cookie: user.cookie })).json();
  const found = (await (
    await request("/api/games/search?q=reviewed%20twice", { cookie: user.cookie })
  ).json()) as Array<{
    id: string;
    rating: number;
    ratingCount: number;
  }>;
  const hit = found.find((g) => g.id === id);
  expect(hit).toMatchObject({ ratingCount: 4_000, rating: 3.8 });
  expect(page.game ?? page).toMatchObject({ ratingCount: 4_000, rating: 3.8 });
});
