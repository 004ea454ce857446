import { useQuery } from "@tanstack/react-query";
import { hasPremiumAccess } from "../../../contracts/roles.ts";
import { BarChart, DonutChart } from "../../../ui/charts/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { DataTable } from "../../../ui/table/index.ts";
import { CatalogSourceNote } from "../../components/CatalogSourceNote.tsx";
import { GlobalRevenueChart } from "../../components/GlobalRevenueChart.tsx";
import { globalRevenueCsv } from "../../components/global-revenue.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { LockedScreen } from "../../components/LockedScreen.tsx";
import { GenreSeriesEmpty } from "../../components/ProductState.tsx";
import { Section } from "../../components/Section.tsx";
import { compactNumber, formatBillions, formatPercent } from "../../format/numbers.ts";
import { distinctProvenance } from "../../format/provenance.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { currentUserQuery } from "../../queries/auth.ts";
import { topByPlayersQuery } from "../../queries/catalog.ts";
import { volatileTrendsQuery } from "../../queries/market-trends.ts";
import { marketHistoryQuery } from "../../queries/sources.ts";
import { regionalGrowthBasis, regionalGrowthText } from "../historical/series-notes.ts";
import { mostPlayedCsv, regionalMarketsCsv, segmentShareCsv } from "./analytics-csv.ts";
import { mostPlayedText } from "./most-played-text.ts";

