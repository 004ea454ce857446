-- The list price beside the current one (review 8 reviewer d, item 2): SteamSpy and Steam give a sale's
-- price and the full price; the estimates multiply units by the list price, and the game page shows the
-- discount. Rows stored before keep null (the estimates then read the current price) until the next
-- import or sync of the game writes its price again.
ALTER TABLE `games` ADD `list_price` real;