-- A game's stored estimates are part of what lists filter and sort on: the in-memory catalog index
-- (src/server/catalog/catalog-index.ts) re-reads a game when its estimate is written, through the
-- same change log as its row (migration 0013). The estimator writes only estimates whose inputs changed.
CREATE TRIGGER `game_estimates_changes_ai` AFTER INSERT ON `game_estimates` BEGIN
  INSERT INTO catalog_changes(game_id) VALUES (new.game_id);
END;
--> statement-breakpoint
CREATE TRIGGER `game_estimates_changes_au` AFTER UPDATE ON `game_estimates` BEGIN
  INSERT INTO catalog_changes(game_id) VALUES (new.game_id);
END;
--> statement-breakpoint
CREATE TRIGGER `game_estimates_changes_ad` AFTER DELETE ON `game_estimates` BEGIN
  INSERT INTO catalog_changes(game_id) VALUES (old.game_id);
END;
