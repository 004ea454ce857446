-- One row per game inserted, deleted or changed: the in-memory search index and the cache of what
-- search results show (src/server/catalog/search-index.ts, search.ts) re-read exactly those games,
-- whichever process or code path wrote them. AUTOINCREMENT: a sequence number is never reused after applied rows are pruned.
CREATE TABLE `catalog_changes` (
  `seq` integer PRIMARY KEY AUTOINCREMENT,
  `game_id` text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `games_changes_ai` AFTER INSERT ON `games` BEGIN
  INSERT INTO catalog_changes(game_id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `games_changes_ad` AFTER DELETE ON `games` BEGIN
  INSERT INTO catalog_changes(game_id) VALUES (old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `games_changes_au` AFTER UPDATE ON `games` BEGIN
  INSERT INTO catalog_changes(game_id) VALUES (old.id);
  INSERT INTO catalog_changes(game_id) SELECT new.id WHERE new.id != old.id;
END;
