/** Issue 10: up to five games on the same charts. */
export const MAX_COMPARED = 5;

/** The address's ids, each once, in its order. */
export function parseIds(value: string): string[] {
  return [
    ...new Set(
      value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Which of the address's ids are compared: the first five distinct games, a game counted once under
 * whichever ids name it (`steam-730` and the catalog's own id), in the form each id resolves to as it
 * loads (`canonical`, the id itself until then; null once the catalog has answered that it holds no
 * such game). An id not in the catalog is named as such but takes none of the five places (report
 * r12-a #5: it left Team Fortress 2 out of four games). `considered` is how many ids lead up to the
 * fifth game, duplicates and unknown ids included; the ids after it are left out, unresolved.
 */
export function comparedIds(
  all: string[],
  canonical: (i: number) => string | null,
): { considered: number; games: number; leftOut: string[] } {
  const seen = new Set<string>();
  let considered = 0;
  for (; considered < all.length; considered++) {
    const game = canonical(considered);
    if (game == null) continue;
    if (!seen.has(game) && seen.size >= MAX_COMPARED) break;
    seen.add(game);
  }
  return { considered, games: seen.size, leftOut: all.slice(considered) };
}
