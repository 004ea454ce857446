import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { ImportInputError } from "../../src/server/importers/csv-source.ts";
import { importEsportsCsv } from "../../src/server/importers/esports.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { importSteamChartsCsv } from "../../src/server/importers/steamcharts.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { importTwitchCsv } from "../../src/server/importers/twitch.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Review r13 a, items 2-4: rows dated after the import's day (a month of players in 2030, a release
 * in 2099, sales of the year 3000) became the product's newest data; `steamspy-csv` read Kaggle's
 * steam.csv (GBP prices as US cents); text in a number field ("abc", "free", "20x6", "{not a dict")
 * was stored as unknown without a word, a negative appid was stored. Each such row is skipped and
 * reported by line and field; a file of another layout is refused before anything is written.
 * The import's clock is set (`now`) so the messages name a fixed day.
 */
const NOW = new Date("2026-11-26T12:00:00Z");
const dir = tempDir("gi-import-bad-values-");
const file = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
};
const rows = async (sql: string, args: Array<string | number> = []) =>
  (await rawClient().execute({ sql, args })).rows.map((r) => ({ ...r }));

const STEAM_HEADER =
  "appid,name,release_date,english,developer,publisher,platforms,required_age,categories,genres,steamspy_tags,achievements,positive_ratings,negative_ratings,average_playtime,median_playtime,owners,price";
const steamRow = (appid: string, name: string, date: string, price: string) =>
  `${appid},${name},${date},1,dev,pub,windows,0,Single-player,Action,Action,0,10,1,0,0,20000-50000,${price}`;
const SPY_HEADER =
  "appid,name,developer,publisher,score_rank,positive,negative,userscore,owners,average_forever,average_2weeks,median_forever,median_2weeks,price,initialprice,discount,languages,genre,ccu,tags";
const spyRow = (appid: number, name: string, o: { price?: string; discount?: string; tags?: string } = {}) =>
  `${appid},${name},Dev,Pub,,100,10,0,"10,000 .. 20,000",0,0,0,0,${o.price ?? "999"},999,${o.discount ?? "0"},English,Action,50,"${o.tags ?? "{'Action': 5}"}"`;
const CHARTS_HEADER = "Month,Avg. Players,Gain,% Gain,Peak Players,App ID,Game";
const VG_HEADER =
  "Rank,Name,Platform,Year,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Other_Sales,Global_Sales";

