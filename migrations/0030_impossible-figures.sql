-- Review 8 (d), item 1: the importers stored impossible figures (a price of -$3.81 or infinity, -40
-- reviews, -5.5 M units sold, 30 February), which screens showed and the estimates could not use (a
-- log of a negative or infinite price: the estimate's row was refused, and its page answered 500).
-- The importers now skip such a row and report its line (importers/csv-source.ts RowCheck); what an
-- earlier import stored is taken for unknown here, as the importers would have left it. A figure is
-- possible when it is 0 or more and at most 2^53 - 1 (an infinite one is larger).
-- Such a price first goes to unknown (no price alert: the trigger needs two known prices), marked for
-- the next steps, then takes the game's newest possible price point with its source and time, if any.
UPDATE `games` SET `price` = NULL, `price_source` = '0030', `price_at` = NULL
WHERE `price` < 0 OR `price` > 9007199254740991;
--> statement-breakpoint
DELETE FROM `game_metrics` WHERE `value` < 0 OR `value` > 9007199254740991;
--> statement-breakpoint
UPDATE `games` SET (`price`, `price_source`, `price_at`) = (
  SELECT m.value, m.source, m.ts FROM `game_metrics` m
  WHERE m.game_id = `games`.id AND m.metric = 'price' ORDER BY m.ts DESC LIMIT 1)
WHERE `price_source` = '0030' AND EXISTS (SELECT 1 FROM `game_metrics` m WHERE m.game_id = `games`.id AND m.metric = 'price');
--> statement-breakpoint
UPDATE `games` SET `price_source` = NULL WHERE `price_source` = '0030';
--> statement-breakpoint
UPDATE `games` SET `positive_reviews` = NULL WHERE `positive_reviews` < 0 OR `positive_reviews` > 9007199254740991;
--> statement-breakpoint
UPDATE `games` SET `negative_reviews` = NULL WHERE `negative_reviews` < 0 OR `negative_reviews` > 9007199254740991;
--> statement-breakpoint
UPDATE `games` SET `rating_count` = NULL WHERE `rating_count` < 0 OR `rating_count` > 9007199254740991;
--> statement-breakpoint
UPDATE `games` SET `rating` = NULL WHERE `rating` < 0 OR `rating` > 100;
--> statement-breakpoint
UPDATE `games` SET `owners_estimate` = NULL WHERE `owners_estimate` < 0 OR `owners_estimate` > 9007199254740991;
--> statement-breakpoint
UPDATE `games` SET `current_players` = NULL WHERE `current_players` < 0 OR `current_players` > 9007199254740991;
--> statement-breakpoint
-- A date the calendar does not have: SQLite's date() rolls 2019-02-30 over to 2019-03-02, and the
-- importers read no year before 100 (0000-01-01). Its year goes too when it is no year (0).
UPDATE `games` SET `release_date` = NULL,
  `release_year` = CASE WHEN `release_year` > 0 THEN `release_year` END
WHERE `release_date` GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
  AND (date(substr(`release_date`, 1, 10)) IS NOT substr(`release_date`, 1, 10) OR `release_date` < '0100');
--> statement-breakpoint
-- VGChartz rows: a row whose global units are impossible goes; an impossible regional figure is unknown.
DELETE FROM `game_sales` WHERE `global_sales` < 0 OR `global_sales` > 9007199254740991;
--> statement-breakpoint
UPDATE `game_sales` SET
  `na_sales` = CASE WHEN `na_sales` < 0 OR `na_sales` > 9007199254740991 THEN NULL ELSE `na_sales` END,
  `eu_sales` = CASE WHEN `eu_sales` < 0 OR `eu_sales` > 9007199254740991 THEN NULL ELSE `eu_sales` END,
  `jp_sales` = CASE WHEN `jp_sales` < 0 OR `jp_sales` > 9007199254740991 THEN NULL ELSE `jp_sales` END,
  `other_sales` = CASE WHEN `other_sales` < 0 OR `other_sales` > 9007199254740991 THEN NULL ELSE `other_sales` END
WHERE `na_sales` < 0 OR `na_sales` > 9007199254740991 OR `eu_sales` < 0 OR `eu_sales` > 9007199254740991
  OR `jp_sales` < 0 OR `jp_sales` > 9007199254740991 OR `other_sales` < 0 OR `other_sales` > 9007199254740991;
