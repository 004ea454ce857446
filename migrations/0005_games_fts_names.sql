-- Search also indexes the normalised name (src/server/catalog/normalize.ts): apostrophes are dropped
-- there before tokenising, so "baldurs", "baldur's" and "Baldur’s" all find "Baldur's Gate 3"
-- (unicode61 alone splits "baldur's" into "baldur" + "s"). The display name stays indexed for names
-- in other scripts, which the normalised key (a-z, 0-9) leaves out.
DROP TRIGGER IF EXISTS `games_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `games_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `games_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `games_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `games_fts` USING fts5(
  name, normalized_name, developer, publisher, tags,
  content='games', content_rowid='rowid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `games_fts_ai` AFTER INSERT ON `games` BEGIN
  INSERT INTO games_fts(rowid, name, normalized_name, developer, publisher, tags)
  VALUES (new.rowid, new.name, new.normalized_name, coalesce(new.developer, ''), coalesce(new.publisher, ''), coalesce(new.tags, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `games_fts_ad` AFTER DELETE ON `games` BEGIN
  INSERT INTO games_fts(games_fts, rowid, name, normalized_name, developer, publisher, tags)
  VALUES ('delete', old.rowid, old.name, old.normalized_name, coalesce(old.developer, ''), coalesce(old.publisher, ''), coalesce(old.tags, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `games_fts_au` AFTER UPDATE OF name, normalized_name, developer, publisher, tags ON `games` BEGIN
  INSERT INTO games_fts(games_fts, rowid, name, normalized_name, developer, publisher, tags)
  VALUES ('delete', old.rowid, old.name, old.normalized_name, coalesce(old.developer, ''), coalesce(old.publisher, ''), coalesce(old.tags, ''));
  INSERT INTO games_fts(rowid, name, normalized_name, developer, publisher, tags)
  VALUES (new.rowid, new.name, new.normalized_name, coalesce(new.developer, ''), coalesce(new.publisher, ''), coalesce(new.tags, ''));
END;
--> statement-breakpoint
INSERT INTO games_fts(games_fts) VALUES ('rebuild');
