import { beforeAll, expect, test } from "vitest";
import type { SearchResult } from "../../src/contracts/games.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review r21-b, finding 1: "dark souls 3", "gta 5", "civ 5", "ff7", "dota2" found nothing or unrelated
 * games, "civ v" put Civilization VI first, and corrections landed on obscure games ("fortnite" as
 * "fortunate", "eldenring" as "elderine") — docs/decisions/028, addendum.
 */
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  await upsertGames(
    [
      { name: "DARK SOULS™ III", steamAppId: 374320, positiveReviews: 100_412 },
      { name: "DARK SOULS™ II", steamAppId: 236430, positiveReviews: 30_008 },
      // Matches "dark souls 3" through its tags only ("souls like", "dark fantasy", "3d"), and is popular.
      {
        name: "ELDEN RING",
        steamAppId: 1245620,
        tags: ["Souls-like", "Dark Fantasy", "3D"],
        positiveReviews: 600_000,
      },
      { name: "Grand Theft Auto V", steamAppId: 271590, positiveReviews: 329_061 },
      // Civilization VI is the more popular, as in the tester's catalog.
      { name: "Sid Meier's Civilization® V", steamAppId: 8930, positiveReviews: 129_030 },
      { name: "Sid Meier’s Civilization® VI", steamAppId: 289070, positiveReviews: 400_000 },
      { name: "FINAL FANTASY VII", steamAppId: 39140, positiveReviews: 11_722 },
      { name: "FINAL FANTASY VIII", steamAppId: 39150, positiveReviews: 5_323 },
      { name: "Portal 2", steamAppId: 620, positiveReviews: 138_220 },
      { name: "Dota 2", steamAppId: 570, positiveReviews: 863_507 },
      { name: "Left 4 Dead 2", steamAppId: 550, positiveReviews: 251_789 },
      { name: "DOOM", steamAppId: 379720, positiveReviews: 68_536 },
      { name: "DOOM 3", steamAppId: 208200, positiveReviews: 5_000 },
      { name: "Total War: WARHAMMER", steamAppId: 364360, positiveReviews: 29_826 },
      { name: "Total War: WARHAMMER II", steamAppId: 594570, positiveReviews: 19_420 },
      { name: "Hollow Knight", steamAppId: 367520, positiveReviews: 30_000 },
      // Obscure games a correction could land on: below the catalog's median popularity.
      { name: "UFO - Unfortunately Fortunate Organisms", steamAppId: 900_101, positiveReviews: 4 },
      { name: "Elderine: Dreams to Destiny", steamAppId: 900_102, positiveReviews: 4 },
      // Most of a catalog: small games (the median one has a few dozen reviews).
      ...Array.from({ length: 30 }, (_, i) => ({
        name: `Meadow Tale ${i + 1}`,
        steamAppId: 900_200 + i,
        positiveReviews: 20 + i,
      })),
    ],
    "steam-store-csv",
  );
});

async function search(q: string): Promise<SearchResult[]> {
  const res = await request(`/api/games/search?${new URLSearchParams({ q })}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResult[];
}
const names = async (q: string) => (await search(q)).map((g) => g.name);

test("digits find roman numerals and roman numerals digits, the named number first", async () => {
  const ds3 = await search("dark souls 3");
  expect(ds3.map((g) => g.name)).toEqual(["DARK SOULS™ III", "ELDEN RING"]);
  expect(ds3[0]).not.toHaveProperty("correctedQuery");
  expect((await names("dark souls 2"))[0]).toBe("DARK SOULS™ II");
  expect(await names("total war warhammer 2")).toEqual(["Total War: WARHAMMER II"]);
  expect(await names("civ 5")).toEqual(["Sid Meier's Civilization® V"]);
  expect(await names("civilization 5")).toEqual(["Sid Meier's Civilization® V"]);
  // "v" is a whole numeral: V ahead of the more popular VI, which it only starts.
  expect(await names("civ v")).toEqual(["Sid Meier's Civilization® V", "Sid Meier’s Civilization® VI"]);
  expect(await names("civ vi")).toEqual(["Sid Meier’s Civilization® VI"]);
  expect(await names("civilization iii")).toEqual([]);
  // Abbreviations with the numeral in digits.
  expect(await names("gta 5")).toEqual(["Grand Theft Auto V"]);
  expect(await names("gta5")).toEqual(["Grand Theft Auto V"]);
  expect(await names("ff7")).toEqual(["FINAL FANTASY VII"]);
  expect(await names("ff8")).toEqual(["FINAL FANTASY VIII"]);
  expect(await names("ffvii")).toEqual(["FINAL FANTASY VII"]);
});

test("letters and digits typed together are also searched as two words, and that is no correction", async () => {
  for (const [typed, name] of [
    ["portal2", "Portal 2"],
    ["dota2", "Dota 2"],
    ["civ6", "Sid Meier’s Civilization® VI"],
    ["l4d2", "Left 4 Dead 2"],
  ]) {
    const found = await search(typed!);
    expect(
      found.map((g) => g.name),
      typed,
    ).toEqual([name]);
    expect(found[0], typed).not.toHaveProperty("correctedQuery");
  }
});

test("a number no name has is left out, and the answer says so", async () => {
  const doom = await search("doom 2016");
  expect(doom.map((g) => g.name)).toEqual(["DOOM", "DOOM 3"]);
  expect(doom.map((g) => g.correctedQuery)).toEqual(["doom", "doom"]);
});

test("two words typed as one are cut in two; a correction landing on an obscure game is none", async () => {
  const elden = await search("eldenring");
  expect(elden.map((g) => [g.name, g.correctedQuery])).toEqual([["ELDEN RING", "elden ring"]]);
  // "fortunate" is one edit from "fortnite", but only an obscure game has it: no answer.
  expect(await names("fortnite")).toEqual([]);
  // A correction to a game of some weight stands.
  const hollow = await search("hollw knight");
  expect(hollow.map((g) => [g.name, g.correctedQuery])).toEqual([["Hollow Knight", "hollow knight"]]);
});
