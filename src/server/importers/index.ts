import { importEsportsCsv } from "./esports.ts";
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
export { datingWithoutAsOf } from "./file-date.ts";
export { formatSummary, type ImportSummary } from "./summary.ts";
