import { mkdirSync } from "node:fs";
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
}
