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
 * index) has applied it. Whoever prunes the log deletes only what every follower has applied, so one
 * index's pruning never forces the other to rebuild from scratch — unless that follower lags so far
 * behind (`lagLimit`) that it would rebuild anyway.
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

/** What a follower of the `catalog_changes` log has to do to catch up from `applied`. */
export type CatalogLogRead =
  | { rebuild: true }
  | { rebuild: false; first: number | null; last: number | null; gameIds: string[] };

/**
 * Reads the log after `applied` for a follower: `rebuild` when rows it had not applied were pruned
 * (by another process) or when more than `rebuildAbove` changes piled up (re-reading everything is
 * cheaper); otherwise the changed games, each once, and the log's first and last sequence numbers.
 */
export async function readCatalogLog(applied: number, rebuildAbove: number): Promise<CatalogLogRead> {
  const oldest = (await readRows("SELECT min(seq) AS seq FROM catalog_changes"))[0]?.seq;
  const first = oldest == null ? null : Number(oldest);
  if (first != null && first > applied + 1) return { rebuild: true };
  const rows = await readRows("SELECT seq, game_id FROM catalog_changes WHERE seq > ? ORDER BY seq LIMIT ?", [
    applied,
    rebuildAbove + 1,
  ]);
  if (rows.length > rebuildAbove) return { rebuild: true };
  const last = rows.at(-1)?.seq;
  return {
    rebuild: false,
    first,
    last: last == null ? null : Number(last),
    gameIds: [...new Set(rows.map((r) => String(r.game_id)))],
  };
}
