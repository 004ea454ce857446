import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { type GameDetail, SAME_GAME_YEARS, SAME_TITLE_SHOWN } from "../../src/contracts/game-page.ts";
import { SAME_TITLE_SQL } from "../../src/server/catalog/game-page.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient, readRows } from "../../src/server/db/client.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * One title sold on several platform families is several catalog games (VGChartz: Grand Theft Auto V
 * on PS3+X360 in 2013, PS4+XOne in 2014, PC in 2015, the last joined by the Steam game): each game's
 * page names the others, with their own figures and sources, and adds up their published units only
 * when they come from one file and date (docs/decisions/031-same-title-entries.md).
 */
const DEC_2016 = fileURLToPath(
  new URL("../fixtures/datasets/vgsales/same-title/Video_Games_Sales_as_at_22_Dec_2016.csv", import.meta.url),
);
const DEC = "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)";
const DEC_AS_OF = "2016-12-22T00:00:00.000Z";

let cookie: string;

async function idsOf(name: string): Promise<string[]> {
  const rs = await rawClient().execute({
    sql: "SELECT id FROM games WHERE name = ? ORDER BY release_year",
    args: [name],
  });
  return rs.rows.map((r) => String(r.id));
}

const page = async (id: string): Promise<GameDetail> => {
  const res = await request(`/api/games/${id}`, { cookie });
  expect(res.status).toBe(200);
  return res.json();
};

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  await importVgSalesCsv(DEC_2016);
  await upsertGames(
    [
      // The Steam game joins the 2015 PC row (one entry with published units and an estimate).
      {
        name: "Grand Theft Auto V",
        steamAppId: 271_590,
        releaseDate: "2015-04-13",
        platforms: ["PC"],
        positiveReviews: 329_061,
        negativeReviews: 139_308,
        price: 29.99,
        genres: ["Action", "Adventure"],
      },
      // On Steam in 2022, seventeen years after the PS2 game: two entries (decisions 007, 2026-11-26).
      {
        name: "God of War",
        steamAppId: 1_593_500,
        releaseDate: "2022-01-14",
        platforms: ["PC"],
        positiveReviews: 103_155,
        negativeReviews: 3_297,
        price: 49.99,
        genres: ["Action"],
      },
      // An edition is another title: not the same name.
      { name: "Grand Theft Auto V: Premium Edition", igdbId: 991_101, releaseYear: 2018, platforms: ["PS4"] },
      // Names of another script: their name keys are empty, and they are not one title.
      { name: "魔塔", releaseYear: 2019, platforms: ["PC"] },
      { name: "勇者", releaseYear: 2020, platforms: ["PC"] },
      // Spelt otherwise (case, apostrophe, trademark sign): the same key, the same title.
      { name: "Baldur's Gate", releaseYear: 1998, platforms: ["PC"] },
      { name: "BALDUR’S GATE™", releaseYear: 2012, platforms: ["iOS"] },
    ],
    "test",
  );
  await recomputeEstimates();
});

