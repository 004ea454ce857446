import { hostname } from "node:os";

/**
 * Who is doing something across processes (a backup being written, a sync's lease) is named by the
 * machine and the process id. On the same machine, whether that process still exists can be asked
 * (`kill(pid, 0)`); a process of another machine (a shared folder or database file) cannot be, and
 * only the age of what it left tells.
 */

/** This machine's name, as holders carry it: letters, digits and dashes only. */
export function thisHost(): string {
  return hostname().replace(/[^A-Za-z0-9-]/g, "-") || "unknown-host";
}

/**
 * Whether process `pid` of this machine has ended. This process is never ended; a process that
 * exists but belongs to another user (EPERM) is alive. A pid reused since by another process reads
 * as alive: only the slower rule then applies.
 */
export function processEnded(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Whether the process that a holder (a lease, a temporary file) names is known to have ended: it is of
 * this machine, and either no such process exists or it is this process's pid while this process does
 * not hold it (`heldHere`: a process before a restart that got the same pid). Another machine's: false.
 */
export function holderEnded(holder: { host: string; pid: number }, heldHere: boolean): boolean {
  if (holder.host !== thisHost()) return false;
  if (holder.pid === process.pid) return !heldHere;
  return processEnded(holder.pid);
}
