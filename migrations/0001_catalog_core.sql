CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`normalized_name` text NOT NULL,
	`summary` text,
	`genres` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`platforms` text DEFAULT '[]' NOT NULL,
	`developer` text,
	`publisher` text,
	`release_date` text,
	`release_year` integer,
	`price` real,
	`rating` real,
	`rating_count` integer,
	`cover_url` text,
	`website_url` text,
	`steam_app_id` integer,
	`igdb_id` integer,
	`current_players` integer,
	`owners_estimate` integer,
	`positive_reviews` integer,
	`negative_reviews` integer,
	`popularity` real DEFAULT 0 NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `games_slug_unique` ON `games` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `games_steam_app_id_unique` ON `games` (`steam_app_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `games_igdb_id_unique` ON `games` (`igdb_id`);--> statement-breakpoint
CREATE INDEX `games_name_year_idx` ON `games` (`normalized_name`,`release_year`);--> statement-breakpoint
CREATE INDEX `games_popularity_idx` ON `games` (`popularity`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`report_type` text NOT NULL,
	`data` text,
	`generated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reports_user_idx` ON `reports` (`user_id`,`generated_at`);--> statement-breakpoint
CREATE TABLE `user_games` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`is_watchlisted` integer DEFAULT true NOT NULL,
	`play_time` integer,
	`last_played` integer,
	`rating` real,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_games_user_game_unique` ON `user_games` (`user_id`,`game_id`);