/**
 * `bun run db:restore FILE`: replaces the database (DATABASE_URL, a file) with a backup. Stop the
 * server first: while any other process has the database open the restore refuses and changes
 * nothing (exit 1), since that process would go on writing into the file set aside. The backup is checked before anything is touched; the database it replaces is kept
 * beside it as `<name>.before-restore-<time>`. Afterwards the restored file is migrated to this
 * version, its search index rebuilt, and `PRAGMA integrity_check` must answer ok.
 */
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { closeDb, openClient, rawClient } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { env } from "../src/server/env.ts";
import { databaseInUse, finishSnapshot } from "../src/server/operations/backup.ts";

const source = process.argv[2];
const url = env().DATABASE_URL;
if (!source || !url.startsWith("file:")) {
  console.error("usage: bun run db:restore <backup-file>   (DATABASE_URL must be a file: database)");
  process.exit(2);
}
const file = resolve(source);
if (!existsSync(file)) {
  console.error(`no such backup: ${file}`);
  process.exit(1);
}
const target = resolve(url.slice("file:".length).split("?")[0]!);

if (existsSync(target) && databaseInUse(target)) {
  console.error(
    `${target} is open in another process (is the server running?). Stop the server, imports and ` +
      "syncs first, then restore again. Nothing was changed.",
  );
  process.exit(1);
}

const check = openClient(`file:${file}`, undefined, env().DATABASE_BUSY_TIMEOUT_MS);
try {
  const verdict = (await check.execute("PRAGMA integrity_check")).rows.map((r) => String(r[0])).join("; ");
  if (verdict !== "ok") {
    console.error(`the backup is damaged, nothing was changed: ${verdict.slice(0, 500)}`);
    process.exit(1);
  }
} finally {
  check.close();
}

if (existsSync(target)) {
  // Fold the write-ahead log into the file so the copy kept aside is complete on its own.
  const current = openClient(`file:${target}`, undefined, env().DATABASE_BUSY_TIMEOUT_MS);
  try {
    await current.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    current.close();
  }
  const aside = `${target}.before-restore-${new Date().toISOString().replace(/[-:.]/g, "")}`;
  renameSync(target, aside);
  for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
  console.log(`the database it replaces is kept as ${aside}`);
}
copyFileSync(file, target);
try {
  await runMigrations();
  await finishSnapshot(rawClient());
  const games = (await rawClient().execute("SELECT count(*) AS n FROM games")).rows[0]!.n;
  const users = (await rawClient().execute("SELECT count(*) AS n FROM users")).rows[0]!.n;
  console.log(`restored ${file}: ${games} games, ${users} users; integrity check ok`);
} finally {
  closeDb();
}
