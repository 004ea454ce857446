import type { Report } from "../../contracts/games.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../ui/dialog/index.ts";
import { DataTable } from "../../ui/table/index.ts";
import { compactNumber, formatPercent, formatPrice, plural } from "../format/numbers.ts";
import { GameLink } from "./GameLink.tsx";
import { type Genre, GenreTable } from "./GenreTable.tsx";

/** What each report type holds (src/server/catalog/reports.ts builds them). */
interface ReportData {
  marketActivity?: { players: number; change: number | null; games: number };
  topTrending?: Array<{ gameId: string; gameName: string; playerCount: number; growth: number }>;
  largestGenres?: Genre[];
  dataAsOf?: string | null;
  games?: Array<{
    gameId: string;
    gameName: string;
    playerCount: number | null;
    price: number | null;
    growth: number | null;
  }>;
  trackedCount?: number;
  trendingInWatchlist?: number;
  genres?: Genre[];
  mostVolatile?: Genre[];
}
export const REPORT_TITLES: Record<string, string> = {
  market_overview: "Market overview report",
  watchlist_summary: "Watchlist summary",
  genre_trends: "Genre trends report",
};

function ReportBody({ report }: { report: Report }) {
  const data = (report.data ?? {}) as ReportData;
  switch (report.reportType) {
    case "market_overview":
      return (
        <>
          {data.marketActivity && (
            <p className="text-sm">
              {compactNumber(data.marketActivity.players)} average daily players across{" "}
              {data.marketActivity.games} games ({formatPercent(data.marketActivity.change)} week on week).
            </p>
          )}
          <DataTable
            rows={(data.topTrending ?? []).slice(0, 5)}
            rowKey={(g) => g.gameId}
            columns={[
              { header: "Top trending", cell: (g) => <GameLink id={g.gameId} name={g.gameName} /> },
              { header: "Players", cell: (g) => compactNumber(g.playerCount) },
              { header: "Growth", cell: (g) => formatPercent(g.growth * 100) },
            ]}
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
              columns={[
                { header: "Game", cell: (g) => <GameLink id={g.gameId} name={g.gameName} /> },
                { header: "Players", cell: (g) => compactNumber(g.playerCount) },
                { header: "Price", cell: (g) => formatPrice(g.price) },
                { header: "Growth", cell: (g) => (g.growth == null ? "–" : formatPercent(g.growth * 100)) },
              ]}
            />
          )}
        </>
      );
    case "genre_trends":
      return <GenreTable genres={data.mostVolatile ?? []} caption="Most volatile genres" />;
    default:
      return <p className="text-muted-foreground text-sm">This report type has no view yet.</p>;
  }
}

/** A stored report, shown by its type; `report` null keeps the dialog closed. */
export function ReportDialog({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const dataAsOf = (report?.data as ReportData | undefined)?.dataAsOf;
  return (
    <Dialog open={report != null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{report ? (REPORT_TITLES[report.reportType] ?? "Report") : "Report"}</DialogTitle>
          <DialogDescription>
            Generated {report ? new Date(report.generatedAt).toLocaleString() : ""}
            {dataAsOf ? ` from data up to ${new Date(dataAsOf).toLocaleDateString()}` : ""}.
          </DialogDescription>
        </DialogHeader>
        {report && <ReportBody report={report} />}
      </DialogContent>
    </Dialog>
  );
}
