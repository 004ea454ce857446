import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { catalogGenres, GENRE_SYNONYMS } from "./genre-names.ts";

test("a source's name for a genre the catalog names otherwise is the catalog's, each genre once", () => {
  expect(catalogGenres(["Role-Playing"])).toEqual(["RPG"]);
  expect(catalogGenres(["Action", "RPG", "Role-Playing", "Role-playing (RPG)"])).toEqual(["Action", "RPG"]);
  // Genres without a catalog synonym stay as the source wrote them.
  expect(catalogGenres(["Platform", "Shooter", "Misc"])).toEqual(["Platform", "Shooter", "Misc"]);
});

// Review r24 #7: migration 0040 restates GENRE_SYNONYMS in SQL (a migration cannot import it). Every
// synonym is renamed there too, to the same genre, so rows written before and after read alike.
test("migration 0040 renames every synonym of GENRE_SYNONYMS to its catalog genre", () => {
  const sql = readFileSync(
    new URL("../../../migrations/0040_one-genre-vocabulary.sql", import.meta.url),
    "utf8",
  );
  const lists = [...sql.matchAll(/lower\(trim\(value\)\) IN \(((?:'[^']*'(?:, *)?)+)\)/g)].map((m) =>
    [...m[1]!.matchAll(/'([^']*)'/g)].map((q) => q[1]).sort(),
  );
  // The CASE that renames and the WHERE that picks the rows.
  expect(lists).toHaveLength(2);
  for (const list of lists) expect(list).toEqual(Object.keys(GENRE_SYNONYMS).sort());
  const targets = [...sql.matchAll(/THEN '([^']*)'/g)].map((m) => m[1]);
  expect(targets).toEqual([...new Set(Object.values(GENRE_SYNONYMS))]);
});
