import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * One catalog whatever order the datasets are imported in (review eight, items 1 and 2; decision 007,
 * "a Steam record joins such a PC sales row's game, in either import order"). The fixture rows are the
 * public files' own: SteamSpy's 2023 export names BioShock and Half-Life without a release date, the
 * May 2019 store snapshot dates Half-Life (1998) and GTA: San Andreas (2008), and VGChartz lists each
 * on PC and on consoles, its console rows first (the file is ordered by sales).
 */

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/datasets/merge-order/${name}`, import.meta.url));
const SPY_AS_OF = new Date(Date.UTC(2023, 0, 15));
const imports = {
  steamspy: () => importSteamSpyCsv(fixture("steamspy_bioshock_halflife.csv"), SPY_AS_OF),
  steam: () => importSteamStoreCsv(fixture("steam_halflife_san_andreas.csv")),
  vgsales: () => importVgSalesCsv(fixture("vgsales_bioshock_halflife_san_andreas.csv")),
};
type Dataset = keyof typeof imports;

const rows = async (sql: string, args: Array<string | number> = []) =>
  (await rawClient().execute({ sql, args })).rows;

/** The catalog's games of the fixtures' names, as a list that does not depend on insertion order. */
async function catalog() {
  const games = await rows(
    `SELECT g.name, g.steam_app_id, g.release_year, g.release_date, g.platforms,
            (SELECT json_group_array(platform) FROM (SELECT platform FROM game_sales s WHERE s.game_id = g.id ORDER BY platform)) AS sales
       FROM games g WHERE g.normalized_name IN ('bioshock', 'bioshock 2', 'half life', 'grand theft auto san andreas')`,
  );
  return games
    .map((g) => ({
      name: String(g.name),
      steamAppId: g.steam_app_id == null ? null : Number(g.steam_app_id),
      releaseYear: g.release_year == null ? null : Number(g.release_year),
      releaseDate: g.release_date,
      platforms: (JSON.parse(String(g.platforms)) as string[]).sort(),
      sales: JSON.parse(String(g.sales)) as string[],
    }))
    .sort((a, b) => `${a.name}|${a.releaseYear}`.localeCompare(`${b.name}|${b.releaseYear}`));
}

async function importInOrder(order: Dataset[]) {
  // Each order starts from an empty catalog.
  await rawClient().execute("DELETE FROM game_sales");
  await rawClient().execute("DELETE FROM games");
  for (const dataset of order) await imports[dataset]();
  return catalog();
}

/** Every order of a list of datasets. */
const orders = (list: Dataset[]): Dataset[][] =>
  list.length <= 1
    ? [list]
    : list.flatMap((d, i) => orders(list.filter((_, j) => j !== i)).map((o) => [d, ...o]));

describe("SteamSpy, the store snapshot and VGChartz make the same games in any import order", () => {
  test("without a date, SteamSpy's undated games stay apart from the sales rows of their name, in either order", async () => {
    // SteamSpy gives no release date: by name alone, BioShock (2007) and a later game of an old name
    // (DOOM, 2016, and Doom, 1992) cannot be told apart, so neither joins a sales row's game until a
    // store record dates it (the next test). The sales rows make the same games in either order.
    const steam = (name: string, steamAppId: number) => ({
      name,
      steamAppId,
      releaseYear: null,
      releaseDate: null,
      platforms: [],
      sales: [],
    });
    const sales = (name: string, releaseYear: number, platforms: string[]) => ({
      name,
      steamAppId: null,
      releaseYear,
      releaseDate: null,
      platforms,
      sales: [...platforms].sort(),
    });
    const expected = [
      // Its PC row has no year (N/A): the X360 and PS3 rows of 2010 date the game it makes.
      sales("BioShock 2", 2010, ["PC", "PS3", "X360"]),
      steam("BioShock 2", 8850),
      sales("BioShock", 2007, ["PC", "X360"]),
      sales("BioShock", 2008, ["PS3"]),
      steam("BioShock", 7670),
      sales("Grand Theft Auto: San Andreas", 2004, ["PS2"]),
      sales("Grand Theft Auto: San Andreas", 2005, ["PC", "XB"]),
      sales("Grand Theft Auto: San Andreas", 2008, ["X360"]),
      sales("Half-Life", 1997, ["PC"]),
      sales("Half-Life", 2001, ["PS2"]),
      steam("Half-Life", 70),
    ];
    for (const order of orders(["steamspy", "vgsales"])) {
      expect({ order, games: await importInOrder(order) }).toEqual({ order, games: expected });
    }
  });

  test("with the store snapshot too, every order gives the same games, each Steam game with its own date and that date's year", async () => {
    const results = [];
    for (const order of orders(["steamspy", "steam", "vgsales"])) {
      results.push({ order, games: await importInOrder(order) });
    }
    const [first] = results;
    // The store snapshot has no BioShock (7670 left the store for its Remastered edition): undated, it
    // stays apart from the sales rows of its name.
    const bioshock = first!.games.filter((g) => g.name === "BioShock");
    expect(bioshock.map((g) => [g.steamAppId, g.releaseYear, g.sales])).toEqual([
      [null, 2007, ["PC", "X360"]],
      [null, 2008, ["PS3"]],
      [7670, null, []],
    ]);
    // The Steam games keep the store's date and its year, and hold the PC row (and its year's console rows).
    const steamGames = first!.games.filter((g) => g.steamAppId != null && !g.name.startsWith("BioShock"));
    expect(steamGames.map((g) => [g.name, g.releaseYear, g.releaseDate, g.sales])).toEqual([
      // The PC and XB rows of 2005 and the X360 row of the store's year, 2008.
      ["Grand Theft Auto: San Andreas", 2008, "2008-01-04", ["PC", "X360", "XB"]],
      ["Half-Life", 1998, "1998-11-08", ["PC"]],
    ]);
    for (const result of results) expect(result).toEqual({ order: result.order, games: first!.games });
  });

  test("a console row imported in an earlier file than the PC row ends where one file would have put it", async () => {
    // BioShock 2's PC row has no year to give the Steam game it joins, so a console game of 2010 made by
    // an earlier file stays apart (decision 007, review 8): its rows are left out here.
    const expected = (await importInOrder(["steamspy", "vgsales"])).filter((g) => g.name !== "BioShock 2");
    const dir = tempDir("gi-merge-order-");
    const [header, ...lines] = readFileSync(fixture("vgsales_bioshock_halflife_san_andreas.csv"), "utf8")
      .trim()
      .split("\n")
      .filter((l) => !l.includes(",BioShock 2,"));
    const consoles = join(dir, "vgsales_consoles.csv");
    const pc = join(dir, "vgsales_pc.csv");
    writeFileSync(consoles, [header, ...lines.filter((l) => !l.includes(",PC,"))].join("\n"));
    writeFileSync(pc, [header, ...lines.filter((l) => l.includes(",PC,"))].join("\n"));
    await rawClient().execute("DELETE FROM game_sales");
    await rawClient().execute("DELETE FROM games");
    await imports.steamspy();
    // The X360 row of 2007 makes a console BioShock: SteamSpy's has no year to share.
    await importVgSalesCsv(consoles);
    expect((await catalog()).filter((g) => g.name === "BioShock")).toHaveLength(3);
    await importVgSalesCsv(pc);
    expect((await catalog()).filter((g) => g.name !== "BioShock 2")).toEqual(expected);
  });

  test("a game of an old name (DOOM, 2016) never takes the old game's sales (Doom, 1992), whatever the order", async () => {
    const spy = { name: "DOOM", steamAppId: 379_720 };
    const store = { name: "DOOM", steamAppId: 379_720, releaseDate: "2016-05-12", platforms: ["PC"] };
    const sales = { name: "Doom", releaseYear: 1992, platforms: ["PC"] };
    for (const order of [
      [spy, sales, store],
      [sales, spy, store],
      [store, sales, spy],
    ]) {
      await rawClient().execute("DELETE FROM games");
      for (const record of order) await upsertGames([record], "test");
      const games = await rows(
        "SELECT steam_app_id, release_year FROM games WHERE normalized_name = 'doom' ORDER BY release_year",
      );
      expect(games.map((g) => [g.steam_app_id, g.release_year])).toEqual([
        [null, 1992],
        [379_720, 2016],
      ]);
    }
  });

  test("a second import of each file changes no game", async () => {
    await importInOrder(["steamspy", "vgsales", "steam"]);
    const before = await catalog();
    expect(await imports.vgsales()).toMatchObject({ inserted: 0, updated: 0 });
    expect(await imports.steam()).toMatchObject({ inserted: 0, updated: 0 });
    expect(await imports.steamspy()).toMatchObject({ inserted: 0 });
    expect(await catalog()).toEqual(before);
  });
});

describe("a game's release year is its release date's year (review eight, item 2)", () => {
  test("a Steam record's date that completes a PC row's game brings its year", async () => {
    const spy = await upsertGames([{ name: "Year Follows Date", steamAppId: 7_800_001 }], "spy");
    await upsertGames([{ name: "Year Follows Date", platforms: ["PC"], releaseYear: 1997 }], "vg");
    await upsertGames(
      [{ name: "Year Follows Date", steamAppId: 7_800_001, releaseDate: "1998-11-08", platforms: ["PC"] }],
      "steam",
    );
    expect(await rows("SELECT release_year, release_date FROM games WHERE id = ?", [spy.ids[0]!])).toEqual([
      { release_year: 1998, release_date: "1998-11-08" },
    ]);
  });

  test("migration 0026 gives rows stored before their date's year", async () => {
    const { ids } = await upsertGames(
      [
        { name: "Stored Apart One", steamAppId: 7_800_002, releaseDate: "2010-12-15" },
        { name: "Stored Apart Two", steamAppId: 7_800_003, releaseYear: 2012 },
      ],
      "steam",
    );
    await rawClient().execute({ sql: "UPDATE games SET release_year = 2003 WHERE id = ?", args: [ids[0]!] });
    const sql = await Bun.file(
      new URL("../../migrations/0026_release-year-follows-date.sql", import.meta.url),
    ).text();
    await rawClient().executeMultiple(sql);
    expect(
      await rows("SELECT release_year, release_date FROM games WHERE id IN (?, ?) ORDER BY name", ids),
    ).toEqual([
      { release_year: 2010, release_date: "2010-12-15" },
      // A year without a date stays.
      { release_year: 2012, release_date: null },
    ]);
  });
});

describe("a database imported under the earlier merge rules", () => {
  test("re-importing the sales file moves a PC row filed under the console game to the Steam game, not copies it", async () => {
    await rawClient().execute("DELETE FROM game_sales");
    await rawClient().execute("DELETE FROM games");
    // As an earlier import left it: the PC row of the file in the console game of its name and year.
    // (Written under another name, then named as the Steam game: today's rules would merge the two.)
    const { ids } = await upsertGames(
      [
        { name: "Quarry Siege Console", releaseYear: 2013, platforms: ["X360", "PC"] },
        { name: "Quarry Siege", steamAppId: 99_501, releaseDate: "2013-11-05" },
      ],
      "test",
    );
    const [consoleGame, steamGame] = ids;
    await rawClient().execute({
      sql: "UPDATE games SET name = 'Quarry Siege', normalized_name = 'quarry siege' WHERE id = ?",
      args: [consoleGame!],
    });
    expect(consoleGame).not.toBe(steamGame);
    const dir = tempDir("gi-vgsales-moved-");
    const file = join(dir, "vgsales.csv");
    writeFileSync(
      file,
      [
        "Rank,Name,Platform,Year,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Other_Sales,Global_Sales",
        "40,Quarry Siege,X360,2013,Shooter,Stonework,1.2,0.6,0.01,0.19,2.0",
        "350,Quarry Siege,PC,2013,Shooter,Stonework,0.2,0.45,0,0.08,0.73",
      ].join("\n"),
    );
    await rawClient().execute({
      sql: `INSERT INTO game_sales (game_id, platform, year, rank, global_sales, source, dataset)
            VALUES (?, 'PC', 2013, 350, 0.73, 'vgsales-csv', 'vgsales.csv')`,
      args: [consoleGame!],
    });
    const summary = await importVgSalesCsv(file);
    // One row more in the table (X360), and the PC row moved: counted as updated, not as a new row.
    expect(summary).toMatchObject({ inserted: 1, updated: 1 });
    const pc = await rows("SELECT game_id FROM game_sales WHERE platform = 'PC'");
    expect(pc.map((r) => String(r.game_id))).toEqual([steamGame]);
    expect(
      (await rows("SELECT platform FROM game_sales WHERE game_id = ?", [consoleGame!])).map(
        (r) => r.platform,
      ),
    ).toEqual(["X360"]);
    // And a second import keeps the two rows.
    await importVgSalesCsv(file);
    expect((await rows("SELECT count(*) AS n FROM game_sales"))[0]!.n).toBe(2);
  });
});
