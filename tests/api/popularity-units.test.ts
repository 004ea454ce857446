import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { searchGames } from "../../src/server/catalog/search.ts";
import { popularityOf, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { databaseMigratedUpTo } from "../helpers/migrations.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/**
 * Round 33: "mario" answered MarionetteAI (4 reviews) first and left "Super Mario Bros." (40 million
 * sold) out of the top 20. A console game's units did not count in its popularity, so a sales list's
 * best sellers without a critics' count ranked below every game with one; and a query word that only
 * started a longer word counted as much as a whole word (docs/decisions/048).
 */
const NOW = new Date("2026-11-28T12:00:00Z");
const HEADER = "Rank,Name,Platform,Year,Genre,Publisher,NA_Sales,EU_Sales,JP_Sales,Other_Sales,Global_Sales";
const dir = tempDir("gi-popularity-units-");
const write = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
};
const popularity = async (name: string) =>
  Number(
    (await rawClient().execute({ sql: "SELECT popularity FROM games WHERE name = ?", args: [name] })).rows[0]!
      .popularity,
  );

test("a sales list's units count in popularity, and a whole word outranks the start of a longer one", async () => {
  // A Steam game whose name starts with the query, with a few reviews.
  await upsertGames(
    [{ name: "Plumberoni Puppet AI", steamAppId: 990_001, positiveReviews: 4, negativeReviews: 0 }],
    "steamspy",
  );
  await importVgSalesCsv(
    write("vgsales.csv", [
      HEADER,
      "1,Super Plumbero Bros.,NES,1985,Platform,Nintendo,29.08,3.58,6.81,0.77,40.24",
      "2,Super Plumbero Bros.,FDS,1985,Platform,Nintendo,3.4,1.3,0.15,0.22,5.07",
      "3,Plumbero Minor Kart,DS,2005,Racing,Nintendo,0.01,0,0,0,0.01",
    ]),
    undefined,
    { now: NOW },
  );
  // Both platforms' units (45.31 million), weighed as reviews are.
  expect(await popularity("Super Plumbero Bros.")).toBe(popularityOf({ sales_millions: 45.31 }));
  expect(await popularity("Super Plumbero Bros.")).toBeCloseTo(2 * Math.log10(1 + 45_310_000), 3);
  expect(await popularity("Plumbero Minor Kart")).toBe(popularityOf({ sales_millions: 0.01 }));

  const names = (await searchGames("plumbero", 10)).map((g) => g.name);
  // A name starting with the whole word first, then the word later in a name; the name that only starts
  // with the query as part of a longer word last (it came first, and the best seller last, before).
  expect(names).toEqual(["Plumbero Minor Kart", "Super Plumbero Bros.", "Plumberoni Puppet AI"]);
  expect(await searchGames("plumber", 10).then((r) => r.map((g) => g.name))).toContain(
    "Plumberoni Puppet AI",
  );

  // A later update from another source keeps the units in the game's popularity.
  await upsertGames([{ name: "Super Plumbero Bros.", positiveReviews: 100, negativeReviews: 10 }], "igdb");
  expect(await popularity("Super Plumbero Bros.")).toBe(
    popularityOf({ sales_millions: 45.31, positive_reviews: 100, negative_reviews: 10 }),
  );
});

test("a game merged into the Steam game of its name brings its units to that game's popularity, unless it has owners", async () => {
  await importVgSalesCsv(
    write("vgsales-merge.csv", [HEADER, "7,Merged Units Quest,PC,2012,Action,Acme,1.5,0.5,0,0,2"]),
    undefined,
    { now: NOW },
  );
  await upsertGames(
    [{ name: "Merged Units Quest", steamAppId: 990_002, releaseDate: "2012-05-01", positiveReviews: 900 }],
    "steam",
  );
  const rows = (
    await rawClient().execute({
      sql: `SELECT popularity, current_players, positive_reviews, negative_reviews, owners_estimate, rating_count
            FROM games WHERE normalized_name = 'merged units quest'`,
      args: [],
    })
  ).rows;
  expect(rows).toHaveLength(1);
  const merged = { ...rows[0]! };
  expect(merged.positive_reviews).toBe(900);
  expect(Number(merged.popularity)).toBe(popularityOf({ ...merged, sales_millions: 2 }));
  expect(Number(merged.popularity)).toBeGreaterThan(popularityOf(merged) + 12);

  // A Steam game's owners already count its buyers: a same-title PC row of a sales list adds nothing
  // (review r36-a #1: it lifted Left 4 Dead 2 from 20th to 3rd, above CS:GO).
  await upsertGames(
    [{ name: "Merged Units Quest", steamAppId: 990_002, ownersEstimate: 50_000 }],
    "steamspy",
  );
  const [owned] = (
    await rawClient().execute({
      sql: "SELECT popularity, positive_reviews, rating_count FROM games WHERE steam_app_id = 990002",
      args: [],
    })
  ).rows;
  expect(Number(owned!.popularity)).toBe(
    popularityOf({ ...owned, owners_estimate: 50_000, sales_millions: 2 }),
  );
  expect(Number(owned!.popularity)).toBe(popularityOf({ ...owned, owners_estimate: 50_000 }));
});

test("migration 0048 counts the units of games stored before, as popularityOf does", async () => {
  const { client, all, upgrade } = await databaseMigratedUpTo(47);
  const game = (id: string, columns: Record<string, number | null>) =>
    client.execute({
      sql: `INSERT INTO games (id, slug, name, normalized_name, current_players, positive_reviews, negative_reviews,
              owners_estimate, rating_count, popularity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1.5)`,
      args: [
        id,
        id,
        id,
        id,
        columns.current_players ?? null,
        columns.positive_reviews ?? null,
        columns.negative_reviews ?? null,
        columns.owners_estimate ?? null,
        columns.rating_count ?? null,
      ],
    });
  const sales = (id: string, platform: string, units: number) =>
    client.execute({
      sql: "INSERT INTO game_sales (game_id, platform, global_sales, source) VALUES (?, ?, ?, 'vgsales-csv')",
      args: [id, platform, units],
    });
  const cases: Record<string, Record<string, number | null>> = {
    console: { rating_count: 82 },
    "no-critics": {},
    steam: {
      current_players: 1234,
      positive_reviews: 9000,
      negative_reviews: 800,
      owners_estimate: 2_000_000,
    },
  };
  for (const [id, columns] of Object.entries(cases)) await game(id, columns);
  await game("no-sales", { owners_estimate: 10 });
  await sales("console", "Wii", 35.52);
  await sales("no-critics", "NES", 40.24);
  await sales("no-critics", "GB", 5.07);
  await sales("steam", "PC", 0.4);

  await upgrade();

  const after = Object.fromEntries(
    (await all("SELECT id, popularity FROM games")).map((r) => [String(r.id), Number(r.popularity)]),
  );
  expect(after).toEqual({
    console: popularityOf({ ...cases.console, sales_millions: 35.52 }),
    "no-critics": popularityOf({ sales_millions: 45.31 }),
    // A game with an owners estimate, and one without sales rows, keep what they had: their formula
    // did not change.
    steam: 1.5,
    "no-sales": 1.5,
  });
});
