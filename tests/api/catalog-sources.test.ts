import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { DataSourceEntry } from "../../src/contracts/data-sources.ts";
import type { Provenance } from "../../src/contracts/provenance.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { recordSyncRun } from "../../src/server/sync/state.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Review 7 #4 and #8: the VGChartz files are dated by when each was taken (its `--as-of` or the date
 * in its name), never by a game's release year, and "undated" when they state none; and every source
 * that brought games into the catalog is credited beside the catalog-wide figures (the Games Database
 * tabs, the screener), with that date.
 */
const dir = tempDir("gi-catalog-sources-");
const VGSALES = join(dir, "vgsales.csv");
const DEC_2016 = join(dir, "Video_Games_Sales_as_at_22_Dec_2016.csv");
// Rows as the public files have them, with the undated file's one mis-dated row (a 2009 DS game, "2020").
writeFileSync(
  VGSALES,
  `Rank,Name,Platform,Year,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Other_Sales,Global_Sales
1,Wii Sports,Wii,2006,Sports,Nintendo,41.49,29.02,3.77,8.46,82.74
5959,Imagine: Makeup Artist,DS,2020,Simulation,Ubisoft,0.27,0,0,0.02,0.29
18,Grand Theft Auto: San Andreas,PS2,2004,Action,Take-Two Interactive,9.43,0.4,0.41,10.57,20.81
`,
);
writeFileSync(
  DEC_2016,
  `Name,Platform,Year_of_Release,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Global_Sales,Critic_Score,Critic_Count,User_Score,User_Count,Developer,Rating
Wii Sports,Wii,2006,Sports,Nintendo,41.36,28.96,3.77,82.53,76,51,8,322,Nintendo,E
Mario Kart 7,3DS,2011,Racing,Nintendo,5.03,4.02,2.69,12.66,85,73,8.2,632,Nintendo EAD,E
`,
);

let user: TestUser;
let premium: TestUser;
beforeAll(async () => {
  user = await createTestUser();
  premium = await createTestUser({ role: "premium" });
});

const vgchartz = async (): Promise<DataSourceEntry | undefined> => {
  const res = await request("/api/data-sources", { cookie: user.cookie });
  const body = (await res.json()) as { sources: DataSourceEntry[] };
  return body.sources.find((s) => s.id === "vgsales-csv");
};
const catalogSources = async (): Promise<Provenance[]> =>
  (
    (await (await request("/api/data-sources/catalog", { cookie: user.cookie })).json()) as {
      provenance: Provenance[];
    }
  ).provenance;
const salesSources = (list: Provenance[]) =>
  list.filter((p) => p.source.startsWith("VGChartz")).map((p) => [p.source, p.asOf]);

describe("VGChartz on the Data sources page and beside the catalog's figures", () => {
  test("the undated file alone: its rows are 'undated', not dated by a game's release year", async () => {
    await importVgSalesCsv(VGSALES);
    expect(await vgchartz()).toMatchObject({ records: 3, unit: "rows", asOf: null, undated: 3 });
    const sources = await catalogSources();
    expect(salesSources(sources)).toEqual([["VGChartz sales dataset (vgsales.csv)", null]]);
    expect(sources.find((p) => p.source.startsWith("VGChartz"))?.method).toBe(
      // Review r27-a #8: "…of its file (12,311 games); …of its file (45 games)" did not say which file.
      "vgsales.csv: 3 games with their platforms, release years and publishers (the file states no date)",
    );
  });

  test("with the Dec 2016 file: newest data is 22 Dec 2016, the date the file was taken", async () => {
    await importVgSalesCsv(DEC_2016);
    // Mario Kart 7's row is the 2016 file's, and so is Wii Sports': a dated file's row replaces an
    // undated one's whole, though vgsales.csv's figure is larger (review r18c, item 4).
    expect(await vgchartz()).toMatchObject({ records: 4, asOf: "2016-12-22T00:00:00.000Z", undated: 2 });
    expect(salesSources(await catalogSources())).toEqual([
      ["VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)", "2016-12-22T00:00:00.000Z"],
      ["VGChartz sales dataset (vgsales.csv)", null],
    ]);
    // Each file named in its own method, so the methods joined under a note say which file gave what.
    expect(
      (await catalogSources()).filter((p) => p.source.startsWith("VGChartz")).map((p) => p.method),
    ).toEqual([
      expect.stringMatching(
        /^Video_Games_Sales_as_at_22_Dec_2016\.csv: \d+ games? with their platforms, release years and publishers$/,
      ),
      expect.stringMatching(
        /^vgsales\.csv: \d+ games? with their platforms, release years and publishers \(the file states no date\)$/,
      ),
    ]);
  });

  test("the screener's provenance names the files its console games come from", async () => {
    const res = await request("/api/market/screener?q=wii%20sports", { cookie: premium.cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { rows: Array<{ name: string }>; provenance: Provenance[] };
    expect(page.rows.map((r) => r.name)).toEqual(["Wii Sports"]);
    // Only the file its row comes from (the 2016 file's replaced vgsales.csv's): the sources of the
    // rows shown, not every file of the catalog (review r33-a #1).
    expect(salesSources(page.provenance)).toEqual([
      ["VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)", "2016-12-22T00:00:00.000Z"],
    ]);
    const gta = (await (
      await request("/api/market/screener?q=san%20andreas", { cookie: premium.cookie })
    ).json()) as { provenance: Provenance[] };
    expect(salesSources(gta.provenance)).toEqual([["VGChartz sales dataset (vgsales.csv)", null]]);
    expect(gta.provenance.find((p) => p.source.startsWith("VGChartz"))?.method).toBe(
      // Review r34-a #3: "1 game with their platforms, release years and publishers".
      "vgsales.csv: 1 game with its platforms, release year and publisher (the file states no date)",
    );
  });

  test("a file dated on import (--as-of) is dated so", async () => {
    await importVgSalesCsv(VGSALES, new Date(Date.UTC(2017, 0, 5)));
    const entry = await vgchartz();
    expect(entry).toMatchObject({ records: 4, asOf: "2017-01-05T00:00:00.000Z" });
    expect(entry?.undated).toBeUndefined();
  });
});

describe("IGDB's games are credited too", () => {
  test("games from its sync name IGDB, at the sync's last success", async () => {
    expect((await catalogSources()).some((p) => p.source === "IGDB")).toBe(false);
    await upsertGames([{ name: "Only On IGDB", igdbId: 90_001, platforms: ["Switch"] }], "igdb");
    const okAt = new Date(Date.UTC(2026, 10, 20, 6));
    await recordSyncRun("igdb", { status: "ok", records: 1, message: null, durationMs: 10 }, okAt);
    expect(await catalogSources()).toContainEqual({
      source: "IGDB",
      asOf: okAt.toISOString(),
      method: "IGDB: 1 game its sync listed",
    });
  });
});