describe("a date after the import's day is a bad row, reported by line and field (item 2)", () => {
  test("steamcharts-csv: a month after today", async () => {
    const summary = await importSteamChartsCsv(
      file("charts-future.csv", [
        CHARTS_HEADER,
        "Last 30 Days,100,-,-,200,98800001,Future Charts",
        "February 2022,100,-,-,200,98800001,Future Charts",
        "November 2026,100,-,-,200,98800001,Future Charts",
        "December 2026,100,-,-,200,98800001,Future Charts",
        "September 2030,100,-,-,200,98800001,Future Charts",
      ]),
      { now: NOW },
    );
    expect(summary).toMatchObject({ read: 5, skipped: 2 });
    expect(summary.errors).toEqual([
      { line: 5, message: 'invalid Month "December 2026": a month after today (2026-11-26)' },
      { line: 6, message: 'invalid Month "September 2030": a month after today (2026-11-26)' },
    ]);
    const months = await rows(
      `SELECT m.ts FROM game_metrics m JOIN games g ON g.id = m.game_id
       WHERE g.steam_app_id = 98800001 AND m.metric = 'players' ORDER BY m.ts`,
    );
    expect(months.map((m) => new Date(Number(m.ts)).toISOString().slice(0, 7))).toEqual([
      "2022-02",
      "2026-11",
    ]);
  });

  test("steamdb daily: a day after today", async () => {
    const summary = await importSteamChartsCsv(
      file("steamdb-future.csv", [
        '"DateTime","Future Daily One"',
        "2026-11-26 00:00:00,100",
        "2026-11-27 00:00:00,110",
      ]),
      { now: NOW },
    );
    expect(summary.errors).toEqual([
      {
        line: 3,
        message: 'invalid DateTime "2026-11-27 00:00:00": a date after today (2026-11-26)',
      },
    ]);
  });

  test("steam-store-csv: a release date after today (a dataset lists released games)", async () => {
    const summary = await importSteamStoreCsv(
      file("steam-future.csv", [
        STEAM_HEADER,
        steamRow("98800010", "Released Today", "2026-11-26", "1"),
        steamRow("98800011", "Released Later", "2099-01-01", "1"),
      ]),
      { now: NOW },
    );
    expect(summary).toMatchObject({ read: 2, inserted: 1, skipped: 1 });
    expect(summary.errors).toEqual([
      { line: 3, message: 'invalid release_date "2099-01-01": a date after today (2026-11-26)' },
    ]);
    expect(await rows("SELECT name FROM games WHERE steam_app_id = 98800011")).toEqual([]);
  });

  test("vgsales-csv: a Year after this one; a year after the file's date but not after today is kept", async () => {
    const path = file("vgsales.csv", [
      VG_HEADER,
      "1,Future Vg Good,Wii,2006,Sports,Nintendo,1,1,1,1,4",
      "2,Future Vg Twenty,DS,2020,Simulation,Ubisoft,0.27,0,0,0.02,0.29",
      "3,Future Vg Three Thousand,Wii,3000,Sports,Nintendo,1,1,1,1,4",
    ]);
    const summary = await importVgSalesCsv(path, undefined, { now: NOW });
    expect(summary).toMatchObject({ read: 3, inserted: 2, skipped: 1 });
    expect(summary.errors).toEqual([
      { line: 4, message: 'invalid Year "3000": a year after this one (2026)' },
    ]);
    // The clock is the import's: on a day of 2019, 2020 is after it.
    const early = await importVgSalesCsv(path, undefined, { now: new Date("2019-06-01T00:00:00Z") });
    expect(early.errors.map((e) => e.message)).toEqual([
      'invalid Year "2020": a year after this one (2019)',
      'invalid Year "3000": a year after this one (2019)',
    ]);
    const years = await rows(
      "SELECT s.year FROM game_sales s JOIN games g ON g.id = s.game_id WHERE g.name LIKE 'Future Vg %' ORDER BY s.year",
    );
    expect(years).toEqual([{ year: 2006 }, { year: 2020 }]);
  });

  // Report r22-a #6: a file of 22 Dec 2016 cannot know a 2020 release ("Imagine: Makeup Artist, DS,
  // 2020"): a planned one. Its sales are kept, its year is no release year, and the summary counts it.
  test("vgsales-csv: a year after the file's own date is not stored as a release year, and is counted", async () => {
    const path = file("Video_Games_Sales_as_at_22_Dec_2016.csv", [
      VG_HEADER,
      "1,Planned Vg Released,Wii,2016,Sports,Nintendo,1,1,1,1,4",
      "2,Planned Vg Makeup,DS,2020,Simulation,Ubisoft,0.27,0,0,0.02,0.29",
    ]);
    const summary = await importVgSalesCsv(path, undefined, { now: NOW });
    expect(summary).toMatchObject({ read: 2, inserted: 2, skipped: 0 });
    expect(summary.notes).toContain(
      "1 row gives a year after the file's (2016): planned releases, stored without a release year",
    );
    expect(
      await rows(
        `SELECT g.name, g.release_year AS gameYear, s.year AS salesYear, s.global_sales AS sales
         FROM game_sales s JOIN games g ON g.id = s.game_id WHERE g.name LIKE 'Planned Vg %' ORDER BY g.name`,
      ),
    ).toEqual([
      { name: "Planned Vg Makeup", gameYear: null, salesYear: null, sales: 0.29 },
      { name: "Planned Vg Released", gameYear: 2016, salesYear: 2016, sales: 4 },
    ]);
  });

  test("esports-csv and twitch-csv: a month after today", async () => {
    const esports = join(dir, "esports");
    mkdirSync(esports);
    writeFileSync(
      join(esports, "HistoricalEsportData.csv"),
      "Date,Game,Earnings,Players,Tournaments\n11/1/2026,Future Esport,100,2,1\n12/1/2026,Future Esport,100,2,1\n",
    );
    const e = await importEsportsCsv(esports, { now: NOW });
    expect(e.errors).toEqual([
      { line: 3, message: 'invalid Date "12/1/2026": a month after today (2026-11-26)' },
    ]);

    const twitch = join(dir, "twitch");
    mkdirSync(twitch);
    writeFileSync(
      join(twitch, "Twitch_global_data.csv"),
      '"year","Month","Hours_watched","Avg_viewers","Peak_viewers","Streams","Avg_channels","Games_streamed"\n2026,11,100,1,1,1,1,1\n2030,9,100,1,1,1,1,1\n',
    );
    const t = await importTwitchCsv(twitch, { now: NOW });
    expect(t.errors).toEqual([
      { line: 3, message: 'invalid year/Month "2030/9": a month after today (2026-11-26)' },
    ]);
  });
});

