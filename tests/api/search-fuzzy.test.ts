import { beforeAll, expect, test } from "vitest";
import type { SearchResult } from "../../src/contracts/games.ts";
import type { IgdbGame } from "../../src/contracts/sources.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review r20-a, item 4: a one-letter typo in a famous title ("stardw valley") and the usual
 * abbreviations ("gta", "csgo", "cs:go") found nothing, or unrelated games matched through their tags
 * (docs/decisions/028-search-abbreviations-and-typos.md).
 */
let user: TestUser;
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

beforeAll(async () => {
  user = await createTestUser();
  await upsertGames(
    [
      { name: "Stardew Valley", steamAppId: 413150, positiveReviews: 400_000, negativeReviews: 5_000 },
      { name: "Counter-Strike", steamAppId: 10, developer: "Valve", positiveReviews: 124_534 },
      {
        name: "Counter-Strike: Global Offensive",
        steamAppId: 730,
        developer: "Valve",
        positiveReviews: 2_644_404,
      },
      { name: "Grand Theft Auto V", steamAppId: 271590, positiveReviews: 900_000 },
      { name: "Grand Theft Auto: San Andreas", steamAppId: 12120, positiveReviews: 60_000 },
      { name: "Grand Theft Auto IV: The Complete Edition", steamAppId: 12210, positiveReviews: 40_000 },
      { name: "Left 4 Dead 2", steamAppId: 550, positiveReviews: 600_000 },
      // Weak matches of the literal strings: their tags say "gta" and "csgo", and they are popular.
      { name: "Aesthetic Arena", steamAppId: 900_001, tags: ["csgo", "gta"], positiveReviews: 3_000_000 },
      { name: "Boom Island", steamAppId: 900_002, tags: ["csgo"], positiveReviews: 20 },
      // "pubg" is one edit from "pug", but a known word (a tag): its tag matches answer it as typed.
      { name: "Battle Royale Trainer", steamAppId: 900_003, tags: ["pubg"], positiveReviews: 500 },
      { name: "Pug Life", steamAppId: 900_004, positiveReviews: 90_000 },
      // Known by its subtitle's initials ("kotor"); "Motorsport Manager" is one edit from it.
      // Steam's own spelling: no separator after the franchise (review r28-a, item 1).
      { name: "STAR WARS™ Knights of the Old Republic™", steamAppId: 32370, positiveReviews: 20_000 },
      { name: "Motorsport Manager", steamAppId: 415200, positiveReviews: 9_000 },
      // A game renamed by newer data: its former name's abbreviation still finds it.
      { name: "Team Fortress Classic", steamAppId: 20, positiveReviews: 5_000, asOf: at("2019-05-01") },
    ],
    "steam-store-csv",
  );
  await upsertGames(
    [{ name: "Team Fortress: Retro", steamAppId: 20, positiveReviews: 5_000, asOf: at("2023-01-15") }],
    "steamspy-csv",
  );
});

async function search(q: string): Promise<SearchResult[]> {
  const res = await request(`/api/games/search?${new URLSearchParams({ q })}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResult[];
}
const names = async (q: string) => (await search(q)).map((g) => g.name);

test("a one-letter typo in a title finds it, and the answer says what it searched", async () => {
  for (const [typed, searched] of [
    ["stardw valley", "stardew valley"],
    ["stardew valey", "stardew valley"],
    ["Stradew Valley", "stardew valley"], // two letters swapped: one edit
    ["stardw vall", "stardew vall"], // a half-typed word is kept as typed
  ]) {
    const found = await search(typed!);
    expect(
      found.map((g) => g.name),
      typed,
    ).toEqual(["Stardew Valley"]);
    expect(found.map((g) => g.correctedQuery)).toEqual([searched]);
  }
  const cs = await search("coutner strike");
  expect(cs.map((g) => g.name)).toEqual(["Counter-Strike", "Counter-Strike: Global Offensive"]);
  expect(new Set(cs.map((g) => g.correctedQuery))).toEqual(new Set(["counter strike"]));
});

test("words as typed that match names are not corrected; a word nothing is near stays a miss", async () => {
  const exact = await search("stardew valley");
  expect(exact.map((g) => g.name)).toEqual(["Stardew Valley"]);
  expect(exact[0]).not.toHaveProperty("correctedQuery");
  expect(await names("qwxzvbn")).toEqual([]);
  const pubg = await search("pubg");
  expect(pubg.map((g) => g.name)).toEqual(["Battle Royale Trainer"]);
  expect(pubg[0]).not.toHaveProperty("correctedQuery");
  // Under 4 letters, a word is not corrected (3 letters are too few to tell a typo from another word).
  expect(await names("stx valley")).toEqual([]);
  // More than one edit in a word of under 8 letters is too far.
  expect(await names("stadw valley")).toEqual([]);
});

test("abbreviations find the games whose name words they are the initials of, before weak matches", async () => {
  // Popularity order among them, ahead of the far more popular game only tagged "gta".
  expect(await names("gta")).toEqual([
    "Grand Theft Auto V",
    "Grand Theft Auto: San Andreas",
    "Grand Theft Auto IV: The Complete Edition",
    "Aesthetic Arena",
  ]);
  expect((await names("gtav"))[0]).toBe("Grand Theft Auto V");
  expect((await names("GTA SA"))[0]).toBe("Grand Theft Auto: San Andreas");
  for (const q of ["csgo", "cs:go", "CS GO"]) {
    const found = await names(q);
    expect(found[0], q).toBe("Counter-Strike: Global Offensive");
    expect(found).not.toContain("Counter-Strike");
  }
  expect(await names("l4d2")).toEqual(["Left 4 Dead 2"]);
  // A former name's abbreviation (Team Fortress Classic → "tfc") finds the renamed game.
  expect(await names("tfc")).toEqual(["Team Fortress: Retro"]);
  // An abbreviation is no correction.
  expect((await search("gta"))[0]).not.toHaveProperty("correctedQuery");
});

test("the Games Database search corrects typing mistakes the same way", async () => {
  const res = await request(`/api/igdb/search?${new URLSearchParams({ q: "stardw valley" })}`, {
    cookie: user.cookie,
  });
  expect(res.status).toBe(200);
  const games = (await res.json()) as IgdbGame[];
  expect(games.map((g) => [g.name, g.correctedQuery])).toEqual([["Stardew Valley", "stardew valley"]]);
  const csgo = (await (
    await request(`/api/igdb/search?${new URLSearchParams({ q: "csgo" })}`, { cookie: user.cookie })
  ).json()) as IgdbGame[];
  expect(csgo[0]?.name).toBe("Counter-Strike: Global Offensive");
  expect(csgo[0]).not.toHaveProperty("correctedQuery");
});

test("a subtitle's initials find the game, ahead of a name one edit away", async () => {
  expect((await names("kotor"))[0]).toBe("STAR WARS™ Knights of the Old Republic™");
  expect((await search("KOTOR"))[0]?.correctedQuery).toBeUndefined();
});
