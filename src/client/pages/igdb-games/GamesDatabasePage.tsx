import { useQuery } from "@tanstack/react-query";
import { Building2, ExternalLink, Gamepad2, Monitor, Search, Star, TrendingUp } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { vgchartzDatasets } from "../../../contracts/data-sources.ts";
import type { Provenance } from "../../../contracts/provenance.ts";
import {
  RATING_CSV_HEADERS,
  ratingCountText,
  ratingCsvCells,
  ratingLabelText,
} from "../../../contracts/rating-figure.ts";
import { isAdmin } from "../../../contracts/roles.ts";
import { CATALOG_LIST_SOURCE, type IgdbStatus, type IgdbTrend } from "../../../contracts/sources.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card } from "../../../ui/card/index.ts";
import { CorrectedQuery } from "../../../ui/corrected-query/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import type { CsvData } from "../../../ui/export/index.ts";
import { ImageWithFallback } from "../../../ui/image-with-fallback/index.ts";
import { Input } from "../../../ui/input/index.ts";
import { datedProvenance } from "../../../ui/published-sales/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { StatusDot } from "../../../ui/status-dot/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs/index.ts";
import { ApiError, apiGet } from "../../api.ts";
import { CatalogSourceNote } from "../../components/CatalogSourceNote.tsx";
import { figureNotes, figureSourcesCell } from "../../components/figure-sources.ts";
import { growthLabel } from "../../components/GameCardView.tsx";
import { GameLink } from "../../components/GameLink.tsx";
import { ListExport } from "../../components/ListExport.tsx";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { OrderNote } from "../../components/OrderNote.tsx";
import { AdminHint } from "../../components/ProductState.tsx";
import { SearchOutcome } from "../../components/SearchField.tsx";
import { formatDate, formatDay, formatMonth } from "../../format/dates.ts";
import { compactNumber, formatPercent, plural } from "../../format/numbers.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { currentUserQuery } from "../../queries/auth.ts";
import { catalogStateQuery } from "../../queries/catalog.ts";
import {
  type IgdbCompany,
  type IgdbGame,
  type IgdbPlatform,
  igdbCompaniesQuery,
  igdbList,
  igdbPlatformsQuery,
  igdbStatusQuery,
  newestReleaseQuery,
} from "../../queries/sources.ts";
import { useUrlParams, useUrlTab } from "../../url-state.ts";
import { newestReleaseText } from "./newest-release.ts";

const SEARCH_KEYS = ["q", "tab"] as const;

const LIST_ERROR =
  "Unable to connect to IGDB API. Please check your API credentials and ensure the service is available.";
const date = (unix: number | null) => (unix == null ? "—" : formatDate(unix * 1000, { utc: true }));

const isoDay = (unix: number | null) =>
  unix == null ? null : new Date(unix * 1000).toISOString().slice(0, 10);

/** The release date, or its year when that is all the catalog knows (VGChartz gives years only). */
const releasedText = (game: Pick<IgdbGame, "first_release_date" | "release_year">) =>
  game.first_release_date == null && game.release_year != null
    ? String(game.release_year)
    : date(game.first_release_date);

/**
 * The header's state beside its dot: IGDB's, never "Operational" while no IGDB keys are set (the
 * games database then answers from the catalog alone).
 */
export function igdbStatusLabel(status: IgdbStatus): string {
  return { operational: "Operational", degraded: "Degraded", not_configured: "Not connected" }[status.status];
}

/**
 * The header's connection words, spec §2's "connected or 'Not authenticated'" for everyone. Operators
 * also read that IGDB is not configured; customers what the database answers from and since when,
 * never a configuration state (issue 9 §4, review r33-c #7).
 */
export function igdbStatusText(status: IgdbStatus, operator: boolean): string {
  if (status.authenticated) return "Connected";
  if (operator)
    return status.status === "not_configured"
      ? "Not authenticated (IGDB is not configured): games from the catalog"
      : "Not authenticated";
  return status.lastSuccess
    ? `Not authenticated: games from the catalog; IGDB data as of ${formatDate(status.lastSuccess)}`
    : "Not authenticated: games from the catalog";
}

/**
 * The header's line: where the database's PlayStation and Xbox games come from, as IGDB's status
 * and the catalog's sources stand (review r27-a #8: it said "metadata via IGDB" while IGDB was not
 * connected and they came from the VGChartz sales files, the only import that brings console games;
 * review r33/b #5: it named those files on a catalog that held none). `catalog`: the catalog's sources
 * (`GET /api/data-sources/catalog`); until they are in, no source is named.
 */
