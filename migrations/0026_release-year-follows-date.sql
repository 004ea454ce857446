-- A game's release year is its release date's year. A Steam record that completed a game's date after
-- a VGChartz PC row had given it a year left the two apart (Half-Life: 1998-11-08 with the year 1997),
-- so year filters and the releases-per-year chart missed the game. The importers now keep them
-- together; rows stored before take the year of their date.
UPDATE `games` SET `release_year` = CAST(substr(`release_date`, 1, 4) AS INTEGER)
WHERE `release_date` GLOB '[0-9][0-9][0-9][0-9]*'
  AND `release_year` IS NOT CAST(substr(`release_date`, 1, 4) AS INTEGER);
