import { rawClient } from "../db/client.ts";
import { log } from "../log.ts";

/**
 * One sync per source across processes (review r27 #6): the server's scheduled runs and
 * `bun run sync` are separate processes on one database, and each process's own guard (a Set) cannot
 * see the other's. A run takes its source's row of `sync_leases` in one statement, notes every
 * SYNC_LEASE_HEARTBEAT_MS that it is still running, and lets go when it ends. A row not seen for
 * SYNC_LEASE_EXPIRY_MS belongs to a process that stopped without letting go (killed, crashed): the
 * next run takes it over, so a crash never blocks a source for long.
 */
export const SYNC_LEASE_HEARTBEAT_MS = 5_000;
export const SYNC_LEASE_EXPIRY_MS = 60_000;

export interface SyncLease {
  /** Lets go of the lease (only this run's: one taken over since is left alone). */
  release(): Promise<void>;
}

/**
 * Takes the source's lease, or answers when the run holding it started. The holder names this
 * process and run; the row is taken over only when its last note is older than the expiry.
 */
export async function takeSyncLease(
  source: string,
  now = Date.now(),
): Promise<SyncLease | { heldSince: Date }> {
  const holder = `${process.pid}:${crypto.randomUUID()}`;
  const client = rawClient();
  const taken = await client.execute({
    sql: `INSERT INTO sync_leases (source, holder, started_at, seen_at) VALUES (?1, ?2, ?3, ?3)
          ON CONFLICT (source) DO UPDATE SET holder = excluded.holder, started_at = excluded.started_at,
            seen_at = excluded.seen_at
          WHERE sync_leases.seen_at < ?4
          RETURNING holder`,
    args: [source, holder, now, now - SYNC_LEASE_EXPIRY_MS],
  });
  if (!taken.rows.length) {
    const held = await client.execute({
      sql: "SELECT started_at FROM sync_leases WHERE source = ?",
      args: [source],
    });
    // Let go between the two reads: another attempt will find it free.
    return { heldSince: new Date(Number(held.rows[0]?.started_at ?? now)) };
  }
  const heartbeat = setInterval(() => {
    client
      .execute({
        sql: "UPDATE sync_leases SET seen_at = ? WHERE source = ? AND holder = ?",
        args: [Date.now(), source, holder],
      })
      // A busy database only delays the note to the next beat (the expiry allows several).
      .catch((error) => log.warn("sync lease not renewed", { source, error: String(error) }));
  }, SYNC_LEASE_HEARTBEAT_MS);
  heartbeat.unref?.();
  return {
    async release() {
      clearInterval(heartbeat);
      await client.execute({
        sql: "DELETE FROM sync_leases WHERE source = ? AND holder = ?",
        args: [source, holder],
      });
    },
  };
}
