/**
 * `bun run import <kind> <path>`: loads a public dataset file (or folder) into the database.
 * Kinds: steam-store-csv, steamspy-csv, steamcharts-csv, vgsales-csv, esports-csv, twitch-csv.
 */
import { isCalendarTime } from "../src/contracts/game-page.ts";
import { closeDb } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { recomputeEstimates } from "../src/server/estimates/store.ts";
import { retryBatch } from "../src/server/importers/game-batch.ts";
import {
  DATED_IMPORTERS,
  datingWithoutAsOf,
  formatSummary,
  IMPORTERS,
  ImportInputError,
} from "../src/server/importers/index.ts";

const args = process.argv.slice(2);
const asOfAt = args.indexOf("--as-of");
const asOfText = asOfAt >= 0 ? args[asOfAt + 1] : undefined;
if (asOfAt >= 0) args.splice(asOfAt, 2);
const [kind, path] = args;
const importer = kind ? IMPORTERS[kind] : undefined;
if (!importer || !path || args.length > 2) {
  console.error(
    `usage: bun run import <kind> <path> [--as-of YYYY-MM-DD]\nkinds: ${Object.keys(IMPORTERS).join(", ")}\n--as-of (${Object.keys(DATED_IMPORTERS).join(", ")}): the day the file was taken`,
  );
  process.exit(2);
}
let asOf: Date | undefined;
if (asOfAt >= 0) {
  if (!DATED_IMPORTERS[kind!]) {
    console.error(
      `--as-of: ${kind} files carry their own dates; it applies to ${Object.keys(DATED_IMPORTERS).join(", ")}`,
    );
    process.exit(2);
  }
  // A day (not a time) the calendar has, up to today.
  const day = asOfText && /^\d{4}-\d{2}-\d{2}$/.test(asOfText) && isCalendarTime(asOfText) ? asOfText : null;
  asOf = day ? new Date(`${day}T00:00:00Z`) : undefined;
  if (!asOf || asOf.getTime() > Date.now()) {
    console.error(`--as-of: "${asOfText ?? ""}" is not a calendar date (YYYY-MM-DD) up to today`);
    process.exit(2);
  }
}
// A file that carries no date and whose name gives none: refused when its name gives another year
// (its figures would be dated today), else imported with a warning that says how it is dated. The
// importers refuse such a file themselves too; here it is refused before the migrations run.
const dating = asOf ? null : datingWithoutAsOf(kind!, path);
if (dating?.kind === "refused") {
  console.error(`import refused: ${dating.message}`);
  process.exit(2);
}
if (dating?.kind === "undated") console.warn(dating.warning);
try {
  await runMigrations();
  const summary = await (asOf ? DATED_IMPORTERS[kind!]!(path, asOf) : importer(path));
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
