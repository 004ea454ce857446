import { basename } from "node:path";
import type { InStatement } from "@libsql/client";
import { markCatalogChanged } from "../catalog/changes.ts";
import { companyName } from "../catalog/normalize.ts";
import { startOfUtcDay } from "../catalog/stats.ts";
import { type CriticScore, recordCriticScores } from "../catalog/write.ts";
import { rawClient } from "../db/client.ts";
import { ImportInputError, RowCheck, readCsv } from "./csv-source.ts";
import { nameDateOrRefuse } from "./file-date.ts";
import { GameBatcher, retryBatch } from "./game-batch.ts";
import { type ImportSummary, newSummary, skip } from "./summary.ts";

export { dateInFileName } from "./file-date.ts";

/**
 * VGChartz unit sales (millions) per game and platform, in both layouts: `vgsales.csv`
 * (Rank, Name, Platform, Year, …) and `Video_Games_Sales_as_at_22_Dec_2016.csv` (Name, Platform,
 * Year_of_Release, …, Critic_Score, User_Score, Developer). Year may be `N/A`, User_Score `tbd`.
 * Rows of one game on several platforms become one game with one sales row per platform. A (game,
 * platform) keeps one file's row whole, so every value is credited to its file: in one file (a few
 * duplicate rows) the larger sales figure wins, so re-imports change nothing; across files a dated
 * file's row replaces an undated one's, an undated file never replaces a dated one, and of two dated
 * files the newer wins (flushSales states the whole rule).
 * Each row keeps the file its figures came from and when that file was taken: `asOf` (the import's
 * `--as-of`), else a date in the file's name (`…_as_at_22_Dec_2016.csv`, `…_2016-12-22.csv`), else
 * none — the files carry no date of their own, and the day of the import would not be theirs. A name
 * giving another year than the import's and no day (`vgsales_2015.csv`) is refused without `asOf`.
 * A critic score becomes the game's rating when it has none, and is kept as a dated `critic_score`
 * point (its provenance), dated as the sales rows, or by the day of the import when the file states
 * no date (a point needs a time; its provenance then reads as that day's import) — only for the rows
 * stored as the file's, not where the one-file rule kept another file's row.
 */
export const VGSALES_SOURCE = "vgsales-csv";

/**
 * A game's release year that the dated VGChartz files listing it refute: the year alone (no release
 * date: only VGChartz gives years alone) after the year of the newest of their dates (a newer file
 * listing it may have seen it released). The file of 22 Dec 2016
 * cannot hold a 2020 release; the undated vgsales.csv gives the same row ("Imagine: Makeup Artist,
 * DS, 2020") and nothing to check it by, so the year it gave the game stood (report r31-a #1: 2020
 * became the catalog's last year). Dropped after every import of either file, in whichever order they
 * come, and once by migration 0047 in databases already imported (ADR 039).
 */
export const YEARS_AFTER_DATED_FILE_SQL = `UPDATE games SET release_year = NULL WHERE id IN (
  SELECT s.game_id FROM game_sales s JOIN games g ON g.id = s.game_id
  WHERE s.as_of IS NOT NULL AND (g.release_date IS NULL OR g.release_date = '') AND g.release_year IS NOT NULL
  GROUP BY s.game_id
  HAVING max(g.release_year) > CAST(strftime('%Y', max(s.as_of) / 1000, 'unixepoch') AS INTEGER))`;

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
  /** Critics the score counts (Critic_Count), where the file gives it. */
  criticCount: number | null;
  user: number | null;
  /** The row's own companies (`companyName`): rows of several publishers can join one game. */
  publisher: string | null;
  developer: string | null;
}

/** VGChartz's code for a Windows PC release (its only PC platform). */
const isPcPlatform = (platform: string | undefined) => platform?.toUpperCase() === "PC";

