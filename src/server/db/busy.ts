/**
 * A lock held by another writer that outlasted the connection's wait (`DATABASE_BUSY_TIMEOUT_MS`).
 * libSQL reports it as SQLITE_BUSY (or SQLITE_LOCKED for a lock inside the same process), and
 * drizzle wraps the driver's error in its own, so the whole `cause` chain is searched.
 */
const BUSY_CODES = new Set(["SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_RECOVERY"]);

/** The SQLite result code behind an error (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`…), if there is one. */
export function sqliteCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const e = current as { code?: unknown; extendedCode?: unknown; cause?: unknown };
    if (typeof e.extendedCode === "string" && e.extendedCode.startsWith("SQLITE_")) return e.extendedCode;
    if (typeof e.code === "string" && e.code.startsWith("SQLITE_")) return e.code;
    current = e.cause;
  }
  return undefined;
}

export function isBusyError(error: unknown): boolean {
  const code = sqliteCode(error);
  if (code && (BUSY_CODES.has(code) || code.startsWith("SQLITE_BUSY"))) return true;
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof Error && /database is locked|database table is locked/i.test(current.message))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is told to wait before retrying a write refused on a lock. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export interface BusyRetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Wait before the second attempt; doubled each time after, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told about each retry (for a progress line). */
  onRetry?: (attempt: number, delayMs: number, error: unknown) => void;
}

/**
 * Runs `work` again with backoff while it fails on a lock. Only for work that is safe to repeat
 * whole: a failed write batch is rolled back as one, and the importers' upserts are idempotent.
 */
export async function withBusyRetry<T>(work: () => Promise<T>, options: BusyRetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 8;
  const base = options.baseDelayMs ?? 250;
  const max = options.maxDelayMs ?? 8000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isBusyError(error) || attempt >= attempts) throw error;
      const delay = Math.min(max, base * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
      options.onRetry?.(attempt, Math.round(delay), error);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
