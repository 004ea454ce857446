import { markCatalogChanged } from "../catalog/changes.ts";
import { removeDemoDataIfPresent } from "../catalog/demo-data.ts";
import {
  type GameRecord,
  type MetricPoint,
  recordMetricsIn,
  type UpsertResult,
  upsertGamesIn,
} from "../catalog/write.ts";
import { sqliteCode, withBusyRetry } from "../db/busy.ts";
import type { Metric } from "../db/schema/index.ts";
import { writeTransaction } from "../db/write-transaction.ts";
import { type OwnersBand, type OwnersBandRecord, recordOwnerBandsIn } from "../estimates/owner-bands.ts";
import { estimateNewGamesIn, type NewGame } from "../estimates/store.ts";
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
  /** Those of them estimated in their batch's transaction (estimateNewGamesIn). */
  readonly estimated = new Set<string>();
  constructor(
    private readonly source: string,
    private readonly summary: ImportSummary,
    private readonly size = 1000,
    /** The rows' records carry the same latest figures as their points (no refresh needed for new games). */
    private readonly figuresOnRecord = false,
  ) {
    summary.changedGameIds = this.changed;
    summary.estimatedGameIds = this.estimated;
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
        rows.forEach((row, i) => {
          const gameId = games.ids[i]!;
          for (const p of row.points ?? []) points.push({ ...p, gameId, source });
          if (row.ownersBand) bands.push({ gameId, source, ...row.ownersBand });
        });
        const touched = new Set<string>();
        let changed = games.inserted + games.updated;
        if (points.length)
          changed += yield* recordMetricsIn(points, {
            touched,
            ...(fresh ? { fresh: games.insertedIds } : {}),
          });
        for (const id of yield* recordOwnerBandsIn(bands, games.insertedIds)) touched.add(id);
        // New games whose rows carry their figures are estimated here, from what the batch wrote.
        const estimable = fresh ? newGamesOf(rows, games, source) : [];
        if (estimable.length) yield* estimateNewGamesIn(estimable);
        return { games, touched, changed, estimated: estimable.map((g) => String(g.row.id)) };
      }),
    );
    if (result.changed > 0) markCatalogChanged();
    const { games, touched } = result;
    for (const id of result.estimated) this.estimated.add(id);
    this.summary.inserted += games.inserted;
    this.summary.updated += games.updated;
    for (const id of touched) this.changed.add(id);
    for (const id of games.insertedIds) this.changed.add(id);
    for (const id of games.updatedIds) this.changed.add(id);
    for (let i = 0; i < rows.length; i++) rows[i]!.after?.(games.ids[i]!);
  }
}

/**
 * The games this batch created that estimateNewGamesIn can estimate from the batch alone: each
 * appears once in the batch (a second row would have changed it after its insert), with no monthly
 * player series (summed in SQL when their inputs are read back). Their band and review points are the
 * batch's: nothing else can be stored for a game created in this transaction.
 */
function newGamesOf(rows: GameRow[], games: UpsertResult, source: string): NewGame[] {
  const seen = new Map<string, number>();
  for (const id of games.ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  const out: NewGame[] = [];
  rows.forEach((r, i) => {
    const id = games.ids[i]!;
    const row = games.newRows?.get(id);
    if (!row || seen.get(id) !== 1) return;
    const points = r.points ?? [];
    if (points.some((p) => p.metric === "players" && p.period === "month")) return;
    let last: number | null = null;
    for (const p of points) {
      if (p.metric === "reviews_positive" || p.metric === "reviews_negative")
        last = Math.max(last ?? p.ts.getTime(), p.ts.getTime());
    }
    const game: NewGame = { row };
    if (r.ownersBand) game.band = { source, ...r.ownersBand };
    if (last != null) game.reviews = { source, last };
    out.push(game);
  });
  return out;
}

/** An import's write, repeated with backoff while another writer holds the database lock. */
export function retryBatch<T>(work: () => Promise<T>): Promise<T> {
  return withBusyRetry(work, {
    onRetry: (attempt, delayMs, error) =>
      log.warn("import: database busy, retrying the batch", { attempt, delayMs, code: sqliteCode(error) }),
  });
}
