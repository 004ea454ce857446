import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { recordSyncRun } from "../../src/server/sync/state.ts";
import { replaceStoreOffers } from "../../src/server/sync/stored.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/** `/api/platforms/*` (spec §7): the 8 platforms' real state, games and players per platform, free games. */
let user: TestUser;
/** Why a sync failed and which settings are missing: for admins (customers: data-sources-failures.test.ts). */
let admin: TestUser;
beforeAll(async () => {
  user = await createTestUser();
  admin = await createTestUser({ role: "admin" });
});
afterEach(() => {
  delete process.env.IGDB_CLIENT_ID;
  delete process.env.IGDB_CLIENT_SECRET;
  resetEnvForTests();
});
const get = async (path: string, as: TestUser = user) => {
  const res = await request(path, { cookie: as.cookie });
  expect(res.status, path).toBe(200);
  return res.json();
};
const ENDS = new Date(Date.now() + 6 * 86_400_000).toISOString();
type Connection = {
  id: string;
  status: string;
  configured: boolean;
  source: string;
  stored: { count: number };
};

// Review r33-c #6: a screen says "collected every 12 hours" only while a schedule runs; these tests
// start no scheduler (syncSchedules' own test covers one running).
test("each platform says how often a schedule syncs it: none while no schedule runs", async () => {
  const all: Array<Connection & { schedule: unknown }> = await get("/api/platforms/all");
  expect(all.map((p) => [p.id, p.schedule])).toEqual(all.map((p) => [p.id, null]));
});

describe("with an empty database", () => {
  test("all 8 platforms, none synced; the keyed ones say what is missing", async () => {
    const all: Connection[] = await get("/api/platforms/all", admin);
    expect(all.map((p) => [p.id, p.status])).toEqual([
      ["steam", "never_synced"],
      ["epic", "never_synced"],
      ["gog", "never_synced"],
      ["playstation", "not_configured"],
      ["xbox", "not_configured"],
      ["igdb", "not_configured"],
      ["kaggle", "not_configured"],
      ["github", "never_synced"],
    ]);
    expect(all.find((p) => p.id === "kaggle")).toMatchObject({
      configured: false,
      missing: ["KAGGLE_USERNAME", "KAGGLE_KEY"],
      lastSync: null,
      stored: { count: 0, unit: "datasets" },
    });
    // No public PlayStation or Xbox catalog: the screen says where their data comes from, and that
    // IGDB, which would give it, has no keys here (review r27-a #8).
    expect(all.filter((p) => p.source === "no games stored; IGDB not connected").map((p) => p.id)).toEqual([
      "playstation",
      "xbox",
    ]);
  });

  test("stats and free games are empty lists", async () => {
    expect(await get("/api/platforms/stats")).toEqual([]);
    expect(await get("/api/platforms/free-games")).toEqual([]);
  });

  test("without a session: 401", async () => {
    for (const path of ["all", "stats", "free-games"]) {
      expect((await request(`/api/platforms/${path}`)).status, path).toBe(401);
    }
  });
});

