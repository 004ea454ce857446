import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { databaseMigratedUpTo } from "../helpers/migrations.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Report r22-a #7: "The Witcher 3: Wild Hunt — Genres: RPG, Role-Playing" (Steam's "RPG" beside
 * VGChartz's "Role-Playing"): one genre under two names, so counts by genre counted the game twice.
 */
const genresOf = async (name: string) =>
  (await rawClient().execute({ sql: "SELECT genres FROM games WHERE name = ?", args: [name] })).rows.map(
    (r) => JSON.parse(String(r.genres)),
  );

test("a game with Steam's RPG and VGChartz's Role-Playing has one genre, RPG", async () => {
  await upsertGames(
    [
      {
        name: "Genre Hunt Three",
        steamAppId: 991_292,
        releaseYear: 2015,
        platforms: ["PC"],
        genres: ["RPG"],
      },
    ],
    "steam-store-csv",
  );
  const path = join(tempDir("gi-genres-"), "Video_Games_Sales_as_at_22_Dec_2016.csv");
  writeFileSync(
    path,
    `Name,Platform,Year_of_Release,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Global_Sales,Critic_Score,Critic_Count,User_Score,User_Count,Developer,Rating
Genre Hunt Three,PC,2015,Role-Playing,Namco Bandai Games,0.21,0.46,0,0.74,93,32,8.7,5680,CD Projekt Red Studio,M
Genre Only Vgchartz,PS4,2015,Role-Playing,Namco Bandai Games,1,1,1,3,,,,,,
`,
  );
  await importVgSalesCsv(path);
  expect(await genresOf("Genre Hunt Three")).toEqual([["RPG"]]);
  // A game from VGChartz alone is counted under the same genre.
  expect(await genresOf("Genre Only Vgchartz")).toEqual([["RPG"]]);
});

test("migration 0040 renames the genres of rows written before, each genre once, in their order", async () => {
  const { client, all, upgrade } = await databaseMigratedUpTo(39);
  const game = (id: string, genres: string[]) =>
    client.execute({
      sql: "INSERT INTO games (id, slug, name, normalized_name, genres) VALUES (?, ?, ?, ?, ?)",
      args: [id, id, id, id, JSON.stringify(genres)],
    });
  await game("witcher", ["RPG", "Role-Playing"]);
  await game("vg-only", ["Role-Playing", "Action"]);
  await game("untouched", ["Action", "Platform"]);
  const changesBefore = Number((await all("SELECT count(*) AS n FROM catalog_changes"))[0]!.n);

  await upgrade();

  const rows = await all("SELECT id, genres FROM games ORDER BY id");
  expect(rows.map((r) => [r.id, JSON.parse(String(r.genres))])).toEqual([
    ["untouched", ["Action", "Platform"]],
    ["vg-only", ["RPG", "Action"]],
    ["witcher", ["RPG"]],
  ]);
  // The catalog index and search re-read the two renamed games.
  const changesAfter = Number((await all("SELECT count(*) AS n FROM catalog_changes"))[0]!.n);
  expect(changesAfter - changesBefore).toBe(2);
});
