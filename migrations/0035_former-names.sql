-- Names a game had in other records of its Steam app (a rename by a newer dataset), kept so search finds it by them.
ALTER TABLE `games` ADD `former_names` text;