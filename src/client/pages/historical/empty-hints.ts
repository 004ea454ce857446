import { NO_PLAYER_HISTORY } from "../../../contracts/player-figures.ts";

/**
 * What fills the Historical Analytics cards that are empty (review 20, item 10): said under the spec's
 * empty texts. Operators get the command that fills them; customers what the screen is waiting for
 * (issue 9 §4: what to configure is for operators only).
 */
export function historicalDataHint(operator: boolean): string {
  // Every game has one review count from the catalog's snapshot: that is a figure, shown on the game's
  // page, not a history; this list is of games with a player series.
  const what =
    "This list shows the games with a player history, with their review sentiment over time. The catalog's review counts are one snapshot per game, shown on each game's page.";
  return operator
    ? `${what} Player history comes from the Steam sync (Workflows) or a SteamCharts import: bun run import steamcharts-csv FILE.`
    : `${what} ${NO_PLAYER_HISTORY}.`;
}

/** Under each empty esports card: the Esports Earnings dataset (and Twitch's) is imported, never synced. */
export function esportsHint(operator: boolean): string {
  return operator
    ? "Import the Esports Earnings dataset to fill it: bun run import esports-csv DIR (Twitch viewing: bun run import twitch-csv DIR)."
    : "Esports figures come from the Esports Earnings dataset, which this server has not imported yet.";
}
