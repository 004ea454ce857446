import { readFileSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import {
  recordMetrics,
  upsertCompanies,
  upsertGames,
  upsertPlatforms,
} from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { recordSyncRun } from "../../src/server/sync/state.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/** The games database API (spec §7 `/api/igdb/*`), answered from our catalog in spec §3's shape. */
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
  return { status: res.status, body: await res.json() };
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const names = (games: Array<{ name: string }>) => games.map((g) => g.name);

describe("with an empty database", () => {
  test("every list is an honest empty list, and the status says IGDB is not configured (not operational) nor authenticated", async () => {
    for (const path of ["trending", "popular", "recent", "platforms", "companies"]) {
      expect(await get(`/api/igdb/${path}`), path).toEqual({ status: 200, body: [] });
    }
    expect((await get("/api/igdb/search?q=doom")).body).toEqual([]);
    expect((await get("/api/igdb/status", admin)).body).toEqual({
      status: "not_configured",
      authenticated: false,
      lastSync: null,
      lastSuccess: null,
      message:
        "IGDB is not configured (IGDB_CLIENT_ID, IGDB_CLIENT_SECRET): games come from the imported catalog.",
    });
  });

  test("without a session every route is a 401", async () => {
    for (const path of ["trending", "popular", "recent", "platforms", "companies", "search?q=a", "status"]) {
      expect((await request(`/api/igdb/${path}`)).status, path).toBe(401);
    }
  });
});

describe("with stored games, platforms and companies", () => {
  let gameIds: string[] = [];
  beforeAll(async () => {
    const { ids } = await upsertGames(
      [
        {
          name: "Nebula Drift",
          igdbId: 501,
          releaseDate: day(-5),
          genres: ["Racing", "Arcade", "Indie"],
          platforms: ["PC (Microsoft Windows)", "PlayStation 5", "Xbox Series X|S", "Nintendo Switch"],
          developer: "Orbit Works",
          publisher: "Starlight Publishing",
          rating: 81.5,
          ratingCount: 12,
          coverUrl: "https://images.igdb.com/igdb/image/upload/t_cover_big/co1.jpg",
          summary: "Drift through nebulae.",
          websiteUrl: "https://www.igdb.com/games/nebula-drift",
        },
        {
          name: "Iron Harvest Saga",
          igdbId: 502,
          releaseDate: day(-40),
          genres: ["Strategy"],
          platforms: ["PC (Microsoft Windows)"],
          developer: "Fieldstone",
          publisher: "Fieldstone",
          rating: 74,
          ratingCount: 340,
        },
        { name: "Unrated Tomorrow", releaseDate: day(10), genres: ["Puzzle"] },
      ],
      "igdb",
    );
    gameIds = ids;
    // Players rising for Iron Harvest Saga: it trends.
    const now = Date.now();
    await recordMetrics([
      {
        gameId: ids[1]!,
        metric: "players",
        ts: new Date(now - 3_600_000),
        value: 1000,
        period: "instant",
        source: "test",
      },
      {
        gameId: ids[1]!,
        metric: "players",
        ts: new Date(now),
        value: 2500,
        period: "instant",
        source: "test",
      },
    ]);
    await upsertPlatforms([
      {
        name: "PlayStation 5",
        slug: "ps5",
        abbreviation: "PS5",
        generation: 9,
        logoUrl: "https://images.igdb.com/ps5.png",
        igdbId: 167,
      },
      { name: "PC (Microsoft Windows)", slug: "win", abbreviation: "PC", igdbId: 6 },
    ]);
    await upsertCompanies([
      {
        name: "Orbit Works",
        slug: "orbit-works",
        startDate: "2011-04-01",
        description: "Racing games.",
        developedCount: 7,
        publishedCount: 2,
        igdbId: 9001,
      },
    ]);
  });

  test("a game carries every field of spec §3, in IGDB's names", async () => {
    const [game] = (await get("/api/igdb/search?q=nebula")).body;
    expect(game).toMatchObject({
      name: "Nebula Drift",
      genres: [
        { id: expect.any(Number), name: "Racing" },
        { id: expect.any(Number), name: "Arcade" },
        { id: expect.any(Number), name: "Indie" },
      ],
      aggregated_rating: 81.5,
      aggregated_rating_count: 12,
      cover: { url: "https://images.igdb.com/igdb/image/upload/t_cover_big/co1.jpg" },
      first_release_date: Date.parse(`${day(-5)}T00:00:00Z`) / 1000,
      involved_companies: [
        { developer: true, publisher: false, company: { name: "Orbit Works" } },
        { developer: false, publisher: true, company: { name: "Starlight Publishing" } },
      ],
      summary: "Drift through nebulae.",
      url: "https://www.igdb.com/games/nebula-drift",
    });
    expect(game.platforms.map((p: { name: string }) => p.name)).toEqual([
      "PC (Microsoft Windows)",
      "PlayStation 5",
      "Xbox Series X|S",
      "Nintendo Switch",
    ]);
    expect(typeof game.id).toBe("string");
  });

  test("popular = most ratings first, unrated games left out; recent = released in the past 30 days", async () => {
    expect(names((await get("/api/igdb/popular")).body)).toEqual(["Iron Harvest Saga", "Nebula Drift"]);
    expect(names((await get("/api/igdb/recent")).body)).toEqual(["Nebula Drift"]);
  });

  test("trending follows the catalog's player growth", async () => {
    expect(names((await get("/api/igdb/trending")).body)).toEqual(["Iron Harvest Saga"]);
  });

  test("platforms with logo, abbreviation, generation; companies with founding date and counts", async () => {
    const platforms = (await get("/api/igdb/platforms")).body;
    expect(platforms[0]).toMatchObject({
      name: "PlayStation 5",
      abbreviation: "PS5",
      generation: 9,
      platform_logo: { url: "https://images.igdb.com/ps5.png" },
    });
    expect(platforms[1]).toMatchObject({
      name: "PC (Microsoft Windows)",
      generation: null,
      platform_logo: null,
    });
    expect((await get("/api/igdb/companies")).body).toEqual([
      {
        id: expect.any(String),
        name: "Orbit Works",
        logo: null,
        start_date: Date.parse("2011-04-01T00:00:00Z") / 1000,
        description: "Racing games.",
        // Spec §3's arrays: the catalog's games the company is credited with (review r33-c #8); the
        // counts are IGDB's, which knows games the catalog does not hold.
        developed: [gameIds[0]],
        published: [],
        developedCount: 7,
        publishedCount: 2,
        provenance: { source: "IGDB", asOf: expect.any(String) },
      },
    ]);
  });

  test("search needs a term of at most 100 characters", async () => {
    const missing = await get("/api/igdb/search");
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ field: "q", message: expect.any(String) }]);
    expect((await get("/api/igdb/search?q=%20%20")).status).toBe(422);
    expect((await get(`/api/igdb/search?q=${"a".repeat(101)}`)).status).toBe(422);
  });

  test("status: authenticated when configured; degraded, naming the failure, after a failed sync", async () => {
    process.env.IGDB_CLIENT_ID = "id";
    process.env.IGDB_CLIENT_SECRET = "secret";
    resetEnvForTests();
    const okAt = new Date("2026-01-02T03:04:05Z");
    await recordSyncRun(
      "igdb",
      { status: "ok", records: 3, message: null, durationMs: 900, credentials: "accepted" },
      okAt,
    );
    expect((await get("/api/igdb/status", admin)).body).toEqual({
      status: "operational",
      authenticated: true,
      lastSync: okAt.toISOString(),
      lastSuccess: okAt.toISOString(),
      message: null,
    });
    const failedAt = new Date("2026-01-03T00:00:00Z");
    await recordSyncRun(
      "igdb",
      { status: "error", records: 0, message: "igdb: timed out", durationMs: 10_000 },
      failedAt,
    );
    expect((await get("/api/igdb/status", admin)).body).toEqual({
      status: "degraded",
      authenticated: true,
      lastSync: failedAt.toISOString(),
      lastSuccess: okAt.toISOString(),
      message: "The last IGDB sync failed (igdb: timed out); showing the games stored before.",
    });
    // The games database still answers from what was stored.
    expect(names((await get("/api/igdb/popular")).body)).toEqual(["Iron Harvest Saga", "Nebula Drift"]);
    // Keys removed after that failure: "not configured", and the message says so rather than blame the
    // old sync (review r26b #6).
    delete process.env.IGDB_CLIENT_ID;
    delete process.env.IGDB_CLIENT_SECRET;
    resetEnvForTests();
    expect((await get("/api/igdb/status", admin)).body).toMatchObject({
      status: "not_configured",
      message:
        "IGDB is not configured (IGDB_CLIENT_ID, IGDB_CLIENT_SECRET): games come from the imported catalog.",
    });
  });

  test("migration 0025: a deployment whose last IGDB run was refused before it is not authenticated", async () => {
    process.env.IGDB_CLIENT_ID = "id";
    process.env.IGDB_CLIENT_SECRET = "secret";
    resetEnvForTests();
    const client = rawClient();
    // As a run recorded it before the migration: a success earlier, Twitch's refusal last, no verdict.
    await client.execute(
      "UPDATE source_syncs SET status = 'error', message = 'igdb: Twitch refused the client id and secret', credentials = NULL, credentials_key = NULL WHERE source = 'igdb'",
    );
    const sql = readFileSync(
      new URL("../../migrations/0025_source-text-and-keys.sql", import.meta.url),
      "utf8",
    );
    const fill = sql.split("--> statement-breakpoint").find((s) => /SET `credentials`/.test(s))!;
    await client.execute(fill);
    expect((await get("/api/igdb/status")).body).toMatchObject({ authenticated: false });
    // One whose last run succeeded is taken as accepted (the keys of that run were not recorded).
    await client.execute(
      "UPDATE source_syncs SET status = 'ok', message = NULL, credentials = NULL WHERE source = 'igdb'",
    );
    await client.execute(fill);
    expect((await get("/api/igdb/status")).body).toMatchObject({ authenticated: true });
  });
});