describe("the other entries of a title on its game page", () => {
  test("each GTA V entry lists the two others, oldest first, with platforms and published units", async () => {
    const [ps3, ps4, pc] = await idsOf("Grand Theft Auto V");
    expect([ps3, ps4, pc].every(Boolean)).toBe(true);
    const game = await page(ps4!);
    expect(game.sameTitle?.total).toBe(2);
    expect(game.sameTitle?.entries).toEqual([
      {
        id: ps3,
        slug: expect.any(String),
        name: "Grand Theft Auto V",
        platforms: ["PS3", "X360"],
        releaseDate: null,
        releaseYear: 2013,
        steamAppId: null,
        isDemo: false,
        publishedUnits: {
          units: 37_310_000,
          provenance: [expect.objectContaining({ source: DEC, asOf: DEC_AS_OF })],
        },
        unitsEstimate: null,
      },
      expect.objectContaining({
        id: pc,
        platforms: ["PC"],
        releaseDate: "2015-04-13",
        releaseYear: 2015,
        steamAppId: 271_590,
        publishedUnits: {
          units: 1_170_000,
          provenance: [expect.objectContaining({ source: DEC, asOf: DEC_AS_OF })],
        },
      }),
    ]);
    // The Steam game's estimate, its own figure with its source: beside the published units, not added.
    const estimate = game.sameTitle!.entries[1]!.unitsEstimate!;
    expect(estimate).toMatchObject({ source: "Estimates per game", freeToPlay: false });
    expect(estimate.mid).toBeGreaterThan(0);
    expect(estimate.method).toMatch(/not a published figure/);
  });

  test("published units of one file and date add up over the entries, this game's included", async () => {
    const [ps3, ps4, pc] = await idsOf("Grand Theft Auto V");
    const game = await page(pc!);
    expect(game.sameTitle?.entries.map((e) => e.id)).toEqual([ps3, ps4]);
    // 21.04 + 16.27 (2013) + 12.61 + 5.48 (2014) + 1.17 (2015), the Steam estimate not among them.
    expect(game.sameTitle?.publishedTotal).toEqual({
      units: 56_570_000,
      gameIds: [pc, ps3, ps4],
      entriesWithout: 0,
      source: DEC,
      asOf: DEC_AS_OF,
      method: expect.stringMatching(
        /^Sum of the units .*\(this game and 2 other entries\).*no estimate added$/,
      ),
    });
    expect(game.sameTitle?.noTotalReason).toBeNull();
  });

  // Review r26/b #3: NFS: Most Wanted of 2005 (EA Canada), its 2012 reboot (Criterion) and the reboot's
  // 2013 WiiU port came out as one "13.77M units sold", a figure of no one game.
  test("entries of one name released more than SAME_GAME_YEARS apart are not added up, and the answer says why", async () => {
    const [mw2005, mw2012, mw2013] = await idsOf("Need for Speed: Most Wanted");
    const game = await page(mw2005!);
    expect(game.publishedSales?.units).toBe(8_040_000);
    expect(game.sameTitle?.entries.map((e) => [e.id, e.releaseYear, e.publishedUnits?.units])).toEqual([
      [mw2012, 2012, 5_460_000],
      [mw2013, 2013, 270_000],
    ]);
    expect(game.sameTitle?.publishedTotal).toBeNull();
    expect(game.sameTitle?.noTotalReason).toBe(
      `No sum of published units: the entries that have some were released in 2005, 2012 and 2013, more than ${SAME_GAME_YEARS} years apart, so they may be different games of this name (a remake or a reboot), and their sum would be the figure of no one game.`,
    );
    // From the reboot's page too; "Most Wanted 5-1-0" is another title, not an entry.
    const reboot = await page(mw2012!);
    expect(reboot.sameTitle?.entries.map((e) => e.id)).toEqual([mw2005, mw2013]);
    expect(reboot.sameTitle?.publishedTotal).toBeNull();
    expect(reboot.sameTitle?.noTotalReason).toMatch(/released in 2005, 2012 and 2013/);
    // GTA V's 2013, 2014 and 2015 entries lie within the window: their sum stays, with no reason.
    const [, , pc] = await idsOf("Grand Theft Auto V");
    const gta = await page(pc!);
    expect(gta.sameTitle?.publishedTotal?.units).toBe(56_570_000);
    expect(gta.sameTitle?.noTotalReason).toBeNull();
  });

  test("an entry with published units and no release year blocks the sum", async () => {
    // The file's undated rows join a dated entry of their name (decision 007), so no real row makes
    // one; an entry whose year the catalog lost stands for it, restored afterwards.
    const [mw2005, , mw2013] = await idsOf("Need for Speed: Most Wanted");
    const setYear = (y: number | null) =>
      rawClient().execute({ sql: "UPDATE games SET release_year = ? WHERE id = ?", args: [y, mw2013!] });
    await setYear(null);
    try {
      const game = await page(mw2005!);
      expect(game.sameTitle?.entries.at(-1)).toMatchObject({ id: mw2013, releaseYear: null });
      expect(game.sameTitle?.publishedTotal).toBeNull();
      expect(game.sameTitle?.noTotalReason).toBe(
        "No sum of published units: one of the entries that have some has no release year, so nothing shows they are one game on several platforms rather than different games of this name, and a sum could be the figure of no one game.",
      );
    } finally {
      await setYear(2013);
    }
  });

  test("a Steam estimate is never added to published units: one entry with units, no total", async () => {
    const [ps2, steam] = await idsOf("God of War");
    const console = await page(ps2!);
    expect(console.sameTitle?.entries).toEqual([
      expect.objectContaining({ id: steam, steamAppId: 1_593_500, publishedUnits: null }),
    ]);
    expect(console.sameTitle?.entries[0]?.unitsEstimate?.source).toBe("Estimates per game");
    expect(console.sameTitle?.publishedTotal).toBeNull();
    const onSteam = await page(steam!);
    expect(onSteam.sameTitle?.entries).toEqual([
      expect.objectContaining({
        id: ps2,
        platforms: ["PS2"],
        releaseYear: 2005,
        publishedUnits: { units: 4_450_000, provenance: [expect.objectContaining({ source: DEC })] },
        // Not on Steam, no Steam signal: the owners model gives it no figure.
        unitsEstimate: null,
      }),
    ]);
    expect(onSteam.sameTitle?.publishedTotal).toBeNull();
    // The PS2 entry's own estimate says why the model does not cover it without calling the game
    // "not on Steam": the title is, as the 2022 entry (review r25 #2).
    const res = await request(`/api/games/${ps2}/estimates`, { cookie });
    expect(res.status).toBe(200);
    const notes = ((await res.json()) as { notes: string[] }).notes.join(" ");
    expect(notes).toContain("This entry is not a Steam app");
    expect(notes).not.toMatch(/not on Steam/i);
  });

  test("only the exact name key: no edition, no sequel, no name of another script's empty key", async () => {
    const [iv] = await idsOf("Grand Theft Auto IV");
    expect((await page(iv!)).sameTitle).toBeNull();
    const [premium] = await idsOf("Grand Theft Auto V: Premium Edition");
    expect((await page(premium!)).sameTitle).toBeNull();
    const [tower] = await idsOf("魔塔");
    expect((await page(tower!)).sameTitle).toBeNull();
    const [pc] = await idsOf("Baldur's Gate");
    const [ios] = await idsOf("BALDUR’S GATE™");
    expect((await page(pc!)).sameTitle?.entries.map((e) => [e.id, e.name, e.platforms])).toEqual([
      [ios, "BALDUR’S GATE™", ["iOS"]],
    ]);
  });

  test("a title of many entries lists the first SAME_TITLE_SHOWN by release and counts them all", async () => {
    const years = Array.from({ length: SAME_TITLE_SHOWN + 5 }, (_, i) => 1990 + i);
    const { ids } = await upsertGames(
      years.reverse().map((y) => ({ name: "Solitaire Classic", releaseYear: y, platforms: ["DS"] })),
      "test",
    );
    const newest = ids[0]!;
    const game = await page(newest);
    expect(game.sameTitle?.total).toBe(SAME_TITLE_SHOWN + 4);
    expect(game.sameTitle?.entries.map((e) => e.releaseYear)).toEqual(
      Array.from({ length: SAME_TITLE_SHOWN }, (_, i) => 1990 + i),
    );
    expect(game.sameTitle?.publishedTotal).toBeNull();
  });

  test("the entries are found through the name index, not a scan of the catalog", async () => {
    // Through the read connection, as the product reads it: the libSQL client steps an EXPLAIN once and
    // leaves it open, so its pooled connection keeps reading this moment's snapshot until the statement
    // is collected, and misses what other connections commit after (the watchlist test below).
    const plan = await readRows(`EXPLAIN QUERY PLAN ${SAME_TITLE_SQL}`, ["grand theft auto v", "x"]);
    const detail = plan.map((r) => String(r.detail)).join("\n");
    expect(detail).toMatch(/SEARCH games USING INDEX games_name_year_idx \(normalized_name=\?\)/);
  });
});

// Review r25 #2 (the watchlist's cards): a tracked entry names every platform, as search does, so the
// PS4+XOne entry of GTA V is not a card tagged "PS4" beside a "PS3" one.
test("the watchlist names each tracked entry's platforms", async () => {
  const [ps3, ps4] = await idsOf("Grand Theft Auto V");
  for (const gameId of [ps3!, ps4!])
    expect((await request("/api/user/games", { cookie, method: "POST", json: { gameId } })).status).toBe(201);
  const res = await request("/api/user/games", { cookie });
  const watched = (await res.json()) as Array<{
    gameId: string;
    platform: string | null;
    platforms: string[];
  }>;
  const byId = new Map(watched.map((g) => [g.gameId, g]));
  expect(byId.get(ps3!)).toMatchObject({ platform: "PS3", platforms: ["PS3", "X360"] });
  expect(byId.get(ps4!)).toMatchObject({ platform: "PS4", platforms: ["PS4", "XOne"] });
});
