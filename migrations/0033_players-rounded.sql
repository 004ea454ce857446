-- Review 13 b, item 4: one game's player count read three ways. The catalog row's current_players took
-- the newest players point through CAST(value AS INTEGER), which truncates (SteamCharts' monthly average
-- of Terraria, 33,403.95, was 33,403 in the screener and its CSV) while the game page rounds the same
-- point (33,404): 35 of the 60 most played games were one apart. The writer now rounds
-- (catalog/write.ts refreshLatestFigures); rows written before are repaired here, with their popularity
-- as the writer computes it (popularityOf). The update logs each game in catalog_changes (trigger
-- games_changes_au), so the catalog index and search re-read it.
UPDATE `games` SET
  `current_players` = (
    SELECT CAST(round(m.value) AS INTEGER) FROM `game_metrics` m
    WHERE m.game_id = `games`.id AND m.metric = 'players' ORDER BY m.ts DESC LIMIT 1),
  `popularity` = round((
    3 * log10(1 + max(coalesce((
        SELECT CAST(round(m.value) AS INTEGER) FROM `game_metrics` m
        WHERE m.game_id = `games`.id AND m.metric = 'players' ORDER BY m.ts DESC LIMIT 1), 0), 0))
    + 2 * log10(1 + max(coalesce(`positive_reviews`, 0), 0) + max(coalesce(`negative_reviews`, 0), 0))
    + log10(1 + max(coalesce(`owners_estimate`, 0), 0))
    + log10(1 + max(coalesce(`rating_count`, 0), 0) * 10)) * 1000) / 1000.0
WHERE `current_players` IS NOT (
  SELECT CAST(round(m.value) AS INTEGER) FROM `game_metrics` m
  WHERE m.game_id = `games`.id AND m.metric = 'players' ORDER BY m.ts DESC LIMIT 1)
  AND EXISTS (SELECT 1 FROM `game_metrics` m WHERE m.game_id = `games`.id AND m.metric = 'players');
