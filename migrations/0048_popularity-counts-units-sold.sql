-- A game with no owners estimate (a console game) counts the units its sales rows publish in its
-- popularity (search's ranking, the catalog's popularity order), as popularityOf (src/server/catalog/write.ts)
-- now does: such a game ranked below every game with a critic count ("Super Mario Bros.", 40 million sold, had 0).
-- The same formula over the games stored before that have sales rows and no owners estimate (for the others
-- nothing changed); the catalog change log records each.
UPDATE `games` SET `popularity` = round((
    3 * log10(1 + max(coalesce(`current_players`, 0), 0))
  + 2 * log10(1 + max(coalesce(`positive_reviews`, 0), 0) + max(coalesce(`negative_reviews`, 0), 0))
  + log10(1 + max(coalesce(`owners_estimate`, 0), 0))
  + log10(1 + max(coalesce(`rating_count`, 0), 0) * 10)
  + CASE WHEN coalesce(`owners_estimate`, 0) > 0 THEN 0
    ELSE 2 * log10(1 + max(coalesce((SELECT sum(s.`global_sales`) FROM `game_sales` s WHERE s.`game_id` = `games`.`id`), 0), 0) * 1000000) END
) * 1000) / 1000
WHERE coalesce(`owners_estimate`, 0) <= 0 AND `id` IN (SELECT `game_id` FROM `game_sales`);