function Analytics() {
  const genres = useQuery(volatileTrendsQuery);
  const market = useQuery(marketHistoryQuery);
  const top = useQuery(topByPlayersQuery);
  const revenue = market.data?.globalRevenue ?? [];
  const forecast = revenue.filter((r) => r.forecast);
  const newzoo = market.data?.provenance;
  const genreSources = distinctProvenance((genres.data ?? []).map((g) => g.provenance));
  // The bars and their export are the same rows: counts and monthly averages only. A peak-only game's
  // `playerCount` is its daily peak, another measure, never ranked beside them (decision 025).
  const mostPlayed = (top.data?.games ?? []).filter(
    (g) => g.playersFigure != null && g.playersFigure.measure !== "peak" && g.playersFigure.value > 0,
  );
  const playerSources = distinctProvenance(mostPlayed.map((g) => g.players?.provenance));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <Section
          title="Global games revenue"
          description={`Billions of USD per year${forecast.length ? `; ${forecast.map((r) => r.year).join(", ")} are forecasts` : ""}.`}
        >
          {market.isLoading ? (
            <Skeleton className="h-72 w-full" />
          ) : market.isError ? (
            <LoadFailed
              what="the revenue figures"
              error={market.error}
              onRetry={() => void market.refetch()}
            />
          ) : (
            <GlobalRevenueChart years={revenue} kind="line" />
          )}
          <SourceNote provenance={newzoo} className="mt-2" />
          <ExportCsvButton
            className="mt-2"
            fileName="global-games-revenue"
            aria-label="Export CSV of Global games revenue"
            disabled={revenue.length === 0}
            data={() => globalRevenueCsv(revenue)}
          />
        </Section>
      </div>
      <Section
        title="Revenue by segment"
        description={
          market.data?.platformYear ? `Share of ${market.data.platformYear} revenue.` : "Share of revenue."
        }
      >
        {market.isLoading ? (
          <Skeleton className="h-72 w-full" />
        ) : market.isError ? (
          <LoadFailed what="the revenue figures" error={market.error} onRetry={() => void market.refetch()} />
        ) : (
          <DonutChart
            data={Object.entries(market.data?.platformDistribution ?? {}).map(([label, value]) => ({
              label,
              value,
            }))}
            emptyText="No segment data available"
            formatValue={(v) => `${v}%`}
            valuesAreShares
            labelName="Segment"
          />
        )}
        <SourceNote provenance={newzoo} className="mt-2" />
        <ExportCsvButton
          className="mt-2"
          fileName="revenue-by-segment"
          aria-label="Export CSV of Revenue by segment"
          disabled={Object.keys(market.data?.platformDistribution ?? {}).length === 0}
          data={() => segmentShareCsv(market.data)}
        />
      </Section>
      <Section
        title="Regional markets"
        description={
          market.data?.regionalYear
            ? [
                `${market.data.regionalYear}${market.data.regionalMarkets.some((r) => r.growth != null) ? ", with yearly growth" : ""}.`,
                regionalGrowthBasis(market.data),
              ]
                .filter(Boolean)
                .join(" ")
            : undefined
        }
      >
        {market.isLoading ? (
          <Skeleton className="h-48 w-full" />
        ) : market.isError ? (
          <LoadFailed
            what="the regional markets"
            error={market.error}
            onRetry={() => void market.refetch()}
          />
        ) : !market.data?.regionalMarkets.length ? (
          <EmptyState title="No regional data available" />
        ) : (
          // Half a row at 1280 px: the region and "no 2024 figure" wrap rather than run past the card's
          // edge; on a phone what still does not fit says so (review r22-b, item 7).
          <DataTable
            aria-label="Regional markets"
            scrollHint="Scroll the table sideways for Share and Growth."
            rows={market.data.regionalMarkets}
            rowKey={(r) => r.region}
            columns={[
              { header: "Region", cell: (r) => r.region, className: "whitespace-normal" },
              { header: "Revenue", cell: (r) => formatBillions(r.revenue) },
              { header: "Share", cell: (r) => `${r.share.toFixed(1)}%` },
              {
                header: "Growth",
                // Why there is no growth in smaller type, and "comparable" may break at a soft hyphen:
                // at 390 px the table still fits its card (review r22-b, item 7).
                cell: (r) => {
                  const text = regionalGrowthText(r, market.data?.regionalYear ?? null);
                  const why = /^(not comparable) (\(.*\))$/.exec(text);
                  return why ? (
                    <>
                      {why[1]!.replace("comparable", "com\u00ADpar\u00ADable")}{" "}
                      <span className="text-muted-foreground text-xs">{why[2]}</span>
                    </>
                  ) : (
                    text
                  );
                },
                className: "whitespace-normal",
              },
            ]}
          />
        )}
        <SourceNote provenance={newzoo} className="mt-2" />
        <ExportCsvButton
          className="mt-2"
          fileName="regional-markets"
          aria-label="Export CSV of Regional markets"
          disabled={!market.data?.regionalMarkets.length}
          data={() => regionalMarketsCsv(market.data)}
        />
      </Section>
      <Section
        title="Genres"
        description="Players at the end of the window named under the table, their change over it, and volatility (0–10)."
      >
        {genres.isLoading ? (
          <Skeleton className="h-64 w-full" />
        ) : genres.isError ? (
          <LoadFailed what="the genre figures" error={genres.error} onRetry={() => void genres.refetch()} />
        ) : !(genres.data ?? []).length ? (
          <GenreSeriesEmpty />
        ) : (
          <DataTable
            aria-label="Genres"
            rows={genres.data ?? []}
            rowKey={(g) => g.category}
            columns={[
              { header: "Genre", cell: (g) => g.category },
              { header: "Players", cell: (g) => compactNumber(g.players) },
              { header: "Games", cell: (g) => g.games },
              {
                header: "Change",
                cell: (g) => formatPercent(g.change),
                className: (g) => (g.change >= 0 ? "text-success" : "text-destructive"),
              },
              { header: "Volatility", cell: (g) => g.volatilityScore.toFixed(1) },
            ]}
          />
        )}
        <CatalogSourceNote provenance={genreSources} className="mt-2" />
        <ExportCsvButton
          className="mt-2"
          fileName="genres"
          aria-label="Export CSV of Genres"
          disabled={!(genres.data ?? []).length}
          data={() => ({
            header: ["genre", "players (players)", "games (games)", "change (%)", "volatility (0-10)"],
            rows: (genres.data ?? []).map((g) => [
              g.category,
              g.players,
              g.games,
              g.change,
              g.volatilityScore,
            ]),
          })}
        />
      </Section>
      <Section title="Most played" description={mostPlayedText(mostPlayed.map((g) => g.players?.latest))}>
        {top.isLoading ? (
          <Skeleton className="h-64 w-full" />
        ) : top.isError ? (
          <LoadFailed what="the most played games" error={top.error} onRetry={() => void top.refetch()} />
        ) : (
          <BarChart
            data={mostPlayed.map((g) => ({ label: g.gameName, value: g.playerCount ?? 0 }))}
            seriesName="Players"
            horizontal
            emptyText="No player counts yet"
            formatValue={compactNumber}
          />
        )}
        <CatalogSourceNote provenance={playerSources} className="mt-2" />
        <ExportCsvButton
          className="mt-2"
          fileName="most-played"
          aria-label="Export CSV of Most played"
          disabled={!mostPlayed.length}
          data={() => mostPlayedCsv(mostPlayed)}
        />
      </Section>
    </div>
  );
}

/**
 * What Analytics holds back from a regular user, and only that (report r31-a #3): the server leaves
 * Newzoo's forecast years out of `/api/kaggle/market-trends` and genre volatility out of
 * `/api/analytics/market-trends` for them (ADR 020's addenda). Historical Analytics shows them the last
 * five reported years (the spec's limit) and each platform's and region's share, and the lock says just
 * that (review r32-a #1: it said revenue by year, segment and region were there, where the years before
 * and each region's revenue in dollars are not); the most played games are on the games lists.
 */
const ANALYTICS_LOCK_TEXT =
  "Newzoo's revenue forecasts and each genre's volatility come with the Premium plan. Historical Analytics shows the last five reported years of revenue, and each platform's and region's share.";

/** The different provenances behind a list of rows, once each (rows share their series' source). */
/** Premium market and revenue analytics (spec §6). A regular user is told what it is and fetches nothing. */
export default function AnalyticsPage() {
  const { data: user } = useQuery(currentUserQuery);
  return (
    <div>
      <PageHeader title="Analytics" description="Market and revenue analytics." />
      {hasPremiumAccess(user) ? (
        <Analytics />
      ) : (
        <LockedScreen title="Analytics is a Premium feature" description={ANALYTICS_LOCK_TEXT} />
      )}
    </div>
  );
}
