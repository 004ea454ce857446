import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import type { GameDetail } from "../../src/contracts/game-page.ts";
import type { CompanyPage } from "../../src/contracts/market.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * A company's published units count the sales rows that name it (review 8, item 7). Games of one name
 * and year merge, so a Nintendo game can hold another publisher's row (Capcom's Genesis version, a row
 * whose publisher is "Unknown" or "N/A"): Nintendo's total was every row of its games. Hand-made rows
 * (tests/fixtures/datasets/vgsales/company-rows/SOURCE.txt).
 */
const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/datasets/vgsales/company-rows/${name}`, import.meta.url));
const VGSALES = fixture("vgsales.csv");
const WITH_DEVELOPERS = fixture("sales_with_developers.csv");

let cookie: string;

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  await importVgSalesCsv(VGSALES);
  await importVgSalesCsv(WITH_DEVELOPERS);
});

const company = async (slug: string): Promise<CompanyPage> => {
  const res = await request(`/api/companies/${slug}`, { cookie });
  expect(res.status).toBe(200);
  return res.json();
};
const unitsOf = (page: CompanyPage) =>
  Object.fromEntries(page.games.map((g) => [g.name, g.publishedUnits]).toSorted());

describe("a company's published units are the rows that name it", () => {
  test("Nintendo: its own rows, not the Capcom, 'Unknown', 'N/A' and Other House rows merged into its games", async () => {
    const nintendo = await company("nintendo");
    // The four games are Nintendo's (as publisher: vgsales.csv names no developer), each holding rows
    // of other publishers too.
    expect(nintendo.games.map((g) => [g.name, g.role]).toSorted()).toEqual([
      ["Quest Hand-made", "publisher"],
      ["Rhythm Hand-made", "publisher"],
      ["Street Brawler Hand-made", "publisher"],
      ["Tennis Hand-made", "publisher"],
    ]);
    // 2.00 + 1.75 + 0.65 + (0.80 Wii + 2.00 3DS) million of its games (every row of them would be
    // 8.36M), and its 0.19M Wii U release of the game listed under Koei Hand-made.
    expect(nintendo.totals.publishedSales).toMatchObject({
      games: 4,
      otherGames: 1,
      units: 7_390_000,
      rowsBeforeCompanies: 0,
      note: null,
    });
    expect(nintendo.totals.publishedSales?.regions.northAmerica).toBe(3_500_000);
    expect(unitsOf(nintendo)).toEqual({
      "Quest Hand-made": 2_800_000,
      "Rhythm Hand-made": 1_750_000,
      "Street Brawler Hand-made": 2_000_000,
      "Tennis Hand-made": 650_000,
    });
    expect(nintendo.totals.publishedSales?.provenance[0]?.method).toMatch(
      /rows that name the company as publisher or developer.*not an estimate/,
    );
  });

  test("a game listed under another publisher: its rows, not Nintendo's release merged into it", async () => {
    const koei = await company("koei-hand-made");
    expect(koei.totals.publishedSales).toMatchObject({ games: 1, otherGames: 0, units: 500_000 });
    expect(unitsOf(koei)).toEqual({ "Ninja Hand-made": 500_000 });
  });

  test("a developer: the rows its file names it on, and rows naming no developer by their game's", async () => {
    const studio = await company("studio-hand-made");
    // 3DS (names the studio) + Wii (vgsales.csv has no Developer column); not Other Studio's PSV row.
    expect(studio.totals.publishedSales).toMatchObject({ games: 1, units: 2_800_000, note: null });
    expect(unitsOf(studio)).toEqual({ "Quest Hand-made": 2_800_000 });
  });

  test("the game page still shows every row of the game, whoever published it", async () => {
    const id = String(
      (
        await rawClient().execute({
          sql: "SELECT id FROM games WHERE name = ?",
          args: ["Street Brawler Hand-made"],
        })
      ).rows[0]!.id,
    );
    const game: GameDetail = await (await request(`/api/games/${id}`, { cookie })).json();
    expect(game.publishedSales?.units).toBe(2_150_000);
    expect(game.publishedSales?.platforms.map((p) => [p.platform, p.units])).toEqual([
      ["SNES", 2_000_000],
      ["GEN", 150_000],
    ]);
  });
});

describe("a row naming several companies, merged into another company's game (review 11 a, item 3)", () => {
  test("counts for each company it names, as a row naming one company does", async () => {
    await importVgSalesCsv(fixture("co-credits.csv"));
    // The XOne row of Merge Hand-made (1.30M), in the game listed under Host Pub Hand-made.
    expect((await company("co-a-hand-made")).totals.publishedSales).toMatchObject({
      games: 1,
      otherGames: 1,
      units: 1_500_000,
    });
    expect((await company("co-b-hand-made")).totals.publishedSales).toMatchObject({
      games: 1,
      otherGames: 1,
      units: 1_600_000,
    });
    // A developer named second in the row's credit; the host publisher keeps only its own row.
    expect((await company("co-studio-hand-made")).totals.publishedSales).toMatchObject({
      otherGames: 1,
      units: 1_500_000,
    });
    expect((await company("host-pub-hand-made")).totals.publishedSales).toMatchObject({ units: 2_000_000 });
  });
});

describe("rows stored before each row's companies were kept", () => {
  test("count by their game, the total says how many; re-importing each file attributes its rows", async () => {
    await rawClient().execute(
      "UPDATE game_sales SET publisher = NULL, developer = NULL, companies_recorded = 0",
    );
    // Every row of Nintendo's games, as before the rows named their companies, and said so.
    expect((await company("nintendo")).totals.publishedSales).toMatchObject({
      units: 8_360_000,
      rowsBeforeCompanies: 9,
      note: "9 rows from before the sales file recorded each row's publisher: re-import it to attribute them",
    });

    // vgsales.csv again: its nine rows take their companies (the same figures, nothing else changes).
    expect(await importVgSalesCsv(VGSALES)).toMatchObject({ inserted: 0, updated: 9 });
    const partly = (await company("nintendo")).totals.publishedSales;
    // Nintendo's 5.39M of vgsales.csv, and the other file's two Quest rows by their game.
    expect(partly).toMatchObject({ units: 7_690_000, otherGames: 1, rowsBeforeCompanies: 2 });
    expect(partly?.note).toMatch(/^2 rows from before/);

    expect(await importVgSalesCsv(WITH_DEVELOPERS)).toMatchObject({ inserted: 0, updated: 2 });
    expect((await company("nintendo")).totals.publishedSales).toMatchObject({
      units: 7_390_000,
      rowsBeforeCompanies: 0,
      note: null,
    });
    // Once attributed, importing the same files again changes nothing.
    expect(await importVgSalesCsv(VGSALES)).toMatchObject({ inserted: 0, updated: 0 });
  });

  test("one row by its game: the note says 'row' and 'it'", async () => {
    await rawClient().execute({
      sql: `UPDATE game_sales SET publisher = NULL, developer = NULL, companies_recorded = 0
             WHERE platform = 'GEN'`,
      args: [],
    });
    expect((await company("nintendo")).totals.publishedSales).toMatchObject({
      units: 7_540_000,
      rowsBeforeCompanies: 1,
      note: "1 row from before the sales file recorded each row's publisher: re-import it to attribute it",
    });
  });
});
