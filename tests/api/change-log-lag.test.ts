import { beforeAll, expect, test } from "vitest";
import { CATCH_UP_LIMIT } from "../../src/server/catalog/changes.ts";
import { searchIndex } from "../../src/server/catalog/search-index.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Two followers of the `catalog_changes` log in one server: the search index (which prunes it) and
 * the catalog index (lists, the screener, platform stats). An import from the shell while the server
 * runs can log more changes than a follower catches up on one by one (CATCH_UP_LIMIT); the search
 * index then rebuilds and later prunes the whole log, holding nothing back for the catalog index that
 * lags as far. The catalog index must still learn it missed changes and read the catalog again,
 * not go on answering from before the import until a restart.
 */

let user: TestUser;
let premium: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  premium = await createTestUser({ role: "premium" });
  await upsertGames(
    Array.from({ length: 3 }, (_, i) => ({
      name: `Before The Import ${i}`,
      steamAppId: 61_000 + i,
      platforms: ["PC"],
      positiveReviews: 200 + i * 50,
      negativeReviews: 20,
      price: 9.99,
      releaseYear: 2019,
      genres: ["Indie"],
    })),
    "test",
  );
  await recomputeEstimates();
});

const listed = async (query: string) => {
  const res = await request(`/api/games?${query}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as { games: Array<{ id: string; name: string }>; total: number };
};

test("after a burst of changes past the catch-up limit and the search index pruning the whole log, lists answer the new games", async () => {
  // Both followers built, at the log's head.
  expect((await listed("pageSize=3")).total).toBe(3);
  expect((await searchIndex()).size).toBe(3);

  // A big import from the shell: its games, each logged many times over (a game's row, its series,
  // its owners band), past what a follower reads one change at a time.
  const { ids: imported } = await upsertGames(
    [{ name: "Imported PS2 Game", platforms: ["PS2"], releaseYear: 2004 }],
    "test",
  );
  await rawClient().execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          INSERT INTO catalog_changes (game_id) SELECT ? FROM n`,
    args: [CATCH_UP_LIMIT, imported[0]!],
  });
  // The search index is asked first (a search): too far behind, it reads everything again.
  expect((await searchIndex()).size).toBe(4);

  // One more change; the search index catches up on it and prunes what it has applied. The catalog
  // index lags past CATCH_UP_LIMIT, so nothing is held back for it: the log is emptied.
  const { ids: last } = await upsertGames(
    [{ name: "Imported Last", platforms: ["PS2"], releaseYear: 2005 }],
    "test",
  );
  expect((await searchIndex()).size).toBe(5);
  const left = await rawClient().execute("SELECT count(*) AS n FROM catalog_changes");
  expect(Number(left.rows[0]?.n)).toBe(0);

  // The catalog index had applied none of the pruned changes: it reads the catalog again.
  expect((await listed("pageSize=3")).total).toBe(5);
  const ps2 = await listed("platform=PS2");
  expect(ps2.total).toBe(2);
  expect(ps2.games.map((g) => g.id).sort()).toEqual([imported[0]!, last[0]!].sort());
  // And goes on following the log from the head it rebuilt at.
  await upsertGames([{ name: "After The Rebuild", platforms: ["PS2"], releaseYear: 2006 }], "test");
  expect((await listed("platform=PS2")).total).toBe(3);
});

test("estimates pruned from their log by another server process before this one applied them are read again whole", async () => {
  const screen = async (ownersMin: number) => {
    const res = await request(`/api/market/screener?ownersMin=${ownersMin}&pageSize=50`, {
      cookie: premium.cookie,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  };
  const [estimated] = (
    await rawClient().execute("SELECT game_id, owners_mid FROM game_estimates ORDER BY game_id LIMIT 1")
  ).rows;
  expect(estimated).toBeDefined();
  const gameId = String(estimated!.game_id);
  // The catalog index is current: no game has 900 million owners.
  expect(await screen(900_000_000)).toEqual([]);

  // Another server process's catalog index applied this change and pruned the whole estimates log
  // (it reads it alone), before this process read it.
  await rawClient().execute({
    sql: "UPDATE game_estimates SET owners_mid = 950000000 WHERE game_id = ?",
    args: [gameId],
  });
  await rawClient().execute("DELETE FROM estimate_changes");

  expect(await screen(900_000_000)).toEqual([gameId]);
});
