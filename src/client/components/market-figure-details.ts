import type { OverviewFigures } from "../../contracts/games.ts";
import type { PlatformStat } from "../../contracts/sources.ts";
import { formatDate, formatMonth } from "../format/dates.ts";
import { compactNumber, formatPercent, plural } from "../format/numbers.ts";
import type { GameCard } from "../queries/catalog.ts";
import {
  type ActivityFigures,
  dataDate,
  marketActivityHint,
  partialPeriodNote,
} from "./market-figure-text.ts";

/*
 * The same catalog figures' texts on the screens after the first: the Dashboard, the Market overview
 * report and the Overview's charts. Apart from market-figure-text.ts, which the Overview (the first
 * route) loads, so that route carries only the texts it shows.
 */

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
 * What the Live Gaming Trends bars are: the games' latest counts, or, where the data is monthly
 * (SteamCharts), each game's average players of its latest month, named with that month.
 */
export function trendingChartDescription(games: Pick<GameCard, "players">[]): string {
  const latest = games.map((g) => g.players?.latest).filter((l) => l != null);
  const months = [
    ...new Set(latest.filter((l) => l.period === "month").map((l) => formatMonth(l.at, l.partial))),
  ];
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
