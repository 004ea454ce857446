/**
 * A deterministic pseudo-random sequence in [0, 1) (a linear congruential generator): generated test
 * catalogs are the same on every run, so a failure can be replayed.
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** One of `values`, drawn with `random`. */
export function picker<T>(random: () => number, values: readonly T[]): () => T {
  return () => values[Math.floor(random() * values.length)]!;
}
