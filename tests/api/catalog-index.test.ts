import { beforeAll, describe, expect, test } from "vitest";
import { type GameRecord, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { modelCoversSql } from "../../src/server/estimates/model.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * The screener, the Games Database list and the pick lists answer from the in-memory catalog index
 * (src/server/catalog/catalog-index.ts). These tests hold its answers to the SQL the endpoints ran
 * before (json_each over the stored JSON lists, ORDER BY in SQLite) on a catalog built to have ties,
 * unknown values, mixed-case genres and non-ASCII names — and check it follows later writes.
 */

let premium: TestUser;
let regular: TestUser;

/** A small deterministic generator, so the catalog is the same on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const GENRES = ["Strategy", "strategy", "RPG", "Action", "Puzzle", "Indie", "Simulation"];
const TAGS = ["Medieval", "RTS", "Co-op", "Pixel Graphics", "Roguelike", "Cozy", "Sci-fi"];
const PLATFORMS = ["PC", "Mac", "Linux", "PlayStation 5", "Nintendo Switch"];
const NAMES = ["alpha", "Alpha", "Beta", "Élan", "zeta", "Zulu", "Ørbit", "_under", "Delta", "delta"];

function catalog(n: number): GameRecord[] {
  const r = random(42);
  const pick = <T>(list: T[], most: number) => list.filter(() => r() < most / list.length);
  const maybe = <T>(value: T) => (r() < 0.2 ? null : value);
  return Array.from({ length: n }, (_, i) => {
    const year = 2010 + Math.floor(r() * 15);
    return {
      name: `${NAMES[i % NAMES.length]} ${Math.floor(r() * 20)} #${i}`,
      genres: pick(GENRES, 2),
      tags: pick(TAGS, 3),
      platforms: pick(PLATFORMS, 2),
      releaseDate: r() < 0.15 ? null : `${year}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`,
      releaseYear: year,
      // Few distinct prices and review counts: many ties for the id to break.
      price: maybe([0, 4.99, 9.99, 19.99, 59.99][Math.floor(r() * 5)]!),
      positiveReviews: maybe([0, 10, 50, 120, 900][Math.floor(r() * 5)]!),
      negativeReviews: maybe([0, 5, 40, 300][Math.floor(r() * 4)]!),
      ownersEstimate: maybe(Math.floor(r() * 5) * 10_000),
      currentPlayers: maybe(Math.floor(r() * 4) * 100),
      rating: maybe(Math.floor(r() * 5) * 20),
      ratingCount: maybe(Math.floor(r() * 3) * 10),
    };
  });
}

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  regular = await createTestUser();
  await upsertGames(catalog(400), "test");
  await recomputeEstimates();
});

// ---- The SQL the screener ran before the index ----------------------------------------------------

/** A game's estimate, when the owners model covers the game (else the screener shows none). */
const WITH_ESTIMATES = `LEFT JOIN game_estimates e ON e.game_id = games.id AND ${modelCoversSql("e", "games")}`;

const REVIEWS = "(coalesce(positive_reviews, 0) + coalesce(negative_reviews, 0))";
const SHARE = `(CASE WHEN ${REVIEWS} > 0 THEN positive_reviews * 100.0 / ${REVIEWS} END)`;
const SORT_SQL: Record<string, string> = {
  name: "name COLLATE NOCASE",
  // A game known only by its year sorts by the year (src/server/catalog/release.ts).
  releaseDate: "coalesce(release_date, printf('%04d', release_year))",
  price: "price",
  reviews: `(CASE WHEN positive_reviews IS NULL AND negative_reviews IS NULL THEN NULL ELSE ${REVIEWS} END)`,
  positiveShare: SHARE,
  owners: "owners_estimate",
  players: "current_players",
  ownersEstimate: "e.owners_mid",
  revenueEstimate: "e.gross_mid",
};

type Filter = Record<string, string | number>;

function sqlWhere(f: Filter): { clause: string; args: Array<string | number> } {
  const where: string[] = [];
  const args: Array<string | number> = [];
  for (const [key, column] of [
    ["genre", "genres"],
    ["tag", "tags"],
    ["platform", "platforms"],
  ] as const) {
    if (f[key] == null) continue;
    where.push(`EXISTS (SELECT 1 FROM json_each(games.${column}) WHERE value = ? COLLATE NOCASE)`);
    args.push(f[key]);
  }
  const range = (expr: string, op: string, key: string) => {
    if (f[key] == null) return;
    where.push(`${expr} ${op} ?`);
    args.push(f[key]);
  };
  range("release_year", ">=", "yearFrom");
  range("release_year", "<=", "yearTo");
  range("price", ">=", "priceMin");
  range("price", "<=", "priceMax");
  range(REVIEWS, ">=", "minReviews");
  range(SHARE, ">=", "minPositive");
  range("e.owners_mid", ">=", "ownersMin");
  range("e.gross_mid", "<=", "revenueMax");
  if (f.q != null) {
    // Words alone are found in the name key; a query with other characters in the name as written
    // (ASCII here, so LIKE's case folding is the screener's). Either way % and _ are text, not patterns.
    const q = String(f.q);
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
    where.push(/^[A-Za-z0-9 ]+$/.test(q) ? "normalized_name LIKE ? ESCAPE '\\'" : "name LIKE ? ESCAPE '\\'");
    args.push(like);
  }
  return { clause: where.length ? `WHERE ${where.join(" AND ")}` : "", args };
}

async function sqlScreen(f: Filter, sort: string, order: "asc" | "desc"): Promise<string[]> {
  const { clause, args } = sqlWhere(f);
  const expr = SORT_SQL[sort]!;
  const rs = await rawClient().execute({
    sql: `SELECT games.id FROM games ${WITH_ESTIMATES} ${clause}
          ORDER BY ${expr} IS NULL, ${expr} ${order.toUpperCase()}, games.id`,
    args,
  });
  return rs.rows.map((r) => String(r.id));
}

async function apiScreen(f: Filter, sort: string, order: "asc" | "desc"): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({
      ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])),
      sort,
      order,
      page: String(page),
      pageSize: "37",
    });
    const res = await request(`/api/market/screener?${params}`, { cookie: premium.cookie });
    expect(res.status, String(params)).toBe(200);
    const body = (await res.json()) as { rows: Array<{ id: string }>; total: number };
    ids.push(...body.rows.map((r) => r.id));
    if (body.rows.length < 37) {
      expect(body.total).toBe(ids.length);
      return ids;
    }
  }
}

