import { basename } from "node:path";
import type { InStatement } from "@libsql/client";
import { startOfUtcDay } from "../catalog/stats.ts";
import { type CriticScore, recordCriticScores } from "../catalog/write.ts";
import { rawClient } from "../db/client.ts";
import { ImportInputError, parseNumber, readCsv } from "./csv-source.ts";
import { GameBatcher, retryBatch } from "./game-batch.ts";
import { type ImportSummary, newSummary, skip } from "./summary.ts";

/**
 * VGChartz unit sales (millions) per game and platform, in both layouts: `vgsales.csv`
 * (Rank, Name, Platform, Year, …) and `Video_Games_Sales_as_at_22_Dec_2016.csv` (Name, Platform,
 * Year_of_Release, …, Critic_Score, User_Score, Developer). Year may be `N/A`, User_Score `tbd`.
 * Rows of one game on several platforms become one game with one sales row per platform. The files
 * hold a few duplicate (game, platform) rows: the larger sales figure wins, so re-imports change nothing.
 * A critic score becomes the game's rating when it has none, and is kept as a dated `critic_score`
 * point (its provenance). The data's date: `--as-of`, else the date in the file's name
 * ("…_as_at_22_Dec_2016.csv"), else the day of the import, as for other undated files.
 */
export const VGSALES_SOURCE = "vgsales-csv";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** The date a file's name gives ("Video_Games_Sales_as_at_22_Dec_2016.csv"), or null. */
export function dateInFileName(path: string): Date | null {
  const m = basename(path).match(/as_at_(\d{1,2})_([A-Za-z]{3})[A-Za-z]*_(\d{4})/);
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) : -1;
  if (!m || month < 0) return null;
  const date = new Date(Date.UTC(Number(m[3]), month, Number(m[1])));
  return date.getUTCDate() === Number(m[1]) ? date : null;
}

interface SalesRow {
  gameId?: string;
  platform: string;
  year: number | null;
  rank: number | null;
  na: number | null;
  eu: number | null;
  jp: number | null;
  other: number | null;
  global: number;
  critic: number | null;
  user: number | null;
}

export async function importVgSalesCsv(path: string, asOf?: Date): Promise<ImportSummary> {
  const started = Date.now();
  const dated = asOf ?? dateInFileName(path) ?? startOfUtcDay(new Date());
  const summary = newSummary("vgsales-csv", path);
  const batch = new GameBatcher(VGSALES_SOURCE, summary);
  const pending: SalesRow[] = [];
  let checked = false;
  const client = rawClient();
  let salesInserted = 0;
  let salesUpdated = 0;

  const flushSales = async () => {
    await batch.flush();
    const statements: InStatement[] = pending
      .filter((s) => s.gameId)
      .map((s) => ({
        sql: `INSERT INTO game_sales (game_id, platform, year, rank, na_sales, eu_sales, jp_sales, other_sales, global_sales, critic_score, user_score, source)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (game_id, platform) DO UPDATE SET year = excluded.year, rank = coalesce(excluded.rank, rank),
                na_sales = excluded.na_sales, eu_sales = excluded.eu_sales, jp_sales = excluded.jp_sales,
                other_sales = excluded.other_sales, global_sales = excluded.global_sales,
                critic_score = coalesce(excluded.critic_score, critic_score), user_score = coalesce(excluded.user_score, user_score)
              WHERE excluded.global_sales > game_sales.global_sales`,
        args: [
          s.gameId!,
          s.platform,
          s.year,
          s.rank,
          s.na,
          s.eu,
          s.jp,
          s.other,
          s.global,
          s.critic,
          s.user,
          VGSALES_SOURCE,
        ],
      }));
    const critics: CriticScore[] = pending.flatMap((s) =>
      s.gameId && s.critic != null
        ? [{ gameId: s.gameId, score: s.critic, ts: dated, source: VGSALES_SOURCE }]
        : [],
    );
    pending.length = 0;
    await retryBatch(() => recordCriticScores(critics));
    if (statements.length === 0) return;
    const { before, results, after } = await retryBatch(async () => {
      const before = await client.execute("SELECT count(*) AS n FROM game_sales");
      const results = await client.batch(statements, "write");
      const after = await client.execute("SELECT count(*) AS n FROM game_sales");
      return { before, results, after };
    });
    const added = Number(after.rows[0]!.n) - Number(before.rows[0]!.n);
    const touched = results.reduce((n, rs) => n + rs.rowsAffected, 0);
    salesInserted += added;
    salesUpdated += touched - added;
  };

  for await (const { line, record: r } of readCsv(path, { progressLabel: "vgsales" })) {
    if (!checked) {
      checked = true;
      if (!("Name" in r && "Platform" in r && "Global_Sales" in r)) {
        throw new ImportInputError(`${path}: not a VGChartz sales file (needs Name, Platform, Global_Sales)`);
      }
    }
    summary.read++;
    const name = r.Name?.trim();
    const platform = r.Platform?.trim();
    const global = parseNumber(r.Global_Sales);
    if (!name || !platform || global == null) {
      skip(
        summary,
        line,
        !name
          ? "missing Name"
          : !platform
            ? "missing Platform"
            : `invalid Global_Sales "${r.Global_Sales ?? ""}"`,
      );
      continue;
    }
    const year = parseNumber(r.Year ?? r.Year_of_Release);
    const critic = parseNumber(r.Critic_Score);
    const user = parseNumber(r.User_Score);
    const sales: SalesRow = {
      platform,
      year: year && year > 1950 ? year : null,
      rank: parseNumber(r.Rank),
      na: parseNumber(r.NA_Sales),
      eu: parseNumber(r.EU_Sales),
      jp: parseNumber(r.JP_Sales),
      other: parseNumber(r.Other_Sales),
      global,
      critic,
      user,
    };
    pending.push(sales);
    await batch.add({
      game: {
        name,
        releaseYear: sales.year,
        platforms: [platform],
        genres: r.Genre ? [r.Genre.trim()] : [],
        publisher: r.Publisher && r.Publisher !== "N/A" ? r.Publisher.trim() : null,
        developer: r.Developer?.trim() || null,
        ...(critic != null ? { rating: critic, ratingCount: parseNumber(r.Critic_Count) } : {}),
        asOf: dated,
      },
      after: (gameId) => {
        sales.gameId = gameId;
      },
    });
    if (pending.length >= 500) await flushSales();
  }
  await flushSales();
  // Each row is one game on one platform: the counts are of those sales rows; games are noted apart.
  summary.notes = [`games: ${summary.inserted} new, ${summary.updated} updated`];
  summary.inserted = salesInserted;
  summary.updated = salesUpdated;
  summary.ms = Date.now() - started;
  return summary;
}
