import { fileURLToPath } from "node:url";
import { beforeEach, expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { importEsportsCsv } from "../../src/server/importers/esports.ts";
import { formatSummary } from "../../src/server/importers/index.ts";
import { importTwitchCsv } from "../../src/server/importers/twitch.ts";

/**
 * A file listing one record twice (review r20c, item 2): Twitch_game_data.csv has "Resident Evil 2",
 * 2019-01 at rank 13 (16,394,917 hours watched) and at rank 130 (578,746); the later, smaller row
 * overwrote the larger, and a second run wrote both again ("updated 10"). One row is kept by a rule
 * that does not depend on the order of the lines (more hours watched; the larger earnings), each
 * duplicate is named by line, and a second run changes nothing.
 */
const DIR = fileURLToPath(new URL("../fixtures/duplicates/", import.meta.url));
const rows = async (sql: string) => (await rawClient().execute(sql)).rows.map((r) => ({ ...r }));

beforeEach(async () => {
  await rawClient().execute("DELETE FROM twitch_game_months");
  await rawClient().execute("DELETE FROM esports_games");
  await rawClient().execute("DELETE FROM esports_monthly");
});

test("twitch: of a (month, game) listed twice the row with more hours watched is stored, whichever line is first", async () => {
  const first = await importTwitchCsv(`${DIR}twitch`);
  expect(first).toMatchObject({ read: 4, inserted: 2, updated: 0, skipped: 0 });
  expect(await rows("SELECT game, month, rank, hours_watched FROM twitch_game_months ORDER BY game")).toEqual(
    [
      { game: "Atlas", month: "2019-01", rank: 15, hours_watched: 12110031 },
      { game: "Resident Evil 2", month: "2019-01", rank: 13, hours_watched: 16394917 },
    ],
  );
  const text = formatSummary(first);
  expect(text).toContain("Twitch_game_data.csv: 2 rows name a record already in the file");
  expect(text).toContain(
    'line 4: "Atlas", 2019-01, is also on line 3; kept line 4 (rank 15, 12,110,031 hours watched), not line 3 (rank 50, 2,106,560 hours watched)',
  );
  expect(text).toContain(
    'line 5: "Resident Evil 2", 2019-01, is also on line 2; kept line 2 (rank 13, 16,394,917 hours watched), not line 5 (rank 130, 578,746 hours watched)',
  );

  const second = await importTwitchCsv(`${DIR}twitch`);
  expect(second).toMatchObject({ read: 4, inserted: 0, updated: 0, skipped: 0 });
});

test("esports: a game or month listed twice keeps the row with the larger earnings; a second run changes nothing", async () => {
  const first = await importEsportsCsv(`${DIR}esports`);
  // Four games (one of them twice) and one month of one game (twice).
  expect(first).toMatchObject({ read: 4 + 2, inserted: 3 + 1, updated: 0, skipped: 0 });
  expect(
    await rows("SELECT total_earnings, total_players FROM esports_games WHERE game = 'Resistance 2'"),
  ).toEqual([{ total_earnings: 50400, total_players: 194 }]);
  expect(
    await rows("SELECT month, earnings, players FROM esports_monthly WHERE game = 'Resistance 2'"),
  ).toEqual([{ month: "2009-03", earnings: 50400, players: 194 }]);
  const text = formatSummary(first);
  expect(text).toContain("GeneralEsportData.csv: 1 row names a record already in the file");
  expect(text).toContain(
    'line 4: "Resistance 2" is also on line 3; kept line 3 (total earnings $50,400), not line 4 (total earnings $0)',
  );
  expect(text).toContain(
    'line 3: "Resistance 2", 2009-03, is also on line 2; kept line 3 (earnings $50,400), not line 2 (earnings $0)',
  );

  expect(await importEsportsCsv(`${DIR}esports`)).toMatchObject({ inserted: 0, updated: 0, skipped: 0 });
});
