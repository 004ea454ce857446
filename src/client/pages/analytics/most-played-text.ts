import type { PlayerFigures } from "../../../contracts/player-figures.ts";
import { formatDay, formatMonth } from "../../format/dates.ts";

/**
 * What Analytics' "Most played" ranks, said from the figures it shows (review 20 C, item 11): "the
 * most current players" over SteamCharts' Feb 2022 averages overstated their freshness. Each bar is
 * the game's newest player figure (`latest`); the caption names its kind and its time.
 */
export function mostPlayedText(latest: ReadonlyArray<PlayerFigures["latest"] | undefined>): string {
  const figures = latest.filter((l): l is NonNullable<typeof l> => l != null);
  if (figures.length === 0) return "Games with the most players in the catalog.";
  const monthly = figures.filter((f) => f.period === "month");
  const span = (names: string[]) => {
    const distinct = [...new Set(names)];
    return distinct.length === 1 ? distinct[0]! : `${distinct[0]} – ${distinct.at(-1)}`;
  };
  const byTime = [...figures].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  if (monthly.length === figures.length)
    return `Games ranked by their newest player figure: the monthly average of players, ${span(byTime.map((f) => formatMonth(f.at)))}.`;
  if (monthly.length === 0)
    return `Games ranked by their newest player count, ${span(byTime.map((f) => formatDay(f.at)))}.`;
  return `Games ranked by their newest player figure: monthly averages and counts of different times (${span(byTime.map((f) => (f.period === "month" ? formatMonth(f.at) : formatDay(f.at))))}); the CSV dates each.`;
}
