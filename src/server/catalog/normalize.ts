/**
 * The name-matching key (issue 4): lower case, accents and trademark signs removed, punctuation
 * folded to spaces. "Baldur's Gate 3" and "BALDUR’S GATE™ 3" give the same key.
 */
export function normalizeName(name: string): string {
  return (
    name
      // Before NFKD, which would turn "™" into the letters "TM".
      .replace(/[™®©℠]/g, "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/['’`]/g, "")
      .replace(/&/g, " and ")
      .replace(/[^a-z0-9]+/g, " ")
      .trim()
  );
}

export function slugify(name: string): string {
  return slugOfNormalized(normalizeName(name));
}

/** `slugify` of a name whose `normalizeName` is already known. */
export function slugOfNormalized(normalized: string): string {
  return normalized.replace(/ /g, "-").slice(0, 80) || "game";
}
