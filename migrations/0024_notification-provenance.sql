ALTER TABLE `games` ADD `price_source` text;--> statement-breakpoint
ALTER TABLE `games` ADD `price_at` integer;--> statement-breakpoint
-- A game's current price names where it comes from: the catalog's writer sets these with the price
-- (catalog/write.ts). Known games take their newest price point's, where that point holds the price
-- (cents compared); otherwise they stay unknown.
UPDATE `games` SET (`price_source`, `price_at`) = (
  SELECT m.source, m.ts FROM game_metrics m WHERE m.game_id = games.id AND m.metric = 'price' ORDER BY m.ts DESC LIMIT 1)
WHERE price IS NOT NULL AND round(price * 100) = (
  SELECT round(m.value * 100) FROM game_metrics m WHERE m.game_id = games.id AND m.metric = 'price' ORDER BY m.ts DESC LIMIT 1);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `games_price_notifications`;
--> statement-breakpoint
-- Price alerts (Settings → Notifications → Price alerts): a tracked game's price changes, whichever
-- import, sync or process wrote it. Known prices only (a first price is not a change); cents compared,
-- so float noise is no change; generated demo games never alert. A user without saved settings has the
-- defaults (on); one whose saved settings say false gets nothing.
-- Like with like (ADR 021, addendum): a converted price (the Steam Store snapshot's GBP at 1.27
-- USD/GBP, source `steam-store-csv`) and a listed US price are not compared, unless one of them is free
-- (free is free in any currency); where either price's source is unknown the change alerts as before.
-- Each alert keeps, when it is made, where the new and the earlier price come from and their data's
-- time: the writer sets `price_source` and `price_at` with the price, and a price written without them
-- (both as before) has no recorded source.
CREATE TRIGGER `games_price_notifications` AFTER UPDATE OF `price` ON `games`
WHEN old.price IS NOT NULL AND new.price IS NOT NULL AND round(old.price * 100) != round(new.price * 100)
  AND new.is_demo = 0 AND new.id = old.id
  AND (old.price = 0 OR new.price = 0 OR old.price_source IS NULL OR new.price_source IS NULL
       OR (old.price_source = 'steam-store-csv') = (new.price_source = 'steam-store-csv'))
BEGIN
  INSERT INTO notifications (user_id, game_id, kind, detail)
  SELECT ug.user_id, new.id, 'price',
         json_object('from', old.price, 'to', new.price,
                     'source', p.source, 'at', p.at, 'fromSource', old.price_source, 'fromAt', old.price_at)
  FROM user_games ug LEFT JOIN user_settings s ON s.user_id = ug.user_id
  JOIN (SELECT CASE WHEN new.price_source IS NOT old.price_source OR new.price_at IS NOT old.price_at
                    THEN new.price_source END AS source,
               CASE WHEN new.price_source IS NOT old.price_source OR new.price_at IS NOT old.price_at
                    THEN new.price_at END AS at) p
  WHERE ug.game_id = new.id AND ug.is_watchlisted = 1
    AND (CASE WHEN json_valid(s.settings) THEN json_extract(s.settings, '$.notifications.priceAlerts') END) IS NOT 0;
END;
