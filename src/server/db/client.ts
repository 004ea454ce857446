import { Database } from "bun:sqlite";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { env } from "../env.ts";
import * as schema from "./schema/index.ts";

export type Db = LibSQLDatabase<typeof schema>;

let client: Client | undefined;
let database: Db | undefined;

function openClient(url: string, authToken: string | undefined): Client {
  if (url.startsWith("file:")) {
    // libSQL does not create the parent folder of a file database (STACK.md).
    const path = url.slice("file:".length).split("?")[0] ?? "";
    if (path && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  }
  return createClient({ url, authToken });
}

/** The one database handle, opened on first use (importing this module does no I/O). */
export function db(): Db {
  if (!database) {
    const { DATABASE_URL, DATABASE_AUTH_TOKEN } = env();
    client = openClient(DATABASE_URL, DATABASE_AUTH_TOKEN);
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

/** Pragmas for an embedded file database: WAL for concurrent readers, and enforced foreign keys. */
export async function configureConnection(): Promise<void> {
  const c = rawClient();
  if (env().DATABASE_URL.startsWith("file:")) {
    await c.execute("PRAGMA journal_mode = WAL");
    await c.execute("PRAGMA synchronous = NORMAL");
    await c.execute("PRAGMA busy_timeout = 5000");
  }
  await c.execute("PRAGMA foreign_keys = ON");
}

export function closeDb(): void {
  client?.close();
  client = undefined;
  database = undefined;
  probe?.db.close();
  probe = undefined;
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
  if (!probe) return null;
  try {
    const row = probe.statement.get() as { data_version: number } | null;
    // A reopened probe counts from its own start: the epoch keeps its numbers apart from the last one's.
    return row ? probe.epoch * 2 ** 32 + row.data_version : null;
  } catch {
    return null;
  }
}

let probe: { url: string; db: Database; statement: ReturnType<Database["query"]>; epoch: number } | undefined;
let probeEpoch = 0;

function openProbe(url: string): void {
  probe?.db.close();
  probe = undefined;
  const path = url.startsWith("file:") ? (url.slice("file:".length).split("?")[0] ?? "") : "";
  // The file must exist already (the libSQL client creates it); the probe never creates or writes.
  if (!path || path === ":memory:" || !existsSync(path)) return;
  try {
    const handle = new Database(path, { readwrite: true, create: false });
    probe = { url, db: handle, statement: handle.query("PRAGMA data_version"), epoch: ++probeEpoch };
  } catch {
    probe = undefined;
  }
}
