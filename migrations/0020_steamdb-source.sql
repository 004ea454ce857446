-- SteamDB's daily chart export was imported under SteamCharts' source id (`steamcharts-csv`): its daily
-- peaks were labelled SteamCharts, and a daily peak dated the 1st of a month replaced SteamCharts' monthly
-- peak of that month (one row per game, metric, time and source), or the other way round. The importer
-- now stores the daily layout as `steamdb-csv`. SteamCharts' file has no daily points, so every
-- `steamcharts-csv` peak of period 'day' is SteamDB's: it moves to its source (player_days follows by
-- its update trigger). A monthly peak an earlier daily import replaced is gone, and a daily peak an
-- earlier monthly import replaced is a SteamCharts monthly figure again: importing the other file once
-- more puts each back beside the other.
UPDATE `game_metrics` SET `source` = 'steamdb-csv'
WHERE `source` = 'steamcharts-csv' AND `metric` = 'players_peak' AND `period` = 'day';
