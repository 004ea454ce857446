/**
 * `dataVersion()` (client.ts) reads SQLite's `data_version` pragma: a read transaction on Bun's
 * connection, three system calls, 2.4 µs alone and tens of microseconds under load. A search asks it
 * up to six times (the session cache, the search index, the kept answers and games), so its answer
 * is kept until either can have moved it:
 * - this process runs any libSQL statement (every write of this process goes through libSQL; Bun's
 *   connection is read-only): busy-guard.ts forgets the answer after each one;
 * - the event loop turns (another process's commit): forgotten in the next check phase.
 * Within one turn, a commit by another process is then seen at the turn's end at the latest, which
 * is the same as the turn having run just before it.
 */
let remembered: number | null | undefined;
let forgetting = false;

/** The answer kept for this turn, or undefined when there is none. */
export function rememberedVersion(): number | null | undefined {
  return remembered;
}

export function rememberVersion(version: number | null): void {
  remembered = version;
  if (forgetting) return;
  forgetting = true;
  setImmediate(() => {
    forgetting = false;
    remembered = undefined;
  });
}

/** After a statement of this process: it may have committed. */
export function forgetVersion(): void {
  remembered = undefined;
}
