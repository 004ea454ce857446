-- Owners "0 .. 20,000" (SteamSpy's lowest band; "0-20000" in the Kaggle steam.csv) says only that a
-- game's owners stay below 20,000. The importers stored its midpoint, 10,000, as the source's owners
-- figure: 18,592 games of the Kaggle file showed "10K owners" on the game page, the screener, the
-- comparison and the CSV, a figure no source gave (20x our own P90 for a game of one review). The
-- importers now store no owners figure for a band with no lower end, only the band (game_owner_bands,
-- which the estimates read as a cap and which stays as it is); what an earlier import stored is
-- repaired here as the importers would have left it.
-- An owners point goes when it is the midpoint of a band with no lower end that its source recorded
-- for the game at the point's time, or before it: the live SteamSpy sync records the band again each
-- day and keeps only the newest, so its earlier days' points of the same value were the same band's
-- midpoint (SteamSpy publishes ranges only, and no other band has that midpoint).
-- The estimates do not read owners points (estimates/store.ts reads reviews, price, players and the
-- bands), so no estimate changes; deleting an owners point fires no trigger (player_days follows
-- player metrics only).
DELETE FROM `game_metrics`
WHERE `metric` = 'owners' AND EXISTS (
  SELECT 1 FROM `game_owner_bands` b
  WHERE b.game_id = `game_metrics`.game_id AND b.source = `game_metrics`.source AND b.low = 0
    AND `game_metrics`.ts <= b.as_of AND `game_metrics`.value = round(b.high / 2.0));
--> statement-breakpoint
-- A game whose row shows such a midpoint takes its newest remaining owners point, or none, and its
-- popularity follows as the writer computes it (catalog/write.ts popularityOf). The update logs the
-- game in catalog_changes (trigger games_changes_au), so the catalog index and search re-read it.
UPDATE `games` SET
  `owners_estimate` = (
    SELECT CAST(m.value AS INTEGER) FROM `game_metrics` m
    WHERE m.game_id = `games`.id AND m.metric = 'owners' ORDER BY m.ts DESC LIMIT 1),
  `popularity` = round((
    3 * log10(1 + max(coalesce(`current_players`, 0), 0))
    + 2 * log10(1 + max(coalesce(`positive_reviews`, 0), 0) + max(coalesce(`negative_reviews`, 0), 0))
    + log10(1 + max(coalesce((
        SELECT CAST(m.value AS INTEGER) FROM `game_metrics` m
        WHERE m.game_id = `games`.id AND m.metric = 'owners' ORDER BY m.ts DESC LIMIT 1), 0), 0))
    + log10(1 + max(coalesce(`rating_count`, 0), 0) * 10)) * 1000) / 1000.0
WHERE EXISTS (
  SELECT 1 FROM `game_owner_bands` b
  WHERE b.game_id = `games`.id AND b.low = 0 AND `games`.owners_estimate = round(b.high / 2.0));
