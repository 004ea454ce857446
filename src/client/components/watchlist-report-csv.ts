import type { GrowthBasis } from "../../contracts/games.ts";
import { playersPeriod, type ShownPlayersFigure } from "../../contracts/player-figures.ts";
import {
  CONVERSION_CSV_HEADERS,
  conversionCsvCells,
  type PriceConversion,
} from "../../contracts/price-conversion.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import type { CsvData } from "../../ui/export/index.ts";
import { growthLabel } from "./GameCardView.tsx";

/** A watchlist summary's row as the server stores it (src/server/catalog/reports.ts). */
export interface WatchlistReportRow {
  gameId: string;
  gameName: string;
  /** Every platform of the entry (absent in reports made before review r26/a #4). */
  platforms?: string[];
  playerCount: number | null;
  /** What playerCount is (a peak-only game's peak); absent in reports made before it was kept. */
  /** What `playerCount` is, with its time (its `partial` marks a month the source has part of). */
  playersFigure?: ShownPlayersFigure | null;
  /** The players figure's source and date (absent in reports made before review r26/a #4). */
  playersProvenance?: Provenance | null;
  price: number | null;
  /** The price's source and date (absent in reports made before review r26/a #4). */
  priceProvenance?: Provenance | null;
  /** A price its source gave in another currency: that price and the rate. */
  priceConversion?: PriceConversion;
  growth: number | null;
  /** What the growth compares, its averages and source (absent in reports made before r25 #3). */
  growthBasis?: GrowthBasis | null;
  growthPartial?: true;
  currentAverage?: number | null;
  previousAverage?: number | null;
  growthProvenance?: Provenance | null;
}

/** A growth share as the dialog writes it, in percent to one decimal (-14.4, not -14.360000000000001). */
export function growthPercent(growth: number | null): number | null {
  return growth == null ? null : Number((growth * 100).toFixed(1));
}

/**
 * The watchlist summary as CSV: every figure its dialog shows, each with its source and date
 * (docs/decisions/029): the entry's id and platforms (same-named entries tell apart), the players
 * figure with what it is, its source and date, the price with its source and date (and a converted
 * one's own price and rate), the growth as the screen rounds it, what it
 * compares, the two averages it compares and their source and month.
 */
export function watchlistReportCsv(games: readonly WatchlistReportRow[]): CsvData {
  return {
    header: [
      "id",
      "game",
      "platforms",
      "players",
      "players measure",
      "players source",
      "players as of (ISO 8601)",
      "price (USD)",
      "price source",
      "price as of (ISO 8601)",
      ...CONVERSION_CSV_HEADERS,
      "growth (%)",
      "growth compares",
      "players, period before (average)",
      "players, latest period (average)",
      "growth source",
      "growth as of (ISO 8601)",
    ],
    rows: games.map((g) => {
      const measure = playersPeriod(g.playersFigure);
      const hasGrowth = g.growth != null;
      return [
        g.gameId,
        g.gameName,
        g.platforms?.length ? g.platforms.join(", ") : null,
        g.playerCount,
        // "partial month (average)" where its source has only part of the month (playersPeriod).
        measure,
        g.playerCount == null ? null : (g.playersProvenance?.source ?? null),
        g.playerCount == null ? null : (g.playersProvenance?.asOf ?? null),
        g.price,
        g.price == null ? null : (g.priceProvenance?.source ?? null),
        g.price == null ? null : (g.priceProvenance?.asOf ?? null),
        ...conversionCsvCells(g.priceConversion),
        growthPercent(g.growth),
        hasGrowth ? growthLabel(g.growthBasis ?? undefined, g.growthPartial) : null,
        hasGrowth ? (g.previousAverage ?? null) : null,
        hasGrowth ? (g.currentAverage ?? null) : null,
        hasGrowth ? (g.growthProvenance?.source ?? null) : null,
        hasGrowth ? (g.growthProvenance?.asOf ?? null) : null,
      ];
    }),
  };
}
