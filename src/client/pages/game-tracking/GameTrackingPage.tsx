import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Eye, Search, Trash2, TrendingUp } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { SEARCH_MIN_LENGTH, searchableLength } from "../../../contracts/search-length.ts";
import { Button } from "../../../ui/button/index.ts";
import { CorrectedQuery } from "../../../ui/corrected-query/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { apiRequest } from "../../api.ts";
import { useFocusAfterRemove } from "../../components/focus-after-remove.ts";
import { GameCardView } from "../../components/GameCardView.tsx";
import { gameCardsCsv } from "../../components/game-cards-csv.ts";
import { ListExport } from "../../components/ListExport.tsx";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { trendingEmptyReason } from "../../components/market-figure-text.ts";
import { SearchField, SearchOutcome } from "../../components/SearchField.tsx";
import { addFailedText } from "../../components/watchlist-add-error.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { userStatsQuery } from "../../queries/auth.ts";
import { type GameCard, overviewQuery, trendingQuery, userGamesQuery } from "../../queries/catalog.ts";
import { searchFailedTitle, searchQuery } from "../../queries/search.ts";
import { useChannel } from "../../realtime.ts";
import { loadChunk } from "../../recovery/chunks.ts";
import { withServerReason } from "../../server-reason.ts";
import { useUrlParam } from "../../url-state.ts";
import { searchHint } from "./search-hint.ts";

// The catalog's own figures, shown in Discover while no player history exists: a chunk of their own.
const CatalogInsights = lazy(() =>
  loadChunk(() =>
    import("../../components/CatalogInsights.tsx").then((m) => ({ default: m.CatalogInsights })),
  ),
);

/** Spec §9: Discover shows the first 12 trending games. */
export const DISCOVER_COUNT = 12;
type Tab = "watchlist" | "discover" | "search";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

function ListSkeleton() {
  return (
    <div className="grid gap-3 md:grid-cols-2" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-28" />
      ))}
    </div>
  );
}

