import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Activity, BarChart3, FileText, Info, LineChart, Plus, TrendingUp } from "lucide-react";
import { type ComponentType, lazy, Suspense, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import type { MarketTrend, Report } from "../../../contracts/games.ts";
import { NO_PLAYER_HISTORY } from "../../../contracts/player-figures.ts";
import { hasPremiumAccess } from "../../../contracts/roles.ts";
import { Alert, AlertDescription } from "../../../ui/alert/index.ts";
import { TierBadge } from "../../../ui/badge/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card } from "../../../ui/card/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { MetricCard } from "../../../ui/metric-card/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { ApiError, apiRequest, errorMessage } from "../../api.ts";
import { CatalogSourceNote } from "../../components/CatalogSourceNote.tsx";
import { GameCardView } from "../../components/GameCardView.tsx";
import { LazyReportDialog } from "../../components/LazyReportDialog.tsx";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { MarketSignalCards } from "../../components/MarketSignalCards.tsx";
import { marketActivityHint, trendingEmptyReason } from "../../components/market-figure-text.ts";
import { OrderNote } from "../../components/OrderNote.tsx";
import { compactNumber } from "../../format/numbers.ts";
import { ScreenHeading } from "../../layout/PageHeader.tsx";
import { currentUserQuery, userStatsQuery } from "../../queries/auth.ts";
import { marketTrendsQuery, overviewQuery, reportsQuery, trendingQuery } from "../../queries/catalog.ts";
import { useChannel } from "../../realtime.ts";
import { loadChunk } from "../../recovery/chunks.ts";
import type { MarketAnalysisDialogProps } from "./MarketAnalysisDialog.tsx";

// Dialogs load when first opened, so the first screen after sign-in does not download Radix Dialog.
const MarketAnalysisDialog = lazy<ComponentType<MarketAnalysisDialogProps>>(() =>
  loadChunk(() => import("./MarketAnalysisDialog.tsx")),
);
// The charts (and, without a player history, the catalog's own figures) are chunks of their own:
// they draw after the first paint anyway, and keep the first route within issue 13's budget.
const OverviewCharts = lazy(() => loadChunk(() => import("./OverviewCharts.tsx")));
const CatalogInsights = lazy(() =>
  loadChunk(() =>
    import("../../components/CatalogInsights.tsx").then((m) => ({ default: m.CatalogInsights })),
  ),
);

function ChartsFallback() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Skeleton className="h-96" />
      <Skeleton className="h-96" />
    </div>
  );
}

/** Spec §9: up to 6 trending game cards on the Overview; charts at most 8 bars. */
export const OVERVIEW_TRENDING = 6;

