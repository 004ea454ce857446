import { beforeAll, describe, expect, test } from "vitest";
import {
  recordMetrics,
  upsertCompanies,
  upsertGames,
  upsertPlatforms,
} from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

let user: TestUser;

async function gameRow(id: string) {
  const rs = await rawClient().execute({ sql: "SELECT * FROM games WHERE id = ?", args: [id] });
  return rs.rows[0]!;
}

beforeAll(async () => {
  user = await createTestUser();
  await upsertGames(
    [
      {
        name: "Alpha Arena",
        genres: ["Action"],
        tags: ["Multiplayer"],
        platforms: ["PC"],
        releaseDate: "2020-05-01",
        rating: 70,
        currentPlayers: 5_000,
      },
      {
        name: "Beta Builder",
        genres: ["Simulation"],
        tags: ["Building"],
        platforms: ["PC", "Mac"],
        releaseDate: "2024-01-10",
        rating: 92,
        currentPlayers: 300,
      },
      {
        name: "Gamma Gunner",
        genres: ["Action", "Shooter"],
        tags: ["Multiplayer", "Competitive"],
        platforms: ["PlayStation 5"],
        releaseDate: "2022-09-09",
        rating: 81,
        currentPlayers: 90_000,
      },
      { name: "Delta Drifter", genres: ["Racing"], platforms: ["Nintendo Switch"] },
    ],
    "test",
  );
});

describe("GET /api/games", () => {
  const get = async (query: string) => {
    const res = await request(`/api/games?${query}`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      games: Array<{ gameName: string }>;
      total: number;
      page: number;
      pageSize: number;
    };
  };
  const names = (body: { games: Array<{ gameName: string }> }) => body.games.map((g) => g.gameName);

  test("sorts by popularity (default), name, release, rating and players", async () => {
    expect(names(await get("sort=players"))).toEqual([
      "Gamma Gunner",
      "Alpha Arena",
      "Beta Builder",
      "Delta Drifter",
    ]);
    expect(names(await get("sort=name"))).toEqual([
      "Alpha Arena",
      "Beta Builder",
      "Delta Drifter",
      "Gamma Gunner",
    ]);
    expect(names(await get("sort=release"))[0]).toBe("Beta Builder");
    expect(names(await get("sort=rating"))[0]).toBe("Beta Builder");
    expect(names(await get(""))[0]).toBe("Gamma Gunner");
  });

  test("pages carry the total", async () => {
    const page2 = await get("sort=name&pageSize=3&page=2");
    expect(page2).toMatchObject({ total: 4, page: 2 });
    expect(names(page2)).toEqual(["Gamma Gunner"]);
    expect(names(await get("sort=name&pageSize=3&page=3"))).toEqual([]);
    // `limit`, as search names it, is the page size too.
    expect(names(await get("sort=name&limit=3&page=2"))).toEqual(names(page2));
    expect((await get("sort=name&limit=3")).pageSize).toBe(3);
  });

  test("filters by genre, platform and tag (case-insensitive)", async () => {
    expect(names(await get("genre=action&sort=name"))).toEqual(["Alpha Arena", "Gamma Gunner"]);
    expect(names(await get("platform=Mac"))).toEqual(["Beta Builder"]);
    const tagged = await get("tag=Multiplayer&genre=Shooter");
    expect(tagged.total).toBe(1);
    expect(names(tagged)).toEqual(["Gamma Gunner"]);
    expect((await get("genre=Nothing")).total).toBe(0);
  });

  test("bad parameters are 422 naming them; anonymous is 401", async () => {
    for (const [query, field] of [
      ["sort=bogus", "sort"],
      ["page=0", "page"],
      ["pageSize=500", "pageSize"],
      ["limit=0", "limit"],
      ["pageSize=3&limit=4", "limit"],
    ] as const) {
      const res = await request(`/api/games?${query}`, { cookie: user.cookie });
      expect(res.status).toBe(422);
      expect((await res.json()).errors[0].field).toBe(field);
    }
    expect((await request("/api/games")).status).toBe(401);
    expect((await request("/api/games/no-such-id", { cookie: user.cookie })).status).toBe(404);
  });
});

