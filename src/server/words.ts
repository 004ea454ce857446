/**
 * Small sentence pieces the server writes in its notes and answers (the analyst's texts, the sources
 * of a screen's figures), one definition each.
 */

/** "Hades", "Hades and Hollow Knight", "A, B and C". */
export const listed = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** A count with its noun: "1 game", "3 games" (never "1 games"). */
export const counted = (count: number, noun: string) =>
  `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;
