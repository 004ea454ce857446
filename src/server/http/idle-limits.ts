/**
 * The server's idle-timeout bounds, with no imports: the environment's check (env.ts) and the server's
 * timeouts (request-limits.ts) both read them, and request-limits imports the model code, which reads
 * the environment.
 */

/** Bun's largest `idleTimeout` (seconds); 0 would turn the timeout off, which we do not want. */
export const MAX_IDLE_TIMEOUT_S = 255;

/** What a request spends besides waiting on the model or GitHub (database reads, facts, storing). */
export const IDLE_MARGIN_S = 15;

/** The largest AI_TIMEOUT_MS whose deadline (two attempts' worth) still fits the idle timeout. */
export const MAX_AI_TIMEOUT_MS = ((MAX_IDLE_TIMEOUT_S - IDLE_MARGIN_S) * 1000) / 2;