describe("a file of another layout is refused before anything is written (item 3)", () => {
  test("steamspy-csv refuses Kaggle's steam.csv", async () => {
    const steam = fileURLToPath(new URL("../fixtures/datasets/steam-store-games/steam.csv", import.meta.url));
    await importSteamStoreCsv(steam);
    const before = await rows("SELECT steam_app_id, price, owners_estimate FROM games ORDER BY steam_app_id");
    const points = await rows("SELECT count(*) AS n FROM game_metrics");
    const error = await importSteamSpyCsv(steam).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportInputError);
    expect((error as Error).message).toBe(
      `${steam}: not a SteamSpy export (needs appid, name, positive, negative, owners, price, initialprice, ccu; missing positive, negative, initialprice, ccu)`,
    );
    expect(
      await rows("SELECT steam_app_id, price, owners_estimate FROM games ORDER BY steam_app_id"),
    ).toEqual(before);
    expect(await rows("SELECT count(*) AS n FROM game_metrics")).toEqual(points);
  });

  test("steam-store-csv refuses an unrelated header rather than reporting every row", async () => {
    const path = file("wrongheader.csv", ["foo,bar", "1,2"]);
    await expect(importSteamStoreCsv(path)).rejects.toThrow(
      `${path}: not a Steam Store Games file (Kaggle steam.csv) (needs appid, name, release_date, positive_ratings, negative_ratings, owners, price; missing appid, name, release_date, positive_ratings, negative_ratings, owners, price)`,
    );
  });
});

describe("the importer itself refuses a file named by another year and no day (review 19, item 8)", () => {
  test("steamspy-csv and vgsales-csv refuse it without asOf, before anything is written", async () => {
    const games = await rows("SELECT count(*) AS n FROM games");
    const spy = file("steamspy_top100_2023.csv", [SPY_HEADER, spyRow(98800050, "Spy Year Named")]);
    const vg = file("vgsales_2015.csv", [VG_HEADER, "1,Vg Year Named,Wii,2006,Sports,Nintendo,1,1,1,1,4"]);
    for (const attempt of [
      importSteamSpyCsv(spy, undefined, { now: NOW }),
      importVgSalesCsv(vg, undefined, { now: NOW }),
    ]) {
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImportInputError);
      expect((error as Error).message).toMatch(
        /: its name says (2023|2015) but no day, .*pass --as-of YYYY-MM-DD/,
      );
    }
    expect(await rows("SELECT count(*) AS n FROM games")).toEqual(games);
    // The day it was taken given, the same files are imported.
    await importSteamSpyCsv(spy, new Date(Date.UTC(2023, 0, 15)), { now: NOW });
    await importVgSalesCsv(vg, new Date(Date.UTC(2015, 11, 31)), { now: NOW });
    expect(
      await rows("SELECT name FROM games WHERE name IN ('Spy Year Named', 'Vg Year Named') ORDER BY name"),
    ).toEqual([{ name: "Spy Year Named" }, { name: "Vg Year Named" }]);
  });

  test("the year is read against the import's clock; a number in a word is no year", async () => {
    const vg = file("vgsales_2026.csv", [VG_HEADER, "1,Vg Clock Named,Wii,2006,Sports,Nintendo,1,1,1,1,4"]);
    // In 2027 the name's 2026 is another year; on the pinned day of 2026 it is this one (undated).
    await expect(
      importVgSalesCsv(vg, undefined, { now: new Date("2027-02-01T00:00:00Z") }),
    ).rejects.toBeInstanceOf(ImportInputError);
    expect(await importVgSalesCsv(vg, undefined, { now: NOW })).toMatchObject({ inserted: 1 });
    const top = file("top2000_games.csv", [VG_HEADER, "1,Vg Top Named,Wii,2006,Sports,Nintendo,1,1,1,1,4"]);
    expect(await importVgSalesCsv(top, undefined, { now: NOW })).toMatchObject({ inserted: 1 });
    // A day in the name after the import's day is no date of the file's.
    const spy = file("steamspy_2026-12-01.csv", [SPY_HEADER, spyRow(98800051, "Spy Clock Named")]);
    await importSteamSpyCsv(spy, undefined, { now: NOW });
    expect(
      await rows(
        "SELECT m.ts FROM game_metrics m JOIN games g ON g.id = m.game_id WHERE g.steam_app_id = 98800051 AND m.metric = 'owners'",
      ),
    ).toEqual([{ ts: Date.UTC(2026, 10, 26) }]);
  });
});

