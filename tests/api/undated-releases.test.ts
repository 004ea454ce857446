import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import type { CompanyPage, ScreenerPage } from "../../src/contracts/market.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Testers' defect 1: SteamSpy's 2023 export has no release dates, so Hades (a Supergiant game only it
 * lists) has no release year. Supergiant's page said "releases from 2011 to 2014" while listing it, and
 * the screener's release-year filter dropped it without a word. No date is made up: the page counts
 * its undated games and the screener says how many its years left out.
 */
const DATA = fileURLToPath(new URL("../fixtures/datasets/", import.meta.url));
const HEADER =
  "appid,name,developer,publisher,score_rank,positive,negative,userscore,owners,average_forever,average_2weeks,median_forever,median_2weeks,price,initialprice,discount,languages,genre,ccu,tags";
const HADES = `1145360,Hades,Supergiant Games,Supergiant Games,,205254,3214,0,"2,000,000 .. 5,000,000",0,0,0,0,2499,2499,0,English,"Action, Indie, RPG",6511,"{'Roguelike': 1000}"`;
const STEAM_HEADER =
  "appid,name,release_date,english,developer,publisher,platforms,required_age,categories,genres,steamspy_tags,achievements,positive_ratings,negative_ratings,average_playtime,median_playtime,owners,price";
const BASTION =
  "107100,Bastion,2011-08-16,1,Supergiant Games,Supergiant Games,windows;mac;linux,0,Single-player,Action;Indie;RPG,Indie;Action;RPG,24,34416,1616,0,0,2000000-5000000,10.99";
const TRANSISTOR =
  "237930,Transistor,2014-05-20,1,Supergiant Games,Supergiant Games,windows;mac;linux,0,Single-player,Action;Indie;RPG,Indie;Action;RPG,33,33000,1000,0,0,1000000-2000000,14.99";
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser({ role: "premium" });
  await importSteamStoreCsv(`${DATA}steam-store-games/steam.csv`);
  const dir = tempDir("gi-undated-");
  writeFileSync(join(dir, "steam.csv"), `${STEAM_HEADER}\n${BASTION}\n${TRANSISTOR}\n`);
  await importSteamStoreCsv(join(dir, "steam.csv"));
  writeFileSync(join(dir, "steamspy.csv"), `${HEADER}\n${HADES}\n`);
  await importSteamSpyCsv(join(dir, "steamspy.csv"), new Date("2023-01-15T00:00:00Z"));
});

const get = async <T>(path: string): Promise<T> => {
  const res = await request(path, { cookie: user.cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

describe("games no source dates", () => {
  test("the company page counts them beside its span of years", async () => {
    const page = await get<CompanyPage>("/api/companies/supergiant-games");
    const hades = page.games.find((g) => g.name === "Hades");
    expect(hades?.releaseYear).toBeNull();
    expect([page.totals.firstYear, page.totals.lastYear]).toEqual([2011, 2014]);
    expect(page.totals.undatedGames).toBe(1);
    expect(page.totals.undatedGames).toBe(page.games.filter((g) => g.releaseYear == null).length);
  });

  test("the screener says how many its release-year filter leaves out", async () => {
    const all = await get<ScreenerPage>("/api/market/screener?q=hades");
    expect(all.rows.map((r) => r.name)).toContain("Hades");
    expect(all.undatedLeftOut).toBe(0);
    const years = await get<ScreenerPage>("/api/market/screener?q=hades&yearFrom=2000&yearTo=2030");
    expect(years.rows.map((r) => r.name)).not.toContain("Hades");
    expect(years.undatedLeftOut).toBe(1);
    const to = await get<ScreenerPage>("/api/market/screener?yearTo=2030");
    expect(to.undatedLeftOut).toBe(1);
  });
});
