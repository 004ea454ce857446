import { rawClient } from "../db/client.ts";
import { keptUntilChange } from "./kept-answers.ts";

/**
 * Sources whose monthly history lists the month in progress as its newest (SteamCharts' pages, and so
 * a file scraped from them): the newest month such a source has in the catalog ends where its file
 * was taken, inside the month (ADR 006, "A latest month its source's data ends inside is partial").
 * The one rule for every figure of that month: trending's growth (`growthPartial`), a game's players
 * figure (`players.latest.partial`, `playersFigure.partial`) and the Dashboard's total of monthly
 * averages (review r26-a #2).
 */
export const IN_PROGRESS_MONTH_SOURCES: ReadonlySet<string> = new Set(["steamcharts-csv"]);

/**
 * A monthly source's newest players month: one seek in game_metrics_month_source_ts_idx (monthly
 * points only, migration 0041). Through the (metric, ts) index it walked back over every live point
 * newer than the source's month, 0.6–0.8 s at a million points (review r26b #4).
 */
export const NEWEST_MONTH_SQL = `SELECT ts FROM game_metrics WHERE metric = 'players' AND period = 'month' AND source = ?
              ORDER BY ts DESC LIMIT 1`;

/** Each in-progress-month source's newest month in the catalog (epoch ms of its 1st), kept until the catalog changes. */
export const inProgressMonths = keptUntilChange(
  async (): Promise<Map<string, number>> => {
    const out = new Map<string, number>();
    for (const source of IN_PROGRESS_MONTH_SOURCES) {
      const rs = await rawClient().execute({
        sql: NEWEST_MONTH_SQL,
        args: [source],
      });
      const ts = rs.rows[0]?.ts;
      if (ts != null) out.set(source, Number(ts));
    }
    return out;
  },
  { catalogOnly: true },
);

/**
 * Whether a monthly figure (`period` "month", dated the 1st at `ts`) of `source` covers part of its
 * month only: the newest month of a source that lists the month in progress.
 */
export function isPartialMonth(
  source: string,
  period: string | null | undefined,
  ts: number,
  months: ReadonlyMap<string, number>,
): boolean {
  return period === "month" && IN_PROGRESS_MONTH_SOURCES.has(source) && months.get(source) === ts;
}
