import type { GameDetail, LatestFigure } from "../../../contracts/game-page.ts";
import { plural } from "../../format/numbers.ts";

/**
 * The game page's rating when the game has no review counts to show (review 7, item 9): a console
 * game's critics' score (Metacritic's via the VGChartz dataset, or IGDB's), which lists and search
 * show with its source and date, shown here the same way rather than "No source has this figure yet".
 * A game with review counts shows those instead: its rating is their positive share.
 */
export function ratingFigure(
  game: Pick<GameDetail, "rating" | "ratingCount" | "provenance">,
): { label: string; figure: LatestFigure; text: string } | null {
  if (game.rating == null) return null;
  const critics = /critic/i.test(game.provenance?.method ?? "");
  const count = game.ratingCount ? ` (${plural(game.ratingCount, critics ? "critic" : "rating")})` : "";
  return {
    label: critics ? "Critic score" : "Rating",
    figure: {
      value: game.rating,
      period: "instant",
      ...(game.provenance ?? { source: "The game's catalog record (undated)", asOf: null }),
    },
    text: `${game.rating.toFixed(1)}/5${count}`,
  };
}
