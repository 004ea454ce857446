DROP TRIGGER IF EXISTS `games_price_notifications`;
--> statement-breakpoint
-- Price alerts (as in migration 0024), each carrying the new price's source and data time whenever the
-- game row has them. 0024 recorded them only when they differed from the earlier price's, so a price
-- changed by the same source on the same day (two SteamSpy syncs stamped with the start of the UTC day,
-- a dataset re-imported without --as-of) gave an alert "written without its source". Every writer of
-- the price sets `price_source` and `price_at` with it (catalog/write.ts); a game whose price has no
-- recorded source (stored before 0024 and not matched to a price point) still names none.
CREATE TRIGGER `games_price_notifications` AFTER UPDATE OF `price` ON `games`
WHEN old.price IS NOT NULL AND new.price IS NOT NULL AND round(old.price * 100) != round(new.price * 100)
  AND new.is_demo = 0 AND new.id = old.id
  AND (old.price = 0 OR new.price = 0 OR old.price_source IS NULL OR new.price_source IS NULL
       OR (old.price_source = 'steam-store-csv') = (new.price_source = 'steam-store-csv'))
BEGIN
  INSERT INTO notifications (user_id, game_id, kind, detail)
  SELECT ug.user_id, new.id, 'price',
         json_object('from', old.price, 'to', new.price,
                     'source', new.price_source, 'at', new.price_at,
                     'fromSource', old.price_source, 'fromAt', old.price_at)
  FROM user_games ug LEFT JOIN user_settings s ON s.user_id = ug.user_id
  WHERE ug.game_id = new.id AND ug.is_watchlisted = 1
    AND (CASE WHEN json_valid(s.settings) THEN json_extract(s.settings, '$.notifications.priceAlerts') END) IS NOT 0;
END;
