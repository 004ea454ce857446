import { useQuery } from "@tanstack/react-query";
import { playersPeriod } from "../../../contracts/player-figures.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { BarChart, MAX_BARS } from "../../../ui/charts/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { PremiumLock } from "../../../ui/premium-lock/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { CatalogSourceNote } from "../../components/CatalogSourceNote.tsx";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { trendingChartDescription } from "../../components/market-figure-details.ts";
import { OrderNote } from "../../components/OrderNote.tsx";
import { GenreSeriesEmpty } from "../../components/ProductState.tsx";
import { compactNumber } from "../../format/numbers.ts";
import { LiveIndicator } from "../../layout/AppShell.tsx";
import { trendingQuery } from "../../queries/catalog.ts";
import { volatileTrendsQuery } from "../../queries/market-trends.ts";

/**
 * The Overview's two charts, Live Gaming Trends and Market Intelligence, each with its source and
 * its CSV. A lazy chunk of its own: the charts draw after the first paint anyway (ApexCharts loads
 * lazily), so the first route after sign-in does not carry their code (issue 13's budget).
 */
export default function OverviewCharts({ premium }: { premium: boolean }) {
  const trending = useQuery(trendingQuery);
  // Spec §2: Market Intelligence is locked for regular users: fetch it only for those who may see it.
  const market = useQuery({ ...volatileTrendsQuery, enabled: premium });
  const games = trending.data ?? [];
  const trends = market.data ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <CardTitle>Live Gaming Trends</CardTitle>
            <LiveIndicator />
          </div>
          <CardDescription>{trendingChartDescription(games)}</CardDescription>
        </CardHeader>
        <CardContent>
          {trending.isLoading ? (
            <Skeleton className="h-72" />
          ) : trending.isError ? (
            <LoadFailed
              what="the trending games"
              error={trending.error}
              onRetry={() => void trending.refetch()}
            />
          ) : (
            <BarChart
              seriesName="Players"
              data={games.map((g) => ({ label: g.gameName, value: g.playerCount ?? 0 }))}
              emptyText="No trending games available at the moment"
              formatValue={(v) => `${compactNumber(v)} players`}
            />
          )}
          {/* The bars come in trending's order, not by growth alone (outside tester). */}
          {!trending.isLoading && !trending.isError && games.length > 0 && (
            <OrderNote order="trending" className="mt-2" />
          )}
          {!trending.isLoading && !trending.isError && (
            <CatalogSourceNote provenance={games[0]?.players?.provenance} className="mt-2" />
          )}
          <ExportCsvButton
            className="mt-2"
            fileName="live-gaming-trends"
            aria-label="Export CSV of Live Gaming Trends"
            disabled={games.length === 0}
            data={() => ({
              header: ["game", "players (players)", "players period", "as of (ISO 8601)"],
              // The bars the chart shows, no more.
              rows: games
                .slice(0, MAX_BARS)
                .map((g) => [
                  g.gameName,
                  g.playerCount ?? 0,
                  playersPeriod(g.players?.latest),
                  g.players?.latest?.at ?? g.players?.provenance?.asOf ?? null,
                ]),
            })}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Market Intelligence</CardTitle>
          <CardDescription>
            Volatility by genre (0–10), from the players over the window named below.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PremiumLock
            locked={!premium}
            message="Market Intelligence is a Premium feature. Upgrade to unlock genre volatility."
          >
            {premium && market.isLoading ? (
              <Skeleton className="h-72" />
            ) : premium && market.isError ? (
              <LoadFailed
                what="the genre volatility"
                error={market.error}
                onRetry={() => void market.refetch()}
              />
            ) : premium && trends.length === 0 ? (
              <GenreSeriesEmpty />
            ) : (
              <BarChart
                seriesName="Volatility"
                data={trends.map((t) => ({ label: t.category, value: t.volatilityScore }))}
                emptyText="No genre has enough player history yet"
                formatValue={(v) => v.toFixed(1)}
              />
            )}
          </PremiumLock>
          {premium && (
            <>
              {!market.isLoading && !market.isError && (
                <CatalogSourceNote
                  provenance={trends.flatMap((t) => (t.provenance ? [t.provenance] : []))}
                  className="mt-2"
                />
              )}
              <ExportCsvButton
                className="mt-2"
                fileName="genre-volatility"
                aria-label="Export CSV of Market Intelligence"
                disabled={trends.length === 0}
                data={() => ({
                  header: ["genre", "volatility (0-10)", "as of (ISO 8601)"],
                  rows: trends
                    .slice(0, MAX_BARS)
                    .map((t) => [t.category, t.volatilityScore, t.provenance?.asOf ?? null]),
                })}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
