-- Full-text search over the catalog (issue 4): an external-content FTS5 table on `games`, kept in
-- sync by triggers. unicode61 with remove_diacritics 2 lets "pokemon" find "Pokémon".
CREATE VIRTUAL TABLE `games_fts` USING fts5(
  name, developer, publisher, tags,
  content='games', content_rowid='rowid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `games_fts_ai` AFTER INSERT ON `games` BEGIN
  INSERT INTO games_fts(rowid, name, developer, publisher, tags)
  VALUES (new.rowid, new.name, coalesce(new.developer, ''), coalesce(new.publisher, ''), coalesce(new.tags, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `games_fts_ad` AFTER DELETE ON `games` BEGIN
  INSERT INTO games_fts(games_fts, rowid, name, developer, publisher, tags)
  VALUES ('delete', old.rowid, old.name, coalesce(old.developer, ''), coalesce(old.publisher, ''), coalesce(old.tags, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `games_fts_au` AFTER UPDATE OF name, developer, publisher, tags ON `games` BEGIN
  INSERT INTO games_fts(games_fts, rowid, name, developer, publisher, tags)
  VALUES ('delete', old.rowid, old.name, coalesce(old.developer, ''), coalesce(old.publisher, ''), coalesce(old.tags, ''));
  INSERT INTO games_fts(rowid, name, developer, publisher, tags)
  VALUES (new.rowid, new.name, coalesce(new.developer, ''), coalesce(new.publisher, ''), coalesce(new.tags, ''));
END;
