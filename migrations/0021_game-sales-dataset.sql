-- Which file each VGChartz sales row came from and when that file was taken, so a game or company page
-- can name the dataset and its date beside the published units. Rows imported before stay null (undated).
ALTER TABLE `game_sales` ADD `dataset` text;--> statement-breakpoint
ALTER TABLE `game_sales` ADD `as_of` integer;
