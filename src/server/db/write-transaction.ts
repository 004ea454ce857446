import Database from "libsql";
import { env } from "../env.ts";
import { guardConnectionsAgainstLockedStatements } from "./busy-guard.ts";
import { rawClient } from "./client.ts";

/**
 * Bulk catalog writes (imports, the first start's snapshot, demo data) in short write transactions
 * with their prepared statements kept (docs/decisions/017-bulk-catalog-writes.md).
 *
 * `@libsql/client` prepares every statement it runs again and commits every `execute` on its own, so
 * a batch of games, their series points and owner bands cost a dozen commits and as many parses of
 * long statements. A local file database gets one connection of its own here, of the same driver as
 * the client's pool (so SQLite's locks are shared correctly within the process), opened with the same
 * lock wait (`DATABASE_BUSY_TIMEOUT_MS`) and guarded the same way (busy-guard.ts). Each
 * `writeTransaction` is `BEGIN IMMEDIATE` … `COMMIT` on it: the batch waits for the write lock like
 * any writer, holds it only for its own statements, and a batch refused on a lock is rolled back
 * whole and repeated with backoff by the caller (`withBusyRetry`). A remote libSQL server gets the
 * client's own interactive transaction instead.
 */
/**
 * The work of one transaction, written as a generator: it yields each statement (`yield* query(…)`,
 * `yield* run(…)`) and gets its answer back. On the local connection the whole generator is driven
 * synchronously, so nothing else in this process runs between its statements: no request's write can
 * land in the middle and wait on our own lock (which an `await` between statements would allow, and
 * which would stall that request for its whole busy timeout). A remote server's interactive
 * transaction drives the same generator with awaits.
 */
export type TxWork<T> = Generator<TxStep, T, unknown>;
export interface TxStep {
  kind: "query" | "run";
  sql: string;
  args: readonly unknown[];
}

/** Rows as objects keyed by column name (integers as numbers). */
export function* query(sql: string, args: readonly unknown[] = []): TxWork<Record<string, unknown>[]> {
  return (yield { kind: "query", sql, args }) as Record<string, unknown>[];
}

/** Runs a statement; answers the number of rows it changed. */
export function* run(sql: string, args: readonly unknown[] = []): TxWork<number> {
  return (yield { kind: "run", sql, args }) as number;
}

type Statement = {
  all(args: unknown[]): Record<string, unknown>[];
  run(args: unknown[]): { changes: number };
};
type Connection = {
  open: boolean;
  inTransaction: boolean;
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
};

interface Local {
  url: string;
  connection?: Connection;
  statements: Map<string, Statement>;
}

let local: Local | undefined;
const MAX_STATEMENTS = 256;

function localFor(url: string): Local {
  if (local?.url !== url) {
    closeWriteConnection();
    local = { url, statements: new Map() };
  }
  return local;
}

function connect(state: Local): Connection {
  if (state.connection?.open) return state.connection;
  // The client first: it opens Bun's read connection before any libSQL one (client.ts, openProbe).
  rawClient();
  guardConnectionsAgainstLockedStatements();
  const path = state.url.slice("file:".length).split("?")[0] ?? "";
  const Driver = Database as unknown as new (path: string, options: { timeout: number }) => Connection;
  state.connection = new Driver(path, { timeout: env().DATABASE_BUSY_TIMEOUT_MS });
  // This connection only carries work that can be run again (imports, the snapshot, live syncs, demo
  // data, estimates): in WAL mode NORMAL still never corrupts the file, and a power cut can lose at most
  // the last batches, where FULL waits for the disk at every batch's commit. Other connections keep
  // FULL (docs/decisions/010-database-locks.md).
  state.connection.exec("PRAGMA synchronous = NORMAL");
  // A checkpoint copies the WAL's pages into the database file. At SQLite's default (every 1,000 pages,
  // 4 MiB) a bulk load checkpoints every few batches and writes the pages each batch dirties again (index
  // interior pages, the tables' last pages) into the file over and over; every 10,000 pages (about
  // 40 MiB of WAL, bounded whatever the import's size) writes most of them once. The steam.csv import
  // step: about 1.38 → 1.27 s (docs/decisions/017-bulk-catalog-writes.md). Other connections keep the default.
  state.connection.exec("PRAGMA wal_autocheckpoint = 10000");
  // Statements belong to the connection they were prepared on: a reopened one prepares them again.
  state.statements.clear();
  return state.connection;
}

