import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { importSteamChartsCsv } from "../../src/server/importers/steamcharts.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";

/**
 * Review 8 (d), item 1: the importers stored impossible figures (a price of -$3.81 or infinity,
 * negative review counts and sales, 30 February), which screens showed and the estimates could not
 * use. Such a row is skipped and reported with its line and field (RowCheck), and nothing of it stored.
 */
const BROKEN = (name: string) => fileURLToPath(new URL(`../fixtures/broken/${name}`, import.meta.url));
const rows = async (sql: string, args: Array<string | number> = []) =>
  (await rawClient().execute({ sql, args })).rows;

describe("importers skip a row with an impossible figure or date, reporting its line and field", () => {
  test("steam-store-csv: 30 February, year 0, negative and infinite prices and counts", async () => {
    const summary = await importSteamStoreCsv(BROKEN("steam-impossible.csv"));
    expect(summary).toMatchObject({ read: 8, inserted: 2, skipped: 6 });
    expect(summary.errors).toEqual([
      { line: 3, message: 'invalid release_date "2019-02-30": a date the calendar does not have' },
      { line: 4, message: 'invalid release_date "0000-01-01": a date the calendar does not have' },
      { line: 5, message: 'invalid price "-3": a negative figure' },
      { line: 6, message: 'invalid positive_ratings "-5": a negative figure' },
      { line: 7, message: 'invalid price "1e308": larger than any real figure' },
      { line: 8, message: 'invalid negative_ratings "1e309": not a finite number' },
    ]);
    const stored = await rows("SELECT name FROM games WHERE steam_app_id BETWEEN 99999900 AND 99999909");
    expect(stored.map((r) => r.name).sort()).toEqual(["Edge Good", "Edge Good Two"]);
    // Nothing of a skipped row either: no series point.
    expect(
      await rows(
        "SELECT 1 FROM game_metrics m JOIN games g ON g.id = m.game_id WHERE g.name LIKE 'Edge %' AND m.value < 0",
      ),
    ).toEqual([]);
  });

  test("steamspy-csv: negative reviews, price (cents) and players", async () => {
    const summary = await importSteamSpyCsv(BROKEN("steamspy-impossible.csv"));
    expect(summary).toMatchObject({ read: 4, inserted: 1, skipped: 3 });
    expect(summary.errors).toEqual([
      { line: 3, message: 'invalid positive "-50": a negative figure' },
      { line: 4, message: 'invalid price "-999": a negative figure' },
      { line: 5, message: 'invalid ccu "-1": a negative figure' },
    ]);
    const [good] = await rows("SELECT price, positive_reviews FROM games WHERE steam_app_id = 99999910");
    expect(good).toMatchObject({ price: 9.99, positive_reviews: 100 });
  });

  test("steamspy-csv: a negative or inverted owners range, a hex or NaN price, half a review (review 11 a, items 4-5)", async () => {
    const summary = await importSteamSpyCsv(BROKEN("steamspy-odd.csv"));
    expect(summary).toMatchObject({ read: 6, inserted: 1, skipped: 5 });
    expect(summary.errors).toEqual([
      { line: 3, message: 'invalid owners "-20,000 .. 50,000": a negative figure' },
      { line: 4, message: 'invalid owners "100,000 .. 50,000": a range whose low end is above its high end' },
      { line: 5, message: 'invalid price "0x10": not a decimal number' },
      { line: 6, message: 'invalid price "NaN": not a number' },
      { line: 7, message: 'invalid positive "12.5": not a whole number' },
    ]);
    const stored = await rows(
      "SELECT name, owners_estimate FROM games WHERE steam_app_id BETWEEN 99999920 AND 99999925",
    );
    expect(stored.map((r) => ({ ...r }))).toEqual([{ name: "Odd Good", owners_estimate: 35000 }]);
  });

  test("steam-store-csv: a negative owners range", async () => {
    const summary = await importSteamStoreCsv(BROKEN("steam-odd.csv"));
    expect(summary).toMatchObject({ read: 2, inserted: 1, skipped: 1 });
    expect(summary.errors).toEqual([
      { line: 3, message: 'invalid owners "-20000-50000": a negative figure' },
    ]);
  });

  test("owners that are neither a range nor a figure are reported by line; an empty owners is owners unknown (review r12 a, item 3)", async () => {
    const spy = await importSteamSpyCsv(BROKEN("steamspy-owners-words.csv"));
    expect(spy).toMatchObject({ read: 6, inserted: 2, skipped: 4 });
    expect(spy.errors).toEqual([
      { line: 4, message: 'invalid owners "lots": neither a range of figures nor a figure' },
      { line: 5, message: 'invalid owners "20000-Infinity": neither a range of figures nor a figure' },
      { line: 6, message: 'invalid owners "0x10 .. 50,000": neither a range of figures nor a figure' },
      { line: 7, message: 'invalid owners "20,000.5 .. 50,000": neither a range of figures nor a figure' },
    ]);
    const stored = await rows(
      "SELECT name, owners_estimate FROM games WHERE steam_app_id BETWEEN 99999970 AND 99999975 ORDER BY name",
    );
    expect(stored.map((r) => ({ ...r }))).toEqual([
      { name: "Words Empty Owners", owners_estimate: null },
      { name: "Words Good", owners_estimate: 35000 },
    ]);

    const store = await importSteamStoreCsv(BROKEN("steam-owners-words.csv"));
    expect(store).toMatchObject({ read: 4, inserted: 1, skipped: 3 });
    expect(store.errors).toEqual([
      { line: 3, message: 'invalid owners "20000-": neither a range of figures nor a figure' },
      { line: 4, message: 'invalid owners "20000-50000-100000": neither a range of figures nor a figure' },
      { line: 5, message: 'invalid owners "1e4-5e4": neither a range of figures nor a figure' },
    ]);
  });

  test("vgsales-csv: negative and infinite sales, on a PC row too; nothing of them in the sales table", async () => {
    const summary = await importVgSalesCsv(BROKEN("vgsales-impossible.csv"));
    expect(summary.read).toBe(5);
    expect(summary.skipped).toBe(4);
    expect([...summary.errors].sort((a, b) => a.line - b.line)).toEqual([
      { line: 3, message: 'invalid NA_Sales "-5.5": a negative figure' },
      { line: 4, message: 'invalid EU_Sales "1e309": not a finite number' },
      { line: 5, message: 'invalid Global_Sales "-2.2": a negative figure' },
      { line: 6, message: 'invalid EU_Sales "-0.5": a negative figure' },
    ]);
    const sales = await rows(
      "SELECT g.name FROM game_sales s JOIN games g ON g.id = s.game_id WHERE g.name LIKE 'Vg %'",
    );
    expect(sales.map((r) => r.name)).toEqual(["Vg Good"]);
  });

  test("steamdb daily: a day the calendar does not have and a negative count skip their rows", async () => {
    const summary = await importSteamChartsCsv(BROKEN("steamdb-impossible.csv"));
    expect(summary.errors).toEqual([
      { line: 3, message: 'invalid DateTime "2022-02-30 00:00:00": a date the calendar does not have' },
      { line: 4, message: 'invalid Edge Daily One "-100": a negative figure' },
    ]);
    const points = await rows(
      `SELECT g.name, m.ts, m.value FROM game_metrics m JOIN games g ON g.id = m.game_id
       WHERE g.name LIKE 'Edge Daily %' ORDER BY g.name, m.ts`,
    );
    expect(points.map((p) => [p.name, new Date(Number(p.ts)).toISOString().slice(0, 10), p.value])).toEqual([
      ["Edge Daily One", "2022-02-18", 100],
      ["Edge Daily One", "2022-02-20", 110],
      ["Edge Daily Two", "2022-02-18", 200],
      ["Edge Daily Two", "2022-02-20", 210],
    ]);
  });
});
