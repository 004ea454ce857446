-- Report r31-a #1 (ADR 039): a release year after the date of every dated VGChartz file that lists the
-- game is a planned year, not a release ("Imagine: Makeup Artist, DS, 2020" in the file of 22 Dec 2016; the
-- undated vgsales.csv gave the game that 2020). The year alone (no release date) is dropped, as every
-- import of a VGChartz file now does (YEARS_AFTER_DATED_FILE_SQL); so is a sales row's year after its
-- own file's date, stored by imports before they checked it. The catalog change log records each game.
UPDATE `game_sales` SET `year` = NULL
WHERE `as_of` IS NOT NULL AND `year` > CAST(strftime('%Y', `as_of` / 1000, 'unixepoch') AS INTEGER);
--> statement-breakpoint
UPDATE `games` SET `release_year` = NULL WHERE `id` IN (
  SELECT s.`game_id` FROM `game_sales` s JOIN `games` g ON g.`id` = s.`game_id`
  WHERE s.`as_of` IS NOT NULL AND (g.`release_date` IS NULL OR g.`release_date` = '') AND g.`release_year` IS NOT NULL
  GROUP BY s.`game_id`
  HAVING max(g.`release_year`) > CAST(strftime('%Y', max(s.`as_of`) / 1000, 'unixepoch') AS INTEGER));
