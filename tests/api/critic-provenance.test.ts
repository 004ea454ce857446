import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { dateInFileName, importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Review six, item 9: the critic scores of the VGChartz 2016 file (Metacritic's, with their count of
 * critics) became games' ratings with no source or date. A rating that is a critics' score now says
 * where it comes from and when, in search results and on the Games Database cards.
 */

const FILE = fileURLToPath(
  new URL("../fixtures/datasets/vgsales/Video_Games_Sales_as_at_22_Dec_2016.csv", import.meta.url),
);
const AS_AT = "2016-12-22T00:00:00.000Z";
let cookie: string;
const get = async (path: string) => (await request(path, { cookie })).json();

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  // A Steam game with review counts that the file also scores: its rating is its reviews' share.
  const { ids } = await upsertGames(
    [
      {
        name: "Fallout 4",
        steamAppId: 377160,
        releaseDate: "2015-11-09",
        platforms: ["PC"],
        positiveReviews: 80_000,
        negativeReviews: 20_000,
        rating: 80,
        ratingCount: 100_000,
      },
    ],
    "steam-store-csv",
  );
  await recordMetrics(
    ["reviews_positive", "reviews_negative"].map((metric, i) => ({
      gameId: ids[0]!,
      metric: metric as "reviews_positive" | "reviews_negative",
      ts: new Date(Date.UTC(2019, 4, 1)),
      value: i === 0 ? 80_000 : 20_000,
      period: "instant" as const,
      source: "steam-store-csv",
    })),
  );
  await importVgSalesCsv(FILE);
});

describe("a rating that is a critics' score", () => {
  test("search results name its source and the file's date", async () => {
    const [gow] = (await get("/api/games/search?q=god%20of%20war&limit=5")).filter(
      (g: { name: string }) => g.name === "God of War",
    );
    // Metacritic 94 from 75 critics, answered out of 5.
    expect(gow).toMatchObject({ rating: 4.7, ratingCount: 75 });
    expect(gow.provenance).toEqual({
      source: "VGChartz sales dataset",
      asOf: AS_AT,
      method: expect.stringMatching(/^Metacritic's critic score/),
    });
  });

  test("Games Database cards name it too; a game on several platforms is dated by the score it shows", async () => {
    const found = await get("/api/igdb/search?q=skyrim");
    const skyrim = found.find((g: { name: string }) => g.name === "The Elder Scrolls V: Skyrim");
    // X360 (96, 89 critics) comes first in the file; PS3's 92 is not the rating shown.
    expect(skyrim).toMatchObject({ aggregated_rating: 96, aggregated_rating_count: 89 });
    expect(skyrim.provenance).toMatchObject({ source: "VGChartz sales dataset", asOf: AS_AT });
    const points = await rawClient().execute({
      sql: "SELECT value, ts, source FROM game_metrics m JOIN games g ON g.id = m.game_id WHERE g.name = ? AND m.metric = 'critic_score'",
      args: ["The Elder Scrolls V: Skyrim"],
    });
    expect(points.rows.map((r) => ({ ...r }))).toEqual([
      { value: 96, ts: Date.parse(AS_AT), source: "vgsales-csv" },
    ]);
  });

  test("a grouped console entry's page names each platform's critic score, on its 0–100 scale (review r29-a #6)", async () => {
    const found = await get("/api/igdb/search?q=skyrim");
    const skyrim = found.find((g: { name: string }) => g.name === "The Elder Scrolls V: Skyrim");
    const page = await get(`/api/games/${skyrim.id}`);
    expect(page.platforms).toEqual(expect.arrayContaining(["X360", "PS3"]));
    // The rating is the X360 row's alone: the page gives both platforms', each with its critics.
    expect(page.platformCriticScores).toEqual([
      {
        platform: "X360",
        score: 96,
        critics: 89,
        source: "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)",
        asOf: AS_AT,
        method: expect.stringMatching(/^Metacritic's critic score \(0–100\)/),
      },
      expect.objectContaining({ platform: "PS3", score: 92, critics: 16 }),
    ]);
    // The figure is Metacritic's 0–100 score as the file gives it, not 4.8 out of 5.
    expect(page.ratingFigure).toEqual({ kind: "critics", score: 96, outOf5: 4.8, critics: 89 });
    // A one-platform entry has no list: its rating is its platform's.
    const [gow] = (await get("/api/games/search?q=god%20of%20war&limit=5")).filter(
      (g: { name: string }) => g.name === "God of War",
    );
    expect((await get(`/api/games/${gow.id}`)).platformCriticScores).toEqual([]);
  });

  test("rows stored before each platform's count of critics was kept take it when the file is imported again", async () => {
    await rawClient().execute("UPDATE game_sales SET critic_count = NULL");
    await importVgSalesCsv(FILE);
    const rows = await rawClient().execute(
      "SELECT s.platform, s.critic_count FROM game_sales s JOIN games g ON g.id = s.game_id WHERE g.name = 'The Elder Scrolls V: Skyrim' ORDER BY s.platform",
    );
    expect(rows.rows.map((r) => [r.platform, r.critic_count])).toEqual([
      ["PS3", 16],
      ["X360", 89],
    ]);
  });

  test("a game rated by its review counts keeps their provenance, not the critics'", async () => {
    const [fallout] = await get("/api/games/search?q=fallout%204&limit=1");
    expect(fallout.name).toBe("Fallout 4");
    expect(fallout.provenance).toEqual({
      source: "Steam Store Games (Kaggle, CC BY 4.0)",
      asOf: "2019-05-01T00:00:00.000Z",
    });
  });

  test("the file's date comes from --as-of, else its name, else the day of the import", async () => {
    expect(dateInFileName(FILE)?.toISOString()).toBe(AS_AT);
    expect(dateInFileName("vgsales.csv")).toBeNull();
    expect(dateInFileName("Sales_as_at_31_Feb_2016.csv")).toBeNull();
    const copy = join(tempDir("gi-vg-"), "metacritic.csv");
    copyFileSync(FILE, copy);
    await rawClient().execute("DELETE FROM games WHERE name = 'God of War'");
    await importVgSalesCsv(copy, new Date(Date.UTC(2017, 0, 5)));
    const at = async () =>
      Number(
        (
          await rawClient().execute(
            "SELECT max(m.ts) AS ts FROM game_metrics m JOIN games g ON g.id = m.game_id WHERE g.name = 'God of War' AND m.metric = 'critic_score'",
          )
        ).rows[0]!.ts,
      );
    expect(await at()).toBe(Date.UTC(2017, 0, 5));
    await rawClient().execute("DELETE FROM games WHERE name = 'God of War'");
    await importVgSalesCsv(copy);
    expect(await at()).toBe(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  });
});
