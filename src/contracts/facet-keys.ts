/**
 * How the catalog files a genre, tag or platform value, one definition for the server (the catalog
 * index's filters: `tag=Roguelike` finds the "Rogue-like" games) and the screener's pick lists (typing
 * "Roguelike" offers "Rogue-like": review r33-a #5).
 */

export type ListField = "genres" | "tags" | "platforms";

/**
 * One genre vocabulary for the catalog (report r22-a #7: "The Witcher 3: Wild Hunt — Genres: RPG,
 * Role-Playing", Steam's "RPG" beside VGChartz's "Role-Playing", so counting games by genre counted
 * one game under two labels). Every source's genres pass through `catalogGenres` where records
 * become catalog rows (catalog/write.ts upsertGames): a source's name for a genre the catalog already
 * names another way is written as the catalog's. Steam's names are the catalog's (most of its games
 * are Steam's). Migration 0040 applies the same table to rows written before; keep the two in step.
 *
 * Only names meaning the same genre: VGChartz's "Platform", "Shooter" and "Misc" have no Steam genre
 * (Steam files platformers and shooters under its tags), so they stay as they are.
 */
export const GENRE_SYNONYMS: Readonly<Record<string, string>> = {
  // VGChartz (vgsales.csv, Video_Games_Sales_as_at_22_Dec_2016.csv).
  "role-playing": "RPG",
  // IGDB and esports datasets.
  "role-playing (rpg)": "RPG",
  "role-playing game": "RPG",
};

/** SQLite's NOCASE: only ASCII letters fold. */
export function foldCase(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

/**
 * Genre names the sources spell apart for one genre: VGChartz's "Role-Playing" is Steam's "RPG", so
 * screening "Role-Playing" finds them all. The importers write the catalog's name (GENRE_SYNONYMS, the
 * one table of them); a filter may still use the other.
 */
const GENRE_ALIASES: Record<string, string> = Object.fromEntries(
  Object.entries(GENRE_SYNONYMS).map(([name, genre]) => [name, foldCase(genre)]),
);
/**
 * The same for tags (and genres): the 2019 Kaggle file spells "Rogue-like" and "Rogue-lite" where
 * Steam and SteamSpy now write "Roguelike" and "Roguelite", so a screen for "Roguelike" found none
 * of the 132 older games (report r15-a #9).
 */
const TAG_ALIASES: Record<string, string> = { "rogue-like": "roguelike", "rogue-lite": "roguelite" };

/** The key a list value is filed under: case folded, and another spelling of the same genre or tag as its alias. */
export function listKey(field: ListField, value: string): string {
  const key = foldCase(value);
  if (field === "platforms") return key;
  return (field === "genres" ? GENRE_ALIASES[key] : undefined) ?? TAG_ALIASES[key] ?? key;
}

/**
 * Typed text as a pick list compares it with a value's key: each word that is a whole alias ("rogue-
 * like", "Role-Playing") read as its key, so "Roguelike" and "rogue-like deckbuilder" find the values
 * filed under them, as the server's filter would.
 */
export function listSearchKey(field: ListField, text: string): string {
  const folded = foldCase(text.trim());
  // listKey folds case itself: the whole text's key differs from the folded text when it is an alias.
  const whole = listKey(field, folded);
  if (whole !== folded) return whole;
  return folded
    .split(/(\s+)/)
    .map((w) => (/\s/.test(w) ? w : listKey(field, w)))
    .join("");
}
