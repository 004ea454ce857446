/**
 * `bun run import <kind> <path>`: loads a public dataset file (or folder) into the database.
 * Kinds: steam-store-csv, steamspy-csv, steamcharts-csv, vgsales-csv, esports-csv, twitch-csv.
 */
import { isCalendarTime } from "../src/contracts/game-page.ts";
import { closeDb } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { catchUpLoggedEstimates } from "../src/server/estimates/store.ts";
import { retryBatch } from "../src/server/importers/game-batch.ts";
import {
  DATED_IMPORTERS,
  datingWithoutAsOf,
  formatSummary,
  IMPORTERS,
  ImportInputError,
  type ImportSummary,
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
/**
 * The estimates of every game whose inputs changed and are not estimated yet: this run's changes,
 * and any an earlier run (killed before this step) or another process left, read from the catalog
 * change log past the mark kept in the database (docs/decisions/011-sales-estimates.md).
 */
async function estimates(): Promise<void> {
  const result = await retryBatch(() => catchUpLoggedEstimates());
  console.log(`estimates: ${result.computed} recomputed, ${result.unchanged} unchanged in ${result.ms} ms`);
}

/** What a run that failed part-way had committed (its batches stay): said beside the failure. */
function storedBefore(summary: ImportSummary | undefined): string {
  if (!summary) return "";
  const points = summary.points ? summary.points.inserted + summary.points.updated : 0;
  if (summary.inserted + summary.updated + points === 0) return "";
  return `; stored before the failure: ${summary.countedWhileRunning ?? summary.counted} inserted ${summary.inserted}, updated ${summary.updated}${
    summary.points ? ` (points inserted ${summary.points.inserted}, updated ${summary.points.updated})` : ""
  }; the rest of the file was not imported`;
}

try {
  await runMigrations();
  const summary = await (asOf ? DATED_IMPORTERS[kind!]!(path, asOf) : importer(path));
  console.log(formatSummary(summary));
  await estimates();
} catch (error) {
  if (error instanceof ImportInputError) {
    console.error(`import failed: ${error.message}${storedBefore(error.summary)}`);
    // What the failed run stored is estimated all the same (only the importers throw this: the
    // migrations have run). The run fails either way.
    try {
      await estimates();
    } catch (estimatesError) {
      console.error("estimates failed:", estimatesError);
    }
    process.exit(1);
  }
  throw error;
} finally {
  closeDb();
}
