import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
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

const STEAM_HEADER =
  "appid,name,release_date,english,developer,publisher,platforms,required_age,categories,genres,steamspy_tags,achievements,positive_ratings,negative_ratings,average_playtime,median_playtime,owners,price";
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

describe("an older dataset imported after a newer one", () => {
  const steamCsv = () =>
    file(
      "steam-pubg.csv",
      [
        STEAM_HEADER,
        "578080,PLAYERUNKNOWN'S BATTLEGROUNDS,2017-12-21,1,PUBG Corporation,PUBG Corporation,windows,0,Multi-player,Action;Adventure;Massively Multiplayer,Survival;Shooter;Multiplayer,37,496184,487076,22938,12434,50000000-100000000,26.99",
        "570,Dota 2,2013-07-09,1,Valve,Valve,windows;mac;linux,0,Multi-player,Action;Free to Play;Strategy,Free to Play;MOBA;Strategy,0,863507,142079,23944,801,100000000-200000000,0",
      ].join("\n"),
    );
  const spyCsv = () =>
    file(
      "spy-pubg.csv",
      [
        SPY_HEADER,
        `578080,PUBG: BATTLEGROUNDS,"KRAFTON, Inc.","KRAFTON, Inc.",,1260926,939005,0,"50,000,000 .. 100,000,000",0,0,0,0,0,0,0,English,"Action, Adventure, Free to Play, Massively Multiplayer",292875,"{'Survival': 14000, 'Free to Play': 900}"`,
        `570,Dota 2,Valve,Valve,,1659573,355797,0,"200,000,000 .. 500,000,000",0,0,0,0,0,0,0,English,"Action, Free to Play, Strategy",641622,"{'Free to Play': 59000, 'MOBA': 20000}"`,
      ].join("\n"),
    );
  const figures = async () =>
    rows(
      `SELECT steam_app_id, name, price, positive_reviews, negative_reviews, owners_estimate, rating, rating_count
       FROM games WHERE steam_app_id IN (570, 578080) ORDER BY steam_app_id`,
    );
  const NEWEST = [
    {
      steam_app_id: 570,
      name: "Dota 2",
      price: 0,
      positive_reviews: 1659573,
      negative_reviews: 355797,
      owners_estimate: 350_000_000,
      rating: 82.3,
      rating_count: 2015370,
    },
    {
      steam_app_id: 578080,
      name: "PUBG: BATTLEGROUNDS",
      price: 0,
      positive_reviews: 1260926,
      negative_reviews: 939005,
      owners_estimate: 75_000_000,
      rating: 57.3,
      rating_count: 2199931,
    },
  ];

  test("leaves each game's row at the newest figures, in either order, and keeps the older ones as dated points", async () => {
    await rawClient().execute("DELETE FROM games WHERE steam_app_id IN (570, 578080)");
    // 2019 snapshot, then the 2023 export, then the 2019 snapshot again (the tester's order).
    await importSteamStoreCsv(steamCsv());
    await importSteamSpyCsv(spyCsv(), new Date(Date.UTC(2023, 0, 15)));
    const again = await importSteamStoreCsv(steamCsv());
    expect(again).toMatchObject({ read: 2, inserted: 0, updated: 0 });
    expect(await figures()).toEqual(NEWEST);

    // The other order on a clean slate: the 2023 export first, the 2019 snapshot after it.
    await rawClient().execute("DELETE FROM games WHERE steam_app_id IN (570, 578080)");
    await importSteamSpyCsv(spyCsv(), new Date(Date.UTC(2023, 0, 15)));
    await importSteamStoreCsv(steamCsv());
    const after = await figures();
    expect(after).toEqual(NEWEST);
    // What the older dataset knew and the newer did not still fills in (a release date, platforms).
    const [dota] = await rows("SELECT release_date, platforms FROM games WHERE steam_app_id = 570");
    expect(dota).toEqual({ release_date: "2013-07-09", platforms: '["PC","Mac","Linux"]' });
    // Both datasets' review counts are in the series at their own dates.
    const series = await rows(
      `SELECT m.ts, m.value, m.source FROM game_metrics m JOIN games g ON g.id = m.game_id
       WHERE g.steam_app_id = 578080 AND m.metric = 'reviews_positive' ORDER BY m.ts`,
    );
    expect(series).toEqual([
      { ts: Date.UTC(2019, 4, 1), value: 496184, source: "steam-store-csv" },
      { ts: Date.UTC(2023, 0, 15), value: 1260926, source: "steamspy-csv" },
    ]);
  });

  test("a live answer (no date) and a dataset of the same day both count as new", async () => {
    const { ids } = await upsertGames(
      [
        {
          name: "Dated Merge Arena",
          steamAppId: 7_700_010,
          price: 19.99,
          asOf: new Date(Date.UTC(2023, 0, 1)),
        },
      ],
      "spy",
    );
    await rawClient().execute({
      sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'price', ?, 19.99, 'instant', 'spy')",
      args: [ids[0]!, Date.UTC(2023, 0, 1)],
    });
    // Older: fills nothing known.
    await upsertGames(
      [
        {
          name: "Dated Merge Arena (2019)",
          steamAppId: 7_700_010,
          price: 9.99,
          asOf: new Date(Date.UTC(2019, 4, 1)),
        },
      ],
      "store",
    );
    expect((await rows("SELECT name, price FROM games WHERE id = ?", [ids[0]!]))[0]).toEqual({
      name: "Dated Merge Arena",
      price: 19.99,
    });
    // Same day: taken.
    await upsertGames(
      [
        {
          name: "Dated Merge Arena",
          steamAppId: 7_700_010,
          price: 24.99,
          asOf: new Date(Date.UTC(2023, 0, 1)),
        },
      ],
      "spy",
    );
    expect((await rows("SELECT name, price FROM games WHERE id = ?", [ids[0]!]))[0]).toEqual({
      name: "Dated Merge Arena",
      price: 24.99,
    });
    // Live: taken.
    await upsertGames(
      [{ name: "Dated Merge Arena: Live", steamAppId: 7_700_010, price: 29.99 }],
      "steam-api",
    );
    expect((await rows("SELECT name, price FROM games WHERE id = ?", [ids[0]!]))[0]).toEqual({
      name: "Dated Merge Arena: Live",
      price: 29.99,
    });
  });
});

test("a game's price follows its newest price point, whatever order the points arrive in", async () => {
  const { ids } = await upsertGames([{ name: "Price Order Arena", steamAppId: 7_700_020 }], "test");
  const price = (y: number, value: number) => ({
    gameId: ids[0]!,
    metric: "price" as const,
    ts: new Date(Date.UTC(y, 0, 1)),
    value,
    period: "instant" as const,
    source: `test-${y}`,
  });
  await recordMetrics([price(2023, 14.99)]);
  await recordMetrics([price(2019, 9.99)]);
  expect((await rows("SELECT price FROM games WHERE id = ?", [ids[0]!]))[0]).toEqual({ price: 14.99 });
});
