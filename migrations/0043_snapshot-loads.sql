CREATE TABLE `snapshot_loads` (
	`name` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer
);
