import { describe, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";

/** A game's release year follows its release date (review eight, item 2). */

const rows = async (sql: string, args: Array<string | number> = []) =>
  (await rawClient().execute({ sql, args })).rows;

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

  test("migration 0025 gives rows stored before their date's year", async () => {
    const { ids } = await upsertGames(
      [
        { name: "Stored Apart One", steamAppId: 7_800_002, releaseDate: "2010-12-15" },
        { name: "Stored Apart Two", steamAppId: 7_800_003, releaseYear: 2012 },
      ],
      "steam",
    );
    await rawClient().execute({ sql: "UPDATE games SET release_year = 2003 WHERE id = ?", args: [ids[0]!] });
    const sql = await Bun.file(
      new URL("../../migrations/0025_release-year-follows-date.sql", import.meta.url),
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