describe("a value that is present but no number is reported; an empty one stays unknown (item 4)", () => {
  test("steam-store-csv: a price in words, a negative appid; an empty price is unknown", async () => {
    const summary = await importSteamStoreCsv(
      file("steam-text.csv", [
        STEAM_HEADER,
        steamRow("98800020", "Text Price", "2019-01-01", "abc"),
        steamRow("-5", "Neg Appid", "2019-01-01", "1"),
        steamRow("98800021", "Empty Price", "2019-01-01", ""),
      ]),
    );
    expect(summary).toMatchObject({ read: 3, inserted: 1, skipped: 2 });
    expect(summary.errors).toEqual([
      { line: 2, message: 'invalid price "abc": not a number' },
      { line: 3, message: 'invalid appid "-5"' },
    ]);
    expect(
      await rows("SELECT name, price FROM games WHERE name IN ('Text Price', 'Neg Appid', 'Empty Price')"),
    ).toEqual([{ name: "Empty Price", price: null }]);
  });

  test("steamspy-csv: a price in words, tags that are no dict, a discount above 100", async () => {
    const summary = await importSteamSpyCsv(
      file("spy-text.csv", [
        SPY_HEADER,
        spyRow(98800030, "Spy Good"),
        spyRow(98800031, "Spy Free", { price: "free" }),
        spyRow(98800032, "Spy Bad Tags", { tags: "{not a dict" }),
        spyRow(98800033, "Spy Discount", { discount: "150" }),
        spyRow(98800034, "Spy Empty", { price: "", discount: "", tags: "" }),
      ]),
      new Date(Date.UTC(2023, 5, 1)),
    );
    expect(summary).toMatchObject({ read: 5, inserted: 2, skipped: 3 });
    expect(summary.errors).toEqual([
      { line: 3, message: 'invalid price "free": not a number' },
      { line: 4, message: 'invalid tags "{not a dict": not a dict of tags and votes' },
      { line: 5, message: 'invalid discount "150": a percentage above 100' },
    ]);
    expect(
      await rows(
        "SELECT name, price FROM games WHERE steam_app_id BETWEEN 98800030 AND 98800034 ORDER BY name",
      ),
    ).toEqual([
      { name: "Spy Empty", price: null },
      { name: "Spy Good", price: 9.99 },
    ]);
  });

  test("vgsales-csv: sales and a Year in words", async () => {
    const summary = await importVgSalesCsv(
      file("vg-text.csv", [
        VG_HEADER,
        "1,Text Vg Good,Wii,2006,Sports,Nintendo,1,1,1,1,4",
        "2,Text Vg Lots,Wii,2006,Sports,Nintendo,lots,1,1,1,4",
        "3,Text Vg Year,Wii,20x6,Sports,Nintendo,1,1,1,1,4",
        "4,Text Vg NA Year,Wii,N/A,Sports,Nintendo,1,1,1,1,4",
      ]),
    );
    expect(summary).toMatchObject({ read: 4, inserted: 2, skipped: 2 });
    expect([...summary.errors].sort((a, b) => a.line - b.line)).toEqual([
      { line: 3, message: 'invalid NA_Sales "lots": not a number' },
      { line: 4, message: 'invalid Year "20x6": not a number' },
    ]);
  });

  test("steamcharts-csv: an average in words is no number (not 'missing'); an average above its month's peak", async () => {
    const summary = await importSteamChartsCsv(
      file("charts-text.csv", [
        CHARTS_HEADER,
        "February 2022,100,-,-,200,98800040,Text Charts",
        "December 2021,abc,-,-,200,98800040,Text Charts",
        "November 2021,500,-,-,100,98800040,Text Charts",
        "October 2021,,-,-,200,98800040,Text Charts",
        "September 2021,100,-,-,200,-7,Text Charts",
      ]),
    );
    expect(summary.errors).toEqual([
      { line: 3, message: 'invalid Avg. Players "abc": not a number' },
      { line: 4, message: 'invalid Avg. Players "500": above the month\'s Peak Players (100)' },
      { line: 5, message: "missing Avg. Players" },
      { line: 6, message: 'invalid App ID "-7": a negative figure' },
    ]);
  });
});
