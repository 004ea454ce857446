import { type UseQueryResult, useQuery, useQueryClient } from "@tanstack/react-query";
import { Activity, Brain, Download, Eye, Gift, Layers, TrendingUp, Users } from "lucide-react";
import { type RefObject, useRef, useState } from "react";
import { Link } from "wouter";
import { type CsvValue, toCsv } from "../../../contracts/csv.ts";
import type { Report, SearchResult, UserGame } from "../../../contracts/games.ts";
import { playersPeriod } from "../../../contracts/player-figures.ts";
import { namedTogether, oncePerSource, type Provenance } from "../../../contracts/provenance.ts";
import type { AnalyticsStats } from "../../../contracts/realtime.ts";
import { hasPremiumAccess, isAdmin } from "../../../contracts/roles.ts";
import type { Platform, Settings } from "../../../contracts/settings-options.ts";
import type { FreeGame, FreeGamesCount, PlatformConnection } from "../../../contracts/sources.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { BarChart, LineChart, MAX_BARS } from "../../../ui/charts/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { type CsvData, downloadFile, ExportCsvButton } from "../../../ui/export/index.ts";
import { MetricCard } from "../../../ui/metric-card/index.ts";
import { PremiumLock } from "../../../ui/premium-lock/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { DataTable } from "../../../ui/table/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { CatalogSourceNote } from "../../components/CatalogSourceNote.tsx";
import { growthLabel, latestPlayersText } from "../../components/GameCardView.tsx";
import { GameLink } from "../../components/GameLink.tsx";
import { GlobalRevenueChart } from "../../components/GlobalRevenueChart.tsx";
import { globalRevenueCsv } from "../../components/global-revenue.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { MarketSignalCards } from "../../components/MarketSignalCards.tsx";
import {
  crossPlatformPlayersText,
  gamesTrackedHint,
  playersTile,
} from "../../components/market-figure-details.ts";
import { OrderNote } from "../../components/OrderNote.tsx";
import { PlatformStatusList } from "../../components/PlatformStatusList.tsx";
import { AdminHint, GenreSeriesEmpty } from "../../components/ProductState.tsx";
import { REPORT_TITLES, ReportDialog } from "../../components/ReportDialog.tsx";
import { SearchField, SearchOutcome } from "../../components/SearchField.tsx";
import { Section } from "../../components/Section.tsx";
import { StatTiles } from "../../components/StatTiles.tsx";
import { formatDate, formatDateTime, formatTime } from "../../format/dates.ts";
import { compactNumber, formatPercent, formatPlayers, formatPrice } from "../../format/numbers.ts";
import { distinctProvenance } from "../../format/provenance.ts";
import { LiveIndicator } from "../../layout/AppShell.tsx";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { currentUserQuery, userSettingsQuery } from "../../queries/auth.ts";
import {
  activityQuery,
  catalogSizeQuery,
  catalogStateQuery,
  marketTrendsQuery,
  overviewQuery,
  reportQuery,
  reportsQuery,
  trendingQuery,
  userGamesQuery,
} from "../../queries/catalog.ts";
import { volatileTrendsQuery } from "../../queries/market-trends.ts";
import { searchFailedTitle, searchQuery } from "../../queries/search.ts";
import {
  freeGamesCountQuery,
  freeGamesQuery,
  marketHistoryQuery,
  platformConnectionsQuery,
  platformStatsQuery,
} from "../../queries/sources.ts";
import { useChannel, useRealtimeStatus } from "../../realtime.ts";
import { useUrlParam, useUrlTab } from "../../url-state.ts";
import { activitySeries } from "./activity-series.ts";
import {
  crossPlatformPlayers,
  dashboardCsv,
  dashboardExport,
  FREE_GAMES_SHOWN,
  loadDashboardData,
  platformDistribution,
  RECENT_REPORTS,
  TRENDING_COUNT_TEXT,
} from "./dashboard-export.ts";
import {
  freeGamesOfPlatforms,
  type MyFreeGames,
  platformList,
  platformsWithoutStatus,
  statusRowsOfPlatforms,
} from "./my-platforms.ts";
import { realtimePanelText } from "./realtime-panel.ts";

type LiveStats = AnalyticsStats & { at: string };

/**
 * The live panel: figures the server publishes on `analytics_stats` every few seconds. Its state is
 * its own, so an update re-renders the panel, not the page (review r21 L5); the latest figures are
 * also kept in `latest`, which the page's export reads.
 */
