import { readRows } from "../db/client.ts";

/**
 * Catalog change notifications: writers call `markCatalogChanged()`; derived views (trending,
 * market trends) subscribe and recompute once per burst of changes.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setTimeout> | undefined;
export const CHANGE_DEBOUNCE_MS = 250;

export function onCatalogChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const invalidators = new Set<Listener>();

/** Called at once on every change: drop caches so the next read recomputes. */
export function onCatalogInvalidated(listener: Listener): () => void {
  invalidators.add(listener);
  return () => invalidators.delete(listener);
}

export function markCatalogChanged(): void {
  for (const invalidate of invalidators) invalidate();
  if (timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    for (const l of listeners) l();
  }, CHANGE_DEBOUNCE_MS);
}

/**
 * How far each in-process follower of the `catalog_changes` log (the search index, the catalog
 * index, the server's estimates) has applied it. Whoever prunes the log deletes only what every
 * follower has applied, so one index's pruning never forces another to rebuild from scratch — unless
 * that follower lags so far behind (`lagLimit`) that it would rebuild anyway. Such a follower then
 * finds the rows it had not applied gone (`missedLogChanges`, even when the log was emptied) and
 * rebuilds.
 */
const logFollowers = new Set<() => number | null>();

export function followCatalogLog(applied: () => number | null): () => void {
  logFollowers.add(applied);
  return () => logFollowers.delete(applied);
}

export function catalogLogPrunableTo(seq: number, lagLimit: number): number {
  let upTo = seq;
  for (const applied of logFollowers) {
    const at = applied();
    if (at != null && seq - at <= lagLimit) upTo = Math.min(upTo, at);
  }
  return upTo;
}

/**
 * Past this many logged changes a follower of the log (the search index, the catalog index, the
 * server's estimates) reads everything again rather than each logged game: one bound for all of them,
 * so pruning for one (`catalogLogPrunableTo`) holds the rows the others would still read one by one.
 */
export const CATCH_UP_LIMIT = 50_000;

/**
 * SQL for the last sequence number a change log (`catalog_changes`, `estimate_changes`) has handed
 * out. A follower that builds from scratch starts from it. Not `max(seq)`: pruning deletes every row
 * applied so far, so an emptied log's `max(seq)` is null. A follower built then (after a restart) took
 * 0 for its start, and the next change (numbered past the pruned rows, AUTOINCREMENT) looked like rows
 * pruned before it had read them: the whole index was read again. SQLite keeps the last number handed out in
 * `sqlite_sequence`, rolled back with the transaction that took it.
 */
export function logHeadSql(log: "catalog_changes" | "estimate_changes"): string {
  return `coalesce((SELECT seq FROM sqlite_sequence WHERE name = '${log}'), 0)`;
}

/** The last sequence number the log has handed out (`logHeadSql`): where a whole build starts from. */
export async function logHead(log: "catalog_changes" | "estimate_changes"): Promise<number> {
  return Number((await readRows(`SELECT ${logHeadSql(log)} AS seq`))[0]?.seq ?? 0);
}

/** The oldest row a change log still holds (null: none) and its head (`logHeadSql`), read together. */
export interface LogEnds {
  first: number | null;
  head: number;
}

export async function logEnds(log: "catalog_changes" | "estimate_changes"): Promise<LogEnds> {
  const [row] = await readRows(`SELECT min(seq) AS first, ${logHeadSql(log)} AS head FROM ${log}`);
  return { first: row?.first == null ? null : Number(row.first), head: Number(row?.head ?? 0) };
}

/**
 * Whether a follower that applied the log up to `applied` missed changes that were pruned before it
 * read them: the oldest row kept is past the next one it needs, or the log is empty although it
 * handed out numbers the follower never reached. Pruning everything (another follower that had
 * applied it all, while this one lagged past CATCH_UP_LIMIT) leaves no row to compare with: an empty
 * log only means "nothing new" when its head is where the follower stands. (A head behind it means
 * the database is not the one the follower read: it rebuilds too.)
 */
export function missedLogChanges(applied: number, { first, head }: LogEnds): boolean {
  return first == null ? head !== applied : first > applied + 1;
}

/** What a follower of the `catalog_changes` log has to do to catch up from `applied`. */
export type CatalogLogRead =
  | { rebuild: true }
  | { rebuild: false; first: number | null; last: number | null; gameIds: string[] };

/**
 * Reads the log after `applied` for a follower: `rebuild` when rows it had not applied were pruned
 * (`missedLogChanges`) or when more than `rebuildAbove` changes piled up (re-reading everything is
 * cheaper); otherwise the changed games, each once, and the log's first and last sequence numbers.
 * The rows are read before the log's ends: rows pruned before or while they were read show in the
 * ends read after them.
 */
export async function readCatalogLog(applied: number, rebuildAbove: number): Promise<CatalogLogRead> {
  const rows = await readRows("SELECT seq, game_id FROM catalog_changes WHERE seq > ? ORDER BY seq LIMIT ?", [
    applied,
    rebuildAbove + 1,
  ]);
  if (rows.length > rebuildAbove) return { rebuild: true };
  const ends = await logEnds("catalog_changes");
  if (missedLogChanges(applied, ends)) return { rebuild: true };
  const last = rows.at(-1)?.seq;
  return {
    rebuild: false,
    first: ends.first,
    last: last == null ? null : Number(last),
    gameIds: [...new Set(rows.map((r) => String(r.game_id)))],
  };
}
