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

/** The catalog's name of a source's genre (matched without regard to case and outer spaces). */
export function catalogGenre(name: string): string {
  return GENRE_SYNONYMS[name.trim().toLowerCase()] ?? name;
}

/** A source's genre list in the catalog's names, each once, in its order. */
export function catalogGenres(names: readonly string[]): string[] {
  return [...new Set(names.map(catalogGenre))];
}
