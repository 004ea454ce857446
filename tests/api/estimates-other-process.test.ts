import { expect, test } from "vitest";
import { logHead } from "../../src/server/catalog/changes.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { startEstimates } from "../../src/server/estimates/store.ts";

/**
 * A running server re-estimated games only after catalog changes made in its own process: another
 * process's writes (an import killed before its estimates step, a second server) waited for the next
 * restart's sweep (review r29-b #4). It now also looks at the change log on a timer, and keeps how far
 * it has estimated in the database, where the next `bun run import` starts from.
 */

const positiveReviewsInEstimate = async (gameId: string) =>
  (
    await rawClient().execute({
      sql: "SELECT json_extract(inputs_key, '$.positiveReviews') AS n FROM game_estimates WHERE game_id = ?",
      args: [gameId],
    })
  ).rows[0]?.n;

async function until(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

test("a change another process committed is estimated without a restart, and the mark is kept", async () => {
  const { ids } = await upsertGames(
    Array.from({ length: 5 }, (_, i) => ({
      name: `Other Process Game ${i}`,
      steamAppId: 81_000 + i,
      positiveReviews: 500 + i,
      negativeReviews: 50,
      price: 9.99,
      releaseYear: 2019,
      genres: ["Indie"],
    })),
    "test",
  );
  const stop = startEstimates(Promise.resolve(), { pollMs: 100 });
  try {
    expect(await until(async () => (await positiveReviewsInEstimate(ids[4]!)) === 504)).toBe(true);
    // This process's own signal of the insert above (debounced) has been handled.
    await new Promise((resolve) => setTimeout(resolve, 800));
    // Written as another process writes: committed, with no signal to this one.
    await rawClient().execute({
      sql: "UPDATE games SET positive_reviews = 9000 WHERE id = ?",
      args: [ids[0]!],
    });
    expect(await until(async () => (await positiveReviewsInEstimate(ids[0]!)) === 9000)).toBe(true);
    const head = await logHead("catalog_changes");
    expect(
      await until(async () => {
        const rs = await rawClient().execute("SELECT catalog_seq AS n FROM estimate_progress");
        return Number(rs.rows[0]?.n) === head;
      }),
    ).toBe(true);
  } finally {
    stop();
  }
});
