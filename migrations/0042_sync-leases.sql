CREATE TABLE `sync_leases` (
	`source` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`started_at` integer NOT NULL,
	`seen_at` integer NOT NULL
);
