/**
 * `bun run db:restore FILE`: replaces the database (DATABASE_URL, a file) with a backup. Stop the
 * server first: while any other process has the database open the restore refuses and changes
 * nothing (exit 1), since that process would go on writing into the file set aside. The backup is checked before anything is touched; the database it replaces is kept
 * beside it as `<name>.before-restore-<time>`. The backup is first migrated to this version in a
 * copy beside the database (`<name>.restoring-<time>`), its search index rebuilt and `PRAGMA
 * integrity_check` passed; only then does it take the database's place, so a backup that cannot be
 * migrated changes nothing.
 *
 * The backup must be this product's database (its migrations, users and games tables): another SQLite
 * file is refused. The sessions it holds are ended: a restore must not bring back sessions signed out
 * or ended ("sign out everyone") since the backup was taken, so everyone signs in again. The restore
 * is written to the audit log.
 */
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { recordAudit } from "../src/server/accounts/audit.ts";
import { closeDb, openClient, rawClient } from "../src/server/db/client.ts";
import { runMigrations } from "../src/server/db/migrate.ts";
import { env, rereadEnv } from "../src/server/env.ts";
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

/** Tables every database of this product has, from its first migrations on. */
const REQUIRED_TABLES = ["__drizzle_migrations", "users", "sessions", "games"];

const check = openClient(`file:${file}`, undefined, env().DATABASE_BUSY_TIMEOUT_MS);
try {
  const verdict = (await check.execute("PRAGMA integrity_check")).rows.map((r) => String(r[0])).join("; ");
  if (verdict !== "ok") {
    console.error(`the backup is damaged, nothing was changed: ${verdict.slice(0, 500)}`);
    process.exit(1);
  }
  const tables = new Set(
    (await check.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) =>
      String(r[0]),
    ),
  );
  const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
  if (missing.length > 0) {
    console.error(
      `${file} is not a backup of this product's database (no ${missing.join(", ")} table), nothing was changed`,
    );
    process.exit(1);
  }
} catch (error) {
  // Not a database at all, or a truncated one: SQLite's verdict in one line, not a stack trace.
  console.error(
    `${file} cannot be read as a database (${error instanceof Error ? error.message.split("\n")[0] : String(error)}), nothing was changed`,
  );
  process.exit(1);
} finally {
  check.close();
}

// The backup is brought to this version in a copy beside the database first: a file that cannot be
// migrated changes nothing, and the swap below is two renames.
const stamp = new Date().toISOString().replace(/[-:.]/g, "");
const staging = `${target}.restoring-${stamp}`;
const removeStaging = () => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(staging + suffix, { force: true });
};
copyFileSync(file, staging);
process.env.DATABASE_URL = `file:${staging}`;
rereadEnv();
let summary: { games: number; users: number; ended: number };
try {
  await runMigrations();
  await finishSnapshot(rawClient());
  // Every session the backup holds ends: one signed out or ended since it was taken would otherwise
  // work again.
  const ended = (await rawClient().execute("DELETE FROM sessions")).rowsAffected;
  const games = Number((await rawClient().execute("SELECT count(*) AS n FROM games")).rows[0]!.n);
  const users = Number((await rawClient().execute("SELECT count(*) AS n FROM users")).rows[0]!.n);
  await recordAudit({
    actorId: null,
    action: "backup.restored",
    targetId: null,
    // Run from the shell: the audit log names it so, as the shell's password reset (review r31-c #1).
    detail: { file, games, users, sessionsEnded: ended, via: "shell" },
  });
  // One file again, with no write-ahead log beside it, before it takes the database's place.
  await rawClient().execute("PRAGMA wal_checkpoint(TRUNCATE)");
  summary = { games, users, ended };
} catch (error) {
  closeDb();
  removeStaging();
  console.error(
    `${file} could not be brought to this version (${error instanceof Error ? error.message.split("\n")[0] : String(error)}), nothing was changed`,
  );
  process.exit(1);
} finally {
  closeDb();
}
for (const suffix of ["-wal", "-shm"]) rmSync(staging + suffix, { force: true });

if (existsSync(target)) {
  if (databaseInUse(target)) {
    removeStaging();
    console.error(
      `${target} was opened by another process meanwhile. Stop it and restore again. Nothing was changed.`,
    );
    process.exit(1);
  }
  // Fold the write-ahead log into the file so the copy kept aside is complete on its own.
  const current = openClient(`file:${target}`, undefined, env().DATABASE_BUSY_TIMEOUT_MS);
  try {
    await current.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    current.close();
  }
  const aside = `${target}.before-restore-${stamp}`;
  renameSync(target, aside);
  for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
  console.log(`the database it replaces is kept as ${aside}`);
}
renameSync(staging, target);
const { games, users, ended } = summary;
console.log(
  `restored ${file}: ${games} games, ${users} users; integrity check ok; ${ended} ${ended === 1 ? "session" : "sessions"} from the backup ended (everyone signs in again)`,
);
