import { fileURLToPath } from "node:url";
import { importSteamStoreCsv, STEAM_STORE_SNAPSHOT } from "../../importers/steam-store.ts";
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

/** Loads the shipped snapshot (any catalog: it merges like any import, so a second load changes nothing). */
export async function loadSnapshot(file = SNAPSHOT_FILE): Promise<SnapshotLoad> {
  const summary = await importSteamStoreCsv(file, { progressLabel: "Steam Store Games (May 2019)" });
  return { summary, rowsPerSecond: Math.round(summary.read / Math.max(0.001, summary.ms / 1000)) };
}

/** First start: load the snapshot into an empty catalog; a catalog with any game is left alone. */
export async function loadSnapshotIfEmpty(file = SNAPSHOT_FILE): Promise<SnapshotLoad | null> {
  const rs = await rawClient().execute("SELECT 1 AS x FROM games LIMIT 1");
  if (rs.rows.length > 0) return null;
  log.info("empty catalog: loading the Steam Store Games snapshot (27,075 games, May 2019, CC BY 4.0)");
  return loadSnapshot(file);
}
