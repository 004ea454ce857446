import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { GameEstimateSchema } from "../../src/contracts/estimates.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * SteamSpy answers a price of 0 for a paid game no longer sold (review six, item 5: FIFA 22, GTA III,
 * Mass Effect 2). Without "Free to Play" among its genres or tags such a 0 is an unknown price: the
 * estimate gives units and leaves revenue unknown, and the free-games list leaves the game out.
 * Rows cut unchanged from SteamSpy's 2023 export (tests/fixtures/datasets/steamspy).
 */

const SPY = [
  `appid,name,developer,publisher,score_rank,positive,negative,userscore,owners,average_forever,average_2weeks,median_forever,median_2weeks,price,initialprice,discount,languages,genre,ccu,tags`,
  `570,Dota 2,Valve,Valve,,1659573,355797,0,"200,000,000 .. 500,000,000",0,0,0,0,0,0,0,"English, Bulgarian, Czech, Danish, Dutch, Finnish, French, German, Greek, Hungarian, Italian, Japanese, Korean, Norwegian, Polish, Portuguese - Portugal, Portuguese - Brazil, Romanian, Russian, Simplified Chinese, Spanish - Spain, Swedish, Thai, Traditional Chinese, Turkish, Ukrainian, Spanish - Latin America, Vietnamese","Action, Free to Play, Strategy",524317,"{'Free to Play': 59069, 'MOBA': 19752, 'Multiplayer': 14952, 'Strategy': 13926, 'e-sports': 11438, 'Team-Based': 10705, 'Competitive': 8058, 'Action': 7772, 'Online Co-Op': 7271, 'PvP': 5832, 'Difficult': 5131, 'Co-op': 4148, 'RTS': 3973, 'Tower Defense': 3645, 'RPG': 3634, 'Fantasy': 3622, 'Character Customization': 2816, 'Replay Value': 2675, 'Action RPG': 2358, 'Simulation': 1869}"`,
  `12100,Grand Theft Auto III,Rockstar Games,Rockstar Games,,11812,1848,0,"2,000,000 .. 5,000,000",0,0,0,0,0,0,0,"English, French, German, Italian, Spanish - Spain",Action,59,"{'Open World': 451, 'Action': 401, 'Automobile Sim': 360, 'Classic': 275, 'Third Person': 239, 'Crime': 212, 'Singleplayer': 211, 'Driving': 186, 'Sandbox': 185, 'Shooter': 158, 'Third-Person Shooter': 139, 'Great Soundtrack': 122, 'Violent': 117, 'Adventure': 115, 'Atmospheric': 111, 'Silent Protagonist': 106, 'Mature': 96, 'Story Rich': 86, 'Moddable': 62, 'Multiplayer': 60}"`,
].join("\n");

let cookie: string;
const get = async (path: string) => (await request(path, { cookie })).json();
const estimateOf = async (id: string) => GameEstimateSchema.parse(await get(`/api/games/${id}/estimates`));

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  const dir = tempDir("gi-delisted-");
  writeFileSync(join(dir, "spy.csv"), SPY);
  await importSteamSpyCsv(join(dir, "spy.csv"), new Date(Date.UTC(2023, 0, 15)));
  // A catalog imported before this rule: the 0 is stored on the row.
  await upsertGames(
    [
      {
        name: "Stored Delisted Cup",
        steamAppId: 7_800_001,
        price: 0,
        genres: ["Simulation", "Sports"],
        positiveReviews: 40_000,
        negativeReviews: 9_000,
        currentPlayers: 50_000,
      },
    ],
    "test",
  );
  await recomputeEstimates();
});

describe("a price of 0 without a free-to-play genre or tag", () => {
  test("is stored as unknown: no price on the row, no price point", async () => {
    const rows = await rawClient().execute(
      `SELECT g.steam_app_id, g.price, count(m.game_id) AS points FROM games g
       LEFT JOIN game_metrics m ON m.game_id = g.id AND m.metric = 'price'
       WHERE g.steam_app_id IN (570, 12100) GROUP BY g.id ORDER BY g.steam_app_id`,
    );
    expect(rows.rows.map((r) => ({ ...r }))).toEqual([
      { steam_app_id: 570, price: 0, points: 1 },
      { steam_app_id: 12100, price: null, points: 0 },
    ]);
  });

  test("estimates units with revenue unknown, imported now or stored before", async () => {
    for (const id of ["steam-12100", "steam-7800001"]) {
      const e = await estimateOf(id);
      expect(e.unitsSold!.mid, id).toBeGreaterThan(0);
      expect(e.revenue.gross, id).toBeNull();
      expect(e.revenue.net, id).toBeNull();
      expect(e.inputs.priceUsd, id).toBeNull();
      expect(e.notes, id).toContain("Price unknown: units are estimated, revenue is not.");
      expect(e.notes.join(" "), id).not.toMatch(/Free to play/);
    }
    // Free to play by its genres: no copies sold, as before.
    const dota = await estimateOf("steam-570");
    expect(dota.inputs.priceUsd).toBe(0);
    expect(dota.unitsSold).toEqual({ low: 0, mid: 0, high: 0 });
    expect(dota.notes.join(" ")).toMatch(/Free to play/);
  });

  test("is not listed among the free games", async () => {
    const free = (await get("/api/platforms/free-games")) as Array<{ name: string }>;
    expect(free.map((g) => g.name)).toEqual(["Dota 2"]);
  });
});
