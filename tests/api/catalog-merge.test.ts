import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { importSteamChartsCsv } from "../../src/server/importers/steamcharts.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * How datasets merge into one catalog (review six, items 2 and 3): a console sales list's row does
 * not become the Steam game of the same name, and an older dataset imported after a newer one does
 * not put its older figures back on the game's row. Rows are cut from the real public files
 * (steam.csv of May 2019, SteamSpy's 2023 export, VGChartz 2016).
 */

const dir = tempDir("gi-merge-");
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
const CHARTS_HEADER = "Month,Avg. Players,Gain,% Gain,Peak Players,App ID,Game";
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

  test("the same year still joins a game's platforms; a PC row joins an undated Steam game once a date places it", async () => {
    // Same name, same year: one game on several platforms, Steam's included.
    const doom = await upsertGames(
      [{ name: "Doom Merge Test", steamAppId: 7_700_001, releaseDate: "2016-05-12", platforms: ["PC"] }],
      "steam",
    );
    const ps4 = await upsertGames([{ name: "Doom Merge Test", platforms: ["PS4"], releaseYear: 2016 }], "vg");
    expect(ps4.ids).toEqual(doom.ids);
    // An undated Steam game (SteamSpy's) and a sales row on PC: by name alone the row could be an
    // older game of that name, so it waits for the Steam game's date, which then takes it.
    const sims = await upsertGames([{ name: "Sims Merge Test", steamAppId: 7_700_002 }], "spy");
    const pcRow = await upsertGames(
      [{ name: "Sims Merge Test", platforms: ["PC"], releaseYear: 2009 }],
      "vg",
    );
    expect(pcRow.ids).not.toEqual(sims.ids);
    await upsertGames(
      [{ name: "Sims Merge Test", steamAppId: 7_700_002, releaseDate: "2009-06-02", platforms: ["PC"] }],
      "steam",
    );
    expect(
      await rows("SELECT id, release_year, platforms FROM games WHERE normalized_name = 'sims merge test'"),
    ).toEqual([{ id: sims.ids[0]!, release_year: 2009, platforms: '["PC"]' }]);
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

describe("a game's name keeps the newest by its own date (review seven, item 2)", () => {
  test("the May 2019 snapshot after SteamCharts' February 2022 file puts no 2019 name back, and re-imports change nothing", async () => {
    const steam = file(
      "steam-names.csv",
      [
        STEAM_HEADER,
        `78000,Bejeweled® 3,2010-12-07,1,"PopCap Games, Inc.","PopCap Games, Inc.",windows;mac,0,Single-player;Steam Achievements,Strategy;Casual,Casual;Puzzle;Match 3,65,2670,126,85,158,200000-500000,4.25`,
        "955900,了不起的修仙模拟器,2019-01-10,0,GSQ Games,Gamera Game,windows,0,Single-player;Steam Achievements;Steam Trading Cards;Steam Cloud;Stats,Indie;RPG;Simulation;Strategy;Early Access,Early Access;Simulation;Strategy,222,2224,1332,4164,4164,200000-500000,14.49",
      ].join("\n"),
    );
    // SteamCharts writes players, not a price, reviews or owners: only the name's own date tells its
    // February 2022 name from the snapshot's May 2019 one. Rows of one app run newest month first.
    const charts = file(
      "charts-names.csv",
      [
        CHARTS_HEADER,
        "Last 30 Days,381.72,-1.4,-0.35%,506,78000,Bejeweled 3",
        "February 2022,383.07,-5.12,-1.32%,506,78000,Bejeweled 3",
        "January 2022,388.19,33.40,+9.41%,504,78000,Bejeweled 3",
        "February 2022,1093.5,-100.2,-8.39%,1788,955900,Amazing Cultivation Simulator",
      ].join("\n"),
    );
    const names = async () =>
      (await rows("SELECT name FROM games WHERE steam_app_id IN (78000, 955900) ORDER BY steam_app_id")).map(
        (r) => r.name,
      );

    await importSteamStoreCsv(steam);
    expect(await names()).toEqual(["Bejeweled® 3", "了不起的修仙模拟器"]);
    const renamed = await importSteamChartsCsv(charts);
    expect(renamed).toMatchObject({ inserted: 0, updated: 2 });
    expect(await names()).toEqual(["Bejeweled 3", "Amazing Cultivation Simulator"]);

    // The older snapshot again: it changes nothing (it reported "updated 120" and put 2019's names back).
    const again = await importSteamStoreCsv(steam);
    expect(again).toMatchObject({ inserted: 0, updated: 0 });
    expect(await names()).toEqual(["Bejeweled 3", "Amazing Cultivation Simulator"]);
    expect(await importSteamChartsCsv(charts)).toMatchObject({ inserted: 0, updated: 0 });
    expect(await names()).toEqual(["Bejeweled 3", "Amazing Cultivation Simulator"]);

    // A record newer than February 2022 still renames; the SteamCharts file then no longer does.
    await upsertGames(
      [{ name: "Bejeweled 3 Newer Name", steamAppId: 78000, asOf: new Date(Date.UTC(2023, 0, 15)) }],
      "spy",
    );
    expect(await importSteamChartsCsv(charts)).toMatchObject({ updated: 0 });
    expect(await names()).toEqual(["Bejeweled 3 Newer Name", "Amazing Cultivation Simulator"]);
  });

  test("the same name seen in newer data is dated by it, so an older dataset of another name does not revert it", async () => {
    const { ids } = await upsertGames(
      [{ name: "Name Date Arena", steamAppId: 7_700_030, asOf: new Date(Date.UTC(2019, 4, 1)) }],
      "store",
    );
    const newer = await upsertGames(
      [{ name: "Name Date Arena", steamAppId: 7_700_030, asOf: new Date(Date.UTC(2022, 1, 1)) }],
      "charts",
    );
    // Nothing shown changed: not counted as an update.
    expect(newer).toMatchObject({ updated: 0, unchanged: 1 });
    await upsertGames(
      [{ name: "Name Date Arena (2020)", steamAppId: 7_700_030, asOf: new Date(Date.UTC(2020, 0, 1)) }],
      "other",
    );
    expect((await rows("SELECT name FROM games WHERE id = ?", [ids[0]!]))[0]).toEqual({
      name: "Name Date Arena",
    });
  });
});

describe("a sales row on PC and the Steam game of its name (review seven, item 10)", () => {
  // steam.csv and vgsales.csv rows as published: a Steam re-release years after the PC original.
  const games = (normalized: string) =>
    rows(
      `SELECT g.steam_app_id, g.release_year, g.release_date, g.platforms, g.publisher, group_concat(s.platform) AS sales
       FROM games g LEFT JOIN game_sales s ON s.game_id = g.id WHERE g.normalized_name = ?
       GROUP BY g.id ORDER BY g.steam_app_id IS NULL, g.release_year`,
      [normalized],
    );

  test("join a Steam release up to 8 years after the PC row, in either order; the Steam game keeps its own year and date; console rows of another year stay apart", async () => {
    // Steam first (the app loads the store snapshot at start), then the sales list.
    const gta3Steam = file(
      "steam-gta3.csv",
      [
        STEAM_HEADER,
        "12100,Grand Theft Auto III,2008-01-04,1,Rockstar Games,Rockstar Games,windows,18,Single-player;Partial Controller Support,Action,Open World;Action;Classic,0,4718,750,98,63,1000000-2000000,5.99",
      ].join("\n"),
    );
    const gta3Sales = file(
      "vg-gta3.csv",
      [
        VG_HEADER,
        "39,Grand Theft Auto III,PS2,2001,Action,Take-Two Interactive,6.99,4.51,0.3,1.3,13.1",
        "16096,Grand Theft Auto III,PC,2002,Action,Take-Two Interactive,0,0.01,0,0,0.01",
      ].join("\n"),
    );
    await importSteamStoreCsv(gta3Steam);
    await importVgSalesCsv(gta3Sales);
    const gta3 = [
      {
        steam_app_id: 12100,
        release_year: 2008,
        release_date: "2008-01-04",
        platforms: '["PC"]',
        publisher: "Rockstar Games",
        sales: "PC",
      },
      {
        steam_app_id: null,
        release_year: 2001,
        release_date: null,
        platforms: '["PS2"]',
        publisher: "Take-Two Interactive",
        sales: "PS2",
      },
    ];
    expect(await games("grand theft auto iii")).toEqual(gta3);
    expect(await importVgSalesCsv(gta3Sales)).toMatchObject({ inserted: 0, updated: 0 });
    expect(await importSteamStoreCsv(gta3Steam)).toMatchObject({ inserted: 0, updated: 0 });
    expect(await games("grand theft auto iii")).toEqual(gta3);

    // The other order: the sales list first, the Steam snapshot after it.
    const viceSales = file(
      "vg-vice.csv",
      [
        VG_HEADER,
        "25,Grand Theft Auto: Vice City,PS2,2002,Action,Take-Two Interactive,8.41,5.49,0.47,1.78,16.15",
        "13734,Grand Theft Auto: Vice City,PC,2003,Action,Take-Two Interactive,0,0.03,0,0.01,0.04",
      ].join("\n"),
    );
    const viceSteam = file(
      "steam-vice.csv",
      [
        STEAM_HEADER,
        "12110,Grand Theft Auto: Vice City,2011-01-10,1,Rockstar Games,Rockstar Games,windows,18,Single-player;Partial Controller Support,Action,Open World;Action;1980s,0,9817,819,209,93,2000000-5000000,5.99",
      ].join("\n"),
    );
    await importVgSalesCsv(viceSales);
    await importSteamStoreCsv(viceSteam);
    const vice = [
      {
        steam_app_id: 12110,
        release_year: 2011,
        release_date: "2011-01-10",
        platforms: '["PC"]',
        // The PC row gave the game its publisher first; descriptions fill gaps only.
        publisher: "Take-Two Interactive",
        sales: "PC",
      },
      {
        steam_app_id: null,
        release_year: 2002,
        release_date: null,
        platforms: '["PS2"]',
        publisher: "Take-Two Interactive",
        sales: "PS2",
      },
    ];
    expect(await games("grand theft auto vice city")).toEqual(vice);
    expect(await importSteamStoreCsv(viceSteam)).toMatchObject({ inserted: 0, updated: 0 });
    expect(await importVgSalesCsv(viceSales)).toMatchObject({ inserted: 0, updated: 0 });
    expect(await games("grand theft auto vice city")).toEqual(vice);
  });

  test("a PC row and a Steam game of one name far apart in years stay two games (a name reused, not a re-release)", async () => {
    const steam = await upsertGames(
      [{ name: "Reused Name Shooter", steamAppId: 7_700_041, releaseDate: "2016-05-13", platforms: ["PC"] }],
      "steam",
    );
    const pc = await upsertGames(
      [{ name: "Reused Name Shooter", platforms: ["PC"], releaseYear: 1993 }],
      "vg",
    );
    expect(pc).toMatchObject({ inserted: 1 });
    expect(pc.ids).not.toEqual(steam.ids);
  });

  test("a console-only row of another year still does not join the Steam game", async () => {
    const steam = await upsertGames(
      [{ name: "Console Port Arena", steamAppId: 7_700_040, releaseDate: "2020-03-01", platforms: ["PC"] }],
      "steam",
    );
    const ps2 = await upsertGames(
      [{ name: "Console Port Arena", platforms: ["PS2"], releaseYear: 2004 }],
      "vg",
    );
    expect(ps2).toMatchObject({ inserted: 1 });
    expect(ps2.ids).not.toEqual(steam.ids);
  });
});

describe("the datasets' placeholder companies (review seven, item 14)", () => {
  test("VGChartz's publisher 'Unknown' and Steam's developer 'unknown' are no company", async () => {
    const vg = file(
      "vg-unknown.csv",
      [VG_HEADER, "942,Gran Turismo Concept 2001 Tokyo,PS2,2001,Racing,Unknown,0,1.1,0.42,0.33,1.84"].join(
        "\n",
      ),
    );
    const steam = file(
      "steam-unknown.csv",
      [
        STEAM_HEADER,
        "644090,MoonDigger,2018-01-21,1,unknown,Atriagames,windows,0,Single-player,Adventure;Casual;Indie,Casual;Adventure;Indie,0,18,7,0,0,0-20000,0.79",
      ].join("\n"),
    );
    await importVgSalesCsv(vg);
    await importSteamStoreCsv(steam);
    expect(
      await rows(
        "SELECT name, developer, publisher FROM games WHERE name IN ('Gran Turismo Concept 2001 Tokyo', 'MoonDigger') ORDER BY name",
      ),
    ).toEqual([
      { name: "Gran Turismo Concept 2001 Tokyo", developer: null, publisher: null },
      { name: "MoonDigger", developer: null, publisher: "Atriagames" },
    ]);
    const unknown = await rows(
      "SELECT count(*) AS n FROM games WHERE lower(developer) = 'unknown' OR lower(publisher) = 'unknown'",
    );
    expect(Number(unknown[0]!.n)).toBe(0);
  });
});

describe("a store's name and other sources' spellings", () => {
  test("a game first named by a sales list takes the store's spelling once a dated Steam record joins it", async () => {
    // A sales list (dated today, as an undated file is) spells it its way; the store snapshot of
    // 2019 joins it by name and gives its own spelling, older as its date is.
    await upsertGames(
      [{ name: "Spelling Check Racer", platforms: ["PC"], releaseYear: 2012, asOf: new Date() }],
      "vgsales-csv",
    );
    await upsertGames(
      [
        {
          name: "Spelling Check Racer™",
          steamAppId: 7_700_077,
          releaseDate: "2012-05-01",
          platforms: ["PC"],
          asOf: new Date(Date.UTC(2019, 4, 1)),
        },
      ],
      "steam-store-csv",
    );
    const [game] = await rows("SELECT name, steam_app_id FROM games WHERE steam_app_id = 7700077");
    expect(game).toEqual({ name: "Spelling Check Racer™", steam_app_id: 7_700_077 });
  });
});

test("a placeholder company from any source (a live sync's 'Unknown') is stored as none", async () => {
  await upsertGames(
    [{ name: "Placeholder Credit Sim", steamAppId: 7_700_078, developer: "Unknown", publisher: "n/a" }],
    "steamspy-api",
  );
  const [game] = await rows("SELECT developer, publisher FROM games WHERE steam_app_id = 7700078");
  expect(game).toEqual({ developer: null, publisher: null });
});
