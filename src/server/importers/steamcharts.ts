import { ImportInputError, RowCheck, readCsv } from "./csv-source.ts";
import { GameBatcher } from "./game-batch.ts";
import { type ImportSummary, newSummary, skip } from "./summary.ts";

/**
 * Player history files in two layouts, each stored under its own source (`bun run import
 * steamcharts-csv` takes both):
 * - SteamCharts' monthly history (`Month, Avg. Players, Gain, % Gain, Peak Players, App ID, Game`):
 *   one row per app and month; the first row per app is the rolling "Last 30 Days", which overlaps
 *   the latest month and is not a calendar point, so it is passed over. Gain columns may be `-`.
 *   The average is stored as published (two decimals): rounding is for display, and growth computed
 *   from rounded averages of small games is off by whole percents.
 * - SteamDB's daily chart export (`DateTime, <game>, <game>…`, with a BOM): one column per game,
 *   daily peaks. A different publisher and measure: stored as `steamdb-csv`, so its peak dated the 1st
 *   of a month and SteamCharts' monthly peak dated the same day are two points, not one replacing the
 *   other (migration 0020 moved the daily peaks an earlier import stored under SteamCharts).
 */
export const STEAMCHARTS_SOURCE = "steamcharts-csv";
export const STEAMDB_SOURCE = "steamdb-csv";
const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

export function parseMonth(value: string): Date | null {
  const m = value.trim().match(/^([A-Za-z]+)\s+(\d{4})$/);
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!.toLowerCase());
  return month < 0 ? null : new Date(Date.UTC(Number(m[2]), month, 1));
}

export async function importSteamChartsCsv(
  path: string,
  options: { now?: Date } = {},
): Promise<ImportSummary> {
  const started = Date.now();
  // The import's clock: a month or day of players after today is the row's problem (review r13 a, item 2).
  const now = options.now ?? new Date();
  const summary = newSummary("steamcharts-csv", path);
  // Made once the header says which layout (and so which source) the file is.
  let batch: GameBatcher | undefined;
  let layout: "monthly" | "daily" | undefined;
  let dailyColumns: string[] = [];
  // Daily files are wide: gather each game's points, then write one record per game.
  const daily = new Map<string, Array<{ ts: Date; value: number }>>();

  for await (const { line, record: r } of readCsv(path, { summary, progressLabel: "steamcharts" })) {
    if (!layout) {
      const columns = Object.keys(r);
      if (columns.includes("Month") && columns.includes("App ID")) layout = "monthly";
      else if (columns[0]?.replace(/^\uFEFF/, "") === "DateTime") {
        layout = "daily";
        dailyColumns = columns.slice(1);
      } else
        throw new ImportInputError(
          `${path}: not a SteamCharts monthly or SteamDB daily file (columns: ${columns.join(", ")})`,
        );
      const source = layout === "monthly" ? STEAMCHARTS_SOURCE : STEAMDB_SOURCE;
      batch = new GameBatcher(source, summary, 1000);
      summary.notes = [
        layout === "monthly"
          ? `SteamCharts monthly averages and peaks, stored as source ${source}`
          : `SteamDB daily peaks, stored as source ${source}`,
      ];
    }
    summary.read++;
    if (layout === "monthly") {
      if ((r.Month ?? "").trim() === "Last 30 Days") continue;
      const check = new RowCheck(now);
      const month = parseMonth(r.Month ?? "");
      const ts = month && check.notAfterToday("Month", r.Month, month, "a month");
      const appid = check.count(r, "App ID");
      const avg = check.figure(r, "Avg. Players");
      const peak = check.figure(r, "Peak Players");
      // A month's average cannot be above that month's peak: one of the two is not what it says.
      if (avg != null && peak != null && avg > peak)
        check.refuse(
          "Avg. Players",
          r["Avg. Players"],
          `above the month's Peak Players (${r["Peak Players"]})`,
        );
      const name = r.Game?.trim();
      if (check.reject(summary, line)) continue;
      if (!ts || !appid || !name || avg == null) {
        skip(
          summary,
          line,
          !ts
            ? `unreadable month "${r.Month ?? ""}"`
            : !appid
              ? "missing App ID"
              : !name
                ? "missing game name"
                : "missing Avg. Players",
        );
        continue;
      }
      await batch!.add({
        // The name as of the row's month: the app's newest month names it, whatever the import order.
        game: { name, steamAppId: appid, asOf: ts },
        points: [
          { metric: "players", ts, value: avg, period: "month" },
          ...(peak != null
            ? [{ metric: "players_peak" as const, ts, value: peak, period: "month" as const }]
            : []),
        ],
      });
    } else {
      // readCsv's decoder drops a BOM: the first column is "DateTime".
      const check = new RowCheck(now);
      const day = check.date(r, "DateTime");
      const values = dailyColumns.map((game) => check.figure(r, game));
      if (check.reject(summary, line)) continue;
      if (day == null) {
        skip(summary, line, `unreadable date "${r.DateTime ?? ""}"`);
        continue;
      }
      const ts = new Date(`${day}T00:00:00Z`);
      dailyColumns.forEach((game, i) => {
        const value = values[i];
        if (value == null) return;
        const list = daily.get(game) ?? [];
        list.push({ ts, value });
        daily.set(game, list);
      });
    }
  }
  for (const [name, points] of daily) {
    await batch!.add({
      game: { name },
      points: points.map((p) => ({
        metric: "players_peak" as const,
        ts: p.ts,
        value: p.value,
        period: "day" as const,
      })),
    });
  }
  await batch?.flush();
  summary.ms = Date.now() - started;
  return summary;
}
