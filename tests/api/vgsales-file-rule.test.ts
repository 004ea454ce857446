import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, expect, test } from "vitest";
import { gameFigureSources } from "../../src/server/catalog/figure-sources.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Which VGChartz file a (game, platform) row is (review r18c, item 4): a row is one file's, whole, so
 * no value of one file is shown under another's name. A dated file's row replaces an undated one's
 * (its critic score with it, or none); an undated file never replaces a dated one; of two dated files
 * the newer wins. The result does not depend on the order of the imports.
 */
const dir = tempDir("gi-vgsales-rule-");
const UNDATED = join(dir, "vgsales.csv");
const DEC_2016 = join(dir, "Video_Games_Sales_as_at_22_Dec_2016.csv");
writeFileSync(
  UNDATED,
  `Rank,Name,Platform,Year,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Other_Sales,Global_Sales
1,Wii Sports,Wii,2006,Sports,Nintendo,41.49,29.02,3.77,8.46,82.74
2,Terraria,PC,2011,Action,Re-Logic,0.07,0.06,0,0.02,0.15
`,
);
writeFileSync(
  DEC_2016,
  `Name,Platform,Year_of_Release,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Global_Sales,Critic_Score,Critic_Count,User_Score,User_Count,Developer,Rating
Wii Sports,Wii,2006,Sports,Nintendo,41.36,28.96,3.77,82.53,76,51,8,322,Nintendo,E
`,
);

const rows = async () =>
  (
    await rawClient().execute(
      `SELECT g.name, s.platform, s.global_sales, s.na_sales, s.other_sales, s.critic_score, s.user_score, s.rank, s.dataset, s.as_of
       FROM game_sales s JOIN games g ON g.id = s.game_id ORDER BY g.name, s.platform`,
    )
  ).rows.map((r) => ({ ...r }));

beforeEach(async () => {
  await rawClient().execute("DELETE FROM game_sales");
});

const DEC_ROW = {
  name: "Wii Sports",
  platform: "Wii",
  global_sales: 82.53,
  na_sales: 41.36,
  other_sales: null,
  critic_score: 76,
  user_score: 8,
  rank: null,
  dataset: "Video_Games_Sales_as_at_22_Dec_2016.csv",
  as_of: Date.UTC(2016, 11, 22),
};
const TERRARIA = {
  name: "Terraria",
  platform: "PC",
  global_sales: 0.15,
  dataset: "vgsales.csv",
  as_of: null,
};

test("the dated file's row replaces the undated file's whole, in either order", async () => {
  await importVgSalesCsv(UNDATED);
  await importVgSalesCsv(DEC_2016);
  const first = await rows();
  expect(first).toEqual([expect.objectContaining(TERRARIA), DEC_ROW]);

  await rawClient().execute("DELETE FROM game_sales");
  await importVgSalesCsv(DEC_2016);
  // The undated file's larger figure does not replace the dated row: its critic score is not relabelled.
  expect(await importVgSalesCsv(UNDATED)).toMatchObject({ inserted: 1, updated: 0 });
  expect(await rows()).toEqual(first);
});

test("a newer dated file replaces the row whole: no critic score of the older file under its name", async () => {
  await importVgSalesCsv(DEC_2016);
  await importVgSalesCsv(UNDATED, new Date(Date.UTC(2017, 0, 5)));
  const wii = (await rows()).find((r) => r.name === "Wii Sports");
  expect(wii).toEqual({
    name: "Wii Sports",
    platform: "Wii",
    global_sales: 82.74,
    na_sales: 41.49,
    other_sales: 8.46,
    critic_score: null,
    user_score: null,
    rank: 1,
    dataset: "vgsales.csv",
    as_of: Date.UTC(2017, 0, 5),
  });
  // The older dated file does not take it back.
  expect(await importVgSalesCsv(DEC_2016)).toMatchObject({ inserted: 0, updated: 0 });
});

test("a file whose row the rule does not keep dates no critic score: the rating stays the dated file's (review 19, item 4)", async () => {
  const undatedScored = join(dir, "metacritic_copy.csv");
  // The 2016 layout, undated, with the same score and a larger figure: its row is not kept.
  writeFileSync(
    undatedScored,
    `Name,Platform,Year_of_Release,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Global_Sales,Critic_Score,Critic_Count,User_Score,User_Count,Developer,Rating
Wii Sports,Wii,2006,Sports,Nintendo,41.5,29,3.8,82.9,76,51,8,322,Nintendo,E
`,
  );
  await rawClient().execute("DELETE FROM game_metrics WHERE metric = 'critic_score'");
  await importVgSalesCsv(DEC_2016);
  const id = String(
    (await rawClient().execute("SELECT id FROM games WHERE name = 'Wii Sports'")).rows[0]!.id,
  );
  const rating = async () => (await gameFigureSources([id])).provenance.get(id);
  expect(await rating()).toMatchObject({
    source: "VGChartz sales dataset",
    asOf: "2016-12-22T00:00:00.000Z",
  });

  expect(await importVgSalesCsv(undatedScored)).toMatchObject({ inserted: 0, updated: 0 });
  expect(await rating()).toMatchObject({ asOf: "2016-12-22T00:00:00.000Z" });
  // An older dated file neither: its row is not kept, its score dates nothing.
  expect(await importVgSalesCsv(undatedScored, new Date(Date.UTC(2015, 5, 1)))).toMatchObject({ updated: 0 });
  const points = await rawClient().execute({
    sql: "SELECT ts FROM game_metrics WHERE game_id = ? AND metric = 'critic_score'",
    args: [id],
  });
  expect(points.rows.map((r) => Number(r.ts))).toEqual([Date.UTC(2016, 11, 22)]);
  // A newer dated file's row is kept, and its score dates the rating.
  await importVgSalesCsv(undatedScored, new Date(Date.UTC(2017, 0, 5)));
  expect(await rating()).toMatchObject({ asOf: "2017-01-05T00:00:00.000Z" });
});