describe("write services", () => {
  test("upserting the same records twice changes nothing", async () => {
    const records = [{ name: "Idempotent Quest", steamAppId: 424242, genres: ["RPG"], price: 19.99 }];
    const first = await upsertGames(records, "test");
    const second = await upsertGames(records, "test");
    expect(first).toMatchObject({ inserted: 1, updated: 0, unchanged: 0 });
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(second.ids).toEqual(first.ids);
  });

  test("matches on source ids first, then on normalised name + release year", async () => {
    const { ids } = await upsertGames(
      [{ name: "Baldur's Gate 3", steamAppId: 1086940, releaseDate: "2023-08-03" }],
      "steam",
    );
    // IGDB describes the same game under a differently written name: the name + year key joins them.
    const igdb = await upsertGames(
      [{ name: "BALDUR’S GATE™ 3", igdbId: 119171, releaseYear: 2023, summary: "A party-based RPG." }],
      "igdb",
    );
    expect(igdb.ids).toEqual(ids);
    // Later, IGDB's id alone finds it even with another name.
    const byIgdb = await upsertGames([{ name: "Baldurs Gate III", igdbId: 119171 }], "igdb");
    expect(byIgdb.ids).toEqual(ids);
    // Same name, another year: another game.
    const remake = await upsertGames([{ name: "Baldur's Gate 3", releaseYear: 2040 }], "test");
    expect(remake.ids).not.toEqual(ids);
    const row = await gameRow(ids[0]!);
    expect(row).toMatchObject({ steam_app_id: 1086940, igdb_id: 119171, summary: "A party-based RPG." });
  });

  test("merges without erasing known values; lists are united; popularity is recomputed", async () => {
    const { ids } = await upsertGames(
      [{ name: "Merge Test", steamAppId: 5151, developer: "Studio A", price: 9.99, tags: ["Co-op"] }],
      "a",
    );
    const before = Number((await gameRow(ids[0]!)).popularity);
    const second = await upsertGames(
      [
        {
          name: "Merge Test",
          steamAppId: 5151,
          developer: null,
          price: null,
          tags: ["Roguelike"],
          positiveReviews: 50_000,
        },
      ],
      "b",
    );
    expect(second.updated).toBe(1);
    const row = await gameRow(ids[0]!);
    expect(row.developer).toBe("Studio A");
    expect(row.price).toBe(9.99);
    expect(JSON.parse(String(row.tags))).toEqual(["Co-op", "Roguelike"]);
    expect(Number(row.popularity)).toBeGreaterThan(before);
  });

  test("metric points are recorded once and refresh the game's latest figures", async () => {
    const { ids } = await upsertGames([{ name: "Series Test", steamAppId: 6161 }], "test");
    const id = ids[0]!;
    const points = [
      { gameId: id, metric: "players" as const, ts: new Date("2026-11-01"), value: 1000, source: "t" },
      { gameId: id, metric: "players" as const, ts: new Date("2026-11-02"), value: 1500, source: "t" },
      { gameId: id, metric: "owners" as const, ts: new Date("2026-11-02"), value: 200_000, source: "t" },
      {
        gameId: id,
        metric: "reviews_positive" as const,
        ts: new Date("2026-11-02"),
        value: 900,
        source: "t",
      },
    ];
    expect(await recordMetrics(points)).toBe(4);
    expect(await recordMetrics(points)).toBe(0);
    const row = await gameRow(id);
    expect(row).toMatchObject({ current_players: 1500, owners_estimate: 200_000, positive_reviews: 900 });
    expect(Number(row.popularity)).toBeGreaterThan(0);
    // A corrected value for the same point replaces it rather than adding a second one.
    expect(await recordMetrics([{ ...points[1]!, value: 1600 }])).toBe(1);
    const count = await rawClient().execute({
      sql: "SELECT count(*) AS n FROM game_metrics WHERE game_id = ?",
      args: [id],
    });
    expect(Number(count.rows[0]!.n)).toBe(4);
    expect((await gameRow(id)).current_players).toBe(1600);
  });

  test("platforms and companies upsert by slug without duplicates or erased values", async () => {
    await upsertPlatforms([{ name: "PlayStation 5", slug: "ps5", abbreviation: "PS5", generation: 9 }]);
    await upsertPlatforms([{ name: "PlayStation 5", slug: "ps5", abbreviation: null }]);
    const p = await rawClient().execute("SELECT abbreviation, generation FROM platforms WHERE slug = 'ps5'");
    expect(p.rows).toHaveLength(1);
    expect(p.rows[0]).toMatchObject({ abbreviation: "PS5", generation: 9 });
    await upsertCompanies([{ name: "Larian Studios", startDate: "1996-01-01", developedCount: 12 }]);
    await upsertCompanies([{ name: "Larian Studios", description: "Belgian studio." }]);
    const c = await rawClient().execute("SELECT * FROM companies WHERE slug = 'larian-studios'");
    expect(c.rows).toHaveLength(1);
    expect(c.rows[0]).toMatchObject({
      start_date: "1996-01-01",
      description: "Belgian studio.",
      developed_count: 12,
    });
  });
});
