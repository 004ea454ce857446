-- Each sales row's own publisher and developer (review 8, item 7): rows of several publishers join one
-- game of their name, and a company's published units were every row of its games. Rows stored before
-- keep companies_recorded = 0 and are attributed by their game until the file is imported again.
ALTER TABLE `game_sales` ADD `publisher` text;--> statement-breakpoint
ALTER TABLE `game_sales` ADD `developer` text;--> statement-breakpoint
ALTER TABLE `game_sales` ADD `companies_recorded` integer DEFAULT 0 NOT NULL;