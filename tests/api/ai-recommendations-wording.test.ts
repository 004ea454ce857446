import { beforeAll, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Recommendations say the user's genres as the user chose them in Settings (the defaults: FPS and
 * RPG), not the catalog genres each choice is matched against; claim no "leading genre" from games
 * the user does not follow; and name in each card's reasoning a genre the card shows.
 */
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser({ role: "premium" });
  await upsertGames(
    [
      // RPG is its fourth genre: a card shows three.
      {
        name: "Long Road",
        genres: ["Action", "Adventure", "Indie", "RPG"],
        positiveReviews: 900,
        negativeReviews: 100,
      },
      { name: "Iron Sights", genres: ["Shooter"], positiveReviews: 500, negativeReviews: 500 },
    ],
    "test",
  );
});

test("with the default favourites and no tracked games, the text says FPS and RPG, and no leading genre", async () => {
  const res = await request("/api/ai/recommendations", { method: "POST", cookie: user.cookie });
  expect(res.status).toBe(200);
  const { recommendations, metadata } = await res.json();
  expect(metadata.userGames).toBe(0);
  expect(recommendations.reasoning).toBe(
    "Ranked by how much each game's genres overlap yours (FPS, RPG) and by how well it is received.",
  );
  expect(recommendations.insights).toEqual([
    "You follow no games yet: these follow your favourite genres alone.",
    "Favourite genres from Settings: FPS, RPG.",
  ]);
  expect(JSON.stringify(recommendations.insights)).not.toMatch(/leading genre|Role-playing|shooter/i);
  expect(metadata.confidenceBasis).toMatch(/^0 tracked games and 2 favourite genres/);

  const card = recommendations.recommendations.find((r: { gameName: string }) => r.gameName === "Long Road");
  expect(card.genres).toHaveLength(3);
  expect(card.genres).toContain("RPG");
  expect(card.reasoning).toMatch(/^Shares RPG with what you follow;/);
  for (const r of recommendations.recommendations as Array<{ genres: string[]; reasoning: string }>) {
    const named = /^Shares (.+) with what you follow;/.exec(r.reasoning)![1]!.split(", ");
    for (const genre of named) expect(r.genres).toContain(genre);
  }
});

test("tracking only games without a genre, with a favourite genre, says so instead of a leading genre", async () => {
  const follower = await createTestUser({ role: "premium" });
  const { ids } = await upsertGames(
    [{ name: "Nameless Genre", genres: [], positiveReviews: 10, negativeReviews: 10 }],
    "test",
  );
  const tracked = await request("/api/user/games", {
    method: "POST",
    cookie: follower.cookie,
    json: { gameId: ids[0] },
  });
  expect(tracked.status).toBeLessThan(300);
  const settings = await request("/api/user/settings", {
    method: "PATCH",
    cookie: follower.cookie,
    json: { gaming: { favoriteGenres: ["fps"] } },
  });
  expect(settings.status).toBe(200);

  const res = await request("/api/ai/recommendations", { method: "POST", cookie: follower.cookie });
  expect(res.status).toBe(200);
  const { recommendations, metadata } = await res.json();
  expect(metadata.userGames).toBe(1);
  expect(recommendations.insights).toEqual([
    "You follow 1 game, none with a genre in the catalog: these follow your favourite genres alone.",
    "Favourite genres from Settings: FPS.",
  ]);
  expect(JSON.stringify(recommendations.insights)).not.toMatch(/leading genre/);
});
