/**
 * Run by tests/api/wal-index.test.ts in a process of its own (a crash must not take the test runner
 * with it): `bun tests/helpers/wal-index-child.ts <leave-wal|reopen> <database path>`.
 *
 * - `leave-wal`: writes about 20 MB in one libSQL connection that never checkpoints, then kills
 *   itself, leaving a WAL of more than 4,096 pages behind, as a crash during a large import or
 *   migration would.
 * - `reopen`: what the server does next on that file: migrations through the product's client,
 *   reads through `readRows` (Bun's SQLite), then more than 4,096 pages of writes in this process,
 *   and a read again. Prints "ok" when the process survives it.
 */
import Database from "libsql";

const [mode, path] = process.argv.slice(2);
if (!path) throw new Error("usage: wal-index-child.ts <leave-wal|reopen> <database path>");

function fill(target: string): void {
  const connection = new Database(target);
  connection.exec("PRAGMA journal_mode = WAL");
  // No checkpoint while this connection writes: the WAL grows past 4,096 pages (the first 32 KiB of its index).
  connection.exec("PRAGMA wal_autocheckpoint = 0");
  connection.exec("CREATE TABLE IF NOT EXISTS wal_filler (body TEXT)");
  const insert = connection.prepare("INSERT INTO wal_filler (body) VALUES (?)");
  const body = "x".repeat(2000);
  for (let batch = 0; batch < 10; batch++) {
    connection.exec("BEGIN");
    for (let i = 0; i < 1000; i++) insert.run([body]);
    connection.exec("COMMIT");
  }
}

if (mode === "leave-wal") {
  fill(path);
  process.kill(process.pid, "SIGKILL");
} else if (mode === "reopen") {
  process.env.DATABASE_URL = `file:${path}`;
  const { runMigrations } = await import("../../src/server/db/migrate.ts");
  const { readRows, closeDb } = await import("../../src/server/db/client.ts");
  await runMigrations();
  await readRows("SELECT count(*) AS n FROM games");
  fill(path);
  const [row] = await readRows("SELECT count(*) AS n FROM wal_filler");
  closeDb();
  console.log(Number(row?.n) >= 20_000 ? "ok" : `missing rows: ${row?.n}`);
} else {
  throw new Error(`unknown mode ${mode}`);
}
