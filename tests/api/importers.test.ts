import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { importEsportsCsv } from "../../src/server/importers/esports.ts";
import { formatSummary, ImportInputError } from "../../src/server/importers/index.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { importSteamChartsCsv } from "../../src/server/importers/steamcharts.ts";
import { importSteamSpyCsv, parseTagDict } from "../../src/server/importers/steamspy.ts";
import { importTwitchCsv } from "../../src/server/importers/twitch.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Excerpts of the real public files (a few hundred rows each, cut unchanged; each folder's
 * SOURCE.txt names origin, licence and how the rows were chosen). The full files are imported by
 * hand and by bench/, never by tests.
 */
const DATA = fileURLToPath(new URL("../fixtures/datasets/", import.meta.url));
const one = async (sql: string, args: Array<string | number> = []) =>
  (await rawClient().execute({ sql, args })).rows[0]!;

describe("steam-store-csv (Kaggle steam.csv)", () => {
  test("imports every row of the excerpt; appid 10 is Counter-Strike with 124,534 positive ratings; a second run changes nothing", async () => {
    const first = await importSteamStoreCsv(`${DATA}steam-store-games/steam.csv`);
    expect(first).toMatchObject({ read: 300, inserted: 300, updated: 0, skipped: 0 });
    const cs = await one(
      "SELECT name, positive_reviews, negative_reviews, developer, platforms, owners_estimate, price FROM games WHERE steam_app_id = 10",
    );
    expect(cs).toMatchObject({
      name: "Counter-Strike",
      positive_reviews: 124534,
      negative_reviews: 3339,
      developer: "Valve",
    });
    expect(JSON.parse(String(cs.platforms))).toEqual(["PC", "Mac", "Linux"]);
    expect(cs.owners_estimate).toBe(15_000_000);
    expect(cs.price).toBeCloseTo(7.19 * 1.27, 2);

    const second = await importSteamStoreCsv(`${DATA}steam-store-games/steam.csv`);
    expect(second).toMatchObject({ read: 300, inserted: 0, updated: 0, skipped: 0 });
  });

  test("broken rows are reported with their line numbers and the rest imported", async () => {
    const summary = await importSteamStoreCsv(
      fileURLToPath(new URL("../fixtures/broken/steam-broken.csv", import.meta.url)),
    );
    expect(summary.read).toBe(5);
    expect(summary.skipped).toBe(3);
    expect(summary.errors.map((e) => e.line)).toEqual([3, 4, 6]);
    expect((await one("SELECT name FROM games WHERE steam_app_id = 40")).name).toBe("Deathmatch Classic");
  });

  test("a missing file is an input error", async () => {
    await expect(importSteamStoreCsv(`${DATA}nope.csv`)).rejects.toBeInstanceOf(ImportInputError);
  });

  test("a '0-20000' band gives no owners figure (it says only 'below 20,000'); the band is kept for the estimates", async () => {
    await importSteamStoreCsv(`${DATA}steam-store-games/steam.csv`);
    // Poker Superstars II: 4 positive ratings, owners "0-20000".
    const game = await one("SELECT id, owners_estimate FROM games WHERE steam_app_id = 4100");
    expect(game.owners_estimate).toBeNull();
    const points = await one(
      "SELECT count(*) AS n FROM game_metrics WHERE game_id = ? AND metric = 'owners'",
      [String(game.id)],
    );
    expect(points.n).toBe(0);
    const band = await one("SELECT source, low, high FROM game_owner_bands WHERE game_id = ?", [
      String(game.id),
    ]);
    expect(band).toEqual({ source: "steam-store-csv", low: 0, high: 20000 });
    // A band with a lower end keeps its midpoint: Counter-Strike's 10,000,000-20,000,000.
    expect((await one("SELECT owners_estimate FROM games WHERE steam_app_id = 10")).owners_estimate).toBe(
      15_000_000,
    );
  });
});

