-- The player series by day: per metric (players, players_peak), day, game and source, the sum and count
-- of the day's points and the newest point's time, kept by triggers whatever writes the points. Screens
-- over the whole catalog's players (daily activity, genre volatility, the Overview's figures, projected
-- movers, historical games) read these rows: live syncs store a count every 15 minutes, and reading the
-- points themselves took seconds to a minute with 3 million of them (bench/series-scale.bench.ts).
-- Days are whole UTC days since 1970 (ts / 86,400,000 in integer division), as the screens count them.
CREATE TABLE `player_days` (
  `metric` text NOT NULL,
  `day` integer NOT NULL,
  `game_id` text NOT NULL,
  `source` text NOT NULL,
  `total` real NOT NULL,
  `points` integer NOT NULL,
  `last_ts` integer NOT NULL,
  PRIMARY KEY (`metric`, `day`, `game_id`, `source`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `player_days` (metric, day, game_id, source, total, points, last_ts)
  SELECT metric, ts / 86400000, game_id, source, sum(value), count(*), max(ts) FROM game_metrics
  WHERE metric IN ('players', 'players_peak') GROUP BY metric, ts / 86400000, game_id, source;
--> statement-breakpoint
CREATE TRIGGER `game_metrics_days_ai` AFTER INSERT ON `game_metrics`
WHEN new.metric IN ('players', 'players_peak') BEGIN
  INSERT INTO player_days (metric, day, game_id, source, total, points, last_ts)
  VALUES (new.metric, new.ts / 86400000, new.game_id, new.source, new.value, 1, new.ts)
  ON CONFLICT (metric, day, game_id, source) DO UPDATE
    SET total = total + excluded.total, points = points + 1, last_ts = max(last_ts, excluded.last_ts);
END;
--> statement-breakpoint
CREATE TRIGGER `game_metrics_days_ad` AFTER DELETE ON `game_metrics`
WHEN old.metric IN ('players', 'players_peak') BEGIN
  UPDATE player_days SET total = total - old.value, points = points - 1
  WHERE metric = old.metric AND day = old.ts / 86400000 AND game_id = old.game_id AND source = old.source;
  DELETE FROM player_days
  WHERE metric = old.metric AND day = old.ts / 86400000 AND game_id = old.game_id AND source = old.source
    AND points <= 0;
  UPDATE player_days SET last_ts = (
      SELECT max(ts) FROM game_metrics m WHERE m.game_id = old.game_id AND m.metric = old.metric
        AND m.source = old.source AND m.ts / 86400000 = old.ts / 86400000)
  WHERE metric = old.metric AND day = old.ts / 86400000 AND game_id = old.game_id AND source = old.source;
END;
--> statement-breakpoint
-- A point's value changes when a source answers again for the same time (its ts, game and source stay).
CREATE TRIGGER `game_metrics_days_au` AFTER UPDATE ON `game_metrics`
WHEN old.metric IN ('players', 'players_peak') OR new.metric IN ('players', 'players_peak') BEGIN
  UPDATE player_days SET total = total - old.value, points = points - 1
  WHERE metric = old.metric AND day = old.ts / 86400000 AND game_id = old.game_id AND source = old.source;
  DELETE FROM player_days
  WHERE metric = old.metric AND day = old.ts / 86400000 AND game_id = old.game_id AND source = old.source
    AND points <= 0;
  INSERT INTO player_days (metric, day, game_id, source, total, points, last_ts)
  SELECT new.metric, new.ts / 86400000, new.game_id, new.source, new.value, 1, new.ts
  WHERE new.metric IN ('players', 'players_peak')
  ON CONFLICT (metric, day, game_id, source) DO UPDATE
    SET total = total + excluded.total, points = points + 1, last_ts = max(last_ts, excluded.last_ts);
END;
