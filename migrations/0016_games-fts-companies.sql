-- The full-text index now serves company pages alone (src/server/catalog/company-page.ts): search
-- answers from its in-memory index (docs/decisions/012-search-index.md). Names, normalised names, tags
-- and the prefix indexes were kept up to date on every catalog write for nothing; a game's insert
-- cost about twice as much with them (bench/import.bench.ts). Developer and publisher stay, whole
-- words only (a company page looks up the words of its slug).
DROP TRIGGER IF EXISTS `games_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `games_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `games_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `games_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `games_fts` USING fts5(
  developer, publisher,
  content='games', content_rowid='rowid',
  tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `games_fts_ai` AFTER INSERT ON `games` BEGIN
  INSERT INTO games_fts(rowid, developer, publisher)
  VALUES (new.rowid, coalesce(new.developer, ''), coalesce(new.publisher, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `games_fts_ad` AFTER DELETE ON `games` BEGIN
  INSERT INTO games_fts(games_fts, rowid, developer, publisher)
  VALUES ('delete', old.rowid, coalesce(old.developer, ''), coalesce(old.publisher, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `games_fts_au` AFTER UPDATE OF developer, publisher ON `games` BEGIN
  INSERT INTO games_fts(games_fts, rowid, developer, publisher)
  VALUES ('delete', old.rowid, coalesce(old.developer, ''), coalesce(old.publisher, ''));
  INSERT INTO games_fts(rowid, developer, publisher)
  VALUES (new.rowid, coalesce(new.developer, ''), coalesce(new.publisher, ''));
END;
--> statement-breakpoint
INSERT INTO games_fts(games_fts) VALUES ('rebuild');