describe("with stored data", () => {
  beforeAll(async () => {
    await upsertGames(
      [
        {
          name: "Frontier Racers",
          steamAppId: 70001,
          platforms: ["PC", "PlayStation 5", "Xbox Series X|S"],
          genres: ["Racing", "Free to Play"],
          currentPlayers: 5000,
          price: 0,
        },
        {
          name: "Quiet Orchard",
          steamAppId: 70002,
          platforms: ["PC", "Mac"],
          currentPlayers: 120,
          price: 14.99,
        },
        {
          name: "Harbor Lights",
          igdbId: 8001,
          platforms: ["PlayStation 4"],
          tags: ["free to play"],
          price: 0,
        },
        // A paid game no longer sold: SteamSpy answers 0, and nothing says it is free to play.
        { name: "Delisted Derby", genres: ["Sports"], currentPlayers: 9000, price: 0 },
      ],
      "test",
    );
    await replaceStoreOffers("Epic", [
      {
        store: "Epic",
        id: "e1",
        title: "Vault Breakers",
        price: 0,
        originalPrice: 24.99,
        discountPercent: 100,
        free: true,
        imageUrl: "https://cdn.example/vault.jpg",
        url: "https://store.epicgames.com/p/vault-breakers",
        startsAt: new Date(Date.now() - 86_400_000).toISOString(),
        endsAt: ENDS,
      },
      {
        store: "Epic",
        id: "e0",
        title: "Yesterday's Gift",
        price: 0,
        originalPrice: 9.99,
        discountPercent: 100,
        free: true,
        imageUrl: null,
        url: null,
        startsAt: new Date(Date.now() - 8 * 86_400_000).toISOString(),
        // Ended after the last sync: no longer free.
        endsAt: new Date(Date.now() - 60_000).toISOString(),
      },
    ]);
    await replaceStoreOffers("GOG", [
      {
        store: "GOG",
        id: "g1",
        title: "Beneath a Steel Sky",
        price: 0,
        originalPrice: 0,
        discountPercent: null,
        free: true,
        imageUrl: null,
        url: "https://www.gog.com/en/game/beneath_a_steel_sky",
        startsAt: null,
        endsAt: null,
      },
      {
        store: "GOG",
        id: "g2",
        title: "The Witcher 3: Wild Hunt",
        price: 9.99,
        originalPrice: 39.99,
        discountPercent: 75,
        free: false,
        imageUrl: null,
        url: null,
        startsAt: null,
        endsAt: null,
      },
    ]);
  });

  test("stats: games per platform; Steam's players count under PC alone, other platforms have no data", async () => {
    const stats = await get("/api/platforms/stats");
    // Shares of the 4 catalog games (Delisted Derby lists no platform and is in the base too).
    const none = { players: null, playerGames: 0, provenance: null, share: 25, catalogGames: 4 };
    expect(stats).toEqual(
      expect.arrayContaining([
        { platform: "PlayStation 5", games: 1, ...none },
        { platform: "PlayStation 4", games: 1, ...none },
        { platform: "Mac", games: 1, ...none },
      ]),
    );
    expect(stats[0]).toEqual({
      platform: "PC",
      games: 2,
      share: 50,
      catalogGames: 4,
      // Every count the catalog holds is Steam's: Delisted Derby's 9,000 too, though it lists no platform.
      players: 14120,
      playerGames: 3,
      // Counts set on the games directly, with no player series behind them: no source to name.
      provenance: null,
    });
  });

  test("free games: Epic's running promotions, GOG's free games, then the catalog's free-to-play games, most played first; a price of 0 without a free-to-play genre or tag is not free", async () => {
    const free = await get("/api/platforms/free-games");
    expect(free.map((g: { name: string; store: string }) => [g.name, g.store])).toEqual([
      ["Vault Breakers", "Epic"],
      ["Beneath a Steel Sky", "GOG"],
      ["Frontier Racers", "Steam"],
      ["Harbor Lights", "Catalog"],
    ]);
    expect(free[0]).toMatchObject({
      url: "https://store.epicgames.com/p/vault-breakers",
      endsAt: ENDS,
    });
    expect(free[2]).toMatchObject({ playerCount: 5000, url: "https://store.steampowered.com/app/70001" });
    // Report r10-b #9: a catalog game carries its id, for its name to open its page; a promotion has none.
    expect(free.map((g: { gameId: string | null }) => g.gameId)).toEqual([
      null,
      null,
      free[2].id,
      free[3].id,
    ]);
    expect(free[2].gameId).toMatch(/^[0-9a-f-]{36}$/);
    // Report r11-b #14: a catalog game names the source and time of its price of 0, for the card to
    // name only the sources of the games it lists; a promotion's source is its store, as of the sync
    // that last saw it.
    expect(free.map((g: { provenance: unknown }) => g.provenance)).toEqual([
      { source: "Epic Games Store", asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      { source: "GOG", asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      { source: "test", asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      { source: "test", asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ]);
    // Counts set on the games directly have no series behind them: no source to name for them.
    expect(free.map((g: { playersProvenance: unknown }) => g.playersProvenance)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  // Review 12, item 10: the list is ranked by player counts whose source the card did not name.
  test("free games: a catalog game's player count names its source and month", async () => {
    const [frontier] = (await get("/api/platforms/free-games")).filter(
      (g: { name: string }) => g.name === "Frontier Racers",
    );
    await recordMetrics([
      {
        gameId: frontier.gameId,
        metric: "players",
        ts: new Date(Date.UTC(2022, 1, 1)),
        value: 6000,
        period: "month",
        source: "steamcharts-csv",
      },
    ]);
    const after = (await get("/api/platforms/free-games")).find(
      (g: { name: string }) => g.name === "Frontier Racers",
    );
    expect(after.playerCount).toBe(6000);
    expect(after.playersProvenance).toMatchObject({
      source: "SteamCharts",
      asOf: "2022-02-01T00:00:00.000Z",
    });
  });

  test("all: connection state from the last sync, and what each platform holds now", async () => {
    process.env.IGDB_CLIENT_ID = "id";
    process.env.IGDB_CLIENT_SECRET = "secret";
    resetEnvForTests();
    const at = new Date("2026-02-01T12:00:00Z");
    await recordSyncRun("epic", { status: "ok", records: 1, message: null, durationMs: 120 }, at);
    await recordSyncRun(
      "igdb",
      { status: "error", records: 0, message: "igdb: timed out", durationMs: 10_000 },
      at,
    );
    await recordSyncRun("steamspy", { status: "ok", records: 100, message: null, durationMs: 800 }, at);
    const all: Array<Connection & Record<string, unknown>> = await get("/api/platforms/all", admin);
    const by = (id: string) => all.find((p) => p.id === id)!;
    expect(by("epic")).toMatchObject({
      status: "connected",
      lastSync: at.toISOString(),
      lastSuccess: at.toISOString(),
      stored: { count: 1, unit: "free games" },
    });
    // Steam's games come in through the Steam and SteamSpy syncs.
    expect(by("steam")).toMatchObject({ status: "connected", stored: { count: 2, unit: "games" } });
    expect(by("igdb")).toMatchObject({
      configured: true,
      status: "error",
      message: "igdb: timed out",
      lastSuccess: null,
    });
    // Where the stored games came from: Harbor Lights from IGDB, Frontier Racers from Steam.
    expect(by("playstation")).toMatchObject({
      status: "error",
      source: "games from IGDB, Steam",
      stored: { count: 2 },
    });
    expect(by("xbox")).toMatchObject({ source: "games from Steam; metadata via IGDB", stored: { count: 1 } });
    expect(by("gog")).toMatchObject({ status: "never_synced", stored: { count: 2, unit: "offers" } });
  });
});

// Report r10-b #13: the console games a VGChartz file brought in are named as its, not IGDB's.
describe("console games from a sales dataset", () => {
  test("PlayStation and Xbox name the sources of the games stored, most games first", async () => {
    const dir = tempDir("gi-platforms-");
    const file = join(dir, "vgsales.csv");
    writeFileSync(
      file,
      [
        "Rank,Name,Platform,Year,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Other_Sales,Global_Sales",
        "1,Orbit Bowling,PS3,2009,Sports,Quiet Pins,1.0,0.5,0.1,0.2,1.8",
        "2,Orbit Bowling,X360,2009,Sports,Quiet Pins,0.9,0.4,0.0,0.1,1.4",
        "3,Deep Lanes,PS2,2004,Sports,Quiet Pins,0.5,0.3,0.1,0.1,1.0",
      ].join("\n"),
    );
    // The platform list's console figures are kept between requests, until the import changes them.
    const earlier: Connection[] = await get("/api/platforms/all");
    const psBefore = earlier.find((p) => p.id === "playstation")!;
    expect(psBefore.source).toBe("games from IGDB, Steam");
    await importVgSalesCsv(file);
    const all: Connection[] = await get("/api/platforms/all");
    const by = (id: string) => all.find((p) => p.id === id)!;
    expect(by("playstation").source).toBe("games from VGChartz sales dataset (vgsales.csv), IGDB, Steam");
    // No IGDB keys in this test: no metadata comes from it, and the row says so.
    expect(by("xbox").source).toBe(
      "games from Steam, VGChartz sales dataset (vgsales.csv); IGDB not connected",
    );
    expect(by("igdb").stored.count).toBe(1);
    expect(by("playstation").stored.count).toBe(psBefore.stored.count + 2);
    expect(by("xbox").stored.count).toBe(earlier.find((p) => p.id === "xbox")!.stored.count + 1);
  });
});
