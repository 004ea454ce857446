import { Database } from "bun:sqlite";
import { closeSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Client } from "@libsql/client";
import { openClient, rawClient } from "../db/client.ts";
import { env } from "../env.ts";
import { log } from "../log.ts";
import { holderEnded, thisHost } from "./process-alive.ts";

/**
 * Backups are `VACUUM INTO` snapshots: one consistent copy of the live database taken inside a read
 * transaction, so the server keeps answering (and writing, in WAL mode) meanwhile. Each copy must pass
 * `PRAGMA integrity_check` before it counts as a backup: it is written under a temporary name
 * (`<name>.<pid>@<host>.partial`), checked, and only then renamed to its final name, so a run killed
 * part-way (kill -9, OOM, the server stopping) never leaves a file that is listed, downloaded or
 * counted toward BACKUP_KEEP (review r29-b #1). What such runs leave is removed by the next backup
 * once nothing can still be writing it (`removeLeftovers`).
 */
export const BACKUP_PREFIX = "gaming-intelligence-";
export const BACKUP_NAME = /^gaming-intelligence-\d{8}T\d{9}Z(?:-\d+)?\.db$/;
/** A copy being written, or left by a run that was killed: the final name, the writer's pid and host. */
const PARTIAL_NAME = /^(gaming-intelligence-\d{8}T\d{9}Z(?:-\d+)?\.db)\.(\d+)@([A-Za-z0-9-]+)\.partial$/;
/** The files SQLite may keep beside a database while it writes it. */
const SIDECARS = ["-journal", "-wal", "-shm"] as const;
/**
 * A leftover whose writer cannot be asked (another machine's, or a copy under a final name with a
 * journal beside it, as runs before review r29-b left them) is removed once it has not changed for
 * this long: a copy being written changes all the time, and checking one takes minutes at most.
 */
export const BACKUP_LEFTOVER_MS = 60 * 60 * 1000;

/** The temporary files this process is writing now. */
const writing = new Set<string>();

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

function removeWithSidecars(file: string): void {
  for (const suffix of ["", ...SIDECARS]) rmSync(file + suffix, { force: true });
}

