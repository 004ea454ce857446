import type { OverviewFigures } from "../../contracts/games.ts";
import type { PlatformStat } from "../../contracts/sources.ts";
import { formatDate, formatMonth } from "../format/dates.ts";
import { compactNumber, formatPercent, plural } from "../format/numbers.ts";
import type { GameCard } from "../queries/catalog.ts";

/**
 * What the Overview's and the Dashboard's catalog figures say they are (review 6, item 15): the
 * period and measure of each, and the date of its data, never "this week" over data years old.
 */

/** The Market Activity figure and the time of its data: all its texts read (a stored report holds these two). */
type ActivityFigures = Pick<OverviewFigures, "marketActivity" | "dataAsOf">;

/** The data's newest time as the labels name it: its month for monthly figures, else its day. */
function dataDate(figures: OverviewFigures): string | null {
  if (!figures.dataAsOf) return null;
  return figures.marketActivity.basis === "month"
    ? formatMonth(figures.dataAsOf)
    : formatDate(figures.dataAsOf, { utc: true });
}

/**
 * A newest period with figures for notably fewer games than the one before is partial (issue 9: "is
 * marked partial and never compared with a full one as if it were"): how many games each has.
 */
function partialPeriodNote(figures: ActivityFigures | undefined): string | null {
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
      ? `total of monthly averages, ${figures.dataAsOf ? formatMonth(figures.dataAsOf) : "the latest month"}, ${games}, vs the month before${subset}`
      : `avg. daily total, 7 days, ${games}, vs previous week${subset}`;
  const partial = partialPeriodNote(figures);
  return partial ? `${base}; ${partial}` : base;
}

/**
 * The Market overview report's sentence on the market activity (review 9, item 3): its players and
 * change, then the Overview card's hint (measure, period, games, what the change compares, and a
 * partial newest period), never "average daily players … week on week" over monthly figures.
 */
export function marketActivitySentence(figures: ActivityFigures): string {
  const a = figures.marketActivity;
  const change = a.change == null ? "" : ` (${formatPercent(a.change)})`;
  return `${compactNumber(a.players)} players${change}: ${marketActivityHint(figures)}.`;
}

/**
 * The Dashboard CSV's Market Activity rows, named by measure and period (a month's total of averages
 * is no 7-day figure), the players row saying when its period is partial and the change row over
 * which games it compares.
 */
export function marketActivityCsvNames(figures: ActivityFigures | undefined): {
  players: string;
  change: string;
} {
  const a = figures?.marketActivity;
  const month = a?.basis === "month";
  const partial = partialPeriodNote(figures);
  const subset =
    a && a.change != null && a.comparedGames > 0 && a.comparedGames < a.games
      ? ` (over the ${plural(a.comparedGames, "game")} ${month ? "with figures in both months" : "counted in both weeks"})`
      : "";
  return {
    players: `${month ? "players, total of the games' monthly averages" : "players, average daily total over 7 days"}${partial ? ` (${partial})` : ""}`,
    change: `${month ? "players, change month on month" : "players, change week on week"}${subset}`,
  };
}

/**
 * The hint under "Games Tracked" (spec: "total games tracked"): it counts games in the catalog with a
 * player history, over which period of data. It says "catalog games" first, so the card is never read
 * as the size of the user's watchlist, which the app calls "tracked" everywhere else (review 20, item 5).
 */
export function gamesTrackedHint(figures: OverviewFigures | undefined): string {
  if (!figures) return "catalog games with player figures in the latest data";
  if (!figures.marketActivity.games)
    return "catalog games with a player history: none yet (your watchlist is not counted here)";
  const date = dataDate(figures);
  return figures.marketActivity.basis === "month"
    ? `catalog games with a monthly player average for ${date ?? "the latest month"} (the newest month of data)`
    : `catalog games with player counts in the 7 days of data up to ${date ?? "the newest"}`;
}

