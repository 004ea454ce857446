import { readFileSync } from "node:fs";
import { beforeAll, expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { importEsportsCsv } from "../../src/server/importers/esports.ts";
import { gameKey } from "../../src/server/importers/game-key.ts";
import { importTwitchCsv } from "../../src/server/importers/twitch.ts";
import { DATASETS } from "../fixtures/recorded/server.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Esports Analytics joins Esports Earnings to Twitch by game (review 8, item 2). The files spell names
 * differently: Esports Earnings writes "PLAYERUNKNOWN’S BATTLEGROUNDS" (windows-1252 byte 0x92),
 * Twitch "PLAYERUNKNOWN'S BATTLEGROUNDS"; the join is on the stored folded key, not the raw name.
 */
const PUBG = "PLAYERUNKNOWN\u2019S BATTLEGROUNDS";
// From tests/fixtures/datasets/twitch-pubg: Twitch's highest monthly peak of PUBG (January 2018), and
// the peak of March 2021, the game's richest month of prize money in the esports excerpt.
const PUBG_PEAK = 579_861;
const PUBG_MARCH_2021_PEAK = 151_310;

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser();
  await importEsportsCsv(new URL("esports", DATASETS).pathname);
  await importTwitchCsv(new URL("twitch-pubg", DATASETS).pathname);
}, 60_000);

const esports = async () => {
  const res = await request("/api/kaggle/esports", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    topGames: Array<{ game: string; viewership: number | null; prizePool: number }>;
    tournaments: Array<{ name: string; game: string; prizePool: number; viewers: number | null }>;
  };
};

async function expectPubgJoined() {
  const answer = await esports();
  expect(answer.topGames.find((g) => g.game === PUBG)).toMatchObject({ viewership: PUBG_PEAK });
  expect(answer.tournaments.find((t) => t.name === `${PUBG} — March 2021`)).toMatchObject({
    game: PUBG,
    viewers: PUBG_MARCH_2021_PEAK,
  });
}

test("top games and tournaments carry Twitch's viewers of a game the files spell with different apostrophes", async () => {
  await expectPubgJoined();
  // The raw names differ: an exact match would have found nothing.
  const exact = await rawClient().execute({
    sql: "SELECT count(*) AS n FROM twitch_game_months WHERE game = ?",
    args: [PUBG],
  });
  expect(Number(exact.rows[0]!.n)).toBe(0);
});

test("migration 0025 fills the key of rows imported before it, as the importers write it", async () => {
  const client = rawClient();
  for (const table of ["esports_games", "esports_monthly", "twitch_game_months"]) {
    await client.execute(`UPDATE ${table} SET game_key = NULL`);
  }
  expect((await esports()).topGames.find((g) => g.game === PUBG)?.viewership).toBeNull();
  const sql = readFileSync(
    new URL("../../migrations/0025_source-text-and-keys.sql", import.meta.url),
    "utf8",
  );
  const fills = sql.split("--> statement-breakpoint").filter((s) => /SET `game_key`/.test(s));
  expect(fills.length).toBeGreaterThanOrEqual(3);
  for (const statement of fills) await client.execute(statement);
  for (const table of ["esports_games", "esports_monthly", "twitch_game_months"]) {
    const rows = await client.execute(`SELECT DISTINCT game, game_key FROM ${table}`);
    expect(rows.rows.length, table).toBeGreaterThan(0);
    for (const r of rows.rows) expect(r.game_key, String(r.game)).toBe(gameKey(String(r.game)));
  }
  await expectPubgJoined();
});
