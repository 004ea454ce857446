CREATE TABLE `community_datasets` (
	`full_name` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`stars` integer NOT NULL,
	`data` text NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `kaggle_datasets` (
	`ref` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`download_count` integer NOT NULL,
	`usability_rating` real NOT NULL,
	`size` integer NOT NULL,
	`vote_count` integer NOT NULL,
	`last_updated` text,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `source_syncs` (
	`source` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`message` text,
	`records` integer DEFAULT 0 NOT NULL,
	`last_sync_at` integer NOT NULL
);
