/** The search minimum as plain values (no zod), for the client bundle; `games.ts` adds the schema. */

/** Spec §5: search needs at least 3 characters (after trimming), counted as `searchableLength` does. */
export const SEARCH_MIN_LENGTH = 3;

/**
 * The letters and digits of a query: search matches words of them, and every other character only
 * separates words (docs/decisions/006-search-and-trending.md). "c++" is one letter, searched as "c",
 * so the minimum counts these.
 */
export function searchableLength(q: string): number {
  return q.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
