-- Company pages now find their games through the catalog index (src/server/catalog/catalog-index.ts),
-- and search has its own in-memory index: nothing reads the full-text index any more, and every
-- catalog write kept it up to date for nothing.
DROP TRIGGER IF EXISTS `games_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `games_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `games_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `games_fts`;
