import { type GameRecord, type MetricPoint, recordMetrics, upsertGames } from "../catalog/write.ts";
import { sqliteCode, withBusyRetry } from "../db/busy.ts";
import type { Metric } from "../db/schema/index.ts";
import { log } from "../log.ts";
import type { ImportSummary } from "./summary.ts";

/** A game from one row, with the series points that row carries. */
export interface GameRow {
  game: GameRecord;
  points?: Array<{ metric: Metric; ts: Date; value: number; period?: "instant" | "day" | "month" }>;
  /** Called with the game's catalog id once it is stored (for rows of other tables). */
  after?: (gameId: string) => void;
}

/** Buffers rows and writes them through the catalog services in batches. */
export class GameBatcher {
  private rows: GameRow[] = [];
  constructor(
    private readonly source: string,
    private readonly summary: ImportSummary,
    private readonly size = 1000,
    /** The rows' records carry the same latest figures as their points (no refresh needed for new games). */
    private readonly figuresOnRecord = false,
  ) {}

  async add(row: GameRow): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= this.size) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    // Another process (the server, a second import) may hold the write lock past the connection's
    // wait: each step is repeated whole with backoff, which is safe as both are upserts.
    const result = await retryBatch(() =>
      upsertGames(
        rows.map((r) => r.game),
        this.source,
      ),
    );
    this.summary.inserted += result.inserted;
    this.summary.updated += result.updated;
    const points: MetricPoint[] = [];
    rows.forEach((row, i) => {
      const gameId = result.ids[i]!;
      for (const p of row.points ?? []) points.push({ ...p, gameId, source: this.source });
      row.after?.(gameId);
    });
    if (points.length)
      await retryBatch(() =>
        recordMetrics(points, this.figuresOnRecord ? { fresh: result.insertedIds } : {}),
      );
  }
}

/** An import's write, repeated with backoff while another writer holds the database lock. */
export function retryBatch<T>(work: () => Promise<T>): Promise<T> {
  return withBusyRetry(work, {
    onRetry: (attempt, delayMs, error) =>
      log.warn("import: database busy, retrying the batch", { attempt, delayMs, code: sqliteCode(error) }),
  });
}
