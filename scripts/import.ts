/**
 * `bun run import <kind> <path>`: loads a public dataset file (or folder) into the database.
 * Kinds: steam-store-csv, steamspy-csv, steamcharts-csv, vgsales-csv, esports-csv, twitch-csv.
 */
import { closeDb } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { recomputeEstimates } from "../src/server/estimates/store.ts";
import { retryBatch } from "../src/server/importers/game-batch.ts";
import { formatSummary, IMPORTERS, ImportInputError } from "../src/server/importers/index.ts";

const [kind, path] = process.argv.slice(2);
const importer = kind ? IMPORTERS[kind] : undefined;
if (!importer || !path) {
  console.error(`usage: bun run import <kind> <path>\nkinds: ${Object.keys(IMPORTERS).join(", ")}`);
  process.exit(2);
}
try {
  await runMigrations();
  const summary = await importer(path);
  console.log(formatSummary(summary));
  // Estimates follow their inputs: recompute the games whose inputs changed (all of them, checked by
  // their inputs' fingerprint, when the importer cannot say which).
  const changed = summary.changedGameIds;
  const estimates = await retryBatch(() => recomputeEstimates(changed ? { gameIds: [...changed] } : {}));
  console.log(
    `estimates: ${estimates.computed} recomputed, ${estimates.unchanged} unchanged in ${estimates.ms} ms`,
  );
} catch (error) {
  if (error instanceof ImportInputError) {
    console.error(`import failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
} finally {
  closeDb();
}