const FILTERS: Filter[] = [
  {},
  { genre: "strategy" },
  { genre: "STRATEGY", platform: "pc" },
  { tag: "Co-op", yearFrom: 2014, yearTo: 2020 },
  { priceMin: 4.99, priceMax: 19.99, minReviews: 50 },
  { minPositive: 60, platform: "Nintendo Switch" },
  { ownersMin: 10_000, genre: "Indie" },
  { q: "elan" },
  { q: "_under" },
  { q: "%" },
  { q: "_" },
  { q: "#1" },
  { q: "a_1" },
  { genre: "No such genre" },
];
const SORTS = [
  "name",
  "releaseDate",
  "price",
  "reviews",
  "positiveShare",
  "owners",
  "players",
  "ownersEstimate",
];

describe("the screener answers as the SQL did", () => {
  test("every filter, in every order, page by page, with the same total", async () => {
    for (const f of FILTERS)
      for (const sort of SORTS)
        for (const order of ["asc", "desc"] as const) {
          const expected = await sqlScreen(f, sort, order);
          expect(await apiScreen(f, sort, order), `${JSON.stringify(f)} ${sort} ${order}`).toEqual(expected);
        }
  });

  test("the market summary counts and medians the same games", async () => {
    const f = { genre: "rpg", yearFrom: 2012 };
    const { clause, args } = sqlWhere(f);
    const from = `games ${WITH_ESTIMATES}`;
    const count = await rawClient().execute({ sql: `SELECT count(*) AS n FROM ${from} ${clause}`, args });
    const prices = await rawClient().execute({
      sql: `SELECT price FROM ${from} ${clause} AND price IS NOT NULL ORDER BY price`,
      args,
    });
    const p = prices.rows.map((r) => Number(r.price));
    const mid = p.length % 2 ? p[(p.length - 1) / 2]! : (p[p.length / 2 - 1]! + p[p.length / 2]!) / 2;
    const res = await request(`/api/market/summary?genre=rpg&yearFrom=2012`, { cookie: premium.cookie });
    const summary = (await res.json()) as { games: number; medianPrice: number | null; topGames: unknown[] };
    expect(summary.games).toBe(Number(count.rows[0]!.n));
    expect(summary.medianPrice).toBe(Math.round(mid * 100) / 100);
    expect(summary.topGames).toHaveLength(5);
  });
});

