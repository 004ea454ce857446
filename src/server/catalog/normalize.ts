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

/**
 * A name as text to find a query in: case, accents, trademark signs and apostrophe variants folded,
 * every other character kept. "NARAKA: BLADEPOINT" → "naraka: bladepoint", "Baldur’s" → "baldur's".
 */
export function foldName(name: string): string {
  return name
    .replace(/[™®©℠]/g, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’`]/g, "'");
}

/**
 * Whether a name holds a query (the screener's `q`, "part of the name, case-insensitive"). A query of
 * words alone — ASCII letters and digits once accents are removed, spaces, apostrophes — is found in
 * the name-matching key, so "baldurs gate" finds "Baldur’s Gate 3". Any other character (`%`, `_`,
 * `-`, `:`, `+`, letters the key has no place for such as "ストライダー") would vanish from the key,
 * and a query such as "%" would then match every game: such a query must appear in the folded name
 * as written. Null for an empty query (no filter).
 */
export function nameQuery(q: string): { key: string } | { folded: string } | null {
  const text = q.trim();
  if (!text) return null;
  const bare = text
    .replace(/[™®©℠]/g, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  if (/^[A-Za-z0-9\s'’`]*$/.test(bare)) {
    const key = normalizeName(text);
    if (key) return { key };
  }
  return { folded: foldName(text) };
}