export default function GameTrackingPage() {
  const queryClient = useQueryClient();
  // The query and the tab live in the URL so Back and bookmarks return to them. A search adds one
  // history entry, as Games Database's does (review r33-a #3: Back then returns to the view before
  // it): the first keystroke of a query pushes it, the following ones replace it (one per keystroke
  // would make Back useless); choosing a tab pushes one.
  const [query, setUrlQuery] = useUrlParam("q");
  const setQuery = (value: string) =>
    setUrlQuery(value, { replace: new URLSearchParams(window.location.search).has("q") });
  // `/games`, `/game-tracking` and the sidebar's `/watchlist` all open on the watchlist.
  const [tabParam, setTab] = useUrlParam("tab", "watchlist");
  const trimmed = query.trim();
  // Spec §2: back to the watchlist when the query is cleared. The Search Results tab exists only for a
  // query of more than 2 characters (letters and digits, as the search counts them: "c++" is one and
  // sends no search): without one, `tab=search` shows the watchlist (and is taken out of the address
  // below, so the URL says the tab that is shown).
  const searchable = searchableLength(trimmed) >= SEARCH_MIN_LENGTH;
  const tab: Tab =
    tabParam === "discover" ? "discover" : tabParam === "search" && searchable ? "search" : "watchlist";
  const debounced = useDebounced(trimmed, 250);

  // Spec §2: the tab follows the query — search above 2 characters, back to the watchlist when cleared.
  // The effect runs after the query is in the URL, so this write starts from the fresh query string.
  // It switches on every change of the query, not only when it first grows past 2 characters: after
  // visiting another tab, typing a new query brings the results back. A tab chosen by hand stays until
  // the query changes again.
  const lastQuery = useRef<string | null>(null);
  // Opened to search (Overview's "Track New Game" navigates with this state): the box has the focus.
  const [focusSearch] = useState(
    () => (window.history.state as { focus?: string } | null)?.focus === "search",
  );
  useEffect(() => {
    if (lastQuery.current === trimmed) return;
    lastQuery.current = trimmed;
    if (searchable) setTab("search", { replace: true });
  }, [trimmed, searchable, setTab]);
  // A search tab without a search (the query cleared, or `/games?tab=search` opened with no `q`):
  // the address is corrected to the watchlist it shows, in place, so Back does not return to it.
  useEffect(() => {
    if (tabParam === "search" && !searchable) setTab("watchlist", { replace: true });
  }, [tabParam, searchable, setTab]);

  const watchlist = useQuery(userGamesQuery);
  const trending = useQuery(trendingQuery);
  const search = useQuery(searchQuery(debounced));
  // An empty Discover says why, as the Overview's Trending Games does (review r33/b #2): the
  // Overview's figures tell a catalog with no player history from one where nothing grew.
  const noTrending = tab === "discover" && trending.isSuccess && trending.data.length === 0;
  const overview = useQuery({ ...overviewQuery, enabled: noTrending });
  useChannel("trending_games", () => {
    void queryClient.invalidateQueries({ queryKey: trendingQuery.queryKey });
  });

  const tracked = new Set((watchlist.data ?? []).map((g) => g.gameId));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: userGamesQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: userStatsQuery.queryKey });
  };

  const add = useMutation({
    mutationFn: (game: GameCard) =>
      apiRequest("POST", "/api/user/games", {
        gameId: game.gameId,
        gameName: game.gameName,
        imageUrl: game.imageUrl,
        isWatchlisted: true,
      }),
    onSuccess: () =>
      toast({ title: "Added to Watchlist", description: "Game has been added to your watchlist" }),
    onError: (error) => toast({ title: "Error", description: addFailedText(error), variant: "destructive" }),
    onSettled: refresh,
  });
  // A removed game's row goes with the focus: it moves to the next row's Remove, or from the last row
  // to the "My Watchlist" tab, which says how many are left (review 23).
  const watchlistTab = useRef<HTMLButtonElement>(null);
  const focusAfterRemove = useFocusAfterRemove(() => watchlistTab.current);
  const remove = useMutation({
    mutationFn: (gameId: string) => apiRequest("DELETE", `/api/user/watchlist/${encodeURIComponent(gameId)}`),
    onSuccess: () =>
      toast({ title: "Removed from Watchlist", description: "Game has been removed from your watchlist" }),
    // Spec §8's text, and the server's reason when it gave one.
    onError: (error) => {
      // The row stays: a later refetch that drops it is not this Remove's to follow with the focus.
      focusAfterRemove(null);
      toast({
        title: "Error",
        description: withServerReason("Failed to remove game from watchlist", error),
        variant: "destructive",
      });
    },
    onSettled: refresh,
  });

  const trackButton = (game: GameCard) => {
    const isTracked = tracked.has(game.gameId);
    const pending = add.isPending && add.variables?.gameId === game.gameId;
    return (
      <Button
        size="sm"
        variant={isTracked ? "secondary" : "default"}
        disabled={isTracked || add.isPending}
        // Once added the focus stays here, on "Added", rather than falling to the page (review 22).
        focusableWhenDisabled
        loading={pending}
        onClick={() => add.mutate(game)}
      >
        {isTracked ? "Added" : "Track"}
      </Button>
    );
  };

  const watchCount = watchlist.data?.length ?? 0;
  const discover = trending.data?.slice(0, DISCOVER_COUNT) ?? [];
  return (
    <div>
      <PageHeader
        title="Game Tracking"
        description="Search the catalog, discover trending games and keep your watchlist."
      />
      <SearchField
        className="mb-2 max-w-xl"
        label="Search games"
        placeholder="Search games..."
        value={query}
        onChange={setQuery}
        autoFocus={focusSearch}
      />
      <p className="mb-4 h-5 text-muted-foreground text-sm" aria-live="polite">
        {searchHint(trimmed)}
      </p>
      <SearchOutcome
        query={trimmed}
        found={searchable && debounced === trimmed && search.isSuccess ? search.data.length : undefined}
      />

      <Tabs value={tab} onValueChange={(v) => setTab(v)}>
        {/* The three tabs wrap onto a second row on a phone, as the Admin Dashboard's: scrolled to show
            Search Results, a strip cut the first tab ("chlist (3)": review r29-a #10). */}
        <TabsList className="h-auto flex-wrap [&>button]:h-8">
          <TabsTrigger ref={watchlistTab} value="watchlist">
            My Watchlist ({watchCount})
          </TabsTrigger>
          <TabsTrigger value="discover">Discover Games</TabsTrigger>
          {searchable && <TabsTrigger value="search">Search Results</TabsTrigger>}
        </TabsList>

        <TabsContent value="watchlist">
          {watchlist.isLoading ? (
            <ListSkeleton />
          ) : watchlist.isError ? (
            <LoadFailed
              what="your watchlist"
              error={watchlist.error}
              onRetry={() => void watchlist.refetch()}
            />
          ) : watchCount === 0 ? (
            <EmptyState
              icon={Eye}
              title="No games in your watchlist yet"
              description="Track games from Discover or search to follow their players and prices."
            />
          ) : (
            <>
              <ListExport
                what="My Watchlist"
                fileName="watchlist"
                data={() => gameCardsCsv(watchlist.data!)}
              />
              <div className="grid gap-3 md:grid-cols-2" data-remove-list>
                {watchlist.data!.map((g) => (
                  <GameCardView
                    key={g.id}
                    game={g}
                    action={
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove ${g.gameName} from watchlist`}
                        data-remove
                        disabled={remove.isPending && remove.variables === g.gameId}
                        // Pending, it keeps the focus (a disabled button dropped it to the page).
                        focusableWhenDisabled
                        onClick={(event) => {
                          focusAfterRemove(event.currentTarget);
                          remove.mutate(g.gameId);
                        }}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    }
                  />
                ))}
              </div>
            </>
          )}
        </TabsContent>

        <TabsContent value="discover">
          {trending.isLoading ? (
            <ListSkeleton />
          ) : trending.isError ? (
            <LoadFailed
              what="the trending games"
              error={trending.error}
              onRetry={() => void trending.refetch()}
            />
          ) : !trending.data?.length ? (
            <div className="grid gap-6">
              <EmptyState
                icon={TrendingUp}
                title="No trending games available at the moment"
                description={trendingEmptyReason(overview.data)}
              />
              {/* Without a player history, what the snapshot can say instead (issue 9 §1). */}
              {overview.data && !overview.data.marketActivity.games && (
                <Suspense fallback={<Skeleton className="h-72" />}>
                  <CatalogInsights />
                </Suspense>
              )}
            </div>
          ) : (
            <>
              <ListExport
                what="Discover Games"
                fileName="discover-games"
                data={() => gameCardsCsv(discover)}
              />
              <div className="grid gap-3 md:grid-cols-2">
                {discover.map((g) => (
                  <GameCardView key={g.gameId} game={g} action={trackButton(g)} />
                ))}
              </div>
            </>
          )}
        </TabsContent>

        {searchable && (
          <TabsContent value="search">
            {search.isLoading || debounced !== trimmed ? (
              <ListSkeleton />
            ) : search.isError ? (
              <LoadFailed
                what="the search results"
                title={searchFailedTitle(search.error)}
                error={search.error}
                onRetry={() => void search.refetch()}
              />
            ) : !search.data?.length ? (
              <EmptyState
                icon={Search}
                title={`No games found for ${trimmed}`}
                description="Try searching with different keywords"
              />
            ) : (
              <>
                <CorrectedQuery
                  correctedQuery={search.data[0]?.correctedQuery}
                  typed={trimmed}
                  className="mb-2"
                />
                <ListExport
                  what="Search Results"
                  fileName={`search-${trimmed}`}
                  data={() => gameCardsCsv(search.data)}
                />
                <div className="grid gap-3 md:grid-cols-2">
                  {search.data.map((g) => (
                    <GameCardView key={g.gameId} game={g} action={trackButton(g)} />
                  ))}
                </div>
              </>
            )}
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
