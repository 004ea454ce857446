import type { GameSummary } from "../../../contracts/games.ts";
import { playersPeriod } from "../../../contracts/player-figures.ts";
import type { MarketHistory } from "../../../contracts/sources.ts";
import type { CsvData } from "../../../ui/export/index.ts";
import { withProvenanceColumns } from "../../components/csv-provenance.ts";
import { platformShareCsv } from "../../components/PlatformShareExport.tsx";
import { regionalGrowthAgainst } from "../historical/series-notes.ts";

/**
 * Analytics' exports carry the source and date under each card (ADR 029; review r27-a, item 6):
 * revenue by segment and regional markets Newzoo's, dated by its latest edition quoted.
 */
export function segmentShareCsv(market: MarketHistory | undefined): CsvData {
  return withProvenanceColumns(platformShareCsv(market), market?.provenance);
}

/** Regional markets with what each growth is against, or why there is none (not comparable, no figure). */
export function regionalMarketsCsv(market: MarketHistory | undefined): CsvData {
  const year = market?.regionalYear ?? null;
  return withProvenanceColumns(
    {
      header: ["region", "revenue (billion USD)", "share (%)", "growth (%)", "growth against"],
      rows: (market?.regionalMarkets ?? []).map((r) => [
        r.region,
        r.revenue,
        r.share,
        r.growth,
        regionalGrowthAgainst(r, year),
      ]),
    },
    market?.provenance,
  );
}

/** The most played games' bars: each game's figure, what it is, and its own source and time. */
export function mostPlayedCsv(
  games: ReadonlyArray<Pick<GameSummary, "gameName" | "playerCount" | "playersFigure" | "players">>,
): CsvData {
  return {
    header: ["game", "players", "players period", "source", "as of (ISO 8601)"],
    rows: games.map((g) => [
      g.gameName,
      g.playerCount ?? 0,
      playersPeriod(g.playersFigure),
      g.players?.provenance?.source ?? null,
      g.players?.provenance?.asOf ?? null,
    ]),
  };
}
