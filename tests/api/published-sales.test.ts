import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { GameEstimateSchema } from "../../src/contracts/estimates.ts";
import type { GameDetail } from "../../src/contracts/game-page.ts";
import type { SearchResult } from "../../src/contracts/games.ts";
import type { CompanyPage } from "../../src/contracts/market.ts";
import type { IgdbGame } from "../../src/contracts/sources.ts";
import { estimateFacts } from "../../src/server/ai/engine.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { NOT_COVERED_NOTE } from "../../src/server/estimates/model.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * VGChartz unit sales (game_sales) on the game and company pages: published figures with their file
 * and date, apart from the Steam-based estimates, which do not speak for a game with no Steam signal.
 * A few rows of each public file, unchanged (tests/fixtures/datasets/vgsales/published-sales/SOURCE.txt).
 */
const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/datasets/vgsales/published-sales/${name}`, import.meta.url));
const VGSALES = fixture("vgsales.csv");
const DEC_2016 = fixture("Video_Games_Sales_as_at_22_Dec_2016.csv");

let cookie: string;
const idOf = async (name: string) =>
  String(
    (await rawClient().execute({ sql: "SELECT id FROM games WHERE name = ?", args: [name] })).rows[0]!.id,
  );

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  await importVgSalesCsv(VGSALES);
  await importVgSalesCsv(DEC_2016);
  // A Steam game of the same publisher with reviews, and one on Steam the catalog knows nothing more of.
  await upsertGames(
    [
      {
        name: "Hand-made Steam Port",
        steamAppId: 991_001,
        publisher: "Nintendo",
        positiveReviews: 900,
        negativeReviews: 100,
        price: 19.99,
        releaseYear: 2018,
        genres: ["Action"],
      },
      { name: "Bare Steam Listing", steamAppId: 991_002, genres: ["Indie"] },
    ],
    "test",
  );
  await recomputeEstimates();
});

const game = async (name: string): Promise<GameDetail> =>
  (await request(`/api/games/${await idOf(name)}`, { cookie })).json();

describe("published unit sales on the game page", () => {
  test("Wii Sports: the Dec 2016 file's 82.53M, whole, with its regions, platform, file and date", async () => {
    // vgsales.csv's 82.74M is larger, but it states no date: the dated file's row replaces it whole
    // (review r18c, item 4), so no figure of one file is shown under the other's name.
    const wii = await game("Wii Sports");
    const regions = { northAmerica: 41_360_000, europe: 28_960_000, japan: 3_770_000, other: null };
    const DEC = "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)";
    expect(wii.publishedSales).toEqual({
      units: 82_530_000,
      regions,
      regionsNotGiven: { northAmerica: 0, europe: 0, japan: 0, other: 1 },
      platforms: [
        {
          platform: "Wii",
          year: 2006,
          units: 82_530_000,
          regions,
          source: DEC,
          asOf: "2016-12-22T00:00:00.000Z",
        },
      ],
      provenance: [
        {
          source: DEC,
          asOf: "2016-12-22T00:00:00.000Z",
          method: expect.stringMatching(/as the dataset publishes them.*not an estimate/),
        },
      ],
    });
  });

  test("a game only in the undated file keeps its figures, with the file and no date", async () => {
    const kart = await game("Mario Kart Wii");
    expect(kart.publishedSales?.platforms).toEqual([
      expect.objectContaining({
        units: 35_820_000,
        source: "VGChartz sales dataset (vgsales.csv)",
        asOf: null,
      }),
    ]);
  });

  test("one game on two platforms: the total is their sum, largest platform first", async () => {
    const mw3 = await game("Call of Duty: Modern Warfare 3");
    expect(mw3.publishedSales?.units).toBe(28_220_000);
    expect(mw3.publishedSales?.platforms.map((p) => [p.platform, p.units])).toEqual([
      ["X360", 14_760_000],
      ["PS3", 13_460_000],
    ]);
    expect(mw3.publishedSales?.regions.northAmerica).toBe(14_570_000);
  });

  test("a figure from the Dec 2016 file is dated by its name, and its missing region stays unknown", async () => {
    // The 2016 file is dated and vgsales.csv is not: the row is the 2016 file's, whole (12.66M, not 12.21M).
    const mk7 = await game("Mario Kart 7");
    expect(mk7.publishedSales?.platforms[0]).toMatchObject({
      units: 12_660_000,
      regions: { northAmerica: 5_030_000, europe: 4_020_000, japan: 2_690_000, other: null },
      source: "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)",
      asOf: "2016-12-22T00:00:00.000Z",
    });
    expect(mk7.publishedSales?.regions.other).toBeNull();
    expect(mk7.publishedSales?.regionsNotGiven.other).toBe(1);
    expect(mk7.publishedSales?.provenance.map((p) => p.asOf)).toEqual(["2016-12-22T00:00:00.000Z"]);
  });

  test("a game without sales rows answers null", async () => {
    expect((await game("Hand-made Steam Port")).publishedSales).toBeNull();
  });
});

describe("a console game's record in lists and pickers", () => {
  test("the Games Database names the file a console-only game comes from, and that it states no date", async () => {
    const found = async (q: string, name: string) =>
      (
        (await (
          await request(`/api/igdb/search?q=${encodeURIComponent(q)}`, { cookie })
        ).json()) as IgdbGame[]
      ).find((g) => g.name === name);
    // Only in vgsales.csv, with no critics' score: the file is all that describes it.
    expect((await found("mario kart wii", "Mario Kart Wii"))?.provenance).toEqual({
      source: "VGChartz sales dataset (vgsales.csv)",
      asOf: null,
      method: expect.stringMatching(/release year as the file lists them$/),
    });
    // Only in the Dec 2016 file, without a score: dated as that file's name dates it.
    expect((await found("pokemon sun moon", "Pokemon Sun/Moon"))?.provenance).toMatchObject({
      source: "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)",
      asOf: "2016-12-22T00:00:00.000Z",
    });
    // A figure of its own (Metacritic's score) still names that figure's source, as before.
    expect((await found("wii sports", "Wii Sports"))?.provenance?.method).toMatch(/critic score/);
  });

  test("search answers each result's release year and platforms (a year-only release included)", async () => {
    const res = await request("/api/games/search?q=call%20of%20duty%20modern%20warfare%203", { cookie });
    const [mw3] = (await res.json()) as SearchResult[];
    expect(mw3).toMatchObject({
      name: "Call of Duty: Modern Warfare 3",
      releaseDate: null,
      releaseYear: 2011,
    });
    expect(mw3!.platforms.toSorted()).toEqual(["PS3", "X360"]);
    const steam = (await (
      await request("/api/games/search?q=hand-made%20steam%20port", { cookie })
    ).json()) as SearchResult[];
    expect(steam[0]).toMatchObject({ name: "Hand-made Steam Port", releaseYear: 2018 });
  });
});

describe("the Steam owners model and games it does not cover", () => {
  test("a console game with no Steam signal: not covered, the note says so, the AI gets no estimate", async () => {
    const id = await idOf("Wii Sports");
    const e = GameEstimateSchema.parse(
      await (await request(`/api/games/${id}/estimates`, { cookie })).json(),
    );
    expect(e.covered).toBe(false);
    // Never a false point: no owners, units or revenue figure, and no method's figure either.
    expect(e.owners).toBeNull();
    expect(e.unitsSold).toBeNull();
    expect(e.revenue).toEqual({ gross: null, net: null, currency: "USD" });
    expect(e.methods).toEqual([]);
    expect(e.provenance.method).toMatch(/^Not estimated/);
    expect(e.notes).toEqual([NOT_COVERED_NOTE]);
    expect(e.notes.join(" ")).not.toMatch(/spread of owners/);
    expect(await estimateFacts(id)).toBeNull();
  });

  test("a Steam game is covered, with reviews or with nothing more known (the catalog spread of Steam games)", async () => {
    for (const [name, lowSignal] of [
      ["Hand-made Steam Port", false],
      ["Bare Steam Listing", true],
    ] as const) {
      const id = await idOf(name);
      const e = GameEstimateSchema.parse(
        await (await request(`/api/games/${id}/estimates`, { cookie })).json(),
      );
      expect(e.covered, name).toBe(true);
      expect(e.lowSignal, name).toBe(lowSignal);
      expect(e.notes, name).not.toContain(NOT_COVERED_NOTE);
      expect(await estimateFacts(id), name).not.toBeNull();
    }
  });
});

describe("sums and lists of estimates leave out games the model does not cover", () => {
  test("estimate totals by publisher and the screener count only the covered games", async () => {
    const premium = (await createTestUser({ role: "premium" })).cookie;
    const totals = await (
      await request("/api/estimates/totals?by=publisher&name=Nintendo", { cookie: premium })
    ).json();
    // Its one Steam game; the four console games' stored spread (Steam games' owners) is not summed.
    expect(totals.totals.map((t: { name: string; games: number }) => [t.name, t.games])).toEqual([
      ["Nintendo", 1],
    ]);
    expect(totals.provenance.method).toMatch(/games the owners model covers/);
    const page = await (
      await request("/api/market/screener?q=Wii%20Sports&columns=name,ownersEstimate", { cookie: premium })
    ).json();
    const wii = page.rows.find((g: { name: string }) => g.name === "Wii Sports");
    expect(wii).toBeDefined();
    expect(wii.ownersEstimate ?? null).toBeNull();
    const port = await (
      await request("/api/market/screener?q=Hand-made%20Steam%20Port", { cookie: premium })
    ).json();
    expect(port.rows[0].ownersEstimate).toBeGreaterThan(0);
  });
});

describe("published unit totals on the company page", () => {
  test("Nintendo: published units of its four console games beside the estimate of its one Steam game", async () => {
    const res = await request("/api/companies/nintendo", { cookie });
    expect(res.status).toBe(200);
    const company: CompanyPage = await res.json();
    // 82.53 + 35.82 + 12.66 + 7.14 million: each row one file's, as the game pages show them. The Dec
    // 2016 file gives no "other" region: Other sums the rows that give it (testers' defect 2: such rows
    // blanked the whole figure) and counts the three that do not (Wii Sports, Mario Kart 7, Pokemon
    // Sun/Moon), so the regions reconcile as far as the files allow.
    expect(company.totals.publishedSales).toMatchObject({
      games: 4,
      units: 138_150_000,
      regions: { northAmerica: 65_220_000, europe: 47_310_000, japan: 12_510_000, other: 3_310_000 },
      regionsNotGiven: { northAmerica: 0, europe: 0, japan: 0, other: 3 },
    });
    expect(company.totals.publishedSales?.provenance.map((p) => [p.source, p.asOf])).toEqual([
      ["VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)", "2016-12-22T00:00:00.000Z"],
      ["VGChartz sales dataset (vgsales.csv)", null],
    ]);
    // The estimates sum the Steam game alone; the console games are counted apart, not as owners.
    const port = company.games.find((g) => g.name === "Hand-made Steam Port")!;
    expect(company.totals.outsideModel).toBe(4);
    expect(company.totals.estimates?.games).toBe(1);
    expect(company.totals.estimates?.owners.mid).toBe(port.ownersEstimate);
    const wii = company.games.find((g) => g.name === "Wii Sports")!;
    expect(wii).toMatchObject({ publishedUnits: 82_530_000, ownersEstimate: null, revenueEstimate: null });
    expect(port.publishedUnits).toBeNull();
  });
});

describe("vgsales-csv: the file and date of each row", () => {
  test("--as-of dates the file; a row imported before files were kept gets its file from the same figure, once", async () => {
    await rawClient().execute("UPDATE game_sales SET dataset = NULL, as_of = NULL");
    const again = await importVgSalesCsv(VGSALES, new Date(Date.UTC(2016, 9, 26)));
    // Mario Kart Wii and Modern Warfare 3's two platforms: the same figures, now with their file; Wii
    // Sports' unnamed row (the 2016 file's 82.53M) takes vgsales.csv's larger 82.74M, named and dated.
    expect(again).toMatchObject({ inserted: 0, updated: 4 });
    const wii = await game("Wii Sports");
    expect(wii.publishedSales?.platforms[0]).toMatchObject({
      source: "VGChartz sales dataset (vgsales.csv)",
      asOf: "2016-10-26T00:00:00.000Z",
    });
    // Mario Kart 7's larger Dec 2016 figure is not the vgsales.csv row: it stays unnamed until that file again.
    expect((await game("Mario Kart 7")).publishedSales?.platforms[0]?.units).toBe(12_660_000);
    expect(await importVgSalesCsv(VGSALES, new Date(Date.UTC(2016, 9, 26)))).toMatchObject({
      inserted: 0,
      updated: 0,
    });
  });
});
