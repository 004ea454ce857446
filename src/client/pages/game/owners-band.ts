import type { GameDetail, OwnersBandFigure } from "../../../contracts/game-page.ts";
import type { OwnersBelow } from "../../../contracts/market.ts";
import { formatLongDate } from "../../format/dates.ts";
import { compactNumber } from "../../format/numbers.ts";

/**
 * The band a game's owners are known by when no source gives a figure: a band with no lower end
 * ("0 .. 20,000") says only that owners stay below its top. Null when the game has an owners figure
 * or no such band.
 */
export function ownersBandOnly(game: GameDetail): OwnersBandFigure | null {
  return !game.latest.owners && game.ownersBand?.low === 0 ? game.ownersBand : null;
}

/** "under 20,000": what such a band says, in words. */
export function underText(high: number): string {
  return `under ${high.toLocaleString("en-US")}`;
}

/** A table cell's "< 20K" and its title naming the source and date. */
export function belowCell(below: Pick<OwnersBelow, "high" | "source" | "asOf">): {
  text: string;
  title: string;
} {
  const when = below.asOf ? `, ${formatLongDate(below.asOf)}` : "";
  return {
    text: `< ${compactNumber(below.high)}`,
    title: `The source gives no owners figure, only a band with no lower end: ${underText(below.high)} (${below.source}${when})`,
  };
}
