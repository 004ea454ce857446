import { afterAll, beforeAll, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { env, resetEnvForTests } from "../../src/server/env.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Outside testers: one user added 500 games in 7 s and nothing bounded a watchlist. At most
 * WATCHLIST_MAX_GAMES (default 1,000) games a user; one more is a 409 naming gameId and the limit.
 */
let ids: string[];
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  process.env.WATCHLIST_MAX_GAMES = "3";
  resetEnvForTests();
  ({ ids } = await upsertGames(
    ["One", "Two", "Three", "Four"].map((name) => ({ name })),
    "test",
  ));
  alice = await createTestUser();
  bob = await createTestUser();
});
afterAll(() => {
  delete process.env.WATCHLIST_MAX_GAMES;
  resetEnvForTests();
});

const track = (user: TestUser, gameId: string) =>
  request("/api/user/games", { method: "POST", cookie: user.cookie, json: { gameId } });

test("the default limit is 1,000 games", () => {
  delete process.env.WATCHLIST_MAX_GAMES;
  resetEnvForTests();
  expect(env().WATCHLIST_MAX_GAMES).toBe(1000);
  process.env.WATCHLIST_MAX_GAMES = "3";
  resetEnvForTests();
  expect(env().WATCHLIST_MAX_GAMES).toBe(3);
});

test("a full watchlist refuses one more game with 409 naming gameId and the limit", async () => {
  for (const id of ids.slice(0, 3)) expect((await track(alice, id)).status).toBe(201);
  const refused = await track(alice, ids[3]!);
  expect(refused.status).toBe(409);
  expect(refused.headers.get("content-type")).toContain("application/problem+json");
  const body = await refused.json();
  expect(body.detail).toBe("A watchlist holds at most 3 games: remove one before adding another");
  expect(body.errors).toEqual([{ field: "gameId", message: body.detail }]);

  // Adding a game already there is no new entry; another user's watchlist is their own.
  expect((await track(alice, ids[0]!)).status).toBe(200);
  expect((await track(bob, ids[3]!)).status).toBe(201);

  // Room again after a removal.
  const removed = await request(`/api/user/watchlist/${ids[0]}`, { method: "DELETE", cookie: alice.cookie });
  expect(removed.status).toBe(204);
  expect((await track(alice, ids[3]!)).status).toBe(201);
  const list = await (await request("/api/user/games", { cookie: alice.cookie })).json();
  expect(list).toHaveLength(3);
});

test("concurrent adds cannot pass the limit together", async () => {
  const carol = await createTestUser();
  const statuses = await Promise.all(ids.map(async (id) => (await track(carol, id)).status));
  expect(statuses.filter((s) => s === 201)).toHaveLength(3);
  expect(statuses.filter((s) => s === 409)).toHaveLength(1);
});