describe("other formats", () => {
  test("vgsales.csv: Wii Sports is rank 1 with 82.74 M; N/A years are kept as unknown", async () => {
    const summary = await importVgSalesCsv(`${DATA}vgsales/vgsales.csv`);
    expect(summary.read).toBe(320);
    // Each row is a game on one platform: the first line counts sales rows, the note counts games.
    const text = formatSummary(summary);
    expect(text).toContain(`read 320, sales rows inserted ${summary.inserted}, updated 0,`);
    expect(text).toMatch(/\n {2}games: \d+ new, \d+ updated/);
    expect(text).not.toContain("games inserted");
    const wii = await one(
      "SELECT s.rank, s.global_sales, s.platform, s.year FROM game_sales s JOIN games g ON g.id = s.game_id WHERE g.name = 'Wii Sports'",
    );
    expect(wii).toMatchObject({ rank: 1, global_sales: 82.74, platform: "Wii", year: 2006 });
    const madden = await one(
      "SELECT s.year, s.global_sales FROM game_sales s JOIN games g ON g.id = s.game_id WHERE g.name = 'Madden NFL 2004' AND s.platform = 'PS2'",
    );
    expect(madden).toMatchObject({ year: null, global_sales: 5.23 });
    const again = await importVgSalesCsv(`${DATA}vgsales/vgsales.csv`);
    expect(again).toMatchObject({ inserted: 0, updated: 0 });
  });

  test("the Metacritic layout of VGChartz also imports, with tbd user scores left empty", async () => {
    const summary = await importVgSalesCsv(`${DATA}vgsales/Video_Games_Sales_as_at_22_Dec_2016.csv`);
    expect(summary.read).toBe(320);
    expect(summary.skipped).toBeLessThan(5);
    const zumba = await one(
      "SELECT s.user_score FROM game_sales s JOIN games g ON g.id = s.game_id WHERE g.name = 'Zumba Fitness' AND s.platform = 'Wii'",
    );
    expect(zumba).toMatchObject({ user_score: null });
  });

  test("steamspy: owners ranges, cents and tag dictionaries", async () => {
    expect(parseTagDict("{'Action': 5448, 'FPS': 4862, \"1990's\": 1212}")).toEqual([
      "Action",
      "FPS",
      "1990's",
    ]);
    const summary = await importSteamSpyCsv(
      `${DATA}steamspy/steamspy_top1000_2023_tags.csv`,
      new Date(Date.UTC(2023, 0, 1)),
    );
    expect(summary).toMatchObject({ read: 300, skipped: 0 });
    const cs = await one("SELECT id, price, tags, current_players FROM games WHERE steam_app_id = 10");
    expect(cs.price).toBe(9.99);
    expect(JSON.parse(String(cs.tags))).toContain("FPS");
    // `ccu` is the peak of the day before the file was taken, not a count of players at that time.
    expect(cs.current_players).toBeNull();
    const ccu = await one(
      "SELECT metric, ts, value, period FROM game_metrics WHERE game_id = ? AND source = 'steamspy-csv' AND metric LIKE 'players%'",
      [String(cs.id)],
    );
    expect(ccu).toEqual({ metric: "players_peak", ts: Date.UTC(2022, 11, 31), value: 10775, period: "day" });
  });

  test("steamspy: a '0 .. 20,000' band gives no owners figure, only the band", async () => {
    const dir = tempDir("gi-spy-band-");
    const file = join(dir, "steamspy.csv");
    writeFileSync(
      file,
      [
        "appid,name,developer,publisher,positive,negative,owners,price,initialprice,genre,ccu",
        '979300,Allied Nations,Dev,Pub,1,0,"0 .. 20,000",999,999,Strategy,0',
        '979301,Band With A Floor,Dev,Pub,50,5,"20,000 .. 50,000",999,999,Strategy,0',
      ].join("\n"),
    );
    const summary = await importSteamSpyCsv(file, new Date(Date.UTC(2024, 0, 1)));
    expect(summary).toMatchObject({ read: 2, skipped: 0 });
    const game = await one("SELECT id, owners_estimate FROM games WHERE steam_app_id = 979300");
    expect(game.owners_estimate).toBeNull();
    const points = await one(
      "SELECT count(*) AS n FROM game_metrics WHERE game_id = ? AND metric = 'owners'",
      [String(game.id)],
    );
    expect(points.n).toBe(0);
    expect(
      await one("SELECT source, low, high, as_of FROM game_owner_bands WHERE game_id = ?", [String(game.id)]),
    ).toEqual({ source: "steamspy-csv", low: 0, high: 20000, as_of: Date.UTC(2024, 0, 1) });
    const floor = await one("SELECT owners_estimate FROM games WHERE steam_app_id = 979301");
    expect(floor.owners_estimate).toBe(35000);
  });

  test("steamcharts monthly: Lost Ark's February 2022 average as published; 'Last 30 Days' rows are not points", async () => {
    const summary = await importSteamChartsCsv(`${DATA}steamcharts/steamcharts_monthly_top1000_2022-02.csv`);
    expect(summary.read).toBe(300);
    const point = await one(
      "SELECT m.value, m.period FROM game_metrics m JOIN games g ON g.id = m.game_id WHERE g.steam_app_id = 1599340 AND m.metric = 'players' AND m.ts = ?",
      [Date.UTC(2022, 1, 1)],
    );
    expect(point).toMatchObject({ value: 699094.08, period: "month" });
  });

  test("steamdb daily file with a BOM: one column per game, stored as SteamDB's", async () => {
    const summary = await importSteamChartsCsv(`${DATA}steamcharts/steamdb_daily_ccu_top10_2011-2022.csv`);
    expect(summary.read).toBe(300);
    expect(summary.skipped).toBe(0);
    const dota = await one(
      "SELECT count(*) AS n FROM game_metrics m JOIN games g ON g.id = m.game_id WHERE g.name = 'Dota 2' AND m.metric = 'players_peak' AND m.period = 'day' AND m.source = 'steamdb-csv'",
    );
    // Every one of the excerpt's 300 days has a Dota 2 figure; none is lost to the BOM on the header.
    expect(Number(dota.n)).toBe(300);
  });

  test("esports (latin-1): totals and monthly history; accents survive", async () => {
    const summary = await importEsportsCsv(`${DATA}esports`);
    expect(summary.skipped).toBe(0);
    const dota = await one("SELECT total_earnings FROM esports_games WHERE game = 'Dota 2'");
    expect(Number(dota.total_earnings)).toBeGreaterThan(200_000_000);
    // Byte 0x92 of the windows-1252 ("latin-1") file is a right single quote.
    const pubg = await one("SELECT count(*) AS n FROM esports_games WHERE game = ?", [
      "PLAYERUNKNOWN\u2019S BATTLEGROUNDS",
    ]);
    expect(Number(pubg.n)).toBe(1);
    expect((await importEsportsCsv(`${DATA}esports`)).inserted).toBe(0);
    // Its rows are earnings records, not games: the summary says so (review seven, item 11).
    expect(formatSummary(summary)).toContain(`records inserted ${summary.inserted},`);
    expect(formatSummary(summary)).not.toContain("games inserted");
  });

  test("twitch: '1362044 hours' is a number, and the global file's thousands commas too", async () => {
    const summary = await importTwitchCsv(`${DATA}twitch`);
    expect(summary.read).toBe(400 + 69);
    const lol = await one(
      "SELECT hours_streamed, rank FROM twitch_game_months WHERE game = 'League of Legends' AND month = '2016-01'",
    );
    expect(lol).toMatchObject({ hours_streamed: 1362044, rank: 1 });
    const global = await one("SELECT games_streamed FROM twitch_global_months WHERE month = '2016-01'");
    expect(global.games_streamed).toBe(12149);
    expect(formatSummary(summary)).toContain(`records inserted ${summary.inserted},`);
    expect(formatSummary(summary)).not.toContain("games inserted");
  });
});
