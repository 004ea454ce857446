CREATE TABLE `workflow_executions` (
	`id` text PRIMARY KEY NOT NULL,
	`workflow_id` text NOT NULL,
	`status` text NOT NULL,
	`current_step` integer DEFAULT 0 NOT NULL,
	`total_steps` integer NOT NULL,
	`steps` text NOT NULL,
	`trigger` text NOT NULL,
	`triggered_by` text,
	`metadata` text,
	`error` text,
	`started_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`triggered_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `workflow_executions_started` ON `workflow_executions` (`started_at`);--> statement-breakpoint
CREATE INDEX `workflow_executions_workflow` ON `workflow_executions` (`workflow_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `workflow_states` (
	`workflow_id` text PRIMARY KEY NOT NULL,
	`active` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
