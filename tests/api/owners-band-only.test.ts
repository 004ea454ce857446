import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { beforeAll, expect, test } from "vitest";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * A game whose only owners word is SteamSpy's "0 .. 20,000" ("0-20000" in the Kaggle steam.csv): the
 * source gives no figure, only "below 20,000". The game page answers no owners figure but the band
 * with its source and time; the screener's owners figure is empty (sorted last), with the band's top
 * beside it; the CSV leaves the cell empty. Before, each showed 10,000 as the source's figure.
 */
let premium: TestUser;
const SOURCE = "Steam Store Games (Kaggle, CC BY 4.0)";
const MAY_2019 = "2019-05-01T00:00:00.000Z";

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const dir = mkdtempSync(join(tmpdir(), "gi-owners-band-"));
  const file = join(dir, "steam.csv");
  writeFileSync(
    file,
    [
      "appid,name,release_date,english,developer,publisher,platforms,required_age,categories,genres,steamspy_tags,achievements,positive_ratings,negative_ratings,average_playtime,median_playtime,owners,price",
      "979300,Allied Nations,2019-01-10,1,Dev,Pub,windows,0,Single-player,Strategy,Strategy,0,1,0,0,0,0-20000,3.99",
      "979301,Floored Band,2018-01-10,1,Dev,Pub,windows,0,Single-player,Strategy,Strategy,0,60,5,0,0,20000-50000,3.99",
    ].join("\n"),
  );
  try {
    expect(await importSteamStoreCsv(file)).toMatchObject({ read: 2, inserted: 2, skipped: 0 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

test("the screener: the owners figure is empty and sorts last; the band's top is beside it", async () => {
  for (const order of ["desc", "asc"]) {
    const res = await request(`/api/market/screener?sort=owners&order=${order}`, { cookie: premium.cookie });
    const page = await res.json();
    expect(page.rows.map((r: { name: string }) => r.name)).toEqual(["Floored Band", "Allied Nations"]);
    expect(page.rows[1]).toMatchObject({
      owners: null,
      ownersBelow: { high: 20000, source: SOURCE, asOf: MAY_2019 },
    });
    expect(page.rows[0]).toMatchObject({ owners: 35000, ownersBelow: null });
  }
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
    ["Floored Band", "35000", ""],
  ]);
});
