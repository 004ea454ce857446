import { Database } from "bun:sqlite";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import LibsqlDatabase from "libsql";
import { env } from "../env.ts";
import { log } from "../log.ts";
import { isBusyError } from "./busy.ts";
import { guardConnectionsAgainstLockedStatements } from "./busy-guard.ts";
import * as schema from "./schema/index.ts";
import { forgetVersion, rememberedVersion, rememberVersion } from "./version-memo.ts";
import { closeWriteConnection } from "./write-transaction.ts";

export type Db = LibSQLDatabase<typeof schema>;

let client: Client | undefined;
let database: Db | undefined;

/**
 * Opens a libSQL client the way every part of the product must: the server, the scripts and the
 * benches. `@libsql/client` keeps a pool of connections for a `file:` URL, so a `PRAGMA
 * busy_timeout` reaches only the connection that ran it; the `timeout` option is given to every
 * connection the pool opens, so each one waits up to `timeoutMs` on another process's lock instead
 * of failing at once (and losing a transaction that was rolled back under it).
 */
export function openClient(url: string, authToken: string | undefined, timeoutMs: number): Client {
  if (url.startsWith("file:")) {
    // libSQL does not create the parent folder of a file database (STACK.md).
    const path = url.slice("file:".length).split("?")[0] ?? "";
    if (path && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    guardConnectionsAgainstLockedStatements();
  }
  return createClient({ url, authToken, timeout: timeoutMs });
}

/** The one database handle, opened on first use (importing this module does no I/O). */
export function db(): Db {
  if (!database) {
    const { DATABASE_URL, DATABASE_AUTH_TOKEN, DATABASE_BUSY_TIMEOUT_MS } = env();
    // Bun's read connection first, before any libSQL connection of this process touches the file.
    if (probe?.url !== DATABASE_URL) openProbe(DATABASE_URL);
    client = openClient(DATABASE_URL, DATABASE_AUTH_TOKEN, DATABASE_BUSY_TIMEOUT_MS);
    database = drizzle(client, { schema });
  }
  return database;
}

export function rawClient(): Client {
  db();
  return client!;
}

/** `?,?,?` for an `IN (...)` list of `n` values. */
export function placeholders(n: number): string {
  return Array.from({ length: n }, () => "?").join(",");
}

/** Above this a database answer counts as slow: the admin screen and health monitoring say so. */
export const SLOW_DATABASE_MS = 1000;

/** How long the database takes to answer a trivial query, in milliseconds (one decimal). */
export async function measureDatabaseLatency(): Promise<number> {
  const started = performance.now();
  await rawClient().execute("SELECT 1");
  return Math.round((performance.now() - started) * 10) / 10;
}

/**
 * Database-wide settings for an embedded file database. Only settings stored in the database file
 * belong here: WAL (for readers beside one writer) persists in the file, so one connection setting
 * it is enough. Per-connection pragmas (`busy_timeout`, `synchronous`) would reach only the pooled
 * connection that ran them, so none is set: the lock wait comes from `openClient`'s `timeout`, and
 * libSQL enforces foreign keys on every connection by default, which is checked here.
 */
export async function configureConnection(): Promise<void> {
  const c = rawClient();
  if (!env().DATABASE_URL.startsWith("file:")) {
    // A remote server runs each request on its own stream: the pragma is the server's business.
    await c.execute("PRAGMA foreign_keys = ON");
    return;
  }
  await c.execute("PRAGMA journal_mode = WAL");
  const fk = await c.execute("PRAGMA foreign_keys");
  if (Number(fk.rows[0]?.[0] ?? 0) !== 1) {
    throw new Error("This libSQL build does not enforce foreign keys by default; the schema relies on them");
  }
}

/**
 * Refreshes the query planner's statistics (ANALYZE, sampled so it takes milliseconds on the full
 * catalog). Without them SQLite can choose the series' (metric, ts) index for one game's figures and
 * read every point of that metric in the catalog instead of the game's few: 34 ms instead of 1 ms
 * for one game's player figures on 5,000 games, growing with the catalog. Run after bulk writes.
 */
export async function refreshPlannerStatistics(): Promise<void> {
  const c = rawClient();
  await c.execute("PRAGMA analysis_limit = 1000");
  await c.execute("ANALYZE");
}

export function closeDb(): void {
  closeWriteConnection();
  client?.close();
  client = undefined;
  database = undefined;
  probe?.db?.close();
  probe = undefined;
  forgetVersion();
  readStatements.clear();
}

/**
 * A number that moves whenever anything commits to the database — this process's own connections, a
 * shell script, an import running in another process — or null where that cannot be known. In-memory
 * caches (sessions, the search index) compare it with the value they were filled at and drop what
 * they hold when it moved, so no write anywhere leaves them stale.
 *
 * It is SQLite's `data_version` read on a connection of our own that never writes (so every commit is
 * another connection's and counts), through Bun's built-in SQLite: a couple of microseconds, where a
 * query through the libSQL client costs tens (bench/auth-user.bench.ts). Only a local file database
 * has one; for a remote libSQL server or `:memory:` the answer is null and callers must not cache.
 */
export function dataVersion(): number | null {
  const { DATABASE_URL } = env();
  if (probe?.url !== DATABASE_URL) openProbe(DATABASE_URL);
  if (!probe?.statement) return null;
  // Kept until this process runs a statement or the event loop turns (version-memo.ts).
  const kept = rememberedVersion();
  if (kept !== undefined) return kept;
  let row: { data_version: number } | null;
  try {
    row = probe.statement.get() as { data_version: number } | null;
  } catch {
    return null;
  }
  // A reopened probe counts from its own start: the epoch keeps its numbers apart from the last one's.
  const version = row ? probe.epoch * 2 ** 32 + row.data_version : null;
  rememberVersion(version);
  return version;
}

/**
 * Rows of a read-only query on hot paths (search, the player figures every list shows, the search
 * index's reads), through the same Bun SQLite connection as `dataVersion()` where there is a local
 * file: it hands rows over about 15 times faster than the libSQL client (0.01 against 0.18–0.34 ms
 * for one game row of 27 columns; docs/decisions/015-search-reads.md). Elsewhere — a remote server,
 * `:memory:`, or a rare lock on the read (a WAL recovery) — through the libSQL client as before.
 * SELECTs only: that connection must never write (see `dataVersion`).
 */
export async function readRows(
  sql: string,
  args: ReadonlyArray<string | number | bigint | null> = [],
): Promise<Array<Record<string, unknown>>> {
  const { DATABASE_URL } = env();
  if (probe?.url !== DATABASE_URL) openProbe(DATABASE_URL);
  if (probe?.db) {
    try {
      return readStatement(probe.db, sql).all(...args) as Array<Record<string, unknown>>;
    } catch (error) {
      if (!isBusyError(error)) throw error;
    }
  }
  const rs = await rawClient().execute({ sql, args: [...args] });
  return rs.rows as unknown as Array<Record<string, unknown>>;
}

/**
 * readRows' statements, prepared once each. Bun's own `query()` cache keeps only the last 16 or so, and
 * the hot paths alone use more texts than that (an `IN` list's length is part of the text), so a
 * search prepared its reads again every time (5–50 µs each). Bounded: texts that vary without end
 * cannot pile up.
 */
const readStatements = new Map<string, ReturnType<Database["prepare"]>>();
const READ_STATEMENTS_MAX = 512;

function readStatement(handle: Database, sql: string): ReturnType<Database["prepare"]> {
  let statement = readStatements.get(sql);
  if (!statement) {
    if (readStatements.size >= READ_STATEMENTS_MAX) {
      const [oldest, old] = readStatements.entries().next().value!;
      readStatements.delete(oldest);
      old.finalize();
    }
    statement = handle.prepare(sql);
    readStatements.set(sql, statement);
  }
  return statement;
}

/** Bun's read connection for `url`; `db` null where there is none (remote, `:memory:`, failed to open). */
let probe:
  | { url: string; db: Database | null; statement: ReturnType<Database["query"]> | null; epoch: number }
  | undefined;
let probeEpoch = 0;

/**
 * Opens Bun's read connection (`dataVersion`, `readRows`) on a local file database.
 *
 * Two SQLite libraries open the file in this process, libSQL's and Bun's, and each keeps its own
 * record of what it has open. The first time either maps the WAL index (`-shm`), it finds no other
 * connection's lock there (POSIX locks never conflict within one process), takes itself for the
 * first user of the file and truncates the index before rebuilding it. If the other library had
 * mapped more of it than the first 32 KiB (a WAL of more than 4,096 pages: a crash during a large
 * import or migration leaves one), those pages now lie past the end of the file, and its next write
 * there kills the process with SIGBUS (tests/api/wal-index.test.ts). So this connection maps the
 * index first, while it is one region: it empties the WAL (a checkpoint) and reopens, before any
 * libSQL connection of this process opens the file (`db()` calls this first; a missing file is
 * created by libSQL and closed again). libSQL's truncation then only resets the one region both
 * rebuild at once. Another process using the file holds its own lock there, which stops every
 * truncation; that is also when the checkpoint may leave the WAL as it is.
 */
function openProbe(url: string): void {
  probe?.db?.close();
  forgetVersion();
  readStatements.clear();
  probe = { url, db: null, statement: null, epoch: ++probeEpoch };
  const path = url.startsWith("file:") ? (url.slice("file:".length).split("?")[0] ?? "") : "";
  if (!path || path === ":memory:") return;
  try {
    if (!existsSync(path)) {
      mkdirSync(dirname(path), { recursive: true });
      const created = new LibsqlDatabase(path);
      created.exec("PRAGMA journal_mode = WAL");
      created.close();
    }
    const empty = new Database(path, { readwrite: true, create: false });
    try {
      empty.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } finally {
      empty.close();
    }
    const handle = new Database(path, { readwrite: true, create: false });
    // Reads only (readRows), enforced: a write here would also hide commits from data_version.
    handle.exec("PRAGMA query_only = 1");
    // Maps the WAL index now, while it is small (see above).
    handle.query("SELECT count(*) FROM sqlite_master").get();
    probe = { url, db: handle, statement: handle.query("PRAGMA data_version"), epoch: probeEpoch };
  } catch (error) {
    // Not tried again for this database: a later first mapping could truncate libSQL's (see above).
    log.warn("database: no fast read connection; reads go through the libSQL client", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
