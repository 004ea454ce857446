import { expect, test } from "vitest";
import type { MarketSummary } from "../../src/contracts/market.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Report r22-c #7: the Steam Store snapshot ends in May 2019, so `releasesPerYear` ending
 * `{2018: 3513}, {2019: 922}` read as a collapse. The last year now says it is partial, and until when.
 */
test("the last year is marked partial, with the day the catalog's release dates stop", async () => {
  const premium = await createTestUser({ role: "premium" });
  await upsertGames(
    [
      { name: "Partial Year One", releaseDate: "2018-03-01", genres: ["Partial Action"] },
      { name: "Partial Year Two", releaseDate: "2018-12-20", genres: ["Partial Action"] },
      { name: "Partial Year Three", releaseDate: "2019-02-10", genres: ["Partial Action"] },
      // The catalog's newest date is another genre's: a filter's data stop there too.
      { name: "Partial Year Newest", releaseDate: "2019-05-14", genres: ["Partial Puzzle"] },
    ],
    "steam-store-csv",
  );
  const summary = async (query: string) =>
    (await (
      await request(`/api/market/summary?${query}`, { cookie: premium.cookie })
    ).json()) as MarketSummary;

  expect((await summary("genre=Partial%20Action")).releasesPerYear).toEqual([
    { year: 2018, games: 2 },
    { year: 2019, games: 1, partial: true, until: "2019-05-14" },
  ]);
  expect((await summary("")).releasesPerYear.at(-1)).toEqual({
    year: 2019,
    games: 2,
    partial: true,
    until: "2019-05-14",
  });
  // A filter whose last year ends before the data's: a whole year, not marked.
  expect((await summary("genre=Partial%20Action&yearTo=2018")).releasesPerYear).toEqual([
    { year: 2018, games: 2 },
  ]);

  // A catalog with a release on December 31 has the whole year.
  await upsertGames(
    [{ name: "Partial Year Eve", releaseDate: "2019-12-31", genres: ["Partial Puzzle"] }],
    "steam-store-csv",
  );
  expect((await summary("")).releasesPerYear.at(-1)).toEqual({ year: 2019, games: 3 });
});

/**
 * Review r24 #6: the partial year came from the newest release date anywhere in the catalog, so one
 * announced date (IGDB's, a store's "coming soon", a wrong one) made 2030 the "partial" year, with
 * eight empty years before it, and left the data's last year unmarked. A date after today is not a release the data saw.
 */
test("a future-dated game is neither the partial year nor counted as released", async () => {
  const premium = await createTestUser({ role: "premium" });
  await upsertGames(
    [
      { name: "Coverage One", releaseDate: "2020-03-01", genres: ["Coverage Action"] },
      { name: "Coverage Two", releaseDate: "2021-05-14", genres: ["Coverage Action"] },
      { name: "Coverage Announced", releaseDate: "2030-06-01", genres: ["Coverage Action"] },
    ],
    "steam-store-csv",
  );
  const summary = (await (
    await request("/api/market/summary?genre=Coverage%20Action", { cookie: premium.cookie })
  ).json()) as MarketSummary;
  // Still one of the filter's games; not one of its releases.
  expect(summary.games).toBe(3);
  expect(summary.releasesPerYear).toEqual([
    { year: 2020, games: 1 },
    { year: 2021, games: 1, partial: true, until: "2021-05-14" },
  ]);
});