/** The Dashboard's players tile: its label, and the hint naming the games and the period. */
export function playersTile(figures: OverviewFigures | undefined): { label: string; hint: string } {
  const month = figures?.marketActivity.basis === "month";
  const label = month ? "Players (total of monthly averages)" : "Players (avg. daily total, 7 days)";
  if (!figures?.marketActivity.games) return { label, hint: "no player history yet" };
  const date = dataDate(figures);
  const games = `across ${plural(figures.marketActivity.games, "game")}`;
  const hint = date ? (month ? `${games}, ${date}` : `${games}, 7 days to ${date}`) : games;
  const partial = partialPeriodNote(figures);
  return { label, hint: partial ? `${hint}; ${partial}` : hint };
}

/**
 * The AI Predictions card: how many games the market prediction projects to rise, or, where no game
 * could be projected, no figure at all ("–") and why: a "0 rising … of 0 games projected" reads as a
 * projection that found nothing rising.
 */
export function aiPredictionsText(figures: OverviewFigures | undefined): {
  value: string;
  hint: string;
  projected: boolean;
} {
  const predictions = figures?.aiPredictions;
  if (!predictions)
    return { value: "–", hint: "games projected by their player trend line", projected: false };
  if (predictions.projected === 0) {
    const needs = `a projection needs ${predictions.minDays} days of daily player counts in the latest 30 days of data`;
    const has = !figures?.marketActivity.games
      ? "the catalog has no player history yet"
      : figures.marketActivity.basis === "month"
        ? `the catalog's newest player figures are monthly averages (${dataDate(figures) ?? "the latest month"})`
        : "no game has that many";
    return { value: "–", hint: `No projection possible: ${needs}, and ${has}.`, projected: false };
  }
  return {
    value: `${predictions.rising} rising`,
    hint: `projected over the next ${predictions.horizonDays} days: ${predictions.declining} declining, ${predictions.stable} within ±5% of ${plural(predictions.projected, "game")} projected (30-day player trend line)`,
    projected: true,
  };
}

/**
 * What the Live Gaming Trends bars are: the games' latest counts, or, where the data is monthly
 * (SteamCharts), each game's average players of its latest month, named with that month.
 */
export function trendingChartDescription(games: Pick<GameCard, "players">[]): string {
  const latest = games.map((g) => g.players?.latest).filter((l) => l != null);
  const months = [...new Set(latest.filter((l) => l.period === "month").map((l) => formatMonth(l.at)))];
  if (latest.length === 0 || months.length === 0) return "Latest players of the trending games.";
  const monthly = months.length === 1 ? months[0] : "their latest month";
  return latest.every((l) => l.period === "month")
    ? `Average players in ${monthly} of the trending games (monthly figures).`
    : `Latest players of the trending games (for monthly figures, the average of ${monthly}).`;
}

/**
 * The Dashboard's Cross-platform players card (review 7, item 13): what its bars total and to when
 * (each game's latest count: a monthly average where the newest data is SteamCharts' months), never
 * "now" over data years old; and which platforms have no player data (`/api/platforms/stats` answers
 * every platform the catalog lists).
 */
export function crossPlatformPlayersText(
  stats: ReadonlyArray<Pick<PlatformStat, "platform" | "players" | "provenance">> | undefined,
  figures: OverviewFigures | undefined,
  shown: number,
): { description: string; noData: string | null } {
  const measured = (stats ?? []).filter((p) => p.players != null && p.players > 0);
  const newest = measured
    .map((p) => p.provenance?.asOf)
    .filter((t): t is string => !!t)
    .sort()
    .at(-1);
  const monthly = figures?.marketActivity.basis === "month";
  const measure = monthly ? "monthly average players" : "player count";
  const date = newest ? (monthly ? formatMonth(newest) : formatDate(newest, { utc: true })) : null;
  const description = `Total of each game's latest ${measure} on each platform${date ? `, up to ${date}` : ""}. Steam's counts are the only ones collected: they count under PC.`;
  const missing = (stats ?? []).filter((p) => p.players == null).map((p) => p.platform);
  if (missing.length === 0) return { description, noData: null };
  const names = `${missing.slice(0, shown).join(", ")}${missing.length > shown ? ` and ${missing.length - shown} more` : ""}`;
  return {
    description,
    noData: `No data: ${names} (no source measures players there).`,
  };
}
