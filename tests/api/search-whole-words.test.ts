import { expect, test } from "vitest";
import { searchGames } from "../../src/server/catalog/search.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";

/**
 * Round 33: "mario" answered MarionetteAI first, above every game with "Mario" in its name: a query word
 * that only started a longer word counted as much as a whole word, and the name started with the query.
 * A whole word now earns 5 points more (docs/decisions/048).
 */
test("a name holding the query word whole comes before one where it only starts a longer word", async () => {
  await upsertGames(
    [
      // Starts with the query, but as part of a longer word; a few reviews.
      { name: "Plumberoni Puppet AI", steamAppId: 990_001, positiveReviews: 4, negativeReviews: 0 },
      // The word whole, later in the name; more popular, though not by the 16 points the start of the
      // name and its first word were worth before.
      { name: "Super Plumbero Bros.", steamAppId: 990_002, positiveReviews: 2000, ownersEstimate: 200_000 },
      // The word whole, at the start.
      { name: "Plumbero Minor Kart", steamAppId: 990_003, positiveReviews: 10 },
    ],
    "steam",
  );
  const names = async (q: string) => (await searchGames(q, 10)).map((g) => g.name);
  // Before: Plumbero Minor Kart, Plumberoni Puppet AI, Super Plumbero Bros.
  expect(await names("plumbero")).toEqual([
    "Plumbero Minor Kart",
    "Super Plumbero Bros.",
    "Plumberoni Puppet AI",
  ]);
  // While the word is still being typed, it starts a longer word in every name: popularity and the
  // start of the name decide, as before.
  expect(await names("plumb")).toEqual([
    "Plumbero Minor Kart",
    "Plumberoni Puppet AI",
    "Super Plumbero Bros.",
  ]);
});