export default function OverviewPage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { data: user } = useQuery(currentUserQuery);
  const premium = hasPremiumAccess(user);
  const overview = useQuery(overviewQuery);
  const trending = useQuery(trendingQuery);
  // Spec §2: Market Intelligence is locked for regular users: fetch it only for those who may see it.
  const market = useQuery({ ...marketTrendsQuery, enabled: premium });
  const [report, setReport] = useState<Report | null>(null);
  const [analysisOpen, setAnalysisOpenState] = useState(false);
  // Mounted from the first opening on, so it can animate closed.
  const [analysisWanted, setAnalysisWanted] = useState(false);
  const setAnalysisOpen = (open: boolean) => {
    if (open) setAnalysisWanted(true);
    setAnalysisOpenState(open);
  };

  // Live Gaming Trends: the server publishes a new list whenever the catalog changes.
  useChannel("trending_games", () => {
    void queryClient.invalidateQueries({ queryKey: trendingQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: overviewQuery.queryKey });
  });
  // Market Intelligence: the analysis workflow publishes fresh volatility per genre.
  useChannel<MarketTrend[]>("market_trends", (trends) => {
    if (premium) queryClient.setQueryData(marketTrendsQuery.queryKey, trends);
  });

  // Generate Report: one request at a time (the button shows it loading). A plain request rather than
  // useMutation keeps the mutation cache's code out of the first route (ADR 014).
  const [generating, setGenerating] = useState(false);
  // The button is disabled while it works, which takes focus from it: the report gives it back.
  const generateButton = useRef<HTMLButtonElement>(null);
  const generate = async () => {
    if (generating) return;
    setGenerating(true);
    try {
      const created = await apiRequest<Report>("POST", "/api/analytics/reports", {
        reportType: "market_overview",
      });
      setReport(created);
      void queryClient.invalidateQueries({ queryKey: reportsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: userStatsQuery.queryKey });
      // No "Report generated" toast: the report's dialog is the answer, and a toast over it took the
      // first Escape (Radix dismisses the newest toast first), so the dialog needed two.
    } catch (error) {
      // The hour's limit (429) is worded by a module of its own, loaded only then: the server
      // answered, so it can be fetched, and the first route does not carry it.
      const limited =
        error instanceof ApiError && error.status === 429
          ? await import("./report-limit-toast.ts").then((m) => m.reportLimitToast(error)).catch(() => null)
          : null;
      toast(
        limited ?? {
          title: "Error",
          description: errorMessage(error, "Failed to generate the report. Please try again."),
          variant: "destructive",
        },
      );
    } finally {
      setGenerating(false);
    }
  };

  const figures = overview.data;
  const games = trending.data ?? [];
  const firstName = user?.firstName?.trim() || "Gamer";

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <ScreenHeading title="Overview">Welcome back, {firstName}</ScreenHeading>
          <p className="mt-1 flex items-center gap-2 text-muted-foreground">
            Your plan: <TierBadge tier={user?.subscriptionTier} />
          </p>
        </div>
        <Button asChild>
          <Link href="/dashboard">
            <BarChart3 aria-hidden="true" /> Full Dashboard
          </Link>
        </Button>
      </div>

      {figures?.isDemo && (
        <Alert>
          <Info />
          <AlertDescription>
            You are looking at demo data: these games and player series are generated, not real titles. They
            go as soon as real data is imported or synced (see{" "}
            <Link href="/data-sources" className="underline">
              Data sources
            </Link>
            ).
          </AlertDescription>
        </Alert>
      )}

      {overview.isError ? (
        <LoadFailed
          what="the market figures"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <MetricCard
            title="Market Activity"
            icon={Activity}
            loading={overview.isLoading}
            value={
              figures?.marketActivity.games
                ? `${compactNumber(figures.marketActivity.players)} players`
                : "No player history"
            }
            change={figures?.marketActivity.change ?? null}
            hint={!figures?.marketActivity.games ? NO_PLAYER_HISTORY : marketActivityHint(figures)}
            // Its own card's source line: under the grid it read as the last card's (Market
            // Volatility's, review r23-a #6), which has its own.
            footer={
              figures?.marketActivity.games ? (
                <CatalogSourceNote provenance={figures.marketActivity.provenance} className="mt-1" />
              ) : undefined
            }
          />
          <MetricCard
            title="Trending Games"
            icon={TrendingUp}
            loading={overview.isLoading}
            value={figures?.marketActivity.games ? figures.trendingCount : "–"}
            hint={
              figures?.marketActivity.games
                ? "games with 100+ players growing against their previous period"
                : `${NO_PLAYER_HISTORY}: growth needs two weeks of it`
            }
            // The rule, source and month of the count (review r27-a #7); the words are the Dashboard's
            // TRENDING_COUNT_TEXT, written out here to keep that module out of the first route's budget.
            footer={
              figures?.trendingProvenance && (
                <CatalogSourceNote provenance={figures.trendingProvenance} className="mt-1" />
              )
            }
          />
          <MarketSignalCards figures={figures} premium={premium} loading={overview.isLoading} />
        </div>
      )}

      {figures && !figures.marketActivity.games && (
        <Suspense fallback={<Skeleton className="h-72" />}>
          <CatalogInsights />
        </Suspense>
      )}

      <Suspense fallback={<ChartsFallback />}>
        <OverviewCharts premium={premium} />
      </Suspense>

      <div>
        <h2 className="mb-3 font-semibold text-lg">Quick Actions</h2>
        <div className="grid gap-4 md:grid-cols-3">
          <Card className="p-5">
            <FileText className="size-5 text-primary" aria-hidden="true" />
            <h3 className="mt-3 font-semibold">Generate Report</h3>
            <p className="mt-1 text-muted-foreground text-sm">
              A market overview from today's data, saved to your reports.
            </p>
            <Button
              ref={generateButton}
              className="mt-4"
              size="sm"
              loading={generating}
              onClick={() => void generate()}
            >
              Generate Report
            </Button>
          </Card>
          <Card className="p-5">
            <Plus className="size-5 text-chart-2" aria-hidden="true" />
            <h3 className="mt-3 font-semibold">Track New Game</h3>
            <p className="mt-1 text-muted-foreground text-sm">
              Search the catalog and add games to your watchlist.
            </p>
            <Button
              className="mt-4"
              size="sm"
              variant="secondary"
              onClick={() => navigate("/games", { state: { focus: "search" } })}
            >
              Track New Game
            </Button>
          </Card>
          <Card className="p-5">
            <LineChart className="size-5 text-chart-3" aria-hidden="true" />
            <h3 className="mt-3 font-semibold">Market Analysis</h3>
            <p className="mt-1 text-muted-foreground text-sm">
              Genre volatility, size and momentum over the newest window of player data.
            </p>
            <Button
              className="mt-4"
              size="sm"
              variant="secondary"
              onClick={() =>
                premium
                  ? setAnalysisOpen(true)
                  : toast({
                      title: "Premium feature",
                      description: "Upgrade to Premium to open the market analysis.",
                    })
              }
            >
              Market Analysis
            </Button>
          </Card>
        </div>
      </div>

      <div>
        <h2 className="mb-3 font-semibold text-lg">Trending Games</h2>
        {trending.isLoading ? (
          <Skeleton className="h-40" />
        ) : trending.isError ? (
          <LoadFailed
            what="the trending games"
            error={trending.error}
            onRetry={() => void trending.refetch()}
          />
        ) : games.length === 0 ? (
          <EmptyState
            icon={TrendingUp}
            title="No trending games available at the moment"
            description={trendingEmptyReason(figures)}
          />
        ) : (
          <>
            <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
              {games.slice(0, OVERVIEW_TRENDING).map((g) => (
                <GameCardView key={g.gameId} game={g} />
              ))}
            </div>
            {/* Trending's order, not growth alone (outside tester: it read as unsorted beside Dashboard's). */}
            <OrderNote order="trending" className="mt-2" />
          </>
        )}
      </div>

      {analysisWanted && (
        <Suspense fallback={null}>
          <MarketAnalysisDialog open={analysisOpen} onOpenChange={setAnalysisOpen} genres={market.data} />
        </Suspense>
      )}

      <LazyReportDialog report={report} onClose={() => setReport(null)} returnFocusTo={generateButton} />
    </div>
  );
}