function RealtimePanel({ latest }: { latest: RefObject<LiveStats | null> }) {
  const [stats, setStats] = useState<LiveStats | null>(latest.current);
  useChannel<AnalyticsStats>("analytics_stats", (data) => {
    const next = { ...data, at: new Date().toISOString() };
    latest.current = next;
    setStats(next);
  });
  // While the connection is lost the figures are those of the last update, and the panel says so.
  const status = useRealtimeStatus();
  const connected = status === "connected";
  const tiles: Array<[string, number | undefined]> = [
    ["Users online", stats?.activeUsers],
    ["Open connections", stats?.connections],
    // The server counts the games in the catalog (stats-publisher.ts): nothing has analysed them, so
    // the tile says what it is (review 20 C, item 11; the spec names the field, not a label).
    ["Games in the catalog", stats?.gamesAnalyzed],
    ["Analyses run", stats?.aiAnalyses],
  ];
  return (
    <Section title="Real-time" description={realtimePanelText(stats, status, formatTime)}>
      <StatTiles
        className={connected ? "md:grid-cols-4" : "opacity-60 md:grid-cols-4"}
        testId="realtime-panel"
        tiles={tiles.map(([label, value]) => [label, compactNumber(value)] as const)}
      />
      {stats && connected && (
        <SourceNote
          className="mt-2"
          provenance={{
            source: "this server's live counts",
            asOf: stats.at,
            method: "sessions and sockets open now; games and analyses counted in the database",
          }}
        />
      )}
    </Section>
  );
}

/** Export CSV of a card: the rows it shows, units in the header (issue 10). */
/**
 * A card's Export CSV: the header and rows as given, or a card's own `csv` (global revenue's, with
 * each year's source and date: globalRevenueCsv). No card-wide date is stamped on either.
 */
function CardExport(
  props: { title: string } & (
    | { header: string[]; rows: CsvValue[][] }
    | { csv: () => CsvData; empty: boolean }
  ),
) {
  const { title } = props;
  return (
    <ExportCsvButton
      className="mt-2"
      fileName={title.toLowerCase()}
      aria-label={`Export CSV of ${title}`}
      disabled={"csv" in props ? props.empty : props.rows.length === 0}
      data={"csv" in props ? props.csv : () => ({ header: props.header, rows: props.rows })}
    />
  );
}

function OverviewTab() {
  const activity = useQuery(activityQuery);
  const trends = activitySeries(activity.data ?? []);
  const platforms = useQuery(platformStatsQuery);
  // Only platforms whose players some source measures (Steam's, under PC); the rest say "no data".
  const measured = (platforms.data ?? []).filter((p) => p.players != null && p.players > 0);
  const players = crossPlatformPlayers(platforms.data ?? []);
  const overview = useQuery(overviewQuery);
  const playersText = crossPlatformPlayersText(platforms.data, overview.data, MAX_BARS);
  const catalogState = useQuery(catalogStateQuery);
  const shares = platformDistribution(platforms.data ?? [], namedTogether(catalogState.data?.provenance));
  const catalogGames = platforms.data?.[0]?.catalogGames;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <Section title="Player trends" description={trends.description}>
          {activity.isLoading ? (
            <Skeleton className="h-72 w-full" />
          ) : activity.isError ? (
            <LoadFailed
              what="the player trends"
              error={activity.error}
              onRetry={() => void activity.refetch()}
            />
          ) : (
            <LineChart
              area
              series={[{ name: trends.name, points: trends.points }]}
              emptyText="No player series yet"
              formatValue={(v) => `${compactNumber(v)} players`}
            />
          )}
          {activity.data?.length ? (
            <CatalogSourceNote
              className="mt-2"
              provenance={{
                source:
                  [...new Set(activity.data.map((d) => d.source).filter(Boolean))].join(", ") || "catalog",
                asOf: activity.data.at(-1)?.asOf ?? null,
                method: trends.method,
              }}
            />
          ) : null}
          <CardExport title="Player trends" header={trends.header} rows={trends.rows} />
        </Section>
      </div>
      <Section title="Cross-platform players" description={playersText.description}>
        {platforms.isLoading ? (
          <Skeleton className="h-72 w-full" />
        ) : platforms.isError ? (
          <LoadFailed
            what="the platform figures"
            error={platforms.error}
            onRetry={() => void platforms.refetch()}
          />
        ) : (
          <BarChart
            data={players.bars}
            seriesName="Players"
            emptyText="No player counts yet"
            formatValue={(v) => `${compactNumber(v)} players`}
          />
        )}
        {playersText.noData && (
          <p className="mt-2 text-muted-foreground text-sm" data-testid="players-no-data">
            {playersText.noData}
          </p>
        )}
        <CatalogSourceNote
          className="mt-2"
          provenance={measured.flatMap((p) => (p.provenance ? [p.provenance] : []))}
        />
        <CardExport title="Cross-platform players" header={players.header} rows={players.rows} />
      </Section>
      {/* Shares of games, not of the platforms' counts summed: a game on PC and Mac counts under both,
          so the shares add up to more than 100%, and bars show them, not a donut (review r27-a #1). */}
      <Section
        title="Platform distribution"
        description={`Share of the catalog's ${catalogGames != null ? `${catalogGames.toLocaleString("en-US")} ` : ""}games on each platform. A game on several platforms counts under each, so the shares add up to more than 100%.`}
      >
        {platforms.isLoading ? (
          <Skeleton className="h-72 w-full" />
        ) : platforms.isError ? (
          <LoadFailed
            what="the platform figures"
            error={platforms.error}
            onRetry={() => void platforms.refetch()}
          />
        ) : (
          <BarChart
            horizontal
            data={shares.bars}
            seriesName="Share of catalog games"
            emptyText="No games yet"
            formatValue={(v) => `${v.toFixed(1)}% of catalog games`}
            formatAxis={(v) => `${Math.round(v)}%`}
            labelName="Platform"
          />
        )}
        {shares.bars.length > MAX_BARS && (
          <p className="mt-2 text-muted-foreground text-sm" data-testid="platforms-shown">
            The {MAX_BARS} of {shares.bars.length} platforms with the most games; Export CSV lists every one.
          </p>
        )}
        <CatalogSourceNote catalog className="mt-2" />
        <CardExport title="Platform distribution" header={shares.header} rows={shares.rows} />
      </Section>
    </div>
  );
}

