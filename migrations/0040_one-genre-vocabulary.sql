-- Report r22-a #7: one game listed under two names of one genre ("The Witcher 3: Wild Hunt — Genres:
-- RPG, Role-Playing": Steam's "RPG" beside VGChartz's "Role-Playing"), so counts by genre counted it
-- twice. The importers now write every source's genres in the catalog's names
-- (src/server/catalog/genre-names.ts GENRE_SYNONYMS: keep the two lists in step); rows written before
-- are renamed here, each genre once, in the order the row had them (a genre's first place). The update
-- logs each game in catalog_changes (trigger games_changes_au), so the catalog index, its genre facets
-- and search re-read it.
UPDATE `games` SET `genres` = (
  SELECT json_group_array(`genre`) FROM (
    SELECT CASE WHEN lower(trim(value)) IN ('role-playing', 'role-playing (rpg)', 'role-playing game') THEN 'RPG'
                ELSE value END AS `genre`,
           min(CAST(key AS INTEGER)) AS `first`
      FROM json_each(`games`.`genres`)
      GROUP BY `genre`
      ORDER BY `first`))
WHERE json_valid(`genres`) AND EXISTS (
  SELECT 1 FROM json_each(`games`.`genres`)
  WHERE lower(trim(value)) IN ('role-playing', 'role-playing (rpg)', 'role-playing game'));
