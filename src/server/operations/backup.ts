import { Database } from "bun:sqlite";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Client } from "@libsql/client";
import { openClient, rawClient } from "../db/client.ts";
import { env } from "../env.ts";
import { log } from "../log.ts";

/**
 * Backups are `VACUUM INTO` snapshots: one consistent copy of the live database taken inside a read
 * transaction, so the server keeps answering (and writing, in WAL mode) meanwhile. Each copy must pass
 * `PRAGMA integrity_check` before it counts as a backup.
 */
export const BACKUP_PREFIX = "gaming-intelligence-";
export const BACKUP_NAME = /^gaming-intelligence-\d{8}T\d{9}Z(?:-\d+)?\.db$/;

export interface BackupInfo {
  file: string;
  name: string;
  bytes: number;
  createdAt: string;
  ms: number;
}

export function backupDir(): string {
  return resolve(env().BACKUP_DIR);
}

function stamp(date: Date): string {
  // 20261123T184512345Z: to the millisecond, so names sort by time.
  return date.toISOString().replace(/[-:.]/g, "");
}

/** Checks the file; throws if SQLite finds it damaged. */
export async function finishSnapshot(client: Client): Promise<void> {
  const check = await client.execute("PRAGMA integrity_check");
  const verdict = check.rows.map((r) => String(r[0])).join("; ");
  if (verdict !== "ok") throw new Error(`the snapshot failed its integrity check: ${verdict.slice(0, 500)}`);
}

/** Takes a snapshot of the live database into the backup folder and prunes the oldest beyond `keep`. */
export async function createBackup(options: { dir?: string; keep?: number } = {}): Promise<BackupInfo> {
  const dir = options.dir ?? backupDir();
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const now = new Date();
  let name = `${BACKUP_PREFIX}${stamp(now)}.db`;
  for (let n = 1; existsIn(dir, name); n++) name = `${BACKUP_PREFIX}${stamp(now)}-${n}.db`;
  const file = join(dir, name);
  try {
    await rawClient().execute({ sql: "VACUUM INTO ?", args: [file] });
    const copy = openClient(`file:${file}`, undefined, env().DATABASE_BUSY_TIMEOUT_MS);
    try {
      await finishSnapshot(copy);
      // The copy is a single file: no WAL beside it.
      await copy.execute("PRAGMA journal_mode = DELETE");
    } finally {
      copy.close();
    }
  } catch (error) {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
    throw error;
  }
  const info: BackupInfo = {
    file,
    name,
    bytes: statSync(file).size,
    createdAt: now.toISOString(),
    ms: Math.round(performance.now() - started),
  };
  pruneBackups(dir, options.keep ?? env().BACKUP_KEEP);
  return info;
}

function existsIn(dir: string, name: string): boolean {
  try {
    statSync(join(dir, name));
    return true;
  } catch {
    return false;
  }
}

/** The backups in the folder, newest first. */
export function listBackups(dir = backupDir()): Array<Omit<BackupInfo, "ms">> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => BACKUP_NAME.test(n))
    .map((name) => {
      const st = statSync(join(dir, name));
      return {
        file: join(dir, name),
        name,
        bytes: st.size,
        createdAt: st.mtime.toISOString(),
        at: st.mtimeMs,
      };
    })
    .sort((a, b) => b.at - a.at || b.name.localeCompare(a.name))
    .map(({ at: _at, ...rest }) => rest);
}

export function pruneBackups(dir: string, keep: number): number {
  const old = listBackups(dir).slice(keep);
  for (const b of old) rmSync(b.file, { force: true });
  return old.length;
}

/** Scheduled snapshots every `BACKUP_INTERVAL_HOURS` (0: none). Answers a function that stops them. */
export function startBackupSchedule(): () => void {
  const hours = env().BACKUP_INTERVAL_HOURS;
  if (!hours || !env().DATABASE_URL.startsWith("file:")) return () => {};
  const timer = setInterval(
    () => {
      createBackup()
        .then((b) => log.info("scheduled backup written", { name: b.name, bytes: b.bytes, ms: b.ms }))
        .catch((error) => log.error("scheduled backup failed", { error: String(error) }));
    },
    hours * 60 * 60 * 1000,
  );
  timer.unref?.();
  return () => clearInterval(timer);
}

/**
 * Whether another process has the database file open (a running server, an import, a sync). Every
 * connection to a WAL database holds a shared lock on the file for as long as it is open, so an
 * exclusive lock — `locking_mode=EXCLUSIVE`, then `BEGIN EXCLUSIVE` — is refused while any other
 * process is connected, idle or not, and granted once they are all gone. A restore must not rename
 * the file under such a process: its later writes would land in the renamed file and be lost.
 * Checked against a running server process in tests/api/restore-live.test.ts.
 */
export function databaseInUse(file: string): boolean {
  const probe = new Database(file);
  try {
    probe.run("PRAGMA busy_timeout = 250");
    probe.run("PRAGMA locking_mode = EXCLUSIVE");
    probe.run("BEGIN EXCLUSIVE");
    probe.run("COMMIT");
    return false;
  } catch (error) {
    if (/locked|busy/i.test(String(error))) return true;
    throw error;
  } finally {
    probe.close();
  }
}