function statement(state: Local, connection: Connection, sql: string): Statement {
  let prepared = state.statements.get(sql);
  if (!prepared) {
    // Texts that vary (an UPDATE of some columns, a last short chunk) must not pile up without end.
    if (state.statements.size >= MAX_STATEMENTS) state.statements.clear();
    prepared = connection.prepare(sql);
    state.statements.set(sql, prepared);
  }
  return prepared;
}

/** Plain values for the driver: booleans as 0/1 (what the client sends), everything else as is. */
function bindable(args: readonly unknown[] | undefined): unknown[] {
  if (!args) return [];
  // Copied only when a value needs it: an import's statements carry thousands of plain values each.
  for (let i = 0; i < args.length; i++) {
    const v = args[i];
    if (v === undefined || typeof v === "boolean")
      return args.map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v === undefined ? null : v));
  }
  return args as unknown[];
}

function isLocal(url: string): boolean {
  return url.startsWith("file:") && !url.includes(":memory:");
}

export interface WriteTransactionOptions {
  /**
   * A user's acknowledged change (settings, watchlist) rather than work that can be run again: its
   * commit waits for the disk as every other connection's does (`synchronous = FULL`,
   * docs/decisions/010-database-locks.md), where bulk batches here commit with NORMAL.
   */
  durable?: boolean;
}

/**
 * Runs `work` inside one write transaction and commits it; any error rolls it back whole. Not
 * retried here: wrap in `withBusyRetry` (or `retryBatch`) where repeating the whole batch is safe.
 *
 * The lock is taken before the first statement, so a read-modify-write here is atomic across
 * processes: another server's write to the same row lands wholly before the read or after the commit.
 */
export async function writeTransaction<T>(
  work: () => TxWork<T>,
  options: WriteTransactionOptions = {},
): Promise<T> {
  const url = env().DATABASE_URL;
  if (!isLocal(url)) return clientTransaction(work);
  const state = localFor(url);
  const runLocal = (): T => {
    const connection = connect(state);
    if (options.durable) connection.exec("PRAGMA synchronous = FULL");
    try {
      return runOn(connection);
    } finally {
      if (options.durable && connection.open) connection.exec("PRAGMA synchronous = NORMAL");
    }
  };
  const runOn = (connection: Connection): T => {
    connection.exec("BEGIN IMMEDIATE");
    try {
      const steps = work();
      let answer: unknown;
      for (;;) {
        const step = steps.next(answer);
        if (step.done) {
          connection.exec("COMMIT");
          return step.value;
        }
        const { kind, sql, args } = step.value;
        const prepared = statement(state, connection, sql);
        answer = kind === "query" ? prepared.all(bindable(args)) : prepared.run(bindable(args)).changes;
      }
    } catch (error) {
      // A statement refused on a lock has closed the connection already (busy-guard.ts): nothing to undo.
      if (connection.open && connection.inTransaction) {
        try {
          connection.exec("ROLLBACK");
        } catch {
          connection.close();
        }
      }
      throw error;
    }
  };
  return runLocal();
}

async function clientTransaction<T>(work: () => TxWork<T>): Promise<T> {
  const transaction = await rawClient().transaction("write");
  try {
    const steps = work();
    let answer: unknown;
    for (;;) {
      const step = steps.next(answer);
      if (step.done) {
        await transaction.commit();
        return step.value;
      }
      const { kind, sql, args } = step.value;
      const rs = await transaction.execute({ sql, args: args as never });
      answer = kind === "query" ? (rs.rows as unknown as Record<string, unknown>[]) : rs.rowsAffected;
    }
  } finally {
    transaction.close();
  }
}

/** Closes the bulk-write connection (with the client, at shutdown and between test databases). */
export function closeWriteConnection(): void {
  try {
    local?.connection?.close();
  } catch {
    // already closed
  }
  local = undefined;
}
