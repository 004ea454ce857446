import { expect, test } from "vitest";
import { gameFigureSources } from "../../src/server/catalog/figure-sources.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";

/**
 * A list's figures' sources and their one provenance come from one read of the points (review 19,
 * item 7): the provenance names every source the list has, at the newest of their times, and names
 * the critics' method only when a critics' score is the game's only figure.
 */
test("one read gives each source with its time and all of them as one provenance", async () => {
  const { ids } = await upsertGames(
    [
      { name: "Figure Sources Two", steamAppId: 98_770_001, platforms: ["PC"] },
      { name: "Figure Sources Critic", platforms: ["Wii"] },
      { name: "Figure Sources Reviewed", steamAppId: 98_770_002, platforms: ["PC"] },
      { name: "Figure Sources None", platforms: ["PC"] },
    ],
    "steam-store-csv",
  );
  const [two, critic, reviewed, none] = ids as [string, string, string, string];
  const at = (y: number, m: number) => new Date(Date.UTC(y, m, 1));
  await recordMetrics([
    {
      gameId: two,
      metric: "reviews_positive",
      ts: at(2019, 4),
      value: 10,
      period: "instant",
      source: "steam-store-csv",
    },
    {
      gameId: two,
      metric: "owners",
      ts: at(2023, 5),
      value: 5000,
      period: "instant",
      source: "steamspy-csv",
    },
    {
      gameId: critic,
      metric: "critic_score",
      ts: at(2016, 11),
      value: 76,
      period: "instant",
      source: "vgsales-csv",
    },
    {
      gameId: reviewed,
      metric: "reviews_positive",
      ts: at(2019, 4),
      value: 10,
      period: "instant",
      source: "steam-store-csv",
    },
    // A critics' score beside review counts is not the rating shown: it is no source of the figures.
    {
      gameId: reviewed,
      metric: "critic_score",
      ts: at(2020, 0),
      value: 80,
      period: "instant",
      source: "vgsales-csv",
    },
  ]);
  const { sources, provenance } = await gameFigureSources([two, critic, reviewed, none]);

  expect(sources.get(two)).toEqual([
    { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: "2019-05-01T00:00:00.000Z" },
    { source: "Steam via SteamSpy (dataset)", asOf: "2023-06-01T00:00:00.000Z" },
  ]);
  expect(provenance.get(two)).toEqual({
    source: "Steam Store Games (Kaggle, CC BY 4.0), Steam via SteamSpy (dataset)",
    asOf: "2023-06-01T00:00:00.000Z",
  });

  const [criticSource] = sources.get(critic)!;
  expect(criticSource).toMatchObject({ source: "VGChartz sales dataset", asOf: "2016-12-01T00:00:00.000Z" });
  expect(criticSource!.method).toMatch(/^Metacritic's critic score/);
  expect(provenance.get(critic)).toEqual(criticSource);

  expect(sources.get(reviewed)).toEqual([
    { source: "Steam Store Games (Kaggle, CC BY 4.0)", asOf: "2019-05-01T00:00:00.000Z" },
  ]);
  expect(provenance.get(reviewed)).toEqual(sources.get(reviewed)![0]);

  expect(sources.has(none)).toBe(false);
  expect(provenance.has(none)).toBe(false);
});
