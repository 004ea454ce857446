import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { GameEstimateSchema } from "../../src/contracts/estimates.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * A steam.csv import estimates the games it creates inside each batch's transaction, from what the
 * batch wrote, instead of reading their inputs back afterwards. What it stores must be exactly what
 * the read-back path computes: the same fingerprint (or the server would estimate every game again)
 * and the same figures.
 */

const STEAM_CSV = fileURLToPath(new URL("../fixtures/datasets/steam-store-games/steam.csv", import.meta.url));

const estimates = async () =>
  (await rawClient().execute("SELECT * FROM game_estimates ORDER BY game_id")).rows.map((r) => {
    const { computed_at: _, ...row } = r as unknown as Record<string, unknown>;
    return row;
  });

test("new games are estimated with their batch, with the fingerprints and figures of the read-back path", async () => {
  const summary = await importSteamStoreCsv(STEAM_CSV);
  expect(summary.inserted).toBe(300);
  expect(summary.estimatedGameIds?.size).toBe(300);
  const withImport = await estimates();
  expect(withImport).toHaveLength(300);

  // Read back and fingerprinted: nothing to do.
  expect(await recomputeEstimates()).toMatchObject({ games: 300, computed: 0, unchanged: 300 });
  // Computed again from the database: the same rows.
  expect(await recomputeEstimates({ force: true })).toMatchObject({ computed: 300 });
  expect(await estimates()).toEqual(withImport);

  // A re-import creates nothing, so it estimates nothing with its batches.
  const again = await importSteamStoreCsv(STEAM_CSV);
  expect(again.inserted).toBe(0);
  expect(again.estimatedGameIds?.size).toBe(0);

  // The game page still explains each method (the store keeps figures; the page runs the model again).
  const { cookie } = await createTestUser();
  const res = await request("/api/games/steam-10/estimates", { cookie });
  expect(res.status).toBe(200);
  const body = GameEstimateSchema.parse(await res.json());
  expect(body.methods.map((m) => m.name).sort()).toEqual(["owners-band", "review-model"]);
  for (const m of body.methods) expect(m.detail).not.toBe("");
  expect(body.provenance.source).toMatch(/owners band/);
});

test("a game that two rows of one batch describe is left to the read-back path", async () => {
  const [header] = readFileSync(STEAM_CSV, "utf8").split("\n");
  const others = [1, 2].map(
    (i) =>
      `99000${1 + i},Listed Once ${i},2017-0${i}-01,1,Dev,Pub,windows,0,Single-player,Action,Action,0,${40 * i},5,0,0,0-20000,0.99`,
  );
  // Two rows of one new appid: the second changes the game the first created in the same batch.
  const first = `990001,Twice Listed,2018-05-01,1,Dev,Pub,windows,0,Single-player,Indie,Indie,0,100,10,0,0,0-20000,4.99`;
  const second = `990001,Twice Listed,2018-05-01,1,Dev,Pub,windows,0,Single-player,Indie,Indie;Casual,0,250,10,0,0,20000-50000,4.99`;
  const file = join(mkdtempSync(join(tmpdir(), "gi-estimates-")), "steam.csv");
  writeFileSync(file, [header, ...others, first, second, ""].join("\n"));
  const summary = await importSteamStoreCsv(file);
  const twice = String(
    (await rawClient().execute("SELECT id FROM games WHERE steam_app_id = 990001")).rows[0]?.id,
  );
  expect(summary.changedGameIds?.has(twice)).toBe(true);
  expect(summary.estimatedGameIds?.has(twice)).toBe(false);
  // The other games this file created were estimated with their batch.
  expect(summary.inserted).toBe(3);
  expect(summary.estimatedGameIds?.size).toBe(2);
  const stored = await rawClient().execute({
    sql: "SELECT count(*) AS n FROM game_estimates WHERE game_id = ?",
    args: [twice],
  });
  expect(Number(stored.rows[0]?.n)).toBe(0);
  // The read-back path then estimates it from what the database holds: the second row's figures.
  expect(await recomputeEstimates({ gameIds: [twice] })).toMatchObject({ computed: 1 });
  const row = await rawClient().execute({
    sql: "SELECT inputs_key FROM game_estimates WHERE game_id = ?",
    args: [twice],
  });
  expect(String(row.rows[0]?.inputs_key)).toContain('"positiveReviews":250');
});
