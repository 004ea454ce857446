CREATE TABLE `ai_analyses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`analysis_type` text NOT NULL,
	`confidence` real NOT NULL,
	`processing_time` integer NOT NULL,
	`model_used` text NOT NULL,
	`result` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ai_analyses_user_created` ON `ai_analyses` (`user_id`,`created_at`);