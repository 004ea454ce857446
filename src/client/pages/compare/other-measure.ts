import type { GameSeries } from "../../../contracts/game-page.ts";

/** How the legend names the measure of points of a period. */
const MEASURES: Record<string, string> = {
  month: "monthly averages",
  day: "daily counts",
  instant: "counts",
};
const PEAKS: Record<string, string> = { day: "daily peaks", month: "monthly peaks" };

/**
 * What Compare's Players legend says of a game with no player counts drawn but peaks in the range
 * (ELDEN RING: SteamSpy's `ccu` and SteamDB's daily peaks only): "only daily peaks (SteamDB), not
 * drawn beside monthly averages" instead of "no points in this range", which read as no player data
 * at all (report r22-a #1). A peak is not drawn beside averages and counts: it is another measure.
 * `drawnPeriods` are the periods of the points the chart draws (the other games'); undefined when the
 * game has counts in the range or no peaks in it either.
 */
export function otherMeasureNote(
  players: GameSeries | undefined,
  peaks: GameSeries | undefined,
  drawnPeriods: readonly string[],
): string | undefined {
  if (!players || players.points.length > 0 || !peaks || peaks.points.length === 0) return undefined;
  const periods = new Set(peaks.points.map((p) => p.period ?? peaks.period ?? ""));
  const what = periods.size === 1 ? (PEAKS[[...periods][0]!] ?? "peaks") : "peaks";
  const beside = [...new Set(drawnPeriods.map((p) => MEASURES[p]).filter(Boolean))];
  const from = peaks.source ? ` (${peaks.source})` : "";
  return beside.length
    ? `only ${what}${from}, not drawn beside ${beside.join(" and ")}`
    : `only ${what}${from}, a measure this chart does not draw`;
}