describe("GET /api/games filters as json_each did", () => {
  test("genre, platform and tag (case-insensitive) give the same games and total", async () => {
    const filters: Array<Record<string, string>> = [
      { genre: "strategy" },
      { platform: "MAC", tag: "rts" },
      { tag: "Cozy" },
    ];
    for (const f of filters) {
      const { clause, args } = sqlWhere(f);
      const rs = await rawClient().execute({
        sql: `SELECT id FROM games ${clause} ORDER BY popularity DESC, name, id`,
        args,
      });
      const expected = rs.rows.map((r) => String(r.id));
      const res = await request(`/api/games?${new URLSearchParams(f)}&pageSize=100`, {
        cookie: regular.cookie,
      });
      const body = (await res.json()) as { games: Array<{ id: string }>; total: number };
      expect(body.total, JSON.stringify(f)).toBe(expected.length);
      expect(body.games.map((g) => g.id)).toEqual(expected.slice(0, 100));
    }
  });
});

describe("GET /api/market/facets", () => {
  test("each genre, tag and platform with its number of games, as json_each counts them", async () => {
    const res = await request("/api/market/facets", { cookie: premium.cookie });
    expect(res.status).toBe(200);
    const facets = (await res.json()) as Record<
      "genres" | "tags" | "platforms",
      Array<{ value: string; games: number }>
    > & {
      games: number;
    };
    expect(facets.games).toBe(400);
    for (const field of ["genres", "tags", "platforms"] as const) {
      const rs = await rawClient().execute(
        `SELECT lower(value) AS v, count(DISTINCT games.id) AS n FROM games, json_each(games.${field}) GROUP BY lower(value)`,
      );
      const expected = new Map(rs.rows.map((r) => [String(r.v), Number(r.n)]));
      expect(new Map(facets[field].map((f) => [f.value.toLowerCase(), f.games]))).toEqual(expected);
      // Most games first.
      const counts = facets[field].map((f) => f.games);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    }
    // "Strategy" and "strategy" are one value, shown as most games spell it.
    expect(facets.genres.filter((g) => g.value.toLowerCase() === "strategy")).toHaveLength(1);
  });

  test("follows writes: a new genre appears, a deleted game is no longer counted", async () => {
    const before = (await (await request("/api/market/facets", { cookie: premium.cookie })).json()) as {
      genres: Array<{ value: string; games: number }>;
      games: number;
    };
    expect(before.genres.find((g) => g.value === "Metroidvania")).toBeUndefined();
    const { ids } = await upsertGames(
      [{ name: "Hollow Test", steamAppId: 4_400_001, genres: ["Metroidvania", "Action"] }],
      "test",
    );
    const after = (await (
      await request("/api/market/facets", { cookie: premium.cookie })
    ).json()) as typeof before;
    expect(after.genres.find((g) => g.value === "Metroidvania")?.games).toBe(1);
    expect(after.games).toBe(before.games + 1);
    const screened = await apiScreen({ genre: "metroidvania" }, "name", "asc");
    expect(screened).toEqual(ids);
    // Its estimate, written later, reaches the index through the estimates' own log.
    await recomputeEstimates();
    const stored = await rawClient().execute({
      sql: "SELECT owners_mid FROM game_estimates WHERE game_id = ?",
      args: [ids[0]!],
    });
    const owners = Number(stored.rows[0]!.owners_mid);
    const res = await request(
      `/api/market/screener?genre=metroidvania&ownersMin=${owners}&ownersMax=${owners}`,
      {
        cookie: premium.cookie,
      },
    );
    expect(((await res.json()) as { rows: Array<{ ownersEstimate: number }> }).rows).toMatchObject([
      { ownersEstimate: owners },
    ]);
    expect(await apiScreen({ genre: "metroidvania", ownersMin: owners + 1 }, "name", "asc")).toEqual([]);
    await rawClient().execute({ sql: "DELETE FROM games WHERE id = ?", args: [ids[0]!] });
    const gone = (await (
      await request("/api/market/facets", { cookie: premium.cookie })
    ).json()) as typeof before;
    expect(gone.genres.find((g) => g.value === "Metroidvania")).toBeUndefined();
    expect(gone.games).toBe(before.games);
    expect(await apiScreen({ genre: "metroidvania" }, "name", "asc")).toEqual([]);
  });

  test("a value no pick list could hold is still 422 naming its field", async () => {
    const long = "x".repeat(61);
    for (const field of ["genre", "tag", "platform"]) {
      const res = await request(`/api/market/screener?${field}=${long}`, { cookie: premium.cookie });
      expect(res.status).toBe(422);
      expect((await res.json()).errors[0].field).toBe(field);
    }
    const res = await request(`/api/games?genre=${long}`, { cookie: regular.cookie });
    expect(res.status).toBe(422);
    expect((await res.json()).errors[0].field).toBe("genre");
  });

  test("Premium only: regular users 403, anonymous 401", async () => {
    expect((await request("/api/market/facets", { cookie: regular.cookie })).status).toBe(403);
    expect((await request("/api/market/facets")).status).toBe(401);
  });
});
