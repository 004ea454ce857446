import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import type { InStatement } from "@libsql/client";
import { ImportInputError, parseNumber, RowCheck, readCsv } from "./csv-source.ts";
import { writeChanged } from "./esports.ts";
import { OneRowPerKey, writeInBatches } from "./file-duplicates.ts";
import { gameKey } from "./game-key.ts";
import { type ImportSummary, newSummary, skip } from "./summary.ts";

/**
 * Twitch viewing: `Twitch_game_data.csv` (top 200 games per month, 2016–2021; `Hours_Streamed` is a
 * string like `"1362044 hours"`) and `Twitch_global_data.csv` (monthly totals; `Games_streamed` may
 * carry a thousands comma).
 */
export const TWITCH_SOURCE = "twitch-sullygnome";

const month = (year: string | undefined, m: string | undefined) => {
  const y = parseNumber(year);
  const mm = parseNumber(m);
  return y && mm && mm >= 1 && mm <= 12 ? `${y}-${String(mm).padStart(2, "0")}` : null;
};

export async function importTwitchCsv(dir: string, options: { now?: Date } = {}): Promise<ImportSummary> {
  const started = Date.now();
  // The import's clock: a month of viewing after today is the row's problem.
  const now = options.now ?? new Date();
  const notFuture = (check: RowCheck, m: string | null, field: string, raw: string) =>
    m && check.notAfterToday(field, raw, new Date(`${m}-01T00:00:00Z`), "a month") ? m : null;
  const summary = newSummary("twitch-csv", dir, "records");
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ImportInputError(`${dir} is not a folder`);
  const gamesFile = join(dir, "Twitch_game_data.csv");
  const globalFile = join(dir, "Twitch_global_data.csv");
  if (!existsSync(gamesFile) && !existsSync(globalFile)) {
    throw new ImportInputError(`${dir} has neither Twitch_game_data.csv nor Twitch_global_data.csv`);
  }
  if (existsSync(gamesFile)) {
    // A (month, game) listed twice keeps the row with more hours watched (the higher rank).
    const rows = new OneRowPerKey("the one with more hours watched");
    for await (const { line, record: r } of readCsv(gamesFile, {
      summary,
      encoding: "latin1",
      progressLabel: "twitch games",
    })) {
      summary.read++;
      const game = r.Game?.trim();
      // Negative or infinite figures skip the row (RowCheck).
      const check = new RowCheck(now);
      const m = notFuture(check, month(r.Year, r.Month), "Year/Month", `${r.Year ?? ""}/${r.Month ?? ""}`);
      const [watched, rank, streamed, peakViewers, peakChannels, streamers, avgViewers, avgChannels] = [
        "Hours_watched",
        "Rank",
        "Hours_Streamed",
        "Peak_viewers",
        "Peak_channels",
        "Streamers",
        "Avg_viewers",
        "Avg_channels",
      ].map((field) => check.figure(r, field));
      if (check.reject(summary, line)) continue;
      if (!m || !game || watched == null) {
        skip(summary, line, !m ? "unreadable Year/Month" : !game ? "missing Game" : "invalid Hours_watched");
        continue;
      }
      rows.add(`${m}\u0000${game}`, `"${game}", ${m},`, {
        line,
        measure: watched,
        shown: `${rank != null ? `rank ${rank}, ` : ""}${watched.toLocaleString("en-US")} hours watched`,
        statement: {
          sql: `INSERT INTO twitch_game_months (month, game, rank, hours_watched, hours_streamed, peak_viewers, peak_channels, streamers, avg_viewers, avg_channels, source, game_key)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (month, game) DO UPDATE SET rank = excluded.rank, hours_watched = excluded.hours_watched, hours_streamed = excluded.hours_streamed,
                peak_viewers = excluded.peak_viewers, peak_channels = excluded.peak_channels, streamers = excluded.streamers,
                avg_viewers = excluded.avg_viewers, avg_channels = excluded.avg_channels, game_key = excluded.game_key
              WHERE game_key IS NOT excluded.game_key OR rank IS NOT excluded.rank OR hours_watched IS NOT excluded.hours_watched OR hours_streamed IS NOT excluded.hours_streamed
                 OR peak_viewers IS NOT excluded.peak_viewers OR avg_viewers IS NOT excluded.avg_viewers`,
          args: [
            m,
            game,
            rank ?? null,
            watched,
            streamed ?? null,
            peakViewers ?? null,
            peakChannels ?? null,
            streamers ?? null,
            avgViewers ?? null,
            avgChannels ?? null,
            TWITCH_SOURCE,
            gameKey(game),
          ],
        },
      });
    }
    await writeInBatches(rows.statements(), 1000, (batch) =>
      writeChanged(batch, summary, "twitch_game_months"),
    );
    rows.report(summary, "Twitch_game_data.csv");
  }
  if (existsSync(globalFile)) {
    const statements: InStatement[] = [];
    for await (const { line, record: r } of readCsv(globalFile, {
      summary,
      progressLabel: "twitch global",
    })) {
      summary.read++;
      const check = new RowCheck(now);
      const m = notFuture(check, month(r.year, r.Month), "year/Month", `${r.year ?? ""}/${r.Month ?? ""}`);
      const [watched, avgViewers, peakViewers, streams, avgChannels, gamesStreamed] = [
        "Hours_watched",
        "Avg_viewers",
        "Peak_viewers",
        "Streams",
        "Avg_channels",
        "Games_streamed",
      ].map((field) => check.figure(r, field));
      if (check.reject(summary, line)) continue;
      if (!m || watched == null) {
        skip(summary, line, !m ? "unreadable year/Month" : "invalid Hours_watched");
        continue;
      }
      statements.push({
        sql: `INSERT INTO twitch_global_months (month, hours_watched, avg_viewers, peak_viewers, streams, avg_channels, games_streamed, source)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (month) DO UPDATE SET hours_watched = excluded.hours_watched, avg_viewers = excluded.avg_viewers, peak_viewers = excluded.peak_viewers,
                streams = excluded.streams, avg_channels = excluded.avg_channels, games_streamed = excluded.games_streamed
              WHERE hours_watched IS NOT excluded.hours_watched OR avg_viewers IS NOT excluded.avg_viewers OR games_streamed IS NOT excluded.games_streamed`,
        args: [
          m,
          watched,
          avgViewers ?? null,
          peakViewers ?? null,
          streams ?? null,
          avgChannels ?? null,
          gamesStreamed ?? null,
          TWITCH_SOURCE,
        ],
      });
    }
    await writeChanged(statements, summary, "twitch_global_months");
  }
  summary.ms = Date.now() - started;
  return summary;
}
