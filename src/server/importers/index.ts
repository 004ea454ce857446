import { importEsportsCsv } from "./esports.ts";
import { type FileDating, fileDating } from "./file-date.ts";
import { importSteamStoreCsv } from "./steam-store.ts";
import { importSteamChartsCsv } from "./steamcharts.ts";
import { importSteamSpyCsv } from "./steamspy.ts";
import type { ImportSummary } from "./summary.ts";
import { importTwitchCsv } from "./twitch.ts";
import { importVgSalesCsv } from "./vgsales.ts";

/**
 * The importers whose file may carry no date of its own, so the command may say it (`--as-of`):
 * SteamSpy's exports, and VGChartz files (the 2016 one names its date, "as_at_22_Dec_2016").
 */
export const DATED_IMPORTERS: Record<string, (path: string, asOf: Date) => Promise<ImportSummary>> = {
  "steamspy-csv": importSteamSpyCsv,
  "vgsales-csv": importVgSalesCsv,
};

/** What a file of a dated importer becomes when neither `--as-of` nor its name gives its day. */
const UNDATED_MEANS: Record<keyof typeof DATED_IMPORTERS & string, string> = {
  "steamspy-csv": "dated today (the day of the import)",
  "vgsales-csv": "kept undated (its critic scores dated today)",
};

/**
 * How a file of `kind` is dated when the command gives no `--as-of` (review r18c, item 1): by a date
 * in its name; refused when its name gives a year other than this one and no day; else the import
 * goes on as `UNDATED_MEANS` says, with a warning. Null for importers whose rows carry their dates.
 */
export function datingWithoutAsOf(kind: string, path: string, now = new Date()): FileDating | null {
  const means = UNDATED_MEANS[kind];
  return means ? fileDating(path, now, means) : null;
}

/** Every importer by the name `bun run import <kind> <path>` takes. */
export const IMPORTERS: Record<string, (path: string) => Promise<ImportSummary>> = {
  "steam-store-csv": (path) => importSteamStoreCsv(path),
  "steamspy-csv": (path) => importSteamSpyCsv(path),
  "steamcharts-csv": importSteamChartsCsv,
  "vgsales-csv": (path) => importVgSalesCsv(path),
  "esports-csv": importEsportsCsv,
  "twitch-csv": importTwitchCsv,
};

export { ImportInputError } from "./csv-source.ts";
export { formatSummary, type ImportSummary } from "./summary.ts";
