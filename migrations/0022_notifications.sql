-- Re-runnable: the commit that introduced it shipped it as 0020 with an earlier `when`, so a database
-- migrated then sees this file as new and runs it again (tests/api/migrations-upgrade.test.ts).
CREATE TABLE IF NOT EXISTS `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`game_id` text NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `user_games_game_idx` ON `user_games` (`game_id`);--> statement-breakpoint
-- Price alerts (Settings → Notifications → Price alerts): a tracked game's price changes, whichever
-- import, sync or process wrote it. Known prices only (a first price is not a change); cents compared,
-- so float noise is no change; generated demo games never alert. A user without saved settings has the
-- defaults (on); one whose saved settings say false gets nothing.
DROP TRIGGER IF EXISTS `games_price_notifications`;--> statement-breakpoint
CREATE TRIGGER `games_price_notifications` AFTER UPDATE OF `price` ON `games`
WHEN old.price IS NOT NULL AND new.price IS NOT NULL AND round(old.price * 100) != round(new.price * 100)
  AND new.is_demo = 0 AND new.id = old.id
BEGIN
  INSERT INTO notifications (user_id, game_id, kind, detail)
  SELECT ug.user_id, new.id, 'price', json_object('from', old.price, 'to', new.price)
  FROM user_games ug LEFT JOIN user_settings s ON s.user_id = ug.user_id
  WHERE ug.game_id = new.id AND ug.is_watchlisted = 1
    AND (CASE WHEN json_valid(s.settings) THEN json_extract(s.settings, '$.notifications.priceAlerts') END) IS NOT 0;
END;
--> statement-breakpoint
-- Game updates: a release date set or changed for a tracked game that is upcoming or came out in the
-- last 30 days (an old game's date filled in from another source is no news).
DROP TRIGGER IF EXISTS `games_release_notifications`;--> statement-breakpoint
CREATE TRIGGER `games_release_notifications` AFTER UPDATE OF `release_date` ON `games`
WHEN new.release_date IS NOT NULL AND new.release_date != '' AND old.release_date IS NOT new.release_date
  AND new.release_date >= date('now', '-30 days') AND new.is_demo = 0 AND new.id = old.id
BEGIN
  INSERT INTO notifications (user_id, game_id, kind, detail)
  SELECT ug.user_id, new.id, 'release_date', json_object('from', old.release_date, 'to', new.release_date)
  FROM user_games ug LEFT JOIN user_settings s ON s.user_id = ug.user_id
  WHERE ug.game_id = new.id AND ug.is_watchlisted = 1
    AND (CASE WHEN json_valid(s.settings) THEN json_extract(s.settings, '$.notifications.gameUpdates') END) IS NOT 0;
END;
--> statement-breakpoint
-- Game updates: a player spike. A new count (live or a day's peak) from the last two days that is at
-- least 1.5 times the game's average of the 7 days before it, from the same source and of the same
-- measure, with at least 3 of those days known; at most one per game and day for each user. Older
-- points (an import of history) are never news. The days are read from player_days by key.
DROP TRIGGER IF EXISTS `game_metrics_players_notifications`;--> statement-breakpoint
CREATE TRIGGER `game_metrics_players_notifications` AFTER INSERT ON `game_metrics`
WHEN new.metric IN ('players', 'players_peak') AND new.ts >= (unixepoch() - 2 * 86400) * 1000
  AND EXISTS (SELECT 1 FROM user_games WHERE game_id = new.game_id)
BEGIN
  INSERT INTO notifications (user_id, game_id, kind, detail)
  SELECT ug.user_id, new.game_id, 'players',
         json_object('metric', new.metric, 'value', new.value, 'average', round(b.average), 'days', b.days,
                     'source', new.source, 'at', new.ts)
  FROM (SELECT avg(total / points) AS average, count(*) AS days FROM player_days
        WHERE metric = new.metric AND game_id = new.game_id AND source = new.source AND points > 0
          AND day IN (new.ts / 86400000 - 1, new.ts / 86400000 - 2, new.ts / 86400000 - 3,
                      new.ts / 86400000 - 4, new.ts / 86400000 - 5, new.ts / 86400000 - 6,
                      new.ts / 86400000 - 7)) b
  JOIN user_games ug ON ug.game_id = new.game_id AND ug.is_watchlisted = 1
  LEFT JOIN user_settings s ON s.user_id = ug.user_id
  WHERE b.days >= 3 AND b.average > 0 AND new.value >= 1.5 * b.average
    AND (CASE WHEN json_valid(s.settings) THEN json_extract(s.settings, '$.notifications.gameUpdates') END) IS NOT 0
    AND NOT EXISTS (SELECT 1 FROM notifications n
                    WHERE n.user_id = ug.user_id AND n.game_id = new.game_id AND n.kind = 'players'
                      AND json_extract(n.detail, '$.at') / 86400000 = new.ts / 86400000);
END;
--> statement-breakpoint
-- Each user keeps their newest 200 notifications.
DROP TRIGGER IF EXISTS `notifications_keep_newest`;--> statement-breakpoint
CREATE TRIGGER `notifications_keep_newest` AFTER INSERT ON `notifications`
BEGIN
  DELETE FROM notifications WHERE user_id = new.user_id AND id <= (
    SELECT id FROM notifications WHERE user_id = new.user_id ORDER BY id DESC LIMIT 1 OFFSET 200);
END;
