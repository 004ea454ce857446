import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Report r31-a #5: the Games Database's Recent tab said only "No games released in the past 30 days",
 * which read as a market without releases; the catalog's release dates end on 2019-05-01 (steam.csv).
 * `/api/igdb/newest-release` answers the catalog's newest release date up to today, from the data,
 * with the source of the games released that day.
 */
const HEADER =
  "appid,name,release_date,english,developer,publisher,platforms,required_age,categories,genres,steamspy_tags,achievements,positive_ratings,negative_ratings,average_playtime,median_playtime,owners,price";
const row = (appid: number, name: string, date: string) =>
  `${appid},${name},${date},1,dev,pub,windows,0,Single-player,Action,Action,0,10,1,0,0,20000-50000,3.99`;

test("the newest release date up to today, with its source; none in an empty catalog", async () => {
  const user = await createTestUser();
  const newest = async () => {
    const res = await request("/api/igdb/newest-release", { cookie: user.cookie });
    expect(res.status).toBe(200);
    return res.json();
  };
  expect(await newest()).toEqual({ date: null, provenance: [] });
  expect((await request("/api/igdb/newest-release")).status).toBe(401);

  const path = join(tempDir("gi-newest-release-"), "steam.csv");
  writeFileSync(
    path,
    `${[HEADER, row(905370, "Newest Conqueror", "2019-05-01"), row(905371, "Older Blade", "2018-03-02")].join("\n")}\n`,
  );
  await importSteamStoreCsv(path);
  // A date after today is announced, not released; a year alone is no date.
  await upsertGames(
    [
      { name: "Newest Announced", releaseDate: "2099-01-01", igdbId: 9_100_001 },
      { name: "Newest Year Alone", releaseYear: 2020 },
    ],
    "igdb",
  );
  expect(await newest()).toEqual({
    date: "2019-05-01",
    provenance: [
      {
        source: "Steam Store Games (Kaggle, CC BY 4.0)",
        asOf: "2019-05-01T00:00:00.000Z",
        method: "Steam Store Games (Kaggle, CC BY 4.0): each game's release date",
      },
    ],
  });

  // A later date from IGDB's sync is the newest then, named by IGDB.
  await upsertGames([{ name: "Newest From Igdb", releaseDate: "2020-02-03", igdbId: 9_100_002 }], "igdb");
  expect(await newest()).toMatchObject({ date: "2020-02-03", provenance: [{ source: "IGDB" }] });
});
