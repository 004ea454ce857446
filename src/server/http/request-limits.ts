import { modelDeadlineMs } from "../ai/llm.ts";
import { IDLE_MARGIN_S, MAX_AI_TIMEOUT_MS, MAX_IDLE_TIMEOUT_S } from "./idle-limits.ts";

/**
 * How long the server keeps a quiet connection, from the longest any request legitimately works:
 * a model call with every attempt and wait (the analyses; the chat also writes keep-alives), and a
 * page's wait on GitHub (the dataset content route). Bun's default of 10 s cut both mid-work, so the
 * caller got an empty reply instead of the answer or its problem JSON.
 */

export { IDLE_MARGIN_S, MAX_AI_TIMEOUT_MS, MAX_IDLE_TIMEOUT_S };

/**
 * The longest a page's request waits on GitHub for a repository's data file. One adapter request
 * may take 4 attempts of 10 s with backoff (about 42 s), and the route makes up to four in turn; past
 * this the route answers 504 problem JSON (the work goes on and fills the cache for the next try).
 */
export const GITHUB_ROUTE_DEADLINE_MS = 45_000;

/** Bun.serve's `idleTimeout` in seconds for a model whose one attempt may take `aiTimeoutMs`. */
export function serverIdleTimeoutSeconds(aiTimeoutMs: number): number {
  const longestMs = Math.max(modelDeadlineMs(aiTimeoutMs), GITHUB_ROUTE_DEADLINE_MS);
  return Math.min(MAX_IDLE_TIMEOUT_S, Math.ceil(longestMs / 1000) + IDLE_MARGIN_S);
}
