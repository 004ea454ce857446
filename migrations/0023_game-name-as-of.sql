-- The data date of a game's name, so an older dataset imported later does not put an older name back
-- (a 2019 store snapshot after SteamCharts' 2022 file). Rows written before stay null: their newest
-- price, review or owners point dates the name, as before, until a dataset naming them is imported again.
ALTER TABLE `games` ADD `name_as_of` integer;--> statement-breakpoint
-- "Unknown" and "N/A" are the datasets' placeholders (VGChartz's publisher, Steam's developer), not a
-- company: the importers no longer store them, and rows stored before lose them.
UPDATE `games` SET `publisher` = NULL WHERE lower(trim(`publisher`)) IN ('unknown', 'n/a');--> statement-breakpoint
UPDATE `games` SET `developer` = NULL WHERE lower(trim(`developer`)) IN ('unknown', 'n/a');
