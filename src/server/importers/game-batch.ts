import { type GameRecord, type MetricPoint, recordMetrics, upsertGames } from "../catalog/write.ts";
import type { Metric } from "../db/schema/index.ts";
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
    const result = await upsertGames(
      rows.map((r) => r.game),
      this.source,
    );
    this.summary.inserted += result.inserted;
    this.summary.updated += result.updated;
    const points: MetricPoint[] = [];
    rows.forEach((row, i) => {
      const gameId = result.ids[i]!;
      for (const p of row.points ?? []) points.push({ ...p, gameId, source: this.source });
      row.after?.(gameId);
    });
    if (points.length) await recordMetrics(points, this.figuresOnRecord ? { fresh: result.insertedIds } : {});
  }
}
