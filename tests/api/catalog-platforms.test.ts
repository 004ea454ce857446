import { beforeAll, describe, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Platforms and companies as the catalog knows them, whichever source filled it (review 6 #7, #13): a
 * VGChartz import spells platforms as codes ("PS4", "X360"), IGDB as names ("PlayStation 4"), Steam
 * "PC"; player counts come from Steam (SteamCharts, the Steam sync) and measure PC players only.
 */
let user: TestUser;
/** The games made below, in their order. */
let seeded: string[] = [];
beforeAll(async () => {
  user = await createTestUser();
  // As after `steam-store-csv`, `vgsales-csv` and `steamcharts-csv`: a Steam game also sold on
  // consoles (lists united by the import), console-only games, and an IGDB record of one platform.
  const { ids } = await upsertGames(
    [
      {
        name: "Siege Six",
        steamAppId: 359550,
        platforms: ["PC", "PS4", "XOne"],
        developer: "Ubisoft Montreal",
        publisher: "Ubisoft",
      },
      {
        name: "Witcher Hunt",
        steamAppId: 292030,
        platforms: ["PC", "Mac", "PS4", "PlayStation 4"],
        developer: "CD Projekt Red",
        publisher: "CD Projekt",
      },
      {
        name: "Kart Party",
        releaseYear: 2008,
        platforms: ["Wii"],
        developer: "Nintendo EAD",
        publisher: "Nintendo",
      },
      {
        name: "Sports Resort",
        releaseYear: 2009,
        platforms: ["Wii"],
        developer: "Nintendo EAD",
        publisher: "Nintendo",
      },
      {
        name: "Halo Three",
        releaseYear: 2007,
        platforms: ["X360"],
        developer: "Bungie",
        publisher: "Microsoft Game Studios",
      },
      {
        name: "Gran Racer",
        igdbId: 9101,
        platforms: ["PlayStation 4"],
        developer: "Polyphony",
        publisher: "Sony",
      },
      {
        name: "Mario Party DS",
        releaseYear: 2007,
        platforms: ["DS"],
        developer: "Hudson Soft",
        publisher: "nintendo",
      },
    ],
    "test",
  );
  seeded = ids;
  const month = (m: number) => new Date(Date.UTC(2022, m, 1));
  await recordMetrics([
    {
      gameId: ids[0]!,
      metric: "players",
      ts: month(0),
      value: 40_000,
      period: "month",
      source: "steamcharts-csv",
    },
    {
      gameId: ids[0]!,
      metric: "players",
      ts: month(1),
      value: 43_867,
      period: "month",
      source: "steamcharts-csv",
    },
    {
      gameId: ids[1]!,
      metric: "players",
      ts: month(1),
      value: 21_393,
      period: "month",
      source: "steamcharts-csv",
    },
  ]);
});

async function get<T>(path: string): Promise<T> {
  const res = await request(path, { cookie: user.cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

type Stat = {
  platform: string;
  games: number;
  players: number | null;
  playerGames: number;
  provenance: { source: string; asOf: string | null; method?: string } | null;
};

describe("/api/platforms/stats", () => {
  test("Steam's players count under PC alone; consoles and Mac have no data rather than Steam's numbers", async () => {
    const stats = await get<Stat[]>("/api/platforms/stats");
    const by = (name: string) => stats.find((s) => s.platform === name);
    expect(by("PC")).toEqual({
      platform: "PC",
      games: 2,
      share: 28.6,
      catalogGames: 7,
      players: 43_867 + 21_393,
      playerGames: 2,
      provenance: {
        source: "SteamCharts",
        asOf: "2022-02-01T00:00:00.000Z",
        method: expect.stringContaining("Steam"),
      },
    });
    for (const platform of ["PlayStation 4", "Xbox One", "Mac", "Wii", "Xbox 360", "Nintendo DS"]) {
      expect(by(platform), platform).toMatchObject({ players: null, playerGames: 0, provenance: null });
    }
  });

  test("one row per platform, however its sources spell it; a game listing both spellings counts once", async () => {
    const stats = await get<Stat[]>("/api/platforms/stats");
    expect(stats.map((s) => [s.platform, s.games])).toEqual([
      // Siege Six ("PS4"), Witcher Hunt ("PS4" and "PlayStation 4"), Gran Racer ("PlayStation 4").
      ["PlayStation 4", 3],
      ["PC", 2],
      ["Wii", 2],
      ["Mac", 1],
      ["Nintendo DS", 1],
      ["Xbox 360", 1],
      ["Xbox One", 1],
    ]);
  });

  // Review r27-a #1: PC read 48.8% ("share of catalog games") where 70.1% of the catalog's games are
  // on PC: the share was of the platform counts' sum, which counts a game once per platform.
  test("each platform's share of the catalog's games: a game on several platforms counts under each", async () => {
    const stats = await get<Array<Stat & { share: number; catalogGames: number }>>("/api/platforms/stats");
    expect(stats.map((s) => [s.platform, s.share, s.catalogGames])).toEqual([
      ["PlayStation 4", 42.9, 7],
      ["PC", 28.6, 7],
      ["Wii", 28.6, 7],
      ["Mac", 14.3, 7],
      ["Nintendo DS", 14.3, 7],
      ["Xbox 360", 14.3, 7],
      ["Xbox One", 14.3, 7],
    ]);
    // 11 platform listings for 7 games: shares of games add up to more than 100%.
    expect(stats.reduce((n, s) => n + s.share, 0)).toBeGreaterThan(100);
  });
});

describe("the Games Database's Platforms and Companies tabs answer from the catalog until IGDB delivers", () => {
  test("platforms: IGDB's names, VGChartz's codes as abbreviations, the games of each, and the source", async () => {
    const platforms = await get<Array<Record<string, unknown>>>("/api/igdb/platforms");
    expect(platforms.map((p) => p.name)).toEqual([
      "PlayStation 4",
      "PC",
      "Wii",
      "Mac",
      "Nintendo DS",
      "Xbox 360",
      "Xbox One",
    ]);
    expect(platforms[0]).toEqual({
      id: "playstation-4",
      name: "PlayStation 4",
      abbreviation: "PS4",
      // Not known from the catalog: IGDB's records carry it.
      generation: null,
      summary: null,
      platform_logo: null,
      games: 3,
      provenance: { source: "Games catalog", asOf: null, method: expect.stringContaining("platforms") },
    });
  });

  test("companies: developers and publishers by their company page, with games developed and published", async () => {
    const companies = await get<Array<Record<string, unknown>>>("/api/igdb/companies");
    expect(companies[0]).toEqual({
      id: "nintendo",
      slug: "nintendo",
      // "nintendo" on one game, "Nintendo" on two: the spelling most games use.
      name: "Nintendo",
      logo: null,
      start_date: null,
      description: null,
      // Spec §3: developed[] and published[] (review r33-c #8), the catalog's game ids; the counts beside.
      developed: [],
      published: expect.any(Array),
      developedCount: 0,
      publishedCount: 3,
      provenance: { source: "Games catalog", asOf: null, method: expect.stringContaining("publishers") },
    });
    expect([...(companies[0]!.published as string[])].sort()).toEqual(
      [seeded[2], seeded[3], seeded[6]].sort(),
    );
    expect(companies.find((c) => c.slug === "nintendo-ead")).toMatchObject({
      developed: expect.arrayContaining([seeded[2], seeded[3]]),
      published: [],
      developedCount: 2,
      publishedCount: 0,
    });
    expect(companies).toHaveLength(11);
    // Each links to a company page that exists.
    const page = await request(`/api/companies/${companies[0]!.slug}`, { cookie: user.cookie });
    expect(page.status).toBe(200);
  });

  test("a company spelt twice in one credit is listed under the credit's first spelling, as its game page links it", async () => {
    const { ids } = await upsertGames(
      [{ name: "Twice Credited", releaseYear: 2011, developer: "Lantern Forge, LANTERN FORGE" }],
      "test",
    );
    const companies = await get<Array<Record<string, unknown>>>("/api/igdb/companies");
    expect(companies.find((c) => c.slug === "lantern-forge")).toMatchObject({
      name: "Lantern Forge",
      developed: [ids[0]],
      developedCount: 1,
    });
    const game = await get<{ developers: unknown[] }>(`/api/games/${ids[0]}`);
    expect(game.developers).toEqual([{ name: "Lantern Forge", slug: "lantern-forge" }]);
  });
});

test("the platform status counts PlayStation and Xbox games spelt as VGChartz codes", async () => {
  const all = await get<Array<{ id: string; stored: { count: number } }>>("/api/platforms/all");
  expect(all.find((p) => p.id === "playstation")?.stored.count).toBe(3);
  expect(all.find((p) => p.id === "xbox")?.stored.count).toBe(2);
});
