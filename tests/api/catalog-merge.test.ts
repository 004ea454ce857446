import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";

/**
 * How datasets merge into one catalog (review six, items 2 and 3): a console sales list's row does
 * not become the Steam game of the same name, and an older dataset imported after a newer one does
 * not put its older figures back on the game's row. Rows are cut from the real public files
 * (steam.csv of May 2019, SteamSpy's 2023 export, VGChartz 2016).
 */

const dir = mkdtempSync(join(tmpdir(), "gi-merge-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const rows = async (sql: string, args: Array<string | number> = []) =>
  (await rawClient().execute({ sql, args })).rows;

const SPY_HEADER =
  "appid,name,developer,publisher,score_rank,positive,negative,userscore,owners,average_forever,average_2weeks,median_forever,median_2weeks,price,initialprice,discount,languages,genre,ccu,tags";
const VG_HEADER =
  "Rank,Name,Platform,Year,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Other_Sales,Global_Sales";

describe("a console sales list's row and a Steam game of the same name", () => {
  test("stay two games when no year joins them, in either import order", async () => {
    // SteamSpy's 2023 rows carry no release date: the 2022 PC "God of War" and the 2023 "Resident
    // Evil 4" remake are undated Steam games.
    const spy = file(
      "spy-gow.csv",
      [
        SPY_HEADER,
        `1593500,God of War,"Santa Monica Studio, Jetpack Interactive",PlayStation PC LLC,,68000,3000,0,"2,000,000 .. 5,000,000",0,0,0,0,4999,4999,0,English,"Action, Adventure",5000,"{'Action': 500}"`,
        `2050650,Resident Evil 4,"CAPCOM Co., Ltd.","CAPCOM Co., Ltd.",,60000,2500,0,"2,000,000 .. 5,000,000",0,0,0,0,5999,5999,0,English,Action,8000,"{'Survival Horror': 500}"`,
      ].join("\n"),
    );
    const vg = file(
      "vg-gow.csv",
      [
        VG_HEADER,
        "246,God of War,PS2,2005,Action,Sony Computer Entertainment,2.71,1.29,0.02,0.43,4.45",
        "350,Resident Evil 4,GC,2005,Action,Capcom,0.99,0.44,0.44,0.06,1.93",
        "400,Resident Evil 4,PS2,2005,Action,Capcom,1.2,0.9,0.2,0.3,2.6",
        // An undated row of the PS2 game: it joins the console game, not the Steam one.
        "900,God of War,PS3,N/A,Action,Sony Computer Entertainment,0.1,0.1,0,0,0.2",
      ].join("\n"),
    );
    await importSteamSpyCsv(spy, new Date(Date.UTC(2023, 0, 15)));
    await importVgSalesCsv(vg);

    const steam = await rows(
      "SELECT name, release_year, platforms FROM games WHERE steam_app_id IN (1593500, 2050650) ORDER BY steam_app_id",
    );
    expect(steam).toEqual([
      { name: "God of War", release_year: null, platforms: "[]" },
      { name: "Resident Evil 4", release_year: null, platforms: "[]" },
    ]);
    const consoles = await rows(
      `SELECT g.name, g.release_year, g.platforms, g.steam_app_id, group_concat(s.platform) AS sales
       FROM games g JOIN game_sales s ON s.game_id = g.id WHERE g.name IN ('God of War', 'Resident Evil 4')
       GROUP BY g.id ORDER BY g.name`,
    );
    expect(consoles).toEqual([
      {
        name: "God of War",
        release_year: 2005,
        platforms: '["PS2","PS3"]',
        steam_app_id: null,
        sales: "PS2,PS3",
      },
      {
        name: "Resident Evil 4",
        release_year: 2005,
        platforms: '["GC","PS2"]',
        steam_app_id: null,
        sales: "GC,PS2",
      },
    ]);
    // Importing the sales list again changes nothing, and the Steam games keep no sales rows.
    const again = await importVgSalesCsv(vg);
    expect(again).toMatchObject({ inserted: 0, updated: 0 });
    expect(again.notes).toEqual(["games: 0 new, 0 updated"]);
    const steamSales = await rows(
      "SELECT count(*) AS n FROM game_sales s JOIN games g ON g.id = s.game_id WHERE g.steam_app_id IS NOT NULL",
    );
    expect(Number(steamSales[0]!.n)).toBe(0);

    // The other order: the console game first, then a Steam record with no year.
    const console = await upsertGames(
      [{ name: "Halo: Reach", platforms: ["X360"], releaseYear: 2010 }],
      "vg",
    );
    const pc = await upsertGames([{ name: "Halo: Reach", steamAppId: 1064220 }], "spy");
    expect(pc).toMatchObject({ inserted: 1, updated: 0 });
    expect(pc.ids).not.toEqual(console.ids);
  });

  test("the same year still joins a game's platforms, and a PC row may complete an undated Steam game", async () => {
    // Same name, same year: one game on several platforms, Steam's included.
    const doom = await upsertGames(
      [{ name: "Doom Merge Test", steamAppId: 7_700_001, releaseDate: "2016-05-12", platforms: ["PC"] }],
      "steam",
    );
    const ps4 = await upsertGames([{ name: "Doom Merge Test", platforms: ["PS4"], releaseYear: 2016 }], "vg");
    expect(ps4.ids).toEqual(doom.ids);
    // An undated Steam game and a sales row on PC: the PC row gives it its year.
    const sims = await upsertGames([{ name: "Sims Merge Test", steamAppId: 7_700_002 }], "spy");
    const pcRow = await upsertGames(
      [{ name: "Sims Merge Test", platforms: ["PC"], releaseYear: 2009 }],
      "vg",
    );
    expect(pcRow.ids).toEqual(sims.ids);
    const [row] = await rows("SELECT release_year, platforms FROM games WHERE id = ?", [sims.ids[0]!]);
    expect(row).toEqual({ release_year: 2009, platforms: '["PC"]' });
    // A record that says nothing of where it is sold still joins by name, as before.
    const undated = await upsertGames([{ name: "Sims Merge Test" }], "charts");
    expect(undated.ids).toEqual(sims.ids);
  });
});
