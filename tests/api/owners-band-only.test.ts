import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { beforeAll, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * A game whose only owners word is SteamSpy's "0 .. 20,000" ("0-20000" in the Kaggle steam.csv): the
 * source gives no figure, only "below 20,000". The game page answers no owners figure but the band
 * with its source and time; the screener's owners figure is empty, with the band's top beside it, and
 * sorts as the fewest owners (first ascending, after every figure descending; a game with no owners
 * information at all stays last either way); the CSV leaves the cell empty. Before, each showed 10,000
 * as the source's figure.
 */
let premium: TestUser;
const SOURCE = "Steam Store Games (Kaggle, CC BY 4.0)";
const MAY_2019 = "2019-05-01T00:00:00.000Z";

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const dir = tempDir("gi-owners-band-");
  const file = join(dir, "steam.csv");
  writeFileSync(
    file,
    [
      "appid,name,release_date,english,developer,publisher,platforms,required_age,categories,genres,steamspy_tags,achievements,positive_ratings,negative_ratings,average_playtime,median_playtime,owners,price",
      "979300,Allied Nations,2019-01-10,1,Dev,Pub,windows,0,Single-player,Strategy,Strategy,0,1,0,0,0,0-20000,3.99",
      "979301,Floored Band,2018-01-10,1,Dev,Pub,windows,0,Single-player,Strategy,Strategy,0,60,5,0,0,20000-50000,3.99",
      "979302,Big Band,2017-01-10,1,Dev,Pub,windows,0,Single-player,Strategy,Strategy,0,900,50,0,0,50000-100000,3.99",
    ].join("\n"),
  );
  expect(await importSteamStoreCsv(file)).toMatchObject({ read: 3, inserted: 3, skipped: 0 });
  // A game with no owners information at all (no figure, no band).
  await upsertGames([{ name: "No Owners Known", genres: ["Strategy"] }], "test");
});

test("the game page: no owners figure, the band with its source and time", async () => {
  const res = await request("/api/games/steam-979300", { cookie: premium.cookie });
  expect(res.status).toBe(200);
  const game = await res.json();
  expect(game.latest.owners).toBeUndefined();
  expect(game.ownersBand).toEqual({ low: 0, high: 20000, source: SOURCE, asOf: MAY_2019 });
  // A band with a lower end still gives its midpoint, beside the band.
  const floored = await (await request("/api/games/steam-979301", { cookie: premium.cookie })).json();
  expect(floored.latest.owners).toMatchObject({ value: 35000, source: SOURCE, asOf: MAY_2019 });
  expect(floored.ownersBand).toMatchObject({ low: 20000, high: 50000 });
});

test("the screener: the owners figure is empty, the band's top beside it, and it sorts as the fewest owners", async () => {
  const names = async (order: string, limit?: number) => {
    const res = await request(
      `/api/market/screener?sort=owners&order=${order}${limit ? `&pageSize=${limit}` : ""}`,
      { cookie: premium.cookie },
    );
    expect(res.status).toBe(200);
    const page = await res.json();
    return page.rows as Array<{ name: string; owners: number | null; ownersBelow: unknown }>;
  };
  const asc = await names("asc");
  // Below 20,000 is fewer than every figure (all ≥ 20,000): first ascending; unknown stays last.
  expect(asc.map((r) => r.name)).toEqual(["Allied Nations", "Floored Band", "Big Band", "No Owners Known"]);
  expect(asc[0]).toMatchObject({
    owners: null,
    ownersBelow: { high: 20000, source: SOURCE, asOf: MAY_2019 },
  });
  expect(asc[1]).toMatchObject({ owners: 35000, ownersBelow: null });
  expect(asc[3]).toMatchObject({ owners: null, ownersBelow: null });
  const desc = await names("desc");
  expect(desc.map((r) => r.name)).toEqual(["Big Band", "Floored Band", "Allied Nations", "No Owners Known"]);
  // A first page (the top-k path) agrees with the whole order.
  expect((await names("asc", 1)).map((r) => r.name)).toEqual(["Allied Nations"]);
  expect((await names("desc", 3)).map((r) => r.name)).toEqual(["Big Band", "Floored Band", "Allied Nations"]);
});

test("the screener's CSV leaves the owners figure empty, and gives the band's top beside it", async () => {
  const res = await request("/api/market/screener?format=csv&columns=name,owners&sort=name&order=asc", {
    cookie: premium.cookie,
  });
  expect(res.status).toBe(200);
  const rows = parse(await res.text(), { columns: true, bom: true }) as Array<Record<string, string>>;
  // The table's "< 20K" in the file too (review 14 b, item 5): not an empty cell like an unknown.
  expect(rows.map((r) => [r.name, r["owners (count)"], r["ownersBelow (count)"]])).toEqual([
    ["Allied Nations", "", "20000"],
    ["Big Band", "75000", ""],
    ["Floored Band", "35000", ""],
    ["No Owners Known", "", ""],
  ]);
});