export function gamesDatabaseDescription(
  status: IgdbStatus | undefined,
  catalog: readonly Provenance[] | undefined,
): string {
  const lead = "Games, platforms and companies.";
  if (!status) return lead;
  if (status.authenticated) return `${lead} PlayStation and Xbox coverage: metadata via IGDB.`;
  if (!catalog) return lead;
  const synced = status.lastSuccess ? `IGDB's last sync (${formatDate(status.lastSuccess)})` : null;
  // One file imported is "the dataset" (review r34-a #3).
  const files = vgchartzDatasets(catalog);
  if (files > 0)
    return `${lead} IGDB is not connected: PlayStation and Xbox games come from the imported VGChartz sales ${
      files === 1 ? "dataset" : "datasets"
    }${synced ? ` and ${synced}` : ""}.`;
  return `${lead} IGDB is not connected and no VGChartz sales dataset is imported: ${
    synced
      ? `PlayStation and Xbox games come from ${synced}`
      : "the catalog holds no PlayStation or Xbox games yet"
  }.`;
}

/** When a trend's newest point was recorded: its month for a monthly series, else its day. */
const trendAsOf = (trend: IgdbTrend) =>
  trend.asOf == null
    ? "undated"
    : trend.asOfPrecision === "month"
      ? formatMonth(trend.asOf)
      : formatDay(trend.asOf);

/**
 * Why a trending game trends, on its card (report r25 #1): its growth, what it compares, the two
 * averages, and the source and time of the player points it rests on: "+60.0% avg. players, 7 days
 * vs. the 7 before (320K vs. 200K) · Steam, Nov 20, 2026".
 */
export function TrendLine({ trend }: { trend: IgdbTrend }) {
  return (
    <p
      className={`mt-2 flex items-center gap-1 text-xs ${trend.growth >= 0 ? "text-success" : "text-destructive"}`}
      data-testid="igdb-trend"
      title={trend.method}
    >
      <TrendingUp className="size-3 shrink-0" aria-hidden="true" />
      <span>
        {formatPercent(trend.growth * 100)} {growthLabel(trend.growthBasis, trend.partial)} (
        {compactNumber(trend.currentAverage)} vs. {compactNumber(trend.previousAverage)}) · {trend.source},{" "}
        {trendAsOf(trend)}
      </span>
    </p>
  );
}

/** The games a list shows, as CSV: every genre and platform (the cards show a few), ratings unformatted. */
function gamesCsv(games: IgdbGame[]): CsvData {
  // The Trending tab's cards show why each game trends: its file carries those figures too.
  const trending = games.some((g) => g.trend);
  return {
    header: [
      "id",
      "name",
      RATING_CSV_HEADERS["user-reviews"],
      RATING_CSV_HEADERS.critics,
      "ratings (count)",
      "release date",
      "developer",
      "genres",
      "platforms",
      "demo",
      "source",
      "as of",
      "sources (each as of)",
      ...(trending
        ? [
            "growth (share, vs. the period before)",
            "growth compares",
            "players, latest period (average)",
            "players, period before (average)",
            "growth source",
            "growth as of",
          ]
        : []),
    ],
    rows: games.map((g) => [
      g.id,
      g.name,
      ...ratingCsvCells(g.ratingFigure),
      g.aggregated_rating_count,
      isoDay(g.first_release_date) ?? (g.release_year == null ? null : String(g.release_year)),
      g.involved_companies.find((c) => c.developer)?.company.name ?? null,
      g.genres.map((x) => x.name).join("; "),
      g.platforms.map((x) => x.name).join("; "),
      g.isDemo ? "yes" : "no",
      g.provenance?.source ?? null,
      g.provenance?.asOf ?? null,
      figureSourcesCell(g),
      ...(trending
        ? [
            g.trend?.growth ?? null,
            g.trend ? growthLabel(g.trend.growthBasis, g.trend.partial) : null,
            g.trend?.currentAverage ?? null,
            g.trend?.previousAverage ?? null,
            g.trend?.source ?? null,
            g.trend?.asOf ?? null,
          ]
        : []),
    ]),
  };
}

