import { fileURLToPath } from "node:url";
import {
  importSteamStoreCsv,
  STEAM_STORE_SNAPSHOT,
  STEAM_STORE_SOURCE,
} from "../../importers/steam-store.ts";
import type { ImportSummary } from "../../importers/summary.ts";
import { log } from "../../log.ts";
import { rawClient } from "../client.ts";

/**
 * The real catalog a first start begins with (issue 9): Kaggle "Steam Store Games" by Nik Davis
 * (CC BY 4.0), 27,075 games gathered from the Steam store and SteamSpy in May 2019, shipped gzip-
 * compressed beside this file (see steam-store-games.SOURCE.md). Every figure it gives is dated
 * May 2019 and named "Steam Store Games (Kaggle, CC BY 4.0)".
 */
export const SNAPSHOT_FILE = fileURLToPath(new URL("./steam-store-games.csv.gz", import.meta.url));
export const SNAPSHOT_INFO = {
  name: "Steam Store Games",
  author: "Nik Davis",
  licence: "CC BY 4.0",
  url: "https://www.kaggle.com/datasets/nikdavis/steam-store-games",
  games: 27_075,
  asOf: STEAM_STORE_SNAPSHOT.toISOString(),
} as const;

export interface SnapshotLoad {
  summary: ImportSummary;
  rowsPerSecond: number;
}

/** The snapshot's row in `snapshot_loads`. */
const LOAD_NAME = "steam-store-games";

/**
 * Loads the shipped snapshot (any catalog: it merges like any import, so a second load changes
 * nothing). Its start is committed before its first row and its end after its last, so a load stopped
 * part-way (the process killed, a failure) is known to the next start, which finishes it.
 */
export async function loadSnapshot(file = SNAPSHOT_FILE): Promise<SnapshotLoad> {
  await rawClient().execute({
    sql: `INSERT INTO snapshot_loads (name, started_at, finished_at) VALUES (?, ?, NULL)
          ON CONFLICT (name) DO UPDATE SET started_at = excluded.started_at, finished_at = NULL`,
    args: [LOAD_NAME, Date.now()],
  });
  const summary = await importSteamStoreCsv(file, { progressLabel: "Steam Store Games (May 2019)" });
  await rawClient().execute({
    sql: "UPDATE snapshot_loads SET finished_at = ? WHERE name = ?",
    args: [Date.now(), LOAD_NAME],
  });
  return { summary, rowsPerSecond: Math.round(summary.read / Math.max(0.001, summary.ms / 1000)) };
}

/**
 * At start: load the snapshot into an empty catalog, or finish a load an earlier start began and did
 * not finish (review r29-b #3: its games made the catalog non-empty, so it was never finished). A
 * catalog with any game and no unfinished load is left alone.
 */
export async function loadSnapshotIfNeeded(file = SNAPSHOT_FILE): Promise<SnapshotLoad | null> {
  const unfinished = await rawClient().execute({
    sql: "SELECT started_at FROM snapshot_loads WHERE name = ? AND finished_at IS NULL",
    args: [LOAD_NAME],
  });
  if (unfinished.rows[0]) {
    log.warn("the Steam Store Games snapshot's load stopped part-way: finishing it", {
      startedAt: new Date(Number(unfinished.rows[0].started_at)).toISOString(),
    });
    return loadSnapshot(file);
  }
  const rs = await rawClient().execute("SELECT 1 AS x FROM games LIMIT 1");
  if (rs.rows.length > 0) return null;
  log.info("empty catalog: loading the Steam Store Games snapshot (27,075 games, May 2019, CC BY 4.0)");
  return loadSnapshot(file);
}

/**
 * While a load of the snapshot is unfinished: how many of its games the catalog holds (each of its rows
 * stores the game's review counts under its source), of the snapshot's. Null once it has finished, or
 * when it was never loaded.
 */
export async function unfinishedSnapshotLoad(): Promise<{ games: number; of: number } | null> {
  const unfinished = await rawClient().execute({
    sql: "SELECT 1 AS x FROM snapshot_loads WHERE name = ? AND finished_at IS NULL",
    args: [LOAD_NAME],
  });
  if (!unfinished.rows[0]) return null;
  const rs = await rawClient().execute(
    `SELECT count(DISTINCT game_id) AS n FROM game_metrics WHERE source = '${STEAM_STORE_SOURCE}' AND metric = 'reviews_positive'`,
  );
  return { games: Number(rs.rows[0]?.n ?? 0), of: SNAPSHOT_INFO.games };
}