function MultiPlatformTab() {
  const { data: user } = useQuery(currentUserQuery);
  const connections = useQuery(platformConnectionsQuery);
  const free = useQuery(freeGamesQuery);
  // The user's platforms (Settings → Gaming → Platforms), from the settings the app has already loaded.
  const settings = useQuery(userSettingsQuery);
  const platforms = settings.data?.gaming.platforms;
  // Kept in the URL; keystrokes replace the history entry rather than adding one each.
  const [query, setUrlQuery] = useUrlParam("q");
  const setQuery = (value: string) => setUrlQuery(value, { replace: true });
  const search = useQuery(searchQuery(query));
  const searching = query.trim().length > 2;
  // The list shows up to 8 results: those are told, listed and credited.
  const shown = search.data?.slice(0, 8);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section
        title="Platform status"
        description={`Each source, its connection and its last sync${platforms?.length ? "; your platforms are marked" : ""}.`}
      >
        {connections.isLoading ? (
          <Skeleton className="h-64 w-full" />
        ) : connections.isError ? (
          <LoadFailed
            what="the platform status"
            error={connections.error}
            onRetry={() => void connections.refetch()}
          />
        ) : (
          <PlatformStatusList
            platforms={connections.data ?? []}
            operator={!!user && isAdmin(user)}
            mine={statusRowsOfPlatforms(platforms ?? [])}
          />
        )}
        {platforms && <YourPlatformsNote platforms={platforms} />}
      </Section>
      <div className="grid content-start gap-4">
        <Section title="Cross-platform search" description="Find a game and see every platform it is on.">
          <SearchField
            label="Search games across platforms"
            placeholder="Search games across platforms..."
            value={query}
            onChange={setQuery}
          />
          <SearchOutcome query={query.trim()} found={searching && shown ? shown.length : undefined} />
          {query.trim().length > 0 && !searching && (
            <p className="mt-2 text-muted-foreground text-sm">Type at least 3 characters to search</p>
          )}
          {searching && search.isLoading && <Skeleton className="mt-3 h-24 w-full" />}
          {searching && search.isError && (
            <LoadFailed
              className="mt-3"
              what="the search results"
              title={searchFailedTitle(search.error)}
              error={search.error}
              onRetry={() => void search.refetch()}
            />
          )}
          {searching && search.data && (
            <ul className="mt-3 divide-y divide-border" aria-label="Cross-platform results">
              {search.data.length === 0 && (
                <li className="py-2 text-muted-foreground text-sm">No games found for {query.trim()}</li>
              )}
              {shown?.map((game) => (
                <li key={game.gameId} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0 truncate">
                    <GameLink id={game.gameId} name={game.gameName} className="font-medium" />
                    {/* Same-named games (a title's console editions) differ in their release year. */}
                    <span className="text-muted-foreground text-sm">
                      {" "}
                      ({game.releaseYear ?? "year unknown"})
                    </span>
                  </span>
                  <span className="flex flex-wrap justify-end gap-1">
                    {(game.platforms.length ? game.platforms : [game.platform ?? "Unknown"]).map((p) => (
                      <Badge key={p} variant="outline">
                        {p}
                      </Badge>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {searching && shown && shown.length > 0 && <SearchSourceNote results={shown} />}
        </Section>
        <FreeGamesCard free={free} connections={connections.data ?? []} settings={settings} />
      </div>
    </div>
  );
}

/** Settings → Gaming → Platforms, where the user's platforms are chosen. */
function PlatformsSettingLink() {
  return (
    <Link href="/settings?tab=gaming" className="text-primary underline underline-offset-4">
      Settings → Gaming → Platforms
    </Link>
  );
}

/** Under the status list: which platforms are the user's, and those of them the list has no row for. */
function YourPlatformsNote({ platforms }: { platforms: Platform[] }) {
  const unlisted = platformsWithoutStatus(platforms);
  return (
    <p className="mt-2 text-muted-foreground text-sm" data-testid="your-platforms">
      {platforms.length
        ? `Your platforms: ${platformList(platforms)}, chosen in `
        : "You have chosen no platforms; choose them in "}
      <PlatformsSettingLink />.{unlisted.length > 0 && ` No source here covers ${platformList(unlisted)}.`}
    </p>
  );
}

/**
 * The free games: by default those of the user's stores (Settings → Gaming → Platforms), with a line
 * saying which stores are shown and a control to show every store's (kept in the URL as
 * `stores=all`). A user with no platforms chosen sees every store's.
 */
function FreeGamesCard({
  free,
  connections,
  settings,
}: {
  free: UseQueryResult<FreeGame[]>;
  connections: PlatformConnection[];
  settings: UseQueryResult<Settings>;
}) {
  const [stores, setStores] = useUrlParam("stores", "mine");
  const platforms = settings.data?.gaming.platforms;
  const all = free.data ?? [];
  const mine = freeGamesOfPlatforms(all, platforms ?? []);
  // Without saved platforms (none chosen, or the settings failed to load) there is nothing to filter by.
  const filtering = stores !== "all" && !!platforms?.length;
  const shown = (filtering ? mine.games : all).slice(0, FREE_GAMES_SHOWN);
  return (
    <Section title="Free games" description="Free to play now: store promotions and free-to-play titles.">
      {all.length > 0 && platforms && (
        <p className="mb-3 text-muted-foreground text-sm" data-testid="free-games-stores">
          {freeGamesStoresText(mine, platforms, filtering)} Your stores are chosen in <PlatformsSettingLink />
          .{" "}
          {(filtering ? mine.games.length > 0 && mine.hidden > 0 : platforms.length > 0) && (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => setStores(filtering ? "all" : "mine")}
            >
              {filtering ? "Show every store's offers" : "Show only my stores' offers"}
            </Button>
          )}
        </p>
      )}
      {free.isLoading || settings.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : free.isError ? (
        <LoadFailed what="the free games" error={free.error} onRetry={() => void free.refetch()} />
      ) : all.length === 0 ? (
        <EmptyState
          icon={Gift}
          title="No free games right now"
          description={
            <>
              Free games come from the stores' current promotions and the free-to-play titles in the catalog;
              none is listed right now.
              <AdminHint>sync the Epic and GOG stores or import Steam data</AdminHint>
            </>
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={Gift}
          title="None of your stores has a free game listed"
          description={`Listed now: ${mine.hiddenStores.map(storeName).join(", ")}.`}
          action={
            <Button variant="outline" size="sm" onClick={() => setStores("all")}>
              Show all
            </Button>
          }
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Free games">
          {shown.map((game) => (
            <li key={`${game.store}-${game.id}`} className="flex items-center justify-between gap-3 py-2">
              <span className="truncate">
                {/* A catalog game opens its page (issue 10); a store's promotion opens the store. */}
                {game.gameId ? (
                  <GameLink id={game.gameId} name={game.name} />
                ) : game.url ? (
                  <a href={game.url} target="_blank" rel="noreferrer" className="hover:underline">
                    {game.name}
                  </a>
                ) : (
                  game.name
                )}
              </span>
              <span className="shrink-0 text-muted-foreground text-sm">
                {game.gameId && game.url ? (
                  <a href={game.url} target="_blank" rel="noreferrer" className="hover:underline">
                    {game.store}
                  </a>
                ) : (
                  game.store
                )}
                {game.endsAt ? ` · until ${formatDate(game.endsAt)}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      {shown.length > 0 && <FreeGamesNote games={shown} connections={connections} />}
    </Section>
  );
}

/** A store of the free games list, as a sentence names it. */
function storeName(store: FreeGame["store"]): string {
  if (store === "Catalog") return "free-to-play games whose store is not recorded";
  return store === "Epic" ? "Epic Games offers" : `${store} offers`;
}

/** Which stores' free games the card shows, and the user's stores no source lists offers of. */
function freeGamesStoresText(mine: MyFreeGames, platforms: Platform[], filtering: boolean): string {
  if (!filtering) {
    return platforms.length
      ? `Showing every store's offers; yours are ${platformList(platforms)}.`
      : "Showing every store's offers: you have chosen no stores.";
  }
  const uncovered = mine.uncovered.length
    ? `No source lists free offers for ${platformList(mine.uncovered)}.`
    : "";
  return mine.covered.length
    ? `Showing your stores' offers only: ${platformList(mine.covered)}.${uncovered ? ` ${uncovered}` : ""}`
    : uncovered;
}

/** The results' own figures' sources; games without any dated figure are named by the catalog's. */
function SearchSourceNote({ results }: { results: SearchResult[] }) {
  const own = distinctProvenance(results.flatMap((g) => [g.provenance, g.players?.provenance]));
  return <CatalogSourceNote className="mt-2" provenance={own} catalog={own.length === 0} />;
}

/**
 * The sources of the free games listed, and only those: the stores' promotions (Epic, GOG), as of their
 * last successful sync, and for each catalog free-to-play game the source and time of its price of 0
 * and of the player count that ranks it.
 * A catalog game whose price names no source falls back to the catalog's sources.
 */
function FreeGamesNote({ games, connections }: { games: FreeGame[]; connections: PlatformConnection[] }) {
  // Each promotion names its store and the sync that last saw it (the connection's last success for
  // an answer from before offers carried it).
  const fromStores = games
    .filter((g) => g.store === "Epic" || g.store === "GOG")
    .map(
      (g) =>
        g.provenance ?? {
          source: `${g.store} store`,
          asOf: connections.find((c) => c.id === g.store.toLowerCase())?.lastSuccess ?? null,
        },
    );
  const catalogGames = games.filter((g) => g.store === "Steam" || g.store === "Catalog");
  // The prices that make them free, and the player counts that rank them (SteamCharts' month, say).
  const provenance = distinctProvenance([
    ...fromStores,
    ...catalogGames.map((g) => g.provenance),
    ...catalogGames.map((g) => g.playersProvenance),
  ]);
  return catalogGames.length ? (
    <CatalogSourceNote
      catalog={catalogGames.some((g) => g.provenance == null)}
      provenance={provenance}
      className="mt-2"
    />
  ) : (
    <SourceNote provenance={provenance} className="mt-2" />
  );
}

function AnalyticsTab() {
  const queryClient = useQueryClient();
  const market = useQuery(marketTrendsQuery);
  const history = useQuery(marketHistoryQuery);
  const reports = useQuery(reportsQuery);
  const [open, setOpen] = useState<Report | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  // The View button pressed: it is disabled while the report loads, which takes focus from it, so
  // the dialog is told where to give focus back.
  const viewButton = useRef<HTMLElement | null>(null);
  const view = async (id: string) => {
    setLoading(id);
    try {
      setOpen(await queryClient.fetchQuery(reportQuery(id)));
    } catch {
      toast({
        title: "Error",
        description: "Could not open the report. Please try again.",
        variant: "destructive",
      });
    } finally {
      setLoading(null);
    }
  };
  const revenue = (history.data?.globalRevenue ?? []).filter((r) => !r.forecast).slice(-8);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section
        title="Market by genre"
        description="Players per genre in the latest week or month of the player series, as the source note dates it."
      >
        {market.isLoading ? (
          <Skeleton className="h-72 w-full" />
        ) : market.isError ? (
          <LoadFailed what="the genre figures" error={market.error} onRetry={() => void market.refetch()} />
        ) : !(market.data ?? []).length ? (
          <GenreSeriesEmpty />
        ) : (
          <BarChart
            data={(market.data ?? []).map((t) => ({ label: t.category, value: t.players }))}
            seriesName="Players"
            formatValue={compactNumber}
          />
        )}
        <CatalogSourceNote
          provenance={(market.data ?? []).flatMap((t) => (t.provenance ? [t.provenance] : []))}
          className="mt-2"
        />
        <CardExport
          title="Market by genre"
          header={["genre", "players (players)", "as of (ISO 8601)"]}
          rows={(market.data ?? [])
            .slice(0, MAX_BARS)
            .map((t) => [t.category, t.players, t.provenance?.asOf ?? null])}
        />
      </Section>
      <Section title="Global games revenue" description="Billions of USD per year.">
        {history.isLoading ? (
          <Skeleton className="h-72 w-full" />
        ) : history.isError ? (
          <LoadFailed
            what="the revenue figures"
            error={history.error}
            onRetry={() => void history.refetch()}
          />
        ) : (
          <GlobalRevenueChart years={revenue} kind="bar" />
        )}
        <SourceNote provenance={history.data?.provenance} className="mt-2" />
        <CardExport
          title="Global games revenue"
          csv={() => globalRevenueCsv(revenue)}
          empty={revenue.length === 0}
        />
      </Section>
      <div className="lg:col-span-2">
        <Section title="Recent reports" description="Reports you generated, newest first.">
          {reports.isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : reports.isError ? (
            <LoadFailed what="your reports" error={reports.error} onRetry={() => void reports.refetch()} />
          ) : (reports.data ?? []).length === 0 ? (
            <p className="text-muted-foreground text-sm">
              No reports yet. Generate one from the{" "}
              <Link href="/" className="text-primary underline underline-offset-2">
                Overview
              </Link>
              .
            </p>
          ) : (
            <ul className="divide-y divide-border" aria-label="Recent reports">
              {(reports.data ?? []).slice(0, RECENT_REPORTS).map((report) => (
                <li
                  key={report.id}
                  className="flex items-center justify-between gap-3 py-2"
                  data-testid="recent-report"
                >
                  <div>
                    <p className="font-medium">{REPORT_TITLES[report.reportType] ?? report.reportType}</p>
                    <p className="text-muted-foreground text-sm">
                      Generated {formatDateTime(report.generatedAt)}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    loading={loading === report.id}
                    onClick={(event) => {
                      viewButton.current = event.currentTarget;
                      void view(report.id);
                    }}
                  >
                    <Eye aria-hidden="true" /> View
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <ReportDialog report={open} onClose={() => setOpen(null)} returnFocusTo={viewButton} />
    </div>
  );
}

/** The source and time of the players figure a watchlist row shows (its peak's own, where it is one). */
function watchedPlayersSource(g: UserGame): Provenance | null {
  if (g.playersFigure) return { source: g.playersFigure.source, asOf: g.playersFigure.at };
  return g.players?.provenance ?? null;
}

function GameTrackingTab() {
  const games = useQuery(userGamesQuery);
  if (games.isLoading) return <Skeleton className="h-40 w-full" />;
  if (games.isError)
    return <LoadFailed what="your watchlist" error={games.error} onRetry={() => void games.refetch()} />;
  const list = games.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState
        icon={Eye}
        title="No games in your watchlist yet"
        description="Track games from Game Tracking to follow them here."
        action={
          <Button asChild size="sm">
            <Link href="/games">Find games to track</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <DataTable
        aria-label="Your watchlist"
        rows={list}
        rowKey={(g) => g.id}
        columns={[
          {
            header: "Game",
            cell: (g) => <GameLink id={g.gameId} name={g.gameName} />,
            className: "font-medium",
          },
          { header: "Platform", cell: (g) => g.platform ?? "–" },
          { header: "Genre", cell: (g) => g.genre ?? "–" },
          {
            header: "Players",
            // The watchlist's playerCount as named: a peak-only game's peak says so, with its source.
            cell: (g) =>
              g.playersFigure ? latestPlayersText(g.playersFigure) : formatPlayers(g.playerCount),
          },
          { header: "Price", cell: (g) => formatPrice(g.price) },
          { header: "Tracked since", cell: (g) => formatDate(g.addedAt) },
        ]}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pb-3">
        <CatalogSourceNote
          className="mt-2"
          // The sources of the figures the table shows, players and price, each once at its own newest
          // time (review r25 #6: SteamSpy was named twice; r26/a #8: review and critic sources the table
          // does not show were credited, and a converted price did not say so).
          provenance={oncePerSource(list.flatMap((g) => [watchedPlayersSource(g), g.priceProvenance]))}
        />
        <CardExport
          title="Your watchlist"
          header={[
            "game",
            "platform",
            "genre",
            "players (players)",
            "players period",
            "players at (ISO 8601)",
            "price (USD)",
            "tracked since (ISO 8601)",
          ]}
          rows={list.map((g) => [
            g.gameName,
            g.platform,
            g.genre,
            g.playerCount,
            playersPeriod(g.playersFigure),
            g.playersFigure?.at ?? null,
            g.price,
            g.addedAt,
          ])}
        />
      </div>
    </div>
  );
}

/** Premium: where the player series point, game by game and genre by genre. */
function AdvancedTab({ premium }: { premium: boolean }) {
  const trending = useQuery({ ...trendingQuery, enabled: premium });
  const market = useQuery({ ...volatileTrendsQuery, enabled: premium });
  const rising = [...(trending.data ?? [])].sort((a, b) => b.growth - a.growth).slice(0, 8);
  const volatile = [...(market.data ?? [])].sort((a, b) => b.volatilityScore - a.volatilityScore).slice(0, 8);
  return (
    <PremiumLock locked={!premium} message="Upgrade to Premium to see growth and volatility projections">
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Fastest growing" description="Players against the previous period, from the series.">
          {trending.isError ? (
            <LoadFailed
              what="the growth figures"
              error={trending.error}
              onRetry={() => void trending.refetch()}
            />
          ) : rising.length === 0 ? (
            <p className="text-muted-foreground text-sm">No growth data available</p>
          ) : (
            <DataTable
              rows={rising}
              rowKey={(g) => g.gameId}
              // Half a screen wide (review 20 C, item 5): Growth, the point of the table, comes right
              // after the game, with what it compares under it; the cells wrap instead of scrolling.
              columns={[
                {
                  header: "Game",
                  cell: (g) => <GameLink id={g.gameId} name={g.gameName} />,
                  className: "min-w-28 whitespace-normal",
                },
                {
                  header: "Growth",
                  cell: (g) => (
                    <>
                      <span className="font-medium">{formatPercent(g.growth * 100)}</span>
                      <span className="block text-muted-foreground text-xs" data-testid="growth-compares">
                        {growthLabel(g.growthBasis, g.growthPartial)}
                      </span>
                    </>
                  ),
                  className: (g) =>
                    `min-w-32 whitespace-normal ${g.growth >= 0 ? "text-success" : "text-destructive"}`,
                },
                {
                  header: "Players",
                  // A monthly average is named with its month, a count with its day.
                  cell: (g) =>
                    g.players?.latest ? latestPlayersText(g.players.latest) : formatPlayers(g.playerCount),
                  className: "min-w-24 whitespace-normal",
                },
              ]}
            />
          )}
          {rising.length > 0 && <OrderNote order="growth" className="mt-2" />}
          {/* The players and growth come from the player series: their source, not the reviews' and prices'. */}
          <CatalogSourceNote
            provenance={distinctProvenance(rising.map((g) => g.players?.provenance))}
            className="mt-2"
          />
          <CardExport
            title="Fastest growing"
            header={[
              "game",
              "players (players)",
              "players period",
              "players at (ISO 8601)",
              "growth (%)",
              "growth compares",
            ]}
            rows={rising.map((g) => [
              g.gameName,
              g.playerCount,
              playersPeriod(g.players?.latest),
              g.players?.latest?.at ?? null,
              g.growth * 100,
              growthLabel(g.growthBasis, g.growthPartial),
            ])}
          />
        </Section>
        <Section
          title="Most volatile genres"
          description="Week-on-week swings of each genre's players (0–10)."
        >
          {market.isError ? (
            <LoadFailed
              what="the genre volatility"
              error={market.error}
              onRetry={() => void market.refetch()}
            />
          ) : volatile.length === 0 ? (
            <GenreSeriesEmpty compact />
          ) : (
            <DataTable
              rows={volatile}
              rowKey={(t) => t.category}
              columns={[
                { header: "Genre", cell: (t) => t.category },
                { header: "Volatility", cell: (t) => `${t.volatilityScore.toFixed(1)} / 10` },
                { header: "Change", cell: (t) => formatPercent(t.change) },
              ]}
            />
          )}
          <CatalogSourceNote
            provenance={volatile.flatMap((t) => (t.provenance ? [t.provenance] : []))}
            className="mt-2"
          />
          <CardExport
            title="Most volatile genres"
            header={["genre", "volatility (0-10)", "change (%)"]}
            rows={volatile.map((t) => [t.category, t.volatilityScore, t.change])}
          />
        </Section>
      </div>
    </PremiumLock>
  );
}

/**
 * What the Free games tile's figure counts, the catalog's free-to-play games, and the stores' running
 * promotions beside it: not added to the figure, as a store's always-free title may be a catalog game.
 */
export function freeGamesHint(count: FreeGamesCount | undefined): string {
  const catalog = "free-to-play games in the catalog";
  if (!count || count.promotions === 0) return catalog;
  return `${catalog}; ${count.promotions.toLocaleString("en-US")} store ${count.promotions === 1 ? "promotion" : "promotions"} running`;
}

/** Spec §2 "Gaming Analytics Dashboard": every figure read from the catalog, the sources and the socket. */
export default function DashboardPage() {
  const { data: user } = useQuery(currentUserQuery);
  // The chosen tab lives in the URL: Back returns to the previous tab, a reload keeps it.
  const [tab, setTab] = useUrlTab(["overview", "platforms", "analytics", "tracking", "advanced"], "overview");
  // The Free games card's view (the user's stores' or every store's), which the export follows.
  const [freeStores] = useUrlParam("stores", "mine");
  const settings = useQuery(userSettingsQuery);
  const premium = hasPremiumAccess(user);
  const status = useRealtimeStatus();
  const overview = useQuery(overviewQuery);
  const size = useQuery(catalogSizeQuery);
  const connections = useQuery(platformConnectionsQuery);
  const freeCount = useQuery(freeGamesCountQuery);
  const figures = overview.data;
  const connected = (connections.data ?? []).filter((p) => p.status === "connected").length;

  // The live panel's last figures, exported with the rest; kept by the panel, read only on export.
  const realtime = useRef<LiveStats | null>(null);
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  // Every figure of every tab, from the answers the tabs draw (fetched for a tab not opened yet).
  const exportFigures = async (format: "json" | "csv") => {
    setExporting(true);
    try {
      const data = await loadDashboardData(queryClient, { premium, realtime: realtime.current });
      if (freeStores !== "all") data.freeGamesOf = settings.data?.gaming.platforms;
      const snapshot = dashboardExport(data, {
        exportedAt: new Date().toISOString(),
        reportTitle: (type) => REPORT_TITLES[type] ?? type,
      });
      const name = `gaming-intelligence-dashboard-${snapshot.exportedAt.slice(0, 10)}`;
      if (format === "json") {
        downloadFile(`${name}.json`, JSON.stringify(snapshot, null, 2), "application/json");
      } else {
        const csv = dashboardCsv(snapshot);
        downloadFile(`${name}.csv`, toCsv(csv.header, csv.rows), "text/csv;charset=utf-8");
      }
      toast({
        title: "Dashboard exported",
        description: `The figures on this screen were saved as ${format.toUpperCase()}.`,
      });
    } catch {
      // A figure that could not be loaded: no file that would leave it out without a word.
      toast({
        title: "Error",
        description: "Could not load every figure of the dashboard, so nothing was saved. Please try again.",
        variant: "destructive",
      });
    } finally {
      setExporting(false);
    }
  };

  const tile = playersTile(figures);
  // Each tile names its own figure's sources (review r21/b, item 4: one note under all of them read as
  // the players total's, which uses none of the catalog's); the Games tile, the catalog's ("catalog").
  const stats: Array<
    [string, string | null, string, (FreeGamesCount["provenance"] | Provenance | null)?, "catalog"?]
  > = [
    ["Platforms", connections.data ? String(connections.data.length) : null, `${connected} connected`],
    ["Games", size.data != null ? compactNumber(size.data) : null, "in the catalog", null, "catalog"],
    // Every free-to-play game in the catalog, counted, with its sources: not the free games list's
    // length; the stores' promotions in the hint, not added in (one may be a catalog game too).
    [
      "Free games",
      freeCount.data ? freeCount.data.catalog.toLocaleString("en-US") : null,
      freeGamesHint(freeCount.data),
      freeCount.data?.provenance,
    ],
    [
      // Not a live sum: players across the catalog each day (each game's average count), averaged over
      // 7 days (issue 9), or a month's total of averages; named with the date of its data.
      tile.label,
      figures ? (figures.marketActivity.games ? compactNumber(figures.marketActivity.players) : "–") : null,
      tile.hint,
      figures?.marketActivity.provenance ?? null,
    ],
  ];

  return (
    <div>
      <PageHeader
        title="Gaming Analytics Dashboard"
        description="Live platform statistics, charts and reports."
        actions={
          <>
            <LiveIndicator />
            {status === "connected" && <Badge variant="live">LIVE</Badge>}
            <Button
              variant="outline"
              onClick={() => void exportFigures("csv")}
              disabled={!figures}
              loading={exporting}
            >
              <Download aria-hidden="true" /> Export CSV
            </Button>
            <Button
              variant="outline"
              onClick={() => void exportFigures("json")}
              disabled={!figures}
              loading={exporting}
            >
              <Download aria-hidden="true" /> Export JSON
            </Button>
          </>
        }
      />
      {overview.isError ? (
        <LoadFailed
          className="mb-4"
          what="the dashboard figures"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="dashboard-stats">
          {stats.map(([label, value, hint, provenance, catalog]) => (
            <div key={label} className="rounded-xl border border-border bg-card/50 p-4">
              <p className="text-muted-foreground text-sm">{label}</p>
              {value == null ? (
                <Skeleton className="mt-1 h-7 w-16" />
              ) : (
                <p className="font-bold text-xl">{value}</p>
              )}
              <p className="text-muted-foreground text-xs">{hint}</p>
              {catalog ? (
                <CatalogSourceNote catalog provenance={null} className="mt-1" />
              ) : (
                provenance && <SourceNote provenance={provenance} className="mt-1" />
              )}
            </div>
          ))}
        </div>
      )}
      <div className="mb-4">
        <RealtimePanel latest={realtime} />
      </div>
      {!overview.isError && (
        <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <MetricCard
            title="Games Tracked"
            icon={Layers}
            loading={overview.isLoading}
            value={figures ? compactNumber(figures.marketActivity.games) : "–"}
            hint={gamesTrackedHint(figures)}
          />
          <MetricCard
            title="Trending"
            icon={TrendingUp}
            loading={overview.isLoading}
            // The games actually growing, not the length of the list (which stops at its cap).
            value={figures?.marketActivity.games ? compactNumber(figures.trendingCount) : "–"}
            hint={TRENDING_COUNT_TEXT}
            // Its source, month and rule (review r27-a #7), as Market Activity's beside it.
            footer={
              figures?.trendingProvenance && (
                <CatalogSourceNote provenance={figures.trendingProvenance} className="mt-1" />
              )
            }
          />
          <MarketSignalCards figures={figures} premium={premium} loading={overview.isLoading} />
        </div>
      )}
      <Tabs value={tab} onValueChange={(v) => setTab(v)}>
        <TabsList>
          <TabsTrigger value="overview">
            <Activity aria-hidden="true" /> Overview
          </TabsTrigger>
          <TabsTrigger value="platforms">
            <Layers aria-hidden="true" /> Multi-Platform
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <TrendingUp aria-hidden="true" /> Analytics
          </TabsTrigger>
          <TabsTrigger value="tracking">
            <Users aria-hidden="true" /> Game Tracking
          </TabsTrigger>
          <TabsTrigger value="advanced">
            <Brain aria-hidden="true" /> Advanced
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="platforms">
          <MultiPlatformTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="tracking">
          <GameTrackingTab />
        </TabsContent>
        <TabsContent value="advanced">
          <AdvancedTab premium={premium} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