const platformsCsv = (platforms: IgdbPlatform[]): CsvData => ({
  header: ["id", "name", "abbreviation", "generation", "games in the catalog (count)", "source"],
  rows: platforms.map((p) => [
    p.id,
    p.name,
    p.abbreviation,
    p.generation,
    p.games ?? null,
    p.provenance?.source ?? null,
  ]),
});

const companiesCsv = (companies: IgdbCompany[]): CsvData => ({
  header: ["id", "name", "founded", "games developed (count)", "games published (count)", "source"],
  rows: companies.map((c) => [
    c.id,
    c.name,
    isoDay(c.start_date),
    c.developedCount,
    c.publishedCount,
    c.provenance?.source ?? null,
  ]),
});

/**
 * The note under the Platforms or Companies tab: IGDB's records with their date, or — answered from the
 * catalog's own games until IGDB delivers — the catalog's sources, each at its newest.
 */
function ListSourceNote({ items }: { items: Array<{ provenance?: Provenance }> }) {
  const igdb = items.flatMap((i) =>
    i.provenance && i.provenance.source !== CATALOG_LIST_SOURCE ? [i.provenance] : [],
  );
  const fromCatalog = items.find((i) => i.provenance?.source === CATALOG_LIST_SOURCE)?.provenance;
  if (!fromCatalog) return <SourceNote provenance={igdb.slice(0, 1)} className="mt-3" />;
  return (
    <div className="mt-3 grid gap-1">
      <p className="text-muted-foreground text-xs">From the catalog's games: {fromCatalog.method}.</p>
      <CatalogSourceNote catalog provenance={igdb.slice(0, 1)} />
    </div>
  );
}

function More({ n }: { n: number }) {
  return n > 0 ? <Badge variant="outline">+{n}</Badge> : null;
}

/** A game card (spec §2): 2 genres and 3 platforms at most, each with a +N badge for the rest. */
export function GameDbCard({ game }: { game: IgdbGame }) {
  const developer = game.involved_companies.find((c) => c.developer)?.company.name;
  const rating = game.ratingFigure;
  return (
    <Card className="flex gap-4 p-4" data-testid="igdb-game">
      <ImageWithFallback
        src={game.cover?.url}
        alt={`${game.name} cover`}
        className="h-28 w-20 shrink-0 rounded-md"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="font-semibold">
            {/* Catalog rows carry our id; a live IGDB answer its numeric IGDB id, which the game page also takes. */}
            <GameLink id={/^\d+$/.test(game.id) ? `igdb-${game.id}` : game.id} name={game.name} />
            {game.isDemo && (
              <Badge variant="outline" className="ml-2">
                demo
              </Badge>
            )}
          </p>
          {game.url && (
            <a
              href={game.url}
              target="_blank"
              rel="noreferrer"
              className="shrink-0 text-muted-foreground hover:text-foreground"
              aria-label={`Open ${game.name}`}
            >
              <ExternalLink className="size-4" />
            </a>
          )}
        </div>
        <div className="mt-1 flex flex-wrap gap-1">
          {game.genres.slice(0, 2).map((g) => (
            <Badge key={g.id} variant="secondary">
              {g.name}
            </Badge>
          ))}
          <More n={game.genres.length - 2} />
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs">
          <span className="flex items-center gap-1">
            <Star className="size-3" aria-hidden="true" />
            {rating ? ratingLabelText(rating) : "No rating"}
            {rating && ratingCountText(rating) ? ` (${ratingCountText(rating)})` : ""}
          </span>
          <span>Released {releasedText(game)}</span>
          {developer && <span>by {developer}</span>}
        </p>
        <div className="mt-2 flex flex-wrap gap-1">
          {game.platforms.slice(0, 3).map((p) => (
            <Badge key={p.id} variant="outline">
              {p.name}
            </Badge>
          ))}
          <More n={game.platforms.length - 3} />
        </div>
        {game.trend && <TrendLine trend={game.trend} />}
        {game.summary && <p className="mt-2 line-clamp-2 text-muted-foreground text-sm">{game.summary}</p>}
        {/* A file that states no date (vgsales.csv) says so, as the game page's published sales do. */}
        <SourceNote provenance={datedProvenance(figureNotes(game))} className="mt-2" />
      </div>
    </Card>
  );
}