/** Takes a snapshot of the live database into the backup folder and prunes the oldest beyond `keep`. */
export async function createBackup(options: { dir?: string; keep?: number } = {}): Promise<BackupInfo> {
  const dir = options.dir ?? backupDir();
  mkdirSync(dir, { recursive: true });
  removeLeftovers(dir);
  const started = performance.now();
  const now = new Date();
  const finalName = (): string => {
    let name = `${BACKUP_PREFIX}${stamp(now)}.db`;
    for (let n = 1; existsIn(dir, name); n++) name = `${BACKUP_PREFIX}${stamp(now)}-${n}.db`;
    return name;
  };
  const partial = join(dir, `${finalName()}.${process.pid}@${thisHost()}.partial`);
  writing.add(partial);
  let name: string;
  let file: string;
  try {
    await rawClient().execute({ sql: "VACUUM INTO ?", args: [partial] });
    const copy = openClient(`file:${partial}`, undefined, env().DATABASE_BUSY_TIMEOUT_MS);
    try {
      await finishSnapshot(copy);
      // The copy is a single file: no WAL beside it.
      await copy.execute("PRAGMA journal_mode = DELETE");
    } finally {
      copy.close();
    }
    // Checked: only now does it take a backup's name (a rename in one folder is atomic).
    name = finalName();
    file = join(dir, name);
    renameSync(partial, file);
  } catch (error) {
    removeWithSidecars(partial);
    throw error;
  } finally {
    writing.delete(partial);
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

/**
 * Whether a file under a backup's name is a whole database: no journal or WAL beside it (a copy
 * still, or last, being written), SQLite's header, and as many bytes as the header's page count
 * says. Reads 100 bytes; a backup this code wrote always passes (it was checked before its rename).
 */
function completeCopy(file: string, names: Set<string>, bytes: number): boolean {
  const base = file.slice(file.lastIndexOf("/") + 1);
  if (names.has(`${base}-journal`) || names.has(`${base}-wal`)) return false;
  if (bytes < 512) return false;
  const header = Buffer.alloc(100);
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    if (readSync(fd, header, 0, 100, 0) < 100) return false;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  if (header.toString("latin1", 0, 16) !== "SQLite format 3\0") return false;
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return false;
  const pages = header.readUInt32BE(28);
  // The page count is valid when the change counter matches its "valid for" copy (SQLite 3.7+).
  if (pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92)) return bytes === pages * pageSize;
  return bytes % pageSize === 0;
}

function readNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The backups in the folder, newest first: whole copies only, never one being written or left by a killed run. */
export function listBackups(dir = backupDir()): Array<Omit<BackupInfo, "ms">> {
  const names = readNames(dir);
  const present = new Set(names);
  return names
    .filter((n) => BACKUP_NAME.test(n))
    .flatMap((name) => {
      const file = join(dir, name);
      let st: ReturnType<typeof statSync>;
      try {
        st = statSync(file);
      } catch {
        return []; // removed meanwhile
      }
      if (!completeCopy(file, present, st.size)) return [];
      return [{ file, name, bytes: st.size, createdAt: st.mtime.toISOString(), at: st.mtimeMs }];
    })
    .sort((a, b) => b.at - a.at || b.name.localeCompare(a.name))
    .map(({ at: _at, ...rest }) => rest);
}

/** Deletes the whole backups beyond the newest `keep` (with anything beside them); createBackup removes the leftovers of killed runs as it starts. */
export function pruneBackups(dir: string, keep: number): number {
  const old = listBackups(dir).slice(keep);
  for (const b of old) removeWithSidecars(b.file);
  return old.length;
}

/** The newest change to a file or the files beside it; 0 when none exists. */
function lastChanged(file: string): number {
  let newest = 0;
  for (const suffix of ["", ...SIDECARS]) {
    try {
      newest = Math.max(newest, statSync(file + suffix).mtimeMs);
    } catch {
      // not there
    }
  }
  return newest;
}

/**
 * Removes what killed runs left in the folder, never what a running backup is still writing:
 * - a temporary copy (`….partial`) of this machine whose process has ended (or of this process's
 *   pid but not being written by it: a process before a restart that got the same pid), at once;
 *   one of another machine once unchanged for BACKUP_LEFTOVER_MS;
 * - a file under a backup's name that is not a whole copy (runs before the temporary name wrote
 *   there directly and left it with its journal), once unchanged for BACKUP_LEFTOVER_MS;
 * - a journal, WAL or shared-memory file whose database is gone (a pruned or removed copy).
 * Answers how many files were removed.
 */
export function removeLeftovers(dir: string, now = Date.now()): number {
  const names = readNames(dir);
  const present = new Set(names);
  let removed = 0;
  const remove = (file: string) => {
    for (const suffix of ["", ...SIDECARS]) {
      try {
        rmSync(file + suffix);
        removed++;
      } catch {
        // not there, or removed by another process meanwhile
      }
    }
  };
  const unchanged = (file: string) => now - lastChanged(file) >= BACKUP_LEFTOVER_MS;
  for (const name of names) {
    const file = join(dir, name);
    const partial = PARTIAL_NAME.exec(name);
    if (partial) {
      if (writing.has(file)) continue;
      const host = partial[3] ?? "";
      const mine = host === thisHost();
      // Not being written by this process (that was skipped above).
      const ended = holderEnded({ host, pid: Number(partial[2]) }, false);
      if (ended || (!mine && unchanged(file))) remove(file);
      continue;
    }
    if (BACKUP_NAME.test(name)) {
      let bytes: number;
      try {
        bytes = statSync(file).size;
      } catch {
        continue;
      }
      if (!completeCopy(file, present, bytes) && unchanged(file)) remove(file);
      continue;
    }
    const sidecar = SIDECARS.find((s) => name.endsWith(s));
    if (sidecar) {
      const base = name.slice(0, -sidecar.length);
      if ((BACKUP_NAME.test(base) || PARTIAL_NAME.test(base)) && !present.has(base)) {
        try {
          rmSync(file);
          removed++;
        } catch {
          // removed meanwhile
        }
      }
    }
  }
  return removed;
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
