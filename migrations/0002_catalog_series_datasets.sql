CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`logo_url` text,
	`start_date` text,
	`description` text,
	`developed_count` integer DEFAULT 0 NOT NULL,
	`published_count` integer DEFAULT 0 NOT NULL,
	`igdb_id` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_slug_unique` ON `companies` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `companies_igdb_unique` ON `companies` (`igdb_id`);--> statement-breakpoint
CREATE TABLE `game_metrics` (
	`game_id` text NOT NULL,
	`metric` text NOT NULL,
	`ts` integer NOT NULL,
	`value` real NOT NULL,
	`period` text DEFAULT 'day' NOT NULL,
	`source` text NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_metrics_point_unique` ON `game_metrics` (`game_id`,`metric`,`ts`,`source`);--> statement-breakpoint
CREATE INDEX `game_metrics_metric_ts_idx` ON `game_metrics` (`metric`,`ts`);--> statement-breakpoint
CREATE TABLE `platforms` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`abbreviation` text,
	`generation` integer,
	`summary` text,
	`logo_url` text,
	`igdb_id` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platforms_slug_unique` ON `platforms` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `platforms_igdb_unique` ON `platforms` (`igdb_id`);--> statement-breakpoint
CREATE TABLE `esports_games` (
	`game` text PRIMARY KEY NOT NULL,
	`release_year` integer,
	`genre` text,
	`total_earnings` real NOT NULL,
	`online_earnings` real,
	`total_players` integer,
	`total_tournaments` integer,
	`source` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `esports_monthly` (
	`month` text NOT NULL,
	`game` text NOT NULL,
	`earnings` real NOT NULL,
	`players` integer,
	`tournaments` integer,
	`source` text NOT NULL,
	PRIMARY KEY(`month`, `game`)
);
--> statement-breakpoint
CREATE INDEX `esports_monthly_game_idx` ON `esports_monthly` (`game`);--> statement-breakpoint
CREATE TABLE `game_sales` (
	`game_id` text NOT NULL,
	`platform` text NOT NULL,
	`year` integer,
	`rank` integer,
	`na_sales` real,
	`eu_sales` real,
	`jp_sales` real,
	`other_sales` real,
	`global_sales` real NOT NULL,
	`critic_score` real,
	`user_score` real,
	`source` text NOT NULL,
	PRIMARY KEY(`game_id`, `platform`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_sales_global_idx` ON `game_sales` (`global_sales`);--> statement-breakpoint
CREATE TABLE `market_years` (
	`year` integer PRIMARY KEY NOT NULL,
	`total_revenue_bn` real NOT NULL,
	`growth_pct` real,
	`segments` text,
	`regions` text,
	`players_bn` real,
	`confidence` text,
	`source` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `twitch_game_months` (
	`month` text NOT NULL,
	`game` text NOT NULL,
	`rank` integer,
	`hours_watched` real NOT NULL,
	`hours_streamed` real,
	`peak_viewers` integer,
	`peak_channels` integer,
	`streamers` integer,
	`avg_viewers` real,
	`avg_channels` real,
	`source` text NOT NULL,
	PRIMARY KEY(`month`, `game`)
);
--> statement-breakpoint
CREATE INDEX `twitch_game_idx` ON `twitch_game_months` (`game`);--> statement-breakpoint
CREATE TABLE `twitch_global_months` (
	`month` text PRIMARY KEY NOT NULL,
	`hours_watched` real NOT NULL,
	`avg_viewers` real,
	`peak_viewers` integer,
	`streams` integer,
	`avg_channels` real,
	`games_streamed` integer,
	`source` text NOT NULL
);