function GameList({ tab }: { tab: "trending" | "popular" | "recent" }) {
  const list = useQuery(igdbList(tab));
  // An empty Recent tab says where the catalog's release dates end (report r31-a #5).
  const newest = useQuery({ ...newestReleaseQuery, enabled: tab === "recent" && list.data?.length === 0 });
  if (list.isLoading) return <Skeleton className="h-64" />;
  // Spec §8's sentence for a list IGDB did not give; the app's own rate limit is not IGDB's doing.
  if (list.isError)
    return (
      <LoadFailed
        what="the games"
        title={list.error instanceof ApiError && list.error.status === 429 ? undefined : LIST_ERROR}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  if (!list.data?.length)
    return (
      <EmptyState
        icon={Gamepad2}
        title={
          tab === "recent"
            ? "No games released in the past 30 days"
            : tab === "trending"
              ? "No trending games available at the moment"
              : "No games available yet"
        }
        description={
          tab === "trending"
            ? "A game trends when its players grew against their previous period (7 days, or a month for monthly series)."
            : tab === "recent" && newest.data
              ? newestReleaseText(newest.data)
              : undefined
        }
      />
    );
  const games = list.data;
  return (
    <>
      <ListExport what={`${tab} games`} fileName={`games-database-${tab}`} data={() => gamesCsv(games)} />
      {/* The Overview's trending games, in its order: said above the cards, as the Overview says it. */}
      {tab === "trending" && <OrderNote order="trending" className="mb-2" />}
      <div className="grid gap-3 lg:grid-cols-2">
        {games.map((g) => (
          <GameDbCard key={g.id} game={g} />
        ))}
      </div>
    </>
  );
}

/** The tabs, in their order; any other `tab` in the URL opens Trending. */
const IGDB_TABS = ["trending", "popular", "recent", "platforms", "companies", "search"] as const;

export default function GamesDatabasePage() {
  // The tab and the submitted query live in the URL (Back, reload and bookmarks keep them).
  const [search_, setSearch] = useUrlParams(SEARCH_KEYS);
  const submitted = search_.q ?? null;
  const [term, setTerm] = useState(submitted ?? "");
  const [tabParam, setTab] = useUrlTab(IGDB_TABS, "trending");
  const tab = tabParam === "search" && !submitted ? "trending" : tabParam;
  const status = useQuery(igdbStatusQuery);
  const platforms = useQuery({ ...igdbPlatformsQuery, enabled: tab === "platforms" });
  const companies = useQuery({ ...igdbCompaniesQuery, enabled: tab === "companies" });
  const search = useQuery({
    queryKey: ["/api/igdb/search", { q: submitted }],
    enabled: !!submitted,
    queryFn: () => apiGet<IgdbGame[]>(`/api/igdb/search?${new URLSearchParams({ q: submitted ?? "" })}`),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: an empty query (after trimming) does nothing.
    const q = term.trim();
    if (!q) return;
    setSearch({ q, tab: "search" });
  };

  const { data: user } = useQuery(currentUserQuery);
  const operator = isAdmin(user);
  const catalogState = useQuery(catalogStateQuery);
  return (
    <div className="grid gap-4">
      <PageHeader
        title="Games Database"
        description={gamesDatabaseDescription(status.data, catalogState.data?.provenance)}
        actions={
          status.data && (
            <div className="flex items-center gap-3 text-sm" data-testid="igdb-status">
              <StatusDot live={status.data.status === "operational"} label={igdbStatusLabel(status.data)} />
              <span className="text-muted-foreground">{igdbStatusText(status.data, operator)}</span>
            </div>
          )
        }
      />
      <form className="flex max-w-xl gap-2" onSubmit={submit} aria-label="Search the games database">
        <Input
          aria-label="Search the games database"
          placeholder="Search games..."
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <Button type="submit" disabled={search.isFetching}>
          <Search aria-hidden="true" />
          {search.isFetching ? "Searching..." : "Search"}
        </Button>
      </form>
      <SearchOutcome
        query={submitted ?? ""}
        found={submitted && search.isSuccess ? search.data.length : undefined}
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="trending">Trending</TabsTrigger>
          <TabsTrigger value="popular">Popular</TabsTrigger>
          <TabsTrigger value="recent">Recent</TabsTrigger>
          <TabsTrigger value="platforms">Platforms</TabsTrigger>
          <TabsTrigger value="companies">Companies</TabsTrigger>
          {submitted && <TabsTrigger value="search">Results for "{submitted}"</TabsTrigger>}
        </TabsList>
        <TabsContent value="trending">
          <GameList tab="trending" />
        </TabsContent>
        <TabsContent value="popular">
          <GameList tab="popular" />
        </TabsContent>
        <TabsContent value="recent">
          <GameList tab="recent" />
        </TabsContent>
        <TabsContent value="platforms">
          {platforms.isLoading ? (
            <Skeleton className="h-48" />
          ) : platforms.isError ? (
            <LoadFailed
              what="the platforms"
              error={platforms.error}
              onRetry={() => void platforms.refetch()}
            />
          ) : !platforms.data?.length ? (
            <EmptyState icon={Monitor} title="No platforms available yet" />
          ) : (
            <>
              <ListExport
                what="platforms"
                fileName="games-database-platforms"
                data={() => platformsCsv(platforms.data)}
              />
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {platforms.data.map((p) => (
                  <Card key={p.id} className="flex items-center gap-3 p-4" data-testid="igdb-platform">
                    <ImageWithFallback
                      src={p.platform_logo?.url}
                      alt={`${p.name} logo`}
                      className="size-12 shrink-0 rounded-md"
                    />
                    <div>
                      <p className="font-semibold">{p.name}</p>
                      <p className="text-muted-foreground text-xs">
                        {[
                          p.abbreviation,
                          p.generation ? `generation ${p.generation}` : null,
                          p.games != null ? plural(p.games, "game") : null,
                        ]
                          .filter(Boolean)
                          .join(" · ") || "—"}
                      </p>
                    </div>
                  </Card>
                ))}
              </div>
              <ListSourceNote items={platforms.data} />
            </>
          )}
        </TabsContent>
        <TabsContent value="companies">
          {companies.isLoading ? (
            <Skeleton className="h-48" />
          ) : companies.isError ? (
            <LoadFailed
              what="the companies"
              error={companies.error}
              onRetry={() => void companies.refetch()}
            />
          ) : !companies.data?.length ? (
            <EmptyState
              icon={Building2}
              title="No companies available yet"
              description={
                <>
                  Companies come from IGDB or from the developers and publishers of the catalog's games;
                  neither has any yet.
                  <AdminHint>import a dataset, or set up IGDB and run Historical Data Integration</AdminHint>
                </>
              }
            />
          ) : (
            <>
              <ListExport
                what="companies"
                fileName="games-database-companies"
                data={() => companiesCsv(companies.data)}
              />
              <div className="grid gap-3 md:grid-cols-2">
                {companies.data.map((c) => (
                  <Card key={c.id} className="flex gap-3 p-4">
                    <ImageWithFallback
                      src={c.logo?.url}
                      alt={`${c.name} logo`}
                      className="size-12 shrink-0 rounded-md"
                    />
                    <div className="min-w-0">
                      <p className="font-semibold">
                        {c.slug ? (
                          <Link href={`/companies/${encodeURIComponent(c.slug)}`} className="hover:underline">
                            {c.name}
                          </Link>
                        ) : (
                          c.name
                        )}
                      </p>
                      <p className="text-muted-foreground text-xs">
                        {c.start_date != null ? `Founded ${date(c.start_date)} · ` : ""}
                        {c.developedCount.toLocaleString("en")} developed ·{" "}
                        {c.publishedCount.toLocaleString("en")} published
                      </p>
                      {c.description && (
                        <p className="mt-1 line-clamp-2 text-muted-foreground text-sm">{c.description}</p>
                      )}
                    </div>
                  </Card>
                ))}
              </div>
              <ListSourceNote items={companies.data} />
            </>
          )}
        </TabsContent>
        {submitted && (
          <TabsContent value="search">
            {search.isLoading ? (
              <Skeleton className="h-48" />
            ) : search.isError ? (
              <LoadFailed
                what="the search results"
                error={search.error}
                onRetry={() => void search.refetch()}
              />
            ) : !search.data?.length ? (
              <EmptyState
                icon={Search}
                title={`No games found for ${submitted}`}
                description="Try searching with different keywords"
              />
            ) : (
              <>
                <CorrectedQuery
                  correctedQuery={search.data[0]?.correctedQuery}
                  typed={submitted}
                  className="mb-2"
                />
                <ListExport
                  what="search results"
                  fileName={`games-database-search-${submitted}`}
                  data={() => gamesCsv(search.data)}
                />
                <div className="grid gap-3 lg:grid-cols-2">
                  {search.data.map((g) => (
                    <GameDbCard key={g.id} game={g} />
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
