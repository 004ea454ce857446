import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

/**
 * Review r13 a, items 2-4: rows dated after the import's day (a month of players in 2030, a release
 * in 2099, sales of the year 3000) became the product's newest data; `steamspy-csv` read Kaggle's
 * steam.csv (GBP prices as US cents); text in a number field ("abc", "free", "20x6", "{not a dict")
 * was stored as unknown without a word, a negative appid was stored. Each such row is skipped and
 * reported by line and field; a file of another layout is refused before anything is written.
 * The import's clock is set (`now`) so the messages name a fixed day.
 */
const NOW = new Date("2026-11-26T12:00:00Z");
const dir = mkdtempSync(join(tmpdir(), "gi-import-bad-values-"));
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
