import type { GameDetail, LatestFigure } from "../../../contracts/game-page.ts";
import { plural } from "../../format/numbers.ts";

/**
 * The game page's rating when the game has no review counts to show (review 7, item 9): a console
 * game's critics' score (Metacritic's via the VGChartz dataset, or IGDB's), which lists and search
 * show with its source and date, shown here the same way rather than "No source has this figure yet".
 * A critics' score is on its own 0–100 scale, as its note says (review r29-a #6: 81 read "4.1/5"); an
 * entry of several platforms names each platform's score and critics, not one platform's as the
 * game's. A game with review counts shows those instead: its rating is their positive share.
 */
export function ratingFigure(
  game: Pick<GameDetail, "rating" | "ratingCount" | "ratingFigure" | "provenance" | "platformCriticScores">,
): { label: string; figure: LatestFigure; text: string; detail: string | null } | null {
  if (game.rating == null) return null;
  const source = game.provenance ?? { source: "The game's catalog record (undated)", asOf: null };
  const critic = game.ratingFigure?.kind === "critics" ? game.ratingFigure : null;
  if (!critic || !/critic/i.test(game.provenance?.method ?? "")) {
    const count = game.ratingCount ? ` (${plural(game.ratingCount, "rating")})` : "";
    return {
      label: "Rating",
      figure: { value: game.rating, period: "instant", ...source },
      text: `${game.rating.toFixed(1)}/5${count}`,
      detail: null,
    };
  }
  const figure = { value: critic.score, period: "instant", ...source };
  const scored = game.platformCriticScores ?? [];
  const counted = (n: number | null) => (n == null ? "" : ` (${plural(n, "critic")})`);
  if (scored.length === 0)
    return {
      label: "Critic score",
      figure,
      text: `${critic.score}/100${counted(critic.critics)}`,
      detail: null,
    };
  return {
    label: "Critic score by platform",
    figure,
    text: `${scored.map((p) => `${p.platform} ${p.score}`).join(" · ")} (/100)`,
    detail: scored.map((p) => `${p.platform}: ${p.score}/100${counted(p.critics)}`).join("; "),
  };
}
