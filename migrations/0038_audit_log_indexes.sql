DROP INDEX `audit_created_idx`;--> statement-breakpoint
CREATE INDEX `audit_action_created_idx` ON `audit_log` (`action`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`,`id`);