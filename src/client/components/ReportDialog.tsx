import { Users } from "lucide-react";
import type { RefObject } from "react";
import type { CsvValue } from "../../contracts/csv.ts";
import type { GrowthBasis, OverviewFigures, Report } from "../../contracts/games.ts";
import { NO_PLAYER_HISTORY } from "../../contracts/player-figures.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../ui/dialog/index.ts";
import { EmptyState } from "../../ui/empty-state/index.ts";
import { ExportCsvButton } from "../../ui/export/index.ts";
import { DataTable } from "../../ui/table/index.ts";
import { formatDate, formatDateTime, formatMonth } from "../format/dates.ts";
import { compactNumber, formatPercent, formatPlayers, formatPrice, plural } from "../format/numbers.ts";
import { CatalogSourceNote } from "./CatalogSourceNote.tsx";
import { growthLabel, latestPlayersText } from "./GameCardView.tsx";
import { GameLink } from "./GameLink.tsx";
import { type Genre, GenreTable } from "./GenreTable.tsx";
import { marketActivitySentence } from "./market-figure-details.ts";
import { OrderNote } from "./OrderNote.tsx";
import { AdminHint, GenreSeriesEmpty } from "./ProductState.tsx";
import { type WatchlistReportRow, watchlistReportCsv } from "./watchlist-report-csv.ts";

/** What each report type holds (src/server/catalog/reports.ts builds them). */
interface ReportData {
  /**
   * The Overview's Market Activity as it was when the report was made. Older reports may lack the
   * basis (read as days, as they then said) and the partial period's fields (read as not partial).
   */
  marketActivity?: Pick<OverviewFigures["marketActivity"], "players" | "change" | "games"> &
    Partial<OverviewFigures["marketActivity"]>;
  topTrending?: Array<{
    gameId: string;
    gameName: string;
    playerCount: number;
    growth: number;
    growthBasis?: GrowthBasis;
    growthPartial?: true;
  }>;
  largestGenres?: Genre[];
  dataAsOf?: string | null;
  games?: WatchlistReportRow[];
  /** The sources of a watchlist summary's figures, each once (absent in reports made before r25 #3). */
  sources?: Provenance[];
  trackedCount?: number;
  trendingInWatchlist?: number;
  genres?: Genre[];
  mostVolatile?: Genre[];
  /** Why the report holds nothing, as the server found the catalog when it was made (reports.ts). */
  emptyReason?: string;
}
export const REPORT_TITLES: Record<string, string> = {
  market_overview: "Market overview report",
  watchlist_summary: "Watchlist summary",
  genre_trends: "Genre trends report",
};

/** Export CSV of a report's table: its rows, units in the header. */
function ReportExport({ report, header, rows }: { report: Report; header: string[]; rows: CsvValue[][] }) {
  const title = REPORT_TITLES[report.reportType] ?? "Report";
  return (
    <ExportCsvButton
      className="justify-self-start"
      fileName={`${title}-${report.generatedAt.slice(0, 10)}`}
      aria-label={`Export CSV of ${title}`}
      disabled={rows.length === 0}
      data={() => ({ header, rows })}
    />
  );
}

/** The Market overview report made while the catalog has no player counts: what it needs and how that fills. */
function NoPlayerDataYet() {
  return (
    <div data-testid="report-no-player-data">
      <EmptyState
        icon={Users}
        title="No player data yet"
        description={
          <>
            This report sums the catalog's players and ranks its trending games by player counts, and no game
            has any yet. {NO_PLAYER_HISTORY} and grows with each one: generate the report again once it has
            run.
            <AdminHint>import a player history (SteamCharts) or run Multi-Platform Intelligence</AdminHint>
          </>
        }
      />
    </div>
  );
}

/**
 * What a watchlist game's growth compares and where from: "avg. players, latest month vs. the month
 * before (40.1K → 33.4K) · SteamCharts, Feb 2022".
 */
