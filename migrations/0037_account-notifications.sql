-- Account notifications (kind 'account'): about the account itself, not a game, so `game_id` may be
-- null. SQLite cannot relax NOT NULL in place: the table is rebuilt. The triggers on `games` and
-- `game_metrics` name `notifications` in their bodies, so the rename runs with legacy_alter_table on
-- (otherwise SQLite refuses it while those triggers point at the dropped table); they are unchanged.
PRAGMA legacy_alter_table = ON;--> statement-breakpoint
CREATE TABLE `notifications_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `notifications_new` (`id`, `user_id`, `game_id`, `kind`, `detail`, `created_at`, `read_at`)
  SELECT `id`, `user_id`, `game_id`, `kind`, `detail`, `created_at`, `read_at` FROM `notifications`;--> statement-breakpoint
-- Ids never go back: the sequence carries on from where the old table's stood.
UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence WHERE name = 'notifications')
  WHERE name = 'notifications_new' AND seq < (SELECT seq FROM sqlite_sequence WHERE name = 'notifications');--> statement-breakpoint
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'notifications_new', seq FROM sqlite_sequence WHERE name = 'notifications'
    AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'notifications_new');--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `notifications_new` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA legacy_alter_table = OFF;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
-- Each user keeps their newest 200 notifications (as 0022: it went with the old table).
CREATE TRIGGER `notifications_keep_newest` AFTER INSERT ON `notifications`
BEGIN
  DELETE FROM notifications WHERE user_id = new.user_id AND id <= (
    SELECT id FROM notifications WHERE user_id = new.user_id ORDER BY id DESC LIMIT 1 OFFSET 200);
END;
