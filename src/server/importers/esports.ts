import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import type { InStatement } from "@libsql/client";
import { rawClient } from "../db/client.ts";
import { ImportInputError, RowCheck, readCsv } from "./csv-source.ts";
import { OneRowPerKey, writeInBatches } from "./file-duplicates.ts";
import { retryBatch } from "./game-batch.ts";
import { gameKey } from "./game-key.ts";
import { type ImportSummary, newSummary, skip } from "./summary.ts";

/**
 * Esports Earnings: `GeneralEsportData.csv` (per-game totals) and `HistoricalEsportData.csv`
 * (monthly earnings, players, tournaments per game, 1998–2021). Both are latin-1, not UTF-8.
 */
export const ESPORTS_SOURCE = "esports-earnings";

async function writeChanged(statements: InStatement[], summary: ImportSummary, table: string): Promise<void> {
  if (statements.length === 0) return;
  const client = rawClient();
  const { before, results, after } = await retryBatch(async () => {
    const before = Number((await client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    const results = await client.batch(statements, "write");
    const after = Number((await client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    return { before, results, after };
  });
  const touched = results.reduce((n, rs) => n + rs.rowsAffected, 0);
  summary.inserted += after - before;
  summary.updated += touched - (after - before);
}

export function parseUsDate(value: string): string | null {
  const m = value.trim().match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (!m) return null;
  return `${m[3]}-${m[1]!.padStart(2, "0")}`;
}

export async function importEsportsCsv(dir: string, options: { now?: Date } = {}): Promise<ImportSummary> {
  const started = Date.now();
  // The import's clock: a release year or a month of earnings after today is the row's problem.
  const now = options.now ?? new Date();
  const summary = newSummary("esports-csv", dir, "records");
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ImportInputError(`${dir} is not a folder`);
  const general = join(dir, "GeneralEsportData.csv");
  const historical = join(dir, "HistoricalEsportData.csv");
  if (!existsSync(general) && !existsSync(historical)) {
    throw new ImportInputError(`${dir} has neither GeneralEsportData.csv nor HistoricalEsportData.csv`);
  }

  if (existsSync(general)) {
    // A game listed twice keeps the row with the larger total earnings.
    const rows = new OneRowPerKey("the one with the larger total earnings");
    for await (const { line, record: r } of readCsv(general, {
      summary,
      encoding: "latin1",
      progressLabel: "esports games",
    })) {
      summary.read++;
      const game = r.Game?.trim();
      // Negative or infinite figures skip the row (RowCheck).
      const check = new RowCheck(now);
      const releaseYear = check.year(r, "ReleaseDate");
      const [total, online, players, tournaments] = [
        "TotalEarnings",
        "OnlineEarnings",
        "TotalPlayers",
        "TotalTournaments",
      ].map((field) => check.figure(r, field));
      if (check.reject(summary, line)) continue;
      if (!game || total == null) {
        skip(summary, line, !game ? "missing Game" : `invalid TotalEarnings "${r.TotalEarnings ?? ""}"`);
        continue;
      }
      const args = [
        game,
        releaseYear,
        r.Genre?.trim() || null,
        total,
        online,
        players,
        tournaments,
        ESPORTS_SOURCE,
        gameKey(game),
      ];
      rows.add(game, `"${game}"`, {
        line,
        measure: total,
        shown: `total earnings $${total.toLocaleString("en-US")}`,
        statement: {
          sql: `INSERT INTO esports_games (game, release_year, genre, total_earnings, online_earnings, total_players, total_tournaments, source, game_key)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (game) DO UPDATE SET release_year = excluded.release_year, genre = excluded.genre, total_earnings = excluded.total_earnings,
                online_earnings = excluded.online_earnings, total_players = excluded.total_players, total_tournaments = excluded.total_tournaments,
                game_key = excluded.game_key
              WHERE game_key IS NOT excluded.game_key OR total_earnings IS NOT excluded.total_earnings OR online_earnings IS NOT excluded.online_earnings
                 OR total_players IS NOT excluded.total_players OR total_tournaments IS NOT excluded.total_tournaments
                 OR genre IS NOT excluded.genre OR release_year IS NOT excluded.release_year`,
          args: args as never,
        },
      });
    }
    await writeInBatches(rows.statements(), 500, (batch) => writeChanged(batch, summary, "esports_games"));
    rows.report(summary, "GeneralEsportData.csv");
  }

  if (existsSync(historical)) {
    // A (month, game) listed twice keeps the row with the larger earnings.
    const rows = new OneRowPerKey("the one with the larger earnings");
    for await (const { line, record: r } of readCsv(historical, {
      summary,
      encoding: "latin1",
      progressLabel: "esports history",
    })) {
      summary.read++;
      const check = new RowCheck(now);
      const read = parseUsDate(r.Date ?? "");
      const month =
        read && check.notAfterToday("Date", r.Date, new Date(`${read}-01T00:00:00Z`), "a month") && read;
      const game = r.Game?.trim();
      const [earnings, players, tournaments] = ["Earnings", "Players", "Tournaments"].map((field) =>
        check.figure(r, field),
      );
      if (check.reject(summary, line)) continue;
      if (!month || !game || earnings == null) {
        skip(
          summary,
          line,
          !month ? `unreadable Date "${r.Date ?? ""}"` : !game ? "missing Game" : "invalid Earnings",
        );
        continue;
      }
      rows.add(`${month}\u0000${game}`, `"${game}", ${month},`, {
        line,
        measure: earnings,
        shown: `earnings $${earnings.toLocaleString("en-US")}`,
        statement: {
          sql: `INSERT INTO esports_monthly (month, game, earnings, players, tournaments, source, game_key) VALUES (?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (month, game) DO UPDATE SET earnings = excluded.earnings, players = excluded.players, tournaments = excluded.tournaments,
                game_key = excluded.game_key
              WHERE earnings IS NOT excluded.earnings OR players IS NOT excluded.players OR tournaments IS NOT excluded.tournaments
                 OR game_key IS NOT excluded.game_key`,
          args: [month, game, earnings, players ?? null, tournaments ?? null, ESPORTS_SOURCE, gameKey(game)],
        },
      });
    }
    await writeInBatches(rows.statements(), 1000, (batch) => writeChanged(batch, summary, "esports_monthly"));
    rows.report(summary, "HistoricalEsportData.csv");
  }
  summary.ms = Date.now() - started;
  return summary;
}

export { writeChanged };
