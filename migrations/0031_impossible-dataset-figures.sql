-- Review 11 a, item 2: migration 0030 repaired the catalog's impossible figures but not the datasets'
-- tables, so an esports import of before the fix kept a -$5,000,000 prize pool on Historical Analytics
-- (summed into a year's total prize pool) and Twitch rows their negative hours. The importers now skip
-- such rows (RowCheck); what an earlier import stored is repaired here as 0030 repairs VGChartz rows:
-- a row whose main figure (prize money, hours watched) is impossible goes, any other impossible figure
-- is unknown. A figure is possible when it is 0 or more and at most 2^53 - 1 (an infinite one is larger).
-- Store offers: a negative price is no price (as the GOG adapter now reads it), a discount outside 0-100
-- is unknown.
DELETE FROM `esports_games` WHERE `total_earnings` < 0 OR `total_earnings` > 9007199254740991;
--> statement-breakpoint
UPDATE `esports_games` SET
  `release_year` = CASE WHEN `release_year` < 0 OR `release_year` > 9007199254740991 THEN NULL ELSE `release_year` END,
  `online_earnings` = CASE WHEN `online_earnings` < 0 OR `online_earnings` > 9007199254740991 THEN NULL ELSE `online_earnings` END,
  `total_players` = CASE WHEN `total_players` < 0 OR `total_players` > 9007199254740991 THEN NULL ELSE `total_players` END,
  `total_tournaments` = CASE WHEN `total_tournaments` < 0 OR `total_tournaments` > 9007199254740991 THEN NULL ELSE `total_tournaments` END
WHERE `release_year` < 0 OR `release_year` > 9007199254740991 OR `online_earnings` < 0 OR `online_earnings` > 9007199254740991 OR `total_players` < 0 OR `total_players` > 9007199254740991 OR `total_tournaments` < 0 OR `total_tournaments` > 9007199254740991;
--> statement-breakpoint
DELETE FROM `esports_monthly` WHERE `earnings` < 0 OR `earnings` > 9007199254740991;
--> statement-breakpoint
UPDATE `esports_monthly` SET
  `players` = CASE WHEN `players` < 0 OR `players` > 9007199254740991 THEN NULL ELSE `players` END,
  `tournaments` = CASE WHEN `tournaments` < 0 OR `tournaments` > 9007199254740991 THEN NULL ELSE `tournaments` END
WHERE `players` < 0 OR `players` > 9007199254740991 OR `tournaments` < 0 OR `tournaments` > 9007199254740991;
--> statement-breakpoint
DELETE FROM `twitch_game_months` WHERE `hours_watched` < 0 OR `hours_watched` > 9007199254740991;
--> statement-breakpoint
UPDATE `twitch_game_months` SET
  `rank` = CASE WHEN `rank` < 0 OR `rank` > 9007199254740991 THEN NULL ELSE `rank` END,
  `hours_streamed` = CASE WHEN `hours_streamed` < 0 OR `hours_streamed` > 9007199254740991 THEN NULL ELSE `hours_streamed` END,
  `peak_viewers` = CASE WHEN `peak_viewers` < 0 OR `peak_viewers` > 9007199254740991 THEN NULL ELSE `peak_viewers` END,
  `peak_channels` = CASE WHEN `peak_channels` < 0 OR `peak_channels` > 9007199254740991 THEN NULL ELSE `peak_channels` END,
  `streamers` = CASE WHEN `streamers` < 0 OR `streamers` > 9007199254740991 THEN NULL ELSE `streamers` END,
  `avg_viewers` = CASE WHEN `avg_viewers` < 0 OR `avg_viewers` > 9007199254740991 THEN NULL ELSE `avg_viewers` END,
  `avg_channels` = CASE WHEN `avg_channels` < 0 OR `avg_channels` > 9007199254740991 THEN NULL ELSE `avg_channels` END
WHERE `rank` < 0 OR `rank` > 9007199254740991 OR `hours_streamed` < 0 OR `hours_streamed` > 9007199254740991 OR `peak_viewers` < 0 OR `peak_viewers` > 9007199254740991 OR `peak_channels` < 0 OR `peak_channels` > 9007199254740991 OR `streamers` < 0 OR `streamers` > 9007199254740991 OR `avg_viewers` < 0 OR `avg_viewers` > 9007199254740991 OR `avg_channels` < 0 OR `avg_channels` > 9007199254740991;
--> statement-breakpoint
DELETE FROM `twitch_global_months` WHERE `hours_watched` < 0 OR `hours_watched` > 9007199254740991;
--> statement-breakpoint
UPDATE `twitch_global_months` SET
  `avg_viewers` = CASE WHEN `avg_viewers` < 0 OR `avg_viewers` > 9007199254740991 THEN NULL ELSE `avg_viewers` END,
  `peak_viewers` = CASE WHEN `peak_viewers` < 0 OR `peak_viewers` > 9007199254740991 THEN NULL ELSE `peak_viewers` END,
  `streams` = CASE WHEN `streams` < 0 OR `streams` > 9007199254740991 THEN NULL ELSE `streams` END,
  `avg_channels` = CASE WHEN `avg_channels` < 0 OR `avg_channels` > 9007199254740991 THEN NULL ELSE `avg_channels` END,
  `games_streamed` = CASE WHEN `games_streamed` < 0 OR `games_streamed` > 9007199254740991 THEN NULL ELSE `games_streamed` END
WHERE `avg_viewers` < 0 OR `avg_viewers` > 9007199254740991 OR `peak_viewers` < 0 OR `peak_viewers` > 9007199254740991 OR `streams` < 0 OR `streams` > 9007199254740991 OR `avg_channels` < 0 OR `avg_channels` > 9007199254740991 OR `games_streamed` < 0 OR `games_streamed` > 9007199254740991;
--> statement-breakpoint
UPDATE `store_offers` SET
  `price` = CASE WHEN `price` < 0 OR `price` > 9007199254740991 THEN NULL ELSE `price` END,
  `original_price` = CASE WHEN `original_price` < 0 OR `original_price` > 9007199254740991 THEN NULL ELSE `original_price` END,
  `discount_percent` = CASE WHEN `discount_percent` < 0 OR `discount_percent` > 100 THEN NULL ELSE `discount_percent` END
WHERE `price` < 0 OR `price` > 9007199254740991 OR `original_price` < 0 OR `original_price` > 9007199254740991
  OR `discount_percent` < 0 OR `discount_percent` > 100;
