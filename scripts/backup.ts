/**
 * `bun run db:backup [folder]`: a consistent snapshot of the database (VACUUM INTO), with its search
 * index rebuilt and its integrity checked, written to the folder (default BACKUP_DIR). Safe while the
 * server runs, and changes nothing in the database. Keeps the newest BACKUP_KEEP snapshots there.
 */
import { closeDb } from "../src/server/db/client.ts";
import { createBackup } from "../src/server/operations/backup.ts";

try {
  // No migrations here: a backup copies the database as it is, whichever version wrote it.
  const dir = process.argv[2];
  const backup = await createBackup(dir ? { dir } : {});
  console.log(
    `backup written: ${backup.file} (${(backup.bytes / 1024 / 1024).toFixed(1)} MiB in ${backup.ms} ms)`,
  );
} catch (error) {
  // A folder that cannot be made or written, a database that cannot be read: why, in one line.
  console.error(
    `backup failed, nothing was written: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  closeDb();
}
