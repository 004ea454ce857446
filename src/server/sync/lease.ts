import { rawClient } from "../db/client.ts";
import { log } from "../log.ts";
import { holderEnded, thisHost } from "../operations/process-alive.ts";

/**
 * One sync per source across processes (review r27 #6): the server's scheduled runs and
 * `bun run sync` are separate processes on one database, and each process's own guard (a Set) cannot
 * see the other's. A run takes its source's row of `sync_leases` in one statement, notes every
 * SYNC_LEASE_HEARTBEAT_MS that it is still running, and lets go when it ends. A row not seen for
 * SYNC_LEASE_EXPIRY_MS belongs to a process that stopped without letting go (killed, crashed): the
 * next run takes it over, so a crash never blocks a source for long.
 *
 * The holder names its machine, process and run (review r29-b #5): a row whose process is of this
 * machine and has ended is taken over at once, not after the expiry (a server or `bun run sync`
 * killed and started again at once); and a server that finds a workflow run interrupted at its start
 * lets go of the leases that run held (`releaseRunLeases`). Another machine's process cannot be
 * asked, so its rows keep the expiry.
 */
export const SYNC_LEASE_HEARTBEAT_MS = 5_000;
export const SYNC_LEASE_EXPIRY_MS = 60_000;

/** Who holds a lease, as stored in `holder` (JSON). Rows written before it held `pid:random`. */
interface Holder {
  host: string;
  pid: number;
  token: string;
  /** The workflow run whose step the sync is, if it is one. */
  run?: string;
}

function parseHolder(text: string): Holder | null {
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    if (typeof h.host !== "string" || typeof h.pid !== "number" || typeof h.token !== "string") return null;
    return { host: h.host, pid: h.pid, token: h.token, ...(typeof h.run === "string" ? { run: h.run } : {}) };
  } catch {
    return null;
  }
}

/** The tokens of the leases this process holds now. */
const held = new Set<string>();

/**
 * Whether the process holding a lease is known to have ended (`holderEnded` of process-alive, this
 * process holding it when the token is one of its leases). Unknown (another machine's, an old row): false.
 */
function leaseHolderEnded(holder: Holder | null): boolean {
  return holder != null && holderEnded(holder, held.has(holder.token));
}

export interface SyncLease {
  /** Lets go of the lease (only this run's: one taken over since is left alone). */
  release(): Promise<void>;
}

/**
 * Takes the source's lease, or answers when the run holding it started. The holder names this
 * machine, process and run; the row is taken over when its last note is older than the expiry, or
 * at once when its process (of this machine) has ended.
 */
export async function takeSyncLease(
  source: string,
  now = Date.now(),
  options: { run?: string } = {},
): Promise<SyncLease | { heldSince: Date }> {
  const token = crypto.randomUUID();
  const holder = JSON.stringify({
    host: thisHost(),
    pid: process.pid,
    token,
    ...(options.run ? { run: options.run } : {}),
  } satisfies Holder);
  const client = rawClient();
  let taken = await client.execute({
    sql: `INSERT INTO sync_leases (source, holder, started_at, seen_at) VALUES (?1, ?2, ?3, ?3)
          ON CONFLICT (source) DO UPDATE SET holder = excluded.holder, started_at = excluded.started_at,
            seen_at = excluded.seen_at
          WHERE sync_leases.seen_at < ?4
          RETURNING holder`,
    args: [source, holder, now, now - SYNC_LEASE_EXPIRY_MS],
  });
  if (!taken.rows.length) {
    const current = await client.execute({
      sql: "SELECT holder, started_at FROM sync_leases WHERE source = ?",
      args: [source],
    });
    const row = current.rows[0];
    if (row && leaseHolderEnded(parseHolder(String(row.holder)))) {
      // Its process has ended: taken over, unless another run took it over meanwhile.
      taken = await client.execute({
        sql: `UPDATE sync_leases SET holder = ?1, started_at = ?2, seen_at = ?2
              WHERE source = ?3 AND holder = ?4 RETURNING holder`,
        args: [holder, now, source, String(row.holder)],
      });
      if (taken.rows.length) log.info("sync lease of an ended process taken over", { source });
    }
    if (!taken.rows.length) {
      // Let go between the two reads: another attempt will find it free.
      return { heldSince: new Date(Number(row?.started_at ?? now)) };
    }
  }
  held.add(token);
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
      try {
        await client.execute({
          sql: "DELETE FROM sync_leases WHERE source = ? AND holder = ?",
          args: [source, holder],
        });
      } finally {
        held.delete(token);
      }
    },
  };
}

/**
 * Lets go of the leases the given workflow runs held: a server calls it for the runs it finds
 * interrupted at its start, whose process stopped. A lease whose process is alive on this machine
 * is left alone (it is running, whatever the run's row says). Answers the sources let go of.
 */
export async function releaseRunLeases(runIds: string[]): Promise<string[]> {
  if (!runIds.length) return [];
  const runs = new Set(runIds);
  const client = rawClient();
  const rows = (await client.execute("SELECT source, holder FROM sync_leases")).rows;
  const released: string[] = [];
  for (const row of rows) {
    const holder = parseHolder(String(row.holder));
    if (!holder?.run || !runs.has(holder.run)) continue;
    const alive = holder.host === thisHost() && !leaseHolderEnded(holder);
    if (alive) continue;
    const gone = await client.execute({
      sql: "DELETE FROM sync_leases WHERE source = ? AND holder = ? RETURNING source",
      args: [String(row.source), String(row.holder)],
    });
    if (gone.rows.length) released.push(String(row.source));
  }
  return released;
}
