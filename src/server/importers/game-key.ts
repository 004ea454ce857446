/**
 * The key that joins a game of the Esports Earnings files to the same game in the Twitch files. The
 * two spell names differently: "PLAYERUNKNOWN’S BATTLEGROUNDS" (windows-1252 byte 0x92) and
 * "PLAYERUNKNOWN'S BATTLEGROUNDS", "Dead By Daylight" and "Dead by Daylight", "Halo: Infinite" and
 * "Halo Infinite". The key folds ASCII case and drops quote and apostrophe marks, ™ ® © ℠, spaces and
 * the punctuation the files disagree on (: - . , ! ? ( ) / _).
 *
 * It is stored beside each name at import (`game_key`), and migration 0025 fills it for rows imported
 * before with the same rule written in SQL (GAME_KEY_SQL): only ASCII letters change case, as SQLite's
 * `lower()` does, so the two always agree (a test holds them to each other).
 */
export const GAME_KEY_DROPPED = [
  " ",
  "\t",
  "\u00a0",
  "'",
  "\u2019",
  "\u2018",
  "`",
  "\u00b4",
  '"',
  "\u201c",
  "\u201d",
  "\u2122",
  "\u00ae",
  "\u00a9",
  "\u2120",
  ":",
  "-",
  ".",
  ",",
  "!",
  "?",
  "(",
  ")",
  "/",
  "_",
] as const;

const DROPPED = new RegExp(
  `[${GAME_KEY_DROPPED.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}]`,
  "g",
);

export function gameKey(name: string): string {
  return name.replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(DROPPED, "");
}

/** The same key as an SQL expression over `column` (SQLite's `lower()` folds ASCII letters only). */
export function gameKeySql(column: string): string {
  return GAME_KEY_DROPPED.reduce(
    (expr, c) => `replace(${expr}, char(${c.codePointAt(0)}), '')`,
    `lower(${column})`,
  );
}
