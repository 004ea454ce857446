import type { EstimateSums } from "../../contracts/market.ts";
import { compactNumber, plural } from "../format/numbers.ts";

/**
 * The words around summed estimates (issue 11), the same on company pages and in the screener's
 * market size: the P50 with its P10–P90 bracket, which games are summed, and which are not and why.
 */

const range = (r: { low: number; mid: number; high: number }, unit = "") =>
  `${unit}${compactNumber(r.mid)} (${unit}${compactNumber(r.low)}–${unit}${compactNumber(r.high)})`;

/** The games the revenue sum leaves out, and why: free-to-play games and games without a known price. */
function revenueLeftOut(e: EstimateSums): string | undefined {
  const free = e.freeToPlayGames ?? 0;
  const parts = [
    ...(free > 0 ? [`${plural(free, "free-to-play game")} (in-game revenue is not estimated)`] : []),
    ...(e.gamesWithoutRevenue > 0 ? [`${plural(e.gamesWithoutRevenue, "game")} without a known price`] : []),
  ];
  return parts.length ? `${parts.join(" and ")} left out` : undefined;
}

/** The tiles: owners and gross revenue, P50 with P10–P90; revenue "–" with its reason when no game has a price. */
export function estimateSumTiles(e: EstimateSums): Array<[label: string, value: string, note?: string]> {
  return [
    ["Owners (P50, P10–P90)", range(e.owners)],
    e.grossRevenue
      ? ["Gross revenue (P50, P10–P90)", range(e.grossRevenue, "$"), revenueLeftOut(e)]
      : [
          "Gross revenue (P50, P10–P90)",
          "–",
          (e.freeToPlayGames ?? 0) > 0 ? (revenueLeftOut(e) ?? "") : "No estimated game has a known price",
        ],
  ];
}

/** Games whose stored estimate is the Steam catalog's spread, not theirs: left out of the sums. */
function outsideModelText(n: number): string {
  return `${plural(n, "game")} not on Steam and without Steam data ${n === 1 ? "is" : "are"} outside the owners model: no estimate of ${n === 1 ? "its" : "theirs"} is summed.`;
}

/**
 * How many of the summed games are low-signal: no single figure is shown for them (only their range),
 * yet their P50s are in the sums.
 */
function lowSignalText(n: number): string {
  return n === 1
    ? "1 of them is low-signal: no single figure is shown for it, but its P50 is in these sums."
    : `${n.toLocaleString("en-US")} of them are low-signal: no single figure is shown for them, but their P50s are in these sums.`;
}

/**
 * "12 of 40 games estimated." and, where some are, the low-signal games among them and the games
 * outside the model.
 */
export function estimatedGamesText(e: EstimateSums, games: number, outsideModel: number): string {
  return `${e.games.toLocaleString("en-US")} of ${plural(games, "game")} estimated.${
    e.lowSignalGames > 0 ? ` ${lowSignalText(e.lowSignalGames)}` : ""
  }${outsideModel > 0 ? ` ${outsideModelText(outsideModel)}` : ""}`;
}

/** No estimate at all: why. */
export const NO_ESTIMATE_TEXT =
  "No estimate: the owners model covers Steam games, and none of these games is on Steam or has Steam reviews, an owners band or players.";
