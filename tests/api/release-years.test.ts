import { beforeAll, describe, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Games known only by their release year (VGChartz's files give years, not dates) show that year and
 * sort by it, as the year filters already count them (review 6 #8): company pages, the game page, the
 * Games Database, the screener's and the games list's release order.
 */
let regular: TestUser;
let premium: TestUser;
let ids: Record<string, string>;

const GENRE = "Release Year Test";
// The catalog as the importers leave it: Steam and IGDB give dates, VGChartz years alone.
const GAMES = [
  { name: "Year Only Resort", releaseYear: 2006, platforms: ["Wii"] },
  { name: "Dated Kart", releaseDate: "2008-04-10", releaseYear: 2008, platforms: ["Wii"] },
  { name: "Year Only Racer", releaseYear: 1992, platforms: ["SNES"] },
  { name: "Never Dated", platforms: ["Wii"] },
  { name: "Dated Twilight", releaseDate: "2006-11-19", releaseYear: 2006, platforms: ["Wii"] },
  { name: "Year Only Sequel", releaseYear: 2010, platforms: ["Wii"] },
];

beforeAll(async () => {
  regular = await createTestUser();
  premium = await createTestUser({ role: "premium" });
  const written = await upsertGames(
    GAMES.map((g) => ({ ...g, genres: [GENRE], publisher: "Year Works" })),
    "test",
  );
  ids = Object.fromEntries(GAMES.map((g, i) => [g.name, written.ids[i]!]));
});

async function get<T>(path: string, who: TestUser = regular): Promise<T> {
  const res = await request(path, { cookie: who.cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const NEWEST_FIRST = [
  "Year Only Sequel",
  "Dated Kart",
  "Dated Twilight",
  "Year Only Resort",
  "Year Only Racer",
  "Never Dated",
];

describe("sorting by release places a year-only game by its year", () => {
  test("screener, both directions; a game with neither date nor year last in both", async () => {
    const order = async (dir: string) =>
      (
        await get<{ rows: Array<{ name: string; releaseDate: string | null; releaseYear: number | null }> }>(
          `/api/market/screener?genre=${encodeURIComponent(GENRE)}&sort=releaseDate&order=${dir}`,
          premium,
        )
      ).rows;
    const asc = await order("asc");
    expect(asc.map((r) => r.name)).toEqual([
      "Year Only Racer",
      "Year Only Resort",
      "Dated Twilight",
      "Dated Kart",
      "Year Only Sequel",
      "Never Dated",
    ]);
    expect((await order("desc")).map((r) => r.name)).toEqual(NEWEST_FIRST);
    // The row carries the year, so the table can show what it sorted on.
    expect(asc[0]).toMatchObject({ releaseDate: null, releaseYear: 1992 });
    expect(asc[2]).toMatchObject({ releaseDate: "2006-11-19", releaseYear: 2006 });
    expect(asc[5]).toMatchObject({ releaseDate: null, releaseYear: null });
  });

  test("the games list's newest-first order", async () => {
    const page = await get<{ games: Array<{ name: string }> }>(
      `/api/games?genre=${encodeURIComponent(GENRE)}&sort=release`,
    );
    expect(page.games.map((g) => g.name)).toEqual(NEWEST_FIRST);
  });
});

test("a company page counts year-only games in its years and lists them by year", async () => {
  const company = await get<{
    games: Array<{ name: string; releaseDate: string | null; releaseYear: number | null }>;
    totals: { firstYear: number; lastYear: number; releasesPerYear: Array<{ year: number; games: number }> };
  }>("/api/companies/year-works");
  expect(company.totals).toMatchObject({
    firstYear: 1992,
    lastYear: 2010,
  });
  // Every year between the first and the last, a year without a release as 0 (review 13 b, item 5).
  const counted = Object.fromEntries(company.totals.releasesPerYear.map((y) => [y.year, y.games]));
  expect(company.totals.releasesPerYear.map((y) => y.year)).toEqual(
    Array.from({ length: 2010 - 1992 + 1 }, (_, i) => 1992 + i),
  );
  expect(counted).toMatchObject({ 1992: 1, 1993: 0, 2005: 0, 2006: 2, 2007: 0, 2008: 1, 2009: 0, 2010: 1 });
  expect(company.games.map((g) => g.name)).toEqual(NEWEST_FIRST);
  expect(company.games.find((g) => g.name === "Year Only Resort")).toMatchObject({
    releaseDate: null,
    releaseYear: 2006,
  });
});

test("the game page and the Games Database give the year when no date is known", async () => {
  expect(await get(`/api/games/${ids["Year Only Resort"]}`)).toMatchObject({
    releaseDate: null,
    releaseYear: 2006,
  });
  expect(await get(`/api/games/${ids["Dated Kart"]}`)).toMatchObject({
    releaseDate: "2008-04-10",
    releaseYear: 2008,
  });
  expect(await get(`/api/games/${ids["Never Dated"]}`)).toMatchObject({
    releaseDate: null,
    releaseYear: null,
  });
  const found = await get<
    Array<{ name: string; first_release_date: number | null; release_year: number | null }>
  >("/api/igdb/search?q=year%20only%20resort");
  // No 1 January is made up: the date stays unknown, the year is given.
  expect(found.find((g) => g.name === "Year Only Resort")).toMatchObject({
    first_release_date: null,
    release_year: 2006,
  });
  const dated = await get<
    Array<{ name: string; first_release_date: number | null; release_year: number | null }>
  >("/api/igdb/search?q=dated%20kart");
  expect(dated.find((g) => g.name === "Dated Kart")).toMatchObject({
    first_release_date: Date.parse("2008-04-10T00:00:00Z") / 1000,
    release_year: 2008,
  });
});
