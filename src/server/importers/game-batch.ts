import { markCatalogChanged } from "../catalog/changes.ts";
import { removeDemoDataIfPresent } from "../catalog/demo-data.ts";
import { type GameRecord, type MetricPoint, recordMetricsIn, upsertGamesIn } from "../catalog/write.ts";
import { sqliteCode, withBusyRetry } from "../db/busy.ts";
import type { Metric } from "../db/schema/index.ts";
import { query, writeTransaction } from "../db/write-transaction.ts";
import { type OwnersBand, type OwnersBandRecord, recordOwnerBandsIn } from "../estimates/owner-bands.ts";
import { log } from "../log.ts";
import type { ImportSummary } from "./summary.ts";

/** A game from one row, with the series points that row carries. */
export interface GameRow {
  game: GameRecord;
  points?: Array<{ metric: Metric; ts: Date; value: number; period?: "instant" | "day" | "month" }>;
  /** The owners band the row gives (SteamSpy's range), stored with the game in the same batch. */
  ownersBand?: OwnersBand & { asOf: Date };
  /** Called with the game's catalog id once its batch is committed (for rows of other tables). */
  after?: (gameId: string) => void;
}

/**
 * Buffers rows and writes each batch — its games, their series points and owner bands — in one write
 * transaction on the bulk-write connection (src/server/db/write-transaction.ts): one commit per batch,
 * statements prepared once for the whole import, memory bounded by the batch size whatever the file's.
 *
 * A batch holds the write lock for tens of milliseconds (about 100 ms for 1,000 Steam games on an idle
 * machine), so a request writing meanwhile waits well within its busy timeout; a batch that meets a
 * lock held past the wait is rolled back whole and repeated with backoff (upserts: safe to repeat).
 */
export class GameBatcher {
  private rows: GameRow[] = [];
  private demoChecked = false;
  /** Ids of the games this import inserted or changed (their games, points or bands): estimates follow. */
  readonly changed = new Set<string>();
  constructor(
    private readonly source: string,
    private readonly summary: ImportSummary,
    private readonly size = 1000,
    /** The rows' records carry the same latest figures as their points (no refresh needed for new games). */
    private readonly figuresOnRecord = false,
  ) {
    summary.changedGameIds = this.changed;
  }

  async add(row: GameRow): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= this.size) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    // Real games replace demo ones (issue 9), before the first batch, outside its transaction.
    if (!this.demoChecked && rows.some((r) => !r.game.isDemo)) {
      await retryBatch(() => removeDemoDataIfPresent());
      this.demoChecked = true;
    }
    const source = this.source;
    const fresh = this.figuresOnRecord;
    const result = await retryBatch(() =>
      writeTransaction(function* () {
        const games = yield* upsertGamesIn(
          rows.map((r) => r.game),
          source,
        );
        const points: MetricPoint[] = [];
        const bands: OwnersBandRecord[] = [];
        for (let i = 0; i < rows.length; i++) {
          const row = rows[i]!;
          const gameId = games.ids[i]!;
          if (row.points)
            for (const p of row.points)
              points.push({ gameId, metric: p.metric, ts: p.ts, value: p.value, period: p.period, source });
          const band = row.ownersBand;
          if (band) bands.push({ gameId, source, low: band.low, high: band.high, asOf: band.asOf });
        }
        const touched = new Set<string>();
        let changed = games.inserted + games.updated;
        // What the file added and what it replaced, for the summary: the points written that have a
        // rowid past the table's last before them are new (this transaction is the only writer, and an
        // update keeps its row's id); the others written replaced a value.
        const distinct = distinctPoints(points);
        let pointsChanged = 0;
        let pointsInserted = 0;
        if (points.length) {
          const [before] = yield* query("SELECT coalesce(max(rowid), 0) AS id FROM game_metrics");
          pointsChanged = yield* recordMetricsIn(points, {
            touched,
            ...(fresh ? { fresh: games.insertedIds } : {}),
          });
          if (pointsChanged > 0) {
            const [added] = yield* query("SELECT count(*) AS n FROM game_metrics WHERE rowid > ?", [
              Number(before?.id ?? 0),
            ]);
            pointsInserted = Number(added?.n ?? 0);
          }
        }
        changed += pointsChanged;
        for (const id of yield* recordOwnerBandsIn(bands, games.insertedIds)) touched.add(id);
        return {
          games,
          touched,
          changed,
          points: { distinct, inserted: pointsInserted, changed: pointsChanged },
        };
      }),
    );
    if (result.changed > 0) markCatalogChanged();
    const { games, touched, points } = result;
    this.summary.inserted += games.inserted;
    this.summary.updated += games.updated;
    if (points.distinct > 0) {
      const updated = Math.max(0, points.changed - points.inserted);
      this.summary.points ??= { inserted: 0, updated: 0, unchanged: 0 };
      const counts = this.summary.points;
      counts.inserted += points.inserted;
      counts.updated += updated;
      counts.unchanged += Math.max(0, points.distinct - points.inserted - updated);
    }
    for (const id of touched) this.changed.add(id);
    for (const id of games.insertedIds) this.changed.add(id);
    for (const id of games.updatedIds) this.changed.add(id);
    for (let i = 0; i < rows.length; i++) rows[i]!.after?.(games.ids[i]!);
  }
}

/**
 * The batch's distinct points (game, metric, time): a file may repeat a row. One pass with a set of
 * times per game and series (numbers, not a string key per point): the SteamDB daily layout sends one
 * row per game with thousands of points. An invalid date's time (NaN) is one time, as SameValueZero
 * in a Set counts it.
 */
export function distinctPoints(points: MetricPoint[]): number {
  const games = new Map<string, Map<string, Set<number>>>();
  let count = 0;
  let series: Map<string, Set<number>> | undefined;
  let seriesGame: string | undefined;
  for (const p of points) {
    // Each game's points side by side (as the batch lays them out): one look-up per game's run.
    if (p.gameId !== seriesGame || !series) {
      seriesGame = p.gameId;
      series = games.get(p.gameId);
      if (!series) {
        series = new Map();
        games.set(p.gameId, series);
      }
    }
    let times = series.get(p.metric);
    if (!times) {
      times = new Set();
      series.set(p.metric, times);
    }
    const size = times.size;
    times.add(p.ts.getTime());
    if (times.size !== size) count++;
  }
  return count;
}

/** An import's write, repeated with backoff while another writer holds the database lock. */
export function retryBatch<T>(work: () => Promise<T>): Promise<T> {
  return withBusyRetry(work, {
    onRetry: (attempt, delayMs, error) =>
      log.warn("import: database busy, retrying the batch", { attempt, delayMs, code: sqliteCode(error) }),
  });
}