export function watchlistGrowthText(g: WatchlistReportRow): string {
  const averages =
    g.previousAverage != null && g.currentAverage != null
      ? ` (${compactNumber(g.previousAverage)} → ${compactNumber(g.currentAverage)})`
      : "";
  const p = g.growthProvenance;
  const when = p?.asOf
    ? g.growthBasis === "month"
      ? formatMonth(p.asOf)
      : formatDate(p.asOf, { utc: true })
    : null;
  const source = p ? ` · ${[p.source, when].filter(Boolean).join(", ")}` : "";
  return `${growthLabel(g.growthBasis ?? undefined, g.growthPartial)}${averages}${source}`;
}

function ReportBody({ report }: { report: Report }) {
  const data = (report.data ?? {}) as ReportData;
  // A report is a snapshot of the catalog's player series: named, and dated by its newest point.
  const provenance = {
    source: "the catalog's player series",
    asOf: data.dataAsOf ?? null,
    method: `report generated ${new Date(report.generatedAt).toISOString()}`,
  };
  const trending = (data.topTrending ?? []).slice(0, 5);
  switch (report.reportType) {
    case "market_overview":
      // No player counts in the catalog: say so and where they come from, not "0 players … across 0
      // games" over a table with no rows.
      if (!data.marketActivity?.games && trending.length === 0) return <NoPlayerDataYet />;
      return (
        <>
          {data.marketActivity && (
            // The Overview card's wording: its measure, period, games and a partial newest period.
            <p className="text-sm" data-testid="report-market-activity">
              {marketActivitySentence({
                marketActivity: {
                  comparedGames: 0,
                  previousGames: 0,
                  partial: false,
                  ...data.marketActivity,
                },
                dataAsOf: data.dataAsOf ?? null,
              })}
            </p>
          )}
          <DataTable
            rows={trending}
            rowKey={(g) => g.gameId}
            columns={[
              {
                header: "Top trending",
                cell: (g) => <GameLink id={g.gameId} name={g.gameName} />,
                // Long names wrap too, so a phone scrolls the table sideways less.
                className: "min-w-32 whitespace-normal",
              },
              { header: "Players", cell: (g) => compactNumber(g.playerCount) },
              { header: "Growth", cell: (g) => formatPercent(g.growth * 100) },
              {
                header: "Compares",
                cell: (g) => growthLabel(g.growthBasis, g.growthPartial),
                // Wraps: on one line "…latest month vs. the month before" ran past the dialog's edge.
                className: "min-w-40 whitespace-normal",
              },
            ]}
          />
          {trending.length > 0 && <OrderNote order="trending" />}
          <CatalogSourceNote provenance={provenance} />
          <ReportExport
            report={report}
            header={["game", "players (players)", "growth (%)"]}
            rows={trending.map((g) => [g.gameName, g.playerCount, g.growth * 100])}
          />
        </>
      );
    case "watchlist_summary":
      return (
        <>
          <p className="text-sm">
            {plural(data.trackedCount ?? 0, "tracked game")}, {data.trendingInWatchlist ?? 0} of them
            trending.
          </p>
          {(data.games ?? []).length > 0 && (
            <DataTable
              rows={data.games ?? []}
              rowKey={(g) => g.gameId}
              // At 1280 px every column fits (long texts wrap); a phone scrolls, and is told so.
              scrollHint="Scroll the table sideways for Price, Growth and what it compares."
              columns={[
                {
                  header: "Game",
                  // Platforms under the name: two "Grand Theft Auto V" entries tell apart (r26/a #4).
                  cell: (g) => (
                    <>
                      <GameLink id={g.gameId} name={g.gameName} />
                      {g.platforms && g.platforms.length > 0 && (
                        <span className="block text-muted-foreground text-xs" data-testid="report-platforms">
                          {g.platforms.join(", ")}
                        </span>
                      )}
                    </>
                  ),
                  className: "min-w-32 whitespace-normal",
                },
                {
                  header: "Players",
                  cell: (g) =>
                    g.playersFigure ? latestPlayersText(g.playersFigure) : formatPlayers(g.playerCount),
                  // A peak's source and day wrap instead of widening the column past the dialog.
                  className: "min-w-32 whitespace-normal",
                },
                { header: "Price", cell: (g) => formatPrice(g.price) },
                { header: "Growth", cell: (g) => (g.growth == null ? "–" : formatPercent(g.growth * 100)) },
                {
                  // What each growth compares, with its source and month (review r25 #3).
                  header: "Compares",
                  // Reports made before every game had its growth gave it to trending games only.
                  cell: (g) =>
                    g.growth != null
                      ? watchlistGrowthText(g)
                      : data.sources
                        ? "no two periods to compare"
                        : "not trending then",
                  className: "min-w-48 whitespace-normal",
                },
              ]}
            />
          )}
          <CatalogSourceNote provenance={data.sources ?? provenance} />
          <ReportExport report={report} {...watchlistReportCsv(data.games ?? [])} />
        </>
      );
    case "genre_trends":
      // No genre series: the reason stored with the report (review r23-a #4: an empty table and a
      // disabled Export said nothing); reports stored before reasons were kept say the rule.
      if ((data.genres ?? []).length === 0)
        return (
          <div data-testid="report-no-genre-series">
            <GenreSeriesEmpty title="No genre series yet" reason={data.emptyReason} />
          </div>
        );
      // A regular user's report has no volatility (ADR 020): their genres by players, and why.
      return data.mostVolatile ? (
        <GenreTable
          genres={data.mostVolatile}
          caption="Most volatile genres"
          provenance={provenance}
          fileName={`genre-trends-report-${report.generatedAt.slice(0, 10)}`}
        />
      ) : (
        <>
          <GenreTable
            genres={data.genres ?? []}
            caption="Genres"
            provenance={provenance}
            fileName={`genre-trends-report-${report.generatedAt.slice(0, 10)}`}
          />
          <p className="text-muted-foreground text-sm">Genre volatility comes with the Premium plan.</p>
        </>
      );
    default:
      return <p className="text-muted-foreground text-sm">This report type has no view yet.</p>;
  }
}

