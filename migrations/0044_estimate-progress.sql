CREATE TABLE `estimate_progress` (
	`id` integer PRIMARY KEY NOT NULL,
	`catalog_seq` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- From the start of the log: the first catch-up after the upgrade reads whatever the log still holds
-- (or, where it was pruned, checks every game by its inputs' fingerprint), so estimates a killed import
-- left behind before this migration are found too.
INSERT INTO `estimate_progress` (`id`, `catalog_seq`, `updated_at`) VALUES (1, 0, 0);
