ALTER TABLE `source_syncs` ADD `last_success_at` integer;--> statement-breakpoint
ALTER TABLE `source_syncs` ADD `duration_ms` integer;--> statement-breakpoint
CREATE INDEX `community_datasets_kind_stars` ON `community_datasets` (`kind`,`stars`);--> statement-breakpoint
CREATE INDEX `store_offers_store_free` ON `store_offers` (`store`,`free`);