-- A game's stored estimates are part of what lists filter and sort on: the in-memory catalog index
-- (src/server/catalog/catalog-index.ts) re-reads the estimates of the games logged here. A log of its
-- own, not catalog_changes: a new model version re-estimates every game, which must not make the
-- search index re-read the whole catalog. Only estimates whose inputs changed are written.
CREATE TABLE `estimate_changes` (
  `seq` integer PRIMARY KEY AUTOINCREMENT,
  `game_id` text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `game_estimates_changes_ai` AFTER INSERT ON `game_estimates` BEGIN
  INSERT INTO estimate_changes(game_id) VALUES (new.game_id);
END;
--> statement-breakpoint
CREATE TRIGGER `game_estimates_changes_au` AFTER UPDATE ON `game_estimates` BEGIN
  INSERT INTO estimate_changes(game_id) VALUES (new.game_id);
END;
--> statement-breakpoint
CREATE TRIGGER `game_estimates_changes_ad` AFTER DELETE ON `game_estimates` BEGIN
  INSERT INTO estimate_changes(game_id) VALUES (old.game_id);
END;