export interface ReportDialogProps {
  report: Report | null;
  onClose: () => void;
  /** Focus on close when the opener lost it while the report was made (its button showed loading). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** A stored report, shown by its type; `report` null keeps the dialog closed. */
export function ReportDialog({ report, onClose, returnFocusTo }: ReportDialogProps) {
  const data = report?.data as ReportData | undefined;
  const dataAsOf = data?.dataAsOf;
  // Monthly averages (SteamCharts) are the whole month's: "up to Feb 2022", not "up to Feb 1, 2022"
  // (review 20 C, item 10).
  const asOfText = dataAsOf
    ? data?.marketActivity?.basis === "month"
      ? formatMonth(dataAsOf)
      : formatDate(dataAsOf, { utc: true })
    : null;
  return (
    <Dialog open={report != null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        // The watchlist summary's five columns fit side by side on a desktop (at 1280 px the 672 px
        // dialog hid Price, Growth and Compares behind a sideways scroll: review r26/a #5).
        className={report?.reportType === "watchlist_summary" ? "max-w-2xl lg:max-w-5xl" : "max-w-2xl"}
        returnFocusTo={returnFocusTo}
      >
        <DialogHeader>
          <DialogTitle>{report ? (REPORT_TITLES[report.reportType] ?? "Report") : "Report"}</DialogTitle>
          <DialogDescription>
            Generated {report ? formatDateTime(report.generatedAt) : ""}
            {asOfText ? ` from data up to ${asOfText}` : ""}.
          </DialogDescription>
        </DialogHeader>
        {report && <ReportBody report={report} />}
      </DialogContent>
    </Dialog>
  );
}
