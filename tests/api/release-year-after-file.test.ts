import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { MarketSummary, ScreenerPage } from "../../src/contracts/market.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { databaseMigratedUpTo } from "../helpers/migrations.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Report r31-a #1: "Imagine: Makeup Artist, DS, 2020" is a row of both VGChartz files, the undated
 * vgsales.csv and the file of 22 Dec 2016. The dated file's row was stored without its year (a file
 * of 2016 cannot know a 2020 release), but the game kept the 2020 the undated file gave it: 2020
 * became the catalog's last year ("Release years 1980–2020"), 2019 (the Steam data ends on
 * 2019-05-01) was never marked partial, and the game came first in the screener's release sort.
 * A release year after the date of a dated file that lists the game is not a release year (ADR 039).
 */
const NOW = new Date("2026-11-26T12:00:00Z");
const HEADER = "Rank,Name,Platform,Year,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Other_Sales,Global_Sales";
const DEC_HEADER =
  "Name,Platform,Year_of_Release,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Other_Sales,Global_Sales,Critic_Score,Critic_Count,User_Score,User_Count,Developer,Rating";
const dir = tempDir("gi-release-after-file-");
const write = (folder: string, name: string, lines: string[]) => {
  const path = join(folder, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
};
const yearOf = async (name: string) =>
  (
    await rawClient().execute({
      sql: "SELECT release_year FROM games WHERE name = ? ORDER BY release_year",
      args: [name],
    })
  ).rows.map((r) => r.release_year);

test("the undated file, then the dated one: the game's year after the dated file's is dropped", async () => {
  await importVgSalesCsv(
    write(dir, "vgsales.csv", [
      HEADER,
      "5959,Undated First Makeup,DS,2020,Simulation,Ubisoft,0.27,0,0,0.02,0.29",
      "5960,Undated First Kept,DS,2009,Simulation,Ubisoft,0.27,0,0,0.02,0.29",
    ]),
    undefined,
    { now: NOW },
  );
  expect(await yearOf("Undated First Makeup")).toEqual([2020]);
  await importVgSalesCsv(
    write(dir, "Video_Games_Sales_as_at_22_Dec_2016.csv", [
      DEC_HEADER,
      "Undated First Makeup,DS,2020,Simulation,Ubisoft,0.27,0,0,0,0.29,,,tbd,,Ubisoft,E",
      "Undated First Kept,DS,2009,Simulation,Ubisoft,0.27,0,0,0.02,0.29,,,tbd,,Ubisoft,E",
    ]),
    undefined,
    { now: NOW },
  );
  expect(await yearOf("Undated First Makeup")).toEqual([null]);
  expect(await yearOf("Undated First Kept")).toEqual([2009]);
});

test("the dated file, then the undated one: no game of the later year", async () => {
  const folder = tempDir("gi-release-after-file-b-");
  await importVgSalesCsv(
    write(folder, "Video_Games_Sales_as_at_22_Dec_2016.csv", [
      DEC_HEADER,
      "Dated First Makeup,DS,2020,Simulation,Ubisoft,0.27,0,0,0,0.29,,,tbd,,Ubisoft,E",
    ]),
    undefined,
    { now: NOW },
  );
  const undated = write(folder, "vgsales.csv", [
    HEADER,
    "5959,Dated First Makeup,DS,2020,Simulation,Ubisoft,0.27,0,0,0.02,0.29",
  ]);
  const first = await importVgSalesCsv(undated, undefined, { now: NOW });
  expect(await yearOf("Dated First Makeup")).toEqual([null]);
  // The planned year is not written only to be dropped again: the game is not rewritten, at the first
  // import of the undated file or at any later one (review r36-a #5: three games at every import).
  const again = await importVgSalesCsv(undated, undefined, { now: NOW });
  for (const summary of [first, again]) {
    expect(summary.notes?.[0]).toMatch(/^games: 0 new, 0 updated$/);
    expect(summary.notes?.join(" ")).not.toContain("dropped");
  }
  expect(await yearOf("Dated First Makeup")).toEqual([null]);
});

test("the screener: 2019 is the partial year, no 2020, and the game is not the newest release", async () => {
  const premium = await createTestUser({ role: "premium" });
  await upsertGames(
    [
      { name: "After File Steam 2018", releaseDate: "2018-06-01", genres: ["After File Sim"] },
      { name: "After File Steam 2019", releaseDate: "2019-05-01", genres: ["After File Sim"] },
    ],
    "steam-store-csv",
  );
  const folder = tempDir("gi-release-after-file-c-");
  await importVgSalesCsv(
    write(folder, "vgsales.csv", [
      HEADER,
      "1,After File Makeup,DS,2020,After File Sim,Ubisoft,0.27,0,0,0.02,0.29",
    ]),
    undefined,
    { now: NOW },
  );
  await importVgSalesCsv(
    write(folder, "Video_Games_Sales_as_at_22_Dec_2016.csv", [
      DEC_HEADER,
      "After File Makeup,DS,2020,After File Sim,Ubisoft,0.27,0,0,0,0.29,,,tbd,,Ubisoft,E",
    ]),
    undefined,
    { now: NOW },
  );
  const summary = (await (
    await request("/api/market/summary?genre=After%20File%20Sim", { cookie: premium.cookie })
  ).json()) as MarketSummary;
  expect(summary.games).toBe(3);
  expect(summary.releasesPerYear).toEqual([
    { year: 2018, games: 1 },
    { year: 2019, games: 1, partial: true, until: "2019-05-01" },
  ]);
  const page = (await (
    await request("/api/market/screener?genre=After%20File%20Sim&sort=releaseDate&order=desc", {
      cookie: premium.cookie,
    })
  ).json()) as ScreenerPage;
  expect(page.rows.map((r) => r.name)).toEqual([
    "After File Steam 2019",
    "After File Steam 2018",
    "After File Makeup",
  ]);
});

test("migration 0047 drops the release years a dated file's date refutes, in a database already imported", async () => {
  const { client, all, upgrade } = await databaseMigratedUpTo(46);
  const dec2016 = Date.UTC(2016, 11, 22);
  const game = (id: string, date: string | null, year: number | null) =>
    client.execute({
      sql: "INSERT INTO games (id, slug, name, normalized_name, release_date, release_year) VALUES (?, ?, ?, ?, ?, ?)",
      args: [id, id, id, id, date, year],
    });
  const sales = (id: string, dataset: string, asOf: number | null, year: number | null) =>
    client.execute({
      sql: `INSERT INTO game_sales (game_id, platform, year, global_sales, source, dataset, as_of)
            VALUES (?, 'DS', ?, 0.29, 'vgsales-csv', ?, ?)`,
      args: [id, year, dataset, asOf],
    });
  await game("makeup", null, 2020); // the undated file's year, the dated file's row kept
  await sales("makeup", "Video_Games_Sales_as_at_22_Dec_2016.csv", dec2016, null);
  await game("pso2", null, 2017); // its year stored on the row too (an import before the file's check)
  await sales("pso2", "Video_Games_Sales_as_at_22_Dec_2016.csv", dec2016, 2017);
  await game("released", null, 2016); // the file's own year: a release
  await sales("released", "Video_Games_Sales_as_at_22_Dec_2016.csv", dec2016, 2016);
  await game("undated", null, 2020); // only an undated file's row: nothing says otherwise
  await sales("undated", "vgsales.csv", null, 2020);
  await game("later-file", null, 2017); // a newer dated file lists it too: it may have seen it released
  await sales("later-file", "Video_Games_Sales_as_at_22_Dec_2016.csv", dec2016, null);
  await client.execute({
    sql: `INSERT INTO game_sales (game_id, platform, year, global_sales, source, dataset, as_of)
          VALUES ('later-file', 'PS4', 2017, 1, 'vgsales-csv', 'vgsales_2018-06-01.csv', ?)`,
    args: [Date.UTC(2018, 5, 1)],
  });
  await game("steam", "2019-05-01", 2019); // a full date is not VGChartz's year
  await sales("steam", "Video_Games_Sales_as_at_22_Dec_2016.csv", dec2016, null);

  await upgrade();

  expect(await all("SELECT id, release_date, release_year FROM games ORDER BY id")).toEqual([
    { id: "later-file", release_date: null, release_year: 2017 },
    { id: "makeup", release_date: null, release_year: null },
    { id: "pso2", release_date: null, release_year: null },
    { id: "released", release_date: null, release_year: 2016 },
    { id: "steam", release_date: "2019-05-01", release_year: 2019 },
    { id: "undated", release_date: null, release_year: 2020 },
  ]);
  expect(await all("SELECT game_id, year FROM game_sales ORDER BY game_id, platform")).toEqual([
    { game_id: "later-file", year: null },
    { game_id: "later-file", year: 2017 },
    { game_id: "makeup", year: null },
    { game_id: "pso2", year: null },
    { game_id: "released", year: 2016 },
    { game_id: "steam", year: null },
    { game_id: "undated", year: 2020 },
  ]);
});
