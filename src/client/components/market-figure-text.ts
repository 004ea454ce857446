import type { OverviewFigures } from "../../contracts/games.ts";
import { NO_PLAYER_HISTORY } from "../../contracts/player-figures.ts";
import { formatDate, formatMonth } from "../format/dates.ts";
import { plural } from "../format/numbers.ts";

/**
 * What the Overview's and the Dashboard's catalog figures say they are (review 6, item 15): the
 * period and measure of each, and the date of its data, never "this week" over data years old.
 */

/** The Market Activity figure and the time of its data: all its texts read (a stored report holds these two). */
export type ActivityFigures = Pick<OverviewFigures, "marketActivity" | "dataAsOf">;

/**
 * The data's newest time as the labels name it: its month for monthly figures ("Feb 2022 (partial
 * month)" when its source's file was taken in it: review r26-a #2), else its day.
 */
export function dataDate(figures: ActivityFigures): string | null {
  if (!figures.dataAsOf) return null;
  return figures.marketActivity.basis === "month"
    ? formatMonth(figures.dataAsOf, figures.marketActivity.partialMonth)
    : formatDate(figures.dataAsOf, { utc: true });
}

/**
 * A newest period with figures for notably fewer games than the one before is partial (issue 9: "is
 * marked partial and never compared with a full one as if it were"): how many games each has.
 */
export function partialPeriodNote(figures: ActivityFigures | undefined): string | null {
  const a = figures?.marketActivity;
  if (!figures || !a?.partial) return null;
  if (a.basis === "month" && figures.dataAsOf) {
    const at = new Date(figures.dataAsOf);
    const before = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)).toISOString();
    return `${formatMonth(figures.dataAsOf)} is partial: ${plural(a.games, "game")} ${a.games === 1 ? "has" : "have"} its figures, ${a.previousGames.toLocaleString("en-US")} had ${formatMonth(before)}'s`;
  }
  return `the latest week is partial: ${plural(a.games, "game")} ${a.games === 1 ? "has" : "have"} counts, ${a.previousGames.toLocaleString("en-US")} had them the week before`;
}

/**
 * The hint under the Overview's Market Activity: the measure, its games and period, and what its
 * change compares (review 8, item 3): the games with figures in both periods, named when the newest
 * period has games the one before did not.
 */
export function marketActivityHint(figures: ActivityFigures): string {
  const a = figures.marketActivity;
  const games = `across ${plural(a.games, "game")}`;
  const subset =
    a.change != null && a.comparedGames > 0 && a.comparedGames < a.games
      ? ` (the change over the ${a.comparedGames.toLocaleString("en-US")} ${a.basis === "month" ? "with figures in both months" : "counted in both weeks"})`
      : "";
  const base =
    a.basis === "month"
      ? `total of monthly averages, ${dataDate(figures) ?? "the latest month"}, ${games}, vs the month before${subset}`
      : `avg. daily total, 7 days, ${games}, vs previous week${subset}`;
  const partial = partialPeriodNote(figures);
  return partial ? `${base}; ${partial}` : base;
}

/**
 * Why no game trends, under "No trending games available at the moment" (issue 9 §1: a screen that
 * needs a player history says what is missing and how it fills): the Overview's Trending Games and
 * Game Tracking's Discover Games read it. Undefined until the figures are in.
 */
export function trendingEmptyReason(
  figures: Pick<OverviewFigures, "marketActivity" | "trendingCompared"> | undefined,
): string | undefined {
  if (!figures) return undefined;
  if (!figures.marketActivity.games)
    return `${NO_PLAYER_HISTORY}: trending compares each game's players with its previous period, and the catalog snapshot (May 2019) has no player counts.`;
  if (!figures.trendingCompared)
    return "No game has player counts in two periods to compare yet: trending compares a game's last 7 days with the 7 before (a month with the month before for monthly figures).";
  return figures.trendingCompared === 1
    ? "The one game with player counts to compare did not grow against its previous period."
    : `None of the ${figures.trendingCompared.toLocaleString("en-US")} games with player counts to compare grew against its previous period.`;
}