export async function importVgSalesCsv(
  path: string,
  asOf?: Date,
  options: { now?: Date } = {},
): Promise<ImportSummary> {
  const started = Date.now();
  // The import's clock: a sales Year after this one is the row's problem (review r13 a, item 2). A year
  // after the file's own date but not after today is a planned release, not a release year: the row's
  // sales are kept without it, and counted (report r22-a #6: "Imagine: Makeup Artist, DS, 2020" in the
  // file of 22 Dec 2016 made "Release years 1980–2020"). An undated file (vgsales.csv) has no such date.
  const now = options.now ?? new Date();
  const dataset = basename(path);
  // Without `asOf`, a name giving another year and no day refuses the import (nameDateOrRefuse).
  const takenAt = (asOf ?? nameDateOrRefuse("vgsales-csv", path, now))?.getTime() ?? null;
  const dated = takenAt != null ? new Date(takenAt) : startOfUtcDay(now);
  const summary = newSummary("vgsales-csv", path, "sales rows");
  summary.countedWhileRunning = "games";
  const fileYear = takenAt != null ? new Date(takenAt).getUTCFullYear() : null;
  let planned = 0;
  const batch = new GameBatcher(VGSALES_SOURCE, summary);
  const pending: SalesRow[] = [];
  let checked = false;
  const client = rawClient();
  let salesInserted = 0;
  let salesUpdated = 0;

  const flushSales = async () => {
    await batch.flush();
    const stored = pending.filter((s) => s.gameId);
    pending.length = 0;
    const statements: InStatement[] = stored.map((s) => ({
      // Which file's row a (game, platform) keeps, whole (figures, year, rank, scores, companies, file
      // and date), so each value is credited to the file it came from (review r18c, item 4):
      // - rows of one file (its duplicates, a re-import): the larger figure wins; the same figure again
      //   takes a date the row lacked, or records the row's companies where they were not kept;
      // - of two files, a dated file's row replaces an undated one's and an undated file never replaces
      //   a dated one; of two dated files the newer date wins (the larger figure on the same date);
      //   of two undated files, the larger figure (nothing else orders them); a row stored before
      //   files were kept (no file named) takes a named file's row of the same or a larger figure.
      sql: `INSERT INTO game_sales (game_id, platform, year, rank, na_sales, eu_sales, jp_sales, other_sales, global_sales, critic_score, critic_count, user_score, source, dataset, as_of, publisher, developer, companies_recorded)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
              ON CONFLICT (game_id, platform) DO UPDATE SET year = excluded.year, rank = excluded.rank,
                na_sales = excluded.na_sales, eu_sales = excluded.eu_sales, jp_sales = excluded.jp_sales,
                other_sales = excluded.other_sales, global_sales = excluded.global_sales,
                critic_score = excluded.critic_score, critic_count = excluded.critic_count, user_score = excluded.user_score,
                as_of = CASE WHEN excluded.global_sales = game_sales.global_sales AND game_sales.dataset = excluded.dataset
                  THEN coalesce(game_sales.as_of, excluded.as_of) ELSE excluded.as_of END,
                source = excluded.source, dataset = excluded.dataset,
                publisher = excluded.publisher, developer = excluded.developer, companies_recorded = 1
              WHERE CASE
                WHEN game_sales.dataset = excluded.dataset THEN excluded.global_sales > game_sales.global_sales
                  OR (excluded.global_sales = game_sales.global_sales AND ((game_sales.as_of IS NULL AND excluded.as_of IS NOT NULL)
                    OR game_sales.companies_recorded = 0
                    -- A row stored before each platform's count of critics was kept (migration 0045) takes it.
                    OR (game_sales.critic_count IS NULL AND excluded.critic_count IS NOT NULL)))
                WHEN game_sales.dataset IS NULL THEN excluded.global_sales >= game_sales.global_sales
                WHEN excluded.as_of IS NULL AND game_sales.as_of IS NOT NULL THEN 0
                WHEN excluded.as_of IS NOT NULL AND game_sales.as_of IS NULL THEN 1
                WHEN excluded.as_of IS NOT NULL THEN excluded.as_of > game_sales.as_of
                  OR (excluded.as_of = game_sales.as_of AND excluded.global_sales > game_sales.global_sales)
                ELSE excluded.global_sales > game_sales.global_sales END`,
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
        s.criticCount,
        s.user,
        VGSALES_SOURCE,
        dataset,
        takenAt,
        s.publisher,
        s.developer,
      ],
    }));
    if (statements.length === 0) return;
    const { before, results, after } = await retryBatch(async () => {
      const before = await client.execute("SELECT count(*) AS n FROM game_sales");
      const results = await client.batch(statements, "write");
      const after = await client.execute("SELECT count(*) AS n FROM game_sales");
      return { before, results, after };
    });
    // A critic score is dated by its file only where the (game, platform) row the one-file rule kept
    // is this file's (stored now, or by an earlier import of it at the same date): where another
    // file's row was kept, no point, so an older or undated file never dates a rating the row of a
    // newer file gave (review 19, item 4).
    const kept = await retryBatch(() =>
      client.execute({
        sql: `SELECT game_id, platform, critic_score FROM game_sales
              WHERE game_id IN (SELECT value FROM json_each(?)) AND dataset = ? AND as_of IS ?`,
        args: [JSON.stringify([...new Set(stored.map((s) => s.gameId!))]), dataset, takenAt],
      }),
    );
    const ours = new Set(
      kept.rows.map((r) => `${String(r.game_id)}\t${String(r.platform)}\t${String(r.critic_score)}`),
    );
    const critics: CriticScore[] = stored.flatMap((s) =>
      s.critic != null && ours.has(`${s.gameId}\t${s.platform}\t${s.critic}`)
        ? [{ gameId: s.gameId!, score: s.critic, ts: dated, source: VGSALES_SOURCE }]
        : [],
    );
    await retryBatch(() => recordCriticScores(critics));
    const added = Number(after.rows[0]!.n) - Number(before.rows[0]!.n);
    const touched = results.reduce((n, rs) => n + rs.rowsAffected, 0);
    salesInserted += added;
    salesUpdated += touched - added;
  };

  // Two passes over the file: its PC rows first, then the rest. A PC row is the Steam game of its name
  // (decision 007), and a console row joins a game of its year: with the PC row stored first, a console
  // row of the same year finds the Steam game the PC row joined (or gave its year to), instead of
  // making a console game the PC row would then join, apart from the Steam game. The file is ordered
  // by sales, so a console row usually comes first (BioShock: X360 before PC), and the catalog would
  // depend on whether SteamSpy or VGChartz was imported first.
  for (const pass of ["pc", "rest"] as const) {
    for await (const { line, record: r } of readCsv(path, {
      summary,
      progressLabel: `vgsales (${pass === "pc" ? "PC rows" : "other rows"})`,
    })) {
      if (!checked) {
        checked = true;
        if (!("Name" in r && "Platform" in r && "Global_Sales" in r)) {
          throw new ImportInputError(
            `${path}: not a VGChartz sales file (needs Name, Platform, Global_Sales)`,
          );
        }
      }
      const name = r.Name?.trim();
      const platform = r.Platform?.trim();
      // Each row is counted (and any problem reported) once: a PC row in the first pass, the rest in
      // the second (a row with an impossible figure is not taken for a PC row).
      if (pass === "rest") summary.read++;
      // The PC pass reads the figures of PC rows only: the file's other rows are read in the second.
      else if (!(name && isPcPlatform(platform))) continue;
      // Impossible figures (negative or infinite sales, a negative rank) skip the row (RowCheck).
      const check = new RowCheck(now);
      const global = check.figure(r, "Global_Sales");
      const figures = {
        year: check.year(r, r.Year !== undefined ? "Year" : "Year_of_Release"),
        rank: check.figure(r, "Rank"),
        na: check.figure(r, "NA_Sales"),
        eu: check.figure(r, "EU_Sales"),
        jp: check.figure(r, "JP_Sales"),
        other: check.figure(r, "Other_Sales"),
        critic: check.figure(r, "Critic_Score"),
        criticCount: check.figure(r, "Critic_Count"),
        user: check.figure(r, "User_Score"),
      };
      const pcRow = !!name && global != null && isPcPlatform(platform) && !check.failed;
      if ((pass === "pc") !== pcRow) continue;
      if (check.reject(summary, line)) continue;
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
      const { year, critic, user } = figures;
      const afterFile = year != null && fileYear != null && year > fileYear;
      if (afterFile) planned++;
      const sales: SalesRow = {
        platform,
        year: year && year > 1950 && !afterFile ? year : null,
        rank: figures.rank,
        na: figures.na,
        eu: figures.eu,
        jp: figures.jp,
        other: figures.other,
        global,
        critic,
        criticCount: critic == null ? null : figures.criticCount,
        user,
        publisher: companyName(r.Publisher),
        developer: companyName(r.Developer),
      };
      pending.push(sales);
      await batch.add({
        game: {
          name,
          releaseYear: sales.year,
          platforms: [platform],
          genres: r.Genre ? [r.Genre.trim()] : [],
          publisher: sales.publisher,
          developer: sales.developer,
          ...(critic != null ? { rating: critic, ratingCount: figures.criticCount } : {}),
          asOf: dated,
        },
        after: (gameId) => {
          sales.gameId = gameId;
        },
      });
      if (pending.length >= 500) await flushSales();
    }
    await flushSales();
  }
  // A row of this file that an earlier import filed under another game of its name (before the merge
  // rules of decision 007's review-eight addendum sent a PC row to the Steam game) was written again
  // where it now belongs: the older copy goes, so its units are not counted twice. The same row is the
  // same file, platform, year, rank and figure under a game of the same name; the newer copy has the
  // larger rowid (an update keeps its row's id). One statement per import, counted as updated: it moved.
  const moved = await retryBatch(() =>
    client.execute({
      sql: `DELETE FROM game_sales WHERE rowid IN (
              SELECT s.rowid FROM game_sales s
              JOIN game_sales t ON t.dataset = s.dataset AND t.platform = s.platform AND t.year IS s.year
                AND t.rank IS s.rank AND t.global_sales = s.global_sales AND t.game_id <> s.game_id
                AND t.rowid > s.rowid
              JOIN games g ON g.id = s.game_id
              JOIN games h ON h.id = t.game_id AND h.normalized_name = g.normalized_name
              WHERE s.dataset = ? AND g.normalized_name <> '')`,
      args: [dataset],
    }),
  );
  salesInserted -= moved.rowsAffected;
  salesUpdated += moved.rowsAffected;
  const refuted = await retryBatch(() => client.execute(YEARS_AFTER_DATED_FILE_SQL));
  if (refuted.rowsAffected > 0) markCatalogChanged();
  // Each row is one game on one platform: the counts are of those sales rows; games are noted apart.
  summary.notes = [
    `games: ${summary.inserted} new, ${summary.updated} updated`,
    ...(planned
      ? [
          `${planned} ${planned === 1 ? "row gives a year" : "rows give a year"} after the file's (${fileYear}): planned releases, stored without a release year`,
        ]
      : []),
    ...(refuted.rowsAffected
      ? [
          `${refuted.rowsAffected} ${refuted.rowsAffected === 1 ? "game's release year" : "games' release years"} after the date of a dated file listing ${refuted.rowsAffected === 1 ? "it" : "them"} dropped: planned, not released`,
        ]
      : []),
  ];
  summary.inserted = salesInserted;
  summary.updated = salesUpdated;
  summary.ms = Date.now() - started;
  return summary;
}
