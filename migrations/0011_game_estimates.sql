CREATE TABLE `game_estimates` (
	`game_id` text PRIMARY KEY NOT NULL,
	`owners_low` integer NOT NULL,
	`owners_mid` integer NOT NULL,
	`owners_high` integer NOT NULL,
	`units_low` integer NOT NULL,
	`units_mid` integer NOT NULL,
	`units_high` integer NOT NULL,
	`gross_low` real,
	`gross_mid` real,
	`gross_high` real,
	`net_low` real,
	`net_mid` real,
	`net_high` real,
	`low_signal` integer NOT NULL,
	`detail` text NOT NULL,
	`inputs_key` text NOT NULL,
	`model_version` text NOT NULL,
	`as_of` integer,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_estimates_owners_idx` ON `game_estimates` (`owners_mid`);--> statement-breakpoint
CREATE INDEX `game_estimates_gross_idx` ON `game_estimates` (`gross_mid`);--> statement-breakpoint
CREATE TABLE `game_owner_bands` (
	`game_id` text NOT NULL,
	`source` text NOT NULL,
	`low` integer NOT NULL,
	`high` integer NOT NULL,
	`as_of` integer NOT NULL,
	PRIMARY KEY(`game_id`, `source`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
