import { PLAYER_FIGURE_LABELS, playersPeriod, shownPlayersFigure } from "../../contracts/player-figures.ts";
import { CONVERSION_CSV_HEADERS, conversionCsvCells } from "../../contracts/price-conversion.ts";
import { RATING_CSV_HEADERS, ratingCsvCells } from "../../contracts/rating-figure.ts";
import type { CsvData } from "../../ui/export/index.ts";
import type { GameCard } from "../queries/catalog.ts";
import { figureSourcesCell } from "./figure-sources.ts";
import { cardPlatforms, growthLabel } from "./GameCardView.tsx";

/**
 * The cards' figures as CSV (what a list of GameCardView shows, with the times the card only hints at
 * in its tooltip): unformatted numbers, ISO times, units in the header. Apart from GameCardView: the
 * Overview's first route draws cards, only Game Tracking exports them (0.2 KiB off the first route).
 */
export function gameCardsCsv(games: GameCard[]): CsvData {
  return {
    header: [
      "id",
      "name",
      "platform",
      "genre",
      `${PLAYER_FIGURE_LABELS.latest} (players)`,
      "players at",
      "players period",
      `${PLAYER_FIGURE_LABELS.average} (players)`,
      `${PLAYER_FIGURE_LABELS.peak} (players)`,
      "peak at",
      "growth (share, vs. the period before)",
      "growth compares",
      "price (USD)",
      RATING_CSV_HEADERS["user-reviews"],
      RATING_CSV_HEADERS.critics,
      "demo",
      "source",
      "as of",
      "sources (each as of)",
      "players source",
      "players as of",
      ...CONVERSION_CSV_HEADERS,
      // The peak's own source and span: it may be another source's than the counts' (review r19d #3).
      "peak source",
      "peak covers (days)",
    ],
    rows: games.map((g) => {
      // The figure the card shows (and every list's playerCount): a peak-only game's peak, named one.
      const shown = shownPlayersFigure(g.players);
      return [
        g.gameId,
        g.gameName,
        // Every platform, as the card names them (its badges stop at 3 plus "+N").
        cardPlatforms(g).join(", ") || null,
        g.genre ?? null,
        shown?.value ?? g.playerCount,
        shown?.at ?? null,
        // A monthly mean is the month's average, not a count at "players at"; a peak says its days.
        playersPeriod(shown),
        g.players?.average?.value ?? null,
        g.players?.peak?.value ?? null,
        g.players?.peak?.at ?? null,
        g.growth ?? null,
        g.growth == null ? null : growthLabel(g.growthBasis, g.growthPartial),
        g.price ?? null,
        ...ratingCsvCells(g.ratingFigure),
        g.isDemo ? "yes" : "no",
        g.provenance?.source ?? null,
        g.provenance?.asOf ?? null,
        figureSourcesCell(g),
        g.players?.provenance.source ?? null,
        g.players?.provenance.asOf ?? null,
        ...conversionCsvCells(g.priceConversion),
        g.players?.peak?.source ?? null,
        g.players?.peak?.days ?? null,
      ];
    }),
  };
}
