import { GENRE_SYNONYMS } from "../../contracts/facet-keys.ts";

/** The table of genre synonyms lives with the catalog's list keys, which the screens' pick lists share. */
export { GENRE_SYNONYMS };

/** The catalog's name of a source's genre (matched without regard to case and outer spaces). */
export function catalogGenre(name: string): string {
  return GENRE_SYNONYMS[name.trim().toLowerCase()] ?? name;
}

/** A source's genre list in the catalog's names, each once, in its order. */
export function catalogGenres(names: readonly string[]): string[] {
  return [...new Set(names.map(catalogGenre))];
}
