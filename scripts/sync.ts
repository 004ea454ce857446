/** `bun run sync <source>`: runs one live source (steam, steamspy, epic, gog, igdb, github, kaggle) and stores what it returns. */
import { closeDb } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { NotConfiguredError, SYNCABLE, type SyncSource, syncSource } from "../src/server/sources/sync.ts";

const source = process.argv[2] as SyncSource | undefined;
if (!source || !SYNCABLE.includes(source)) {
  console.error(`usage: bun run sync <${SYNCABLE.join("|")}>`);
  process.exit(2);
}
await runMigrations();
try {
  const { records } = await syncSource(source);
  console.log(`${source}: ${records} records stored`);
} catch (error) {
  console.error(
    `${source}: ${error instanceof NotConfiguredError ? "not configured — " : "failed — "}${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  closeDb();
}
