/**
 * `bun run sync <source> [--pages N] [--games N]`: runs one live source and stores what it returns.
 * Sources: steam, steamspy, epic, gog, igdb, github, kaggle. `--pages` is SteamSpy's `all` pages
 * (1 a minute), IGDB's pages of 500 games or Kaggle's pages of 20 datasets; `--games` is how many
 * popular games a Steam sync refreshes.
 */
import { parseArgs } from "node:util";
import { closeDb } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { recomputeEstimates } from "../src/server/estimates/store.ts";
import {
  AlreadyRunningError,
  isSyncSource,
  NotConfiguredError,
  SYNC_SOURCES,
  type SyncOptions,
  syncSource,
} from "../src/server/sync/index.ts";

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { pages: { type: "string" }, games: { type: "string" } },
  allowPositionals: true,
});
const source = positionals[0];
const count = (v: string | undefined, name: string) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 1000) {
    console.error(`--${name} must be a whole number from 0 to 1000`);
    process.exit(2);
  }
  return n;
};
if (!source || !isSyncSource(source)) {
  console.error(`usage: bun run sync <${SYNC_SOURCES.join("|")}> [--pages N] [--games N]`);
  process.exit(2);
}
const pages = count(values.pages, "pages");
const options: SyncOptions = {
  ...(pages !== undefined ? { steamspyAllPages: pages, igdbPages: pages, kagglePages: pages } : {}),
  ...(values.games !== undefined ? { steamGames: count(values.games, "games") } : {}),
};

await runMigrations();
try {
  const { records, durationMs, message } = await syncSource(source, options);
  console.log(
    `${source}: ${records} record${records === 1 ? "" : "s"} stored in ${(durationMs / 1000).toFixed(1)} s`,
  );
  // A kind of data that did not come in (every call of it failed): said, as Data Sources says it.
  if (message) console.warn(message);
  if (records > 0) {
    const estimates = await recomputeEstimates();
    console.log(`estimates: ${estimates.computed} recomputed, ${estimates.unchanged} unchanged`);
  }
  if (source === "steam" && records === 0) {
    // Steam has no list of games to ask for: it refreshes the catalog's Steam games.
    console.log(
      "steam: the catalog has no Steam games to refresh yet; run `bun run sync steamspy` or " +
        "`bun run import steam-store-csv FILE` first",
    );
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    error instanceof NotConfiguredError
      ? `${source}: not configured — set ${error.missing.join(" and ")} (see .env.example)`
      : error instanceof AlreadyRunningError
        ? message
        : `${source}: failed — ${message} (what was stored before is kept)`,
  );
  process.exitCode = 1;
} finally {
  closeDb();
}
