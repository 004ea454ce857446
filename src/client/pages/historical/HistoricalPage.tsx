import { useQuery } from "@tanstack/react-query";
import { Database, Download, Star, ThumbsUp, Trophy } from "lucide-react";
import { Link } from "wouter";
import { positiveShareText } from "../../../contracts/rating-figure.ts";
import { isAdmin } from "../../../contracts/roles.ts";
import type {
  EsportsSummary,
  HistoricalGame,
  KaggleDataset,
  MarketHistory,
  PlayerMeasure,
} from "../../../contracts/sources.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Card } from "../../../ui/card/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { Progress } from "../../../ui/progress/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs/index.ts";
import { CatalogSourceNote } from "../../components/CatalogSourceNote.tsx";
import { DataCard, type DataCardProps } from "../../components/DataCard.tsx";
import { GameLink } from "../../components/GameLink.tsx";
import { globalRevenueCsv, REVISED_LATER } from "../../components/global-revenue.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { platformShareCsv } from "../../components/PlatformShareExport.tsx";
import { formatDate, formatMonth } from "../../format/dates.ts";
import { compactNumber, formatBillions, formatPercent, plural } from "../../format/numbers.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { currentUserQuery } from "../../queries/auth.ts";
import {
  esportsQuery,
  historicalQuery,
  kaggleDatasetsQuery,
  marketHistoryQuery,
  platformConnectionsQuery,
} from "../../queries/sources.ts";
import { useUrlTab } from "../../url-state.ts";
import { datasetsStatusText } from "./datasets-status.ts";
import { esportsHint, historicalDataHint } from "./empty-hints.ts";
import {
  esportsGrowthCsv,
  esportsMonthsCsv,
  esportsTopGamesCsv,
  peakViewersText,
  viewersText,
} from "./esports-figures.ts";
import { historicalSources } from "./historical-sources.ts";
import {
  esportsCoverage,
  regionalGrowthAgainst,
  regionalGrowthBasis,
  regionalGrowthText,
  reportedYears,
} from "./series-notes.ts";

/** Spec §9 limits and bar scales. */
export const LIMITS = { datasets: 9, playerPoints: 3, reviewPoints: 2, revenueYears: 5, growthYears: 3 };
export const SCALE = { viewership: 6_000_000, prizePool: 200_000_000, totalViewership: 1_000_000_000 };

const day = (iso: string) => formatDate(iso, { utc: true });

/**
 * A monthly figure is the month's ("Feb 2022"), a daily one the day's ("Jan 14, 2023"), both in the
 * user's language (Settings → Preferences: "févr. 2022" in French).
 */
const figureDate = (iso: string, measure: PlayerMeasure) =>
  measure.startsWith("monthly") ? formatMonth(iso) : day(iso);

/** "Monthly average" for a label's start. */
const capitalised = (measure: PlayerMeasure) => measure[0]!.toUpperCase() + measure.slice(1);

/** Whole players on screen; the API and the CSV keep the source's precision. */
const players = (n: number) => Math.round(n).toLocaleString("en");

function Loading() {
  return (
    <div className="grid gap-3 md:grid-cols-3" aria-busy="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-32" />
      ))}
    </div>
  );
}

/** A bar's label with its series' note ("Hours watched (partial: 9 months, …)"). */
const labelled = (label: string, note: string | null) => (note ? `${label} (${note})` : label);

function Bar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="text-muted-foreground">{text}</span>
      </div>
      <Progress value={Math.min(100, (value / max) * 100)} aria-label={`${label}: ${text}`} />
    </div>
  );
}

/** The Market Trends tab's cards (Newzoo's yearly figures), each with its source and CSV. */
function marketCards(market: MarketHistory | undefined): DataCardProps[] {
  const provenance = market?.provenance ?? (market?.source ? { source: market.source, asOf: null } : null);
  const revenue = reportedYears(market?.globalRevenue ?? [], LIMITS.revenueYears);
  const forecasts = (market?.globalRevenue ?? []).filter((y) => y.forecast).map((y) => y.year);
  const shares = Object.entries(market?.platformDistribution ?? {});
  const regions = market?.regionalMarkets ?? [];
  return [
    {
      title: "Global revenue",
      description: `Billions of USD, the last ${LIMITS.revenueYears} reported years. Each year's revenue and growth come from its own Newzoo edition; growth is against that edition's figure for the year before, not the row above.${forecasts.length ? ` Forecasts (${forecasts.join(", ")}) are not listed.` : ""}`,
      empty: revenue.length ? null : "No revenue data available",
      provenance,
      body: () => (
        <ul className="grid gap-2 text-sm">
          {revenue.map((y) => (
            <li key={y.year} className="flex flex-wrap justify-between gap-x-2">
              <span
                title={
                  [
                    y.earlierFigures && `Earlier: ${y.earlierFigures}`,
                    y.revisedLater && `Revised later: ${y.revisedLater}`,
                  ]
                    .filter(Boolean)
                    .join("\n") || undefined
                }
              >
                {y.year}
                {y.forecast ? " (forecast)" : ""}
                {/* Only a later edition's figure revises this one; a forecast's earlier forecasts do not. */}
                {y.revisedLater ? ` (${REVISED_LATER})` : ""}
              </span>
              <span>
                {formatBillions(y.revenue)}{" "}
                <span className={(y.growth ?? 0) >= 0 ? "text-success" : "text-destructive"}>
                  {formatPercent(y.growth)}
                </span>
              </span>
              {y.growth != null && y.growthSource && (
                <span className="w-full text-muted-foreground text-xs">
                  growth on {y.year - 1} as stated in {y.growthSource}
                </span>
              )}
            </li>
          ))}
        </ul>
      ),
      // Each year dated by its own edition (the card's one date is the newest edition's), as Analytics.
      csv: { fileName: "global-revenue", data: () => globalRevenueCsv(revenue), dated: true },
    },
    {
      title: "Platform share",
      description: market?.platformYear ? `Share of revenue, ${market.platformYear}.` : undefined,
      empty: shares.length ? null : "No revenue data available",
      provenance,
      body: () => (
        <div className="grid gap-3">
          {shares.map(([platform, share]) => (
            <Bar key={platform} label={platform} value={share} max={100} text={`${share.toFixed(1)}%`} />
          ))}
        </div>
      ),
      csv: { fileName: "platform-share", data: () => platformShareCsv(market) },
    },
    {
      title: "Regional markets",
      description: market?.regionalYear
        ? [`Share and yearly growth, ${market.regionalYear}.`, regionalGrowthBasis(market)]
            .filter(Boolean)
            .join(" ")
        : undefined,
      empty: regions.length ? null : "No regional data available",
      provenance,
      body: () => (
        <ul className="grid gap-2 text-sm">
          {regions.map((r) => (
            <li key={r.region} className="flex justify-between gap-3">
              <span>{r.region}</span>
              <span className="text-right">
                {r.share.toFixed(1)}% · {regionalGrowthText(r, market?.regionalYear ?? null)}
              </span>
            </li>
          ))}
        </ul>
      ),
      csv: {
        fileName: "regional-markets",
        data: () => ({
          header: ["region", "share (%)", "growth (%)", "growth against"],
          rows: regions.map((r) => [
            r.region,
            r.share,
            r.growth,
            regionalGrowthAgainst(r, market?.regionalYear ?? null),
          ]),
        }),
      },
    },
  ];
}

/** The Esports tab's cards (Esports Earnings and Twitch), each with its source and CSV. */
function esportsCards(esports: EsportsSummary | undefined, operator: boolean): DataCardProps[] {
  const emptyHint = esportsHint(operator);
  const provenance = esports?.provenance;
  const top = esports?.topGames ?? [];
  const growth = (esports?.growth ?? []).slice(-LIMITS.growthYears);
  const tournaments = esports?.tournaments ?? [];
  return [
    {
      title: "Top games",
      description:
        "Each game's highest month of Twitch viewers (its peak, with that month) and its total prize money.",
      empty: top.length ? null : "No esports games data available",
      emptyHint,
      emptyIcon: Trophy,
      provenance,
      body: () => (
        <div className="grid gap-4">
          {top.map((g) => (
            <div key={g.game} className="grid gap-2">
              <p className="font-medium text-sm">{g.game}</p>
              <Bar
                label="Viewership"
                value={g.viewership ?? 0}
                max={SCALE.viewership}
                text={peakViewersText(g)}
              />
              <Bar
                label="Prize pool"
                value={g.prizePool}
                max={SCALE.prizePool}
                text={`$${(g.prizePool / 1e6).toFixed(1)}M`}
              />
            </div>
          ))}
        </div>
      ),
      csv: {
        fileName: "esports-top-games",
        dated: true,
        data: () => esportsTopGamesCsv(esports),
      },
    },
    {
      title: "Growth",
      description: "Prize money and Twitch hours watched per year.",
      empty: growth.length ? null : "No growth data available",
      emptyHint,
      provenance,
      body: () => (
        <div className="grid gap-4">
          {growth.map((y) => (
            <div key={y.year} className="grid gap-2">
              <p className="font-medium text-sm">{y.year}</p>
              <Bar
                label={labelled("Prize pool", esportsCoverage(y).prizePool)}
                value={y.totalPrizePool}
                max={SCALE.prizePool}
                text={`$${(y.totalPrizePool / 1e6).toFixed(1)}M`}
              />
              <Bar
                label={labelled("Hours watched", esportsCoverage(y).hoursWatched)}
                value={y.totalViewership ?? 0}
                max={SCALE.totalViewership}
                text={y.totalViewership == null ? "—" : compactNumber(y.totalViewership)}
              />
            </div>
          ))}
        </div>
      ),
      csv: {
        fileName: "esports-growth",
        dated: true,
        data: () => esportsGrowthCsv(growth, esports),
      },
    },
    {
      title: "Major tournaments",
      // The spec's title; no per-tournament list is public here, so the rows say what they are (review
      // r27-a, item 8).
      // Without rows the card is spec §8's empty state alone, not "the 0 richest months" (review r33-c #10).
      description: tournaments.length
        ? `No per-tournament list in the data: the ${tournaments.length} richest months of a game by prize money, each with the tournaments that paid out that month and the game's peak Twitch viewers then.`
        : undefined,
      empty: tournaments.length ? null : "No tournaments data available",
      emptyHint,
      provenance,
      body: () => (
        <ul className="grid gap-2 text-sm">
          {tournaments.map((t) => (
            // The month's figures under its name: with its tournaments and viewers they no longer fit beside it.
            <li key={t.name} className="grid">
              <span>{t.name}</span>
              <span className="text-muted-foreground">
                ${(t.prizePool / 1e6).toFixed(1)}M
                {t.tournaments ? ` · ${plural(t.tournaments, "tournament")}` : ""}
                {t.viewers ? ` · ${viewersText(t.viewers)} viewers` : ""}
              </span>
            </li>
          ))}
        </ul>
      ),
      csv: {
        fileName: "esports-major-tournaments",
        dated: true,
        data: () => esportsMonthsCsv(esports),
      },
    },
  ];
}

/**
 * The Historical Data tab as CSV: each figure the cards show, with its measure and source (players)
 * or its review sentiment, one row each.
 */
function historicalCsv(games: HistoricalGame[]) {
  return {
    header: [
      "game",
      "platform",
      "date (ISO 8601)",
      "players (players)",
      "measure",
      "source",
      "positive reviews (%)",
      "average rating (out of 5)",
      "demo data",
    ],
    rows: games.flatMap((g) => [
      ...g.playerTrends
        .slice(-LIMITS.playerPoints)
        .map((p) => [
          g.gameName,
          g.platform,
          p.date,
          p.playerCount,
          g.players?.measure ?? null,
          g.players?.provenance.source ?? null,
          null,
          null,
          !!g.isDemo,
        ]),
      ...(g.otherPlayerFigures ?? []).map((f) => [
        g.gameName,
        g.platform,
        f.date,
        f.playerCount,
        f.measure,
        f.provenance.source,
        null,
        null,
        !!g.isDemo,
      ]),
      ...g.reviewTrends
        .slice(-LIMITS.reviewPoints)
        .map((r) => [
          g.gameName,
          g.platform,
          r.date,
          null,
          null,
          g.reviewProvenance?.source ?? null,
          r.sentiment * 100,
          r.averageRating,
          !!g.isDemo,
        ]),
    ]),
  };
}

/** The Gaming Datasets tab as CSV: each dataset card's figures. */
function datasetsCsv(datasets: KaggleDataset[]) {
  return {
    header: [
      "dataset",
      "ref",
      "downloads (downloads)",
      "usability (out of 10)",
      "size (KB)",
      "votes (votes)",
      "last updated (ISO 8601)",
    ],
    rows: datasets.map((d) => [
      d.title,
      d.ref,
      d.downloadCount,
      d.usabilityRating * 10,
      Math.round(d.size / 1024),
      d.voteCount,
      d.lastUpdated,
    ]),
  };
}

export default function HistoricalPage() {
  const { data: user } = useQuery(currentUserQuery);
  // The chosen tab lives in the URL: Back returns to the previous tab, a reload keeps it.
  const [tab, setTab] = useUrlTab(["datasets", "historical", "market", "esports"], "datasets");
  const operator = !!user && isAdmin(user);
  const datasets = useQuery(kaggleDatasetsQuery);
  const historical = useQuery(historicalQuery);
  const market = useQuery(marketHistoryQuery);
  const esports = useQuery(esportsQuery);
  const connections = useQuery(platformConnectionsQuery);
  const count = datasets.data?.length ?? 0;
  const shownDatasets = (datasets.data ?? []).slice(0, LIMITS.datasets);
  // The list is Kaggle's, as of the last successful Kaggle sync.
  const kaggle = connections.data?.find((c) => c.id === "kaggle");
  const kaggleSync = kaggle?.lastSuccess ?? null;
  const status = datasetsStatusText(count, kaggle?.status, {
    operator,
    since: kaggleSync ? formatDate(kaggleSync) : null,
  });

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Historical Analytics"
        description="Player, review, revenue and esports history from public data."
      />
      <Card className="flex items-center gap-4 p-5" data-testid="datasets-status">
        <Database className="size-6 text-primary" aria-hidden="true" />
        {datasets.isLoading ? (
          <Skeleton className="h-5 w-64" />
        ) : datasets.isError ? (
          <LoadFailed what="the datasets" error={datasets.error} onRetry={() => void datasets.refetch()} />
        ) : (
          <p className="text-sm">
            {/* Kaggle's list, not the datasets imported into the catalog (the Data sources page lists
                those): "0 datasets available" beside seven imported ones read as none (report r15-a #7).
                "Datasets API active" only while Kaggle is connected (testers' defect 3). */}
            <span className="font-medium">{status.lead}</span>
            {status.rest}
            {/* What to configure is for operators only (issue 9 §4); customers see what is available. */}
            {count === 0 && operator && (
              <>
                {" "}
                (connect Kaggle and run a sync to list them:{" "}
                <Link href="/workflows" className="underline">
                  Workflows
                </Link>
                )
              </>
            )}
            .
          </p>
        )}
      </Card>

      <Tabs value={tab} onValueChange={(v) => setTab(v)}>
        <TabsList>
          <TabsTrigger value="datasets">Gaming Datasets</TabsTrigger>
          <TabsTrigger value="historical">Historical Data</TabsTrigger>
          <TabsTrigger value="market">Market Trends</TabsTrigger>
          <TabsTrigger value="esports">Esports Analytics</TabsTrigger>
        </TabsList>

        <TabsContent value="datasets">
          {datasets.isLoading ? (
            <Loading />
          ) : datasets.isError ? (
            <LoadFailed what="the datasets" error={datasets.error} onRetry={() => void datasets.refetch()} />
          ) : !count ? (
            // Kaggle's list is empty; the datasets imported into the catalog are listed elsewhere.
            <EmptyState
              icon={Database}
              title="No datasets available"
              description={
                <>
                  No Kaggle datasets are listed. The datasets imported into the catalog are listed on{" "}
                  <Link href="/data-sources" className="underline">
                    Data sources
                  </Link>
                  .
                </>
              }
            />
          ) : (
            <>
              <div className="grid gap-3 md:grid-cols-3">
                {shownDatasets.map((d) => (
                  <Card key={d.ref} className="p-4">
                    <p className="font-semibold">{d.title}</p>
                    <p className="text-muted-foreground text-xs">{d.ref}</p>
                    <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                      <div className="flex items-center gap-1">
                        <Download className="size-3" aria-hidden="true" />
                        <dt className="sr-only">Downloads</dt>
                        <dd>{compactNumber(d.downloadCount)}</dd>
                      </div>
                      <div className="flex items-center gap-1">
                        <Star className="size-3" aria-hidden="true" />
                        <dt className="sr-only">Usability</dt>
                        <dd>{(d.usabilityRating * 10).toFixed(1)}/10</dd>
                      </div>
                      <div>
                        <dt className="sr-only">Size</dt>
                        <dd>{Math.round(d.size / 1024).toLocaleString("en")} KB</dd>
                      </div>
                      <div className="flex items-center gap-1">
                        <ThumbsUp className="size-3" aria-hidden="true" />
                        <dt className="sr-only">Votes</dt>
                        <dd>{d.voteCount}</dd>
                      </div>
                    </dl>
                  </Card>
                ))}
              </div>
              <SourceNote provenance={{ source: "Kaggle", asOf: kaggleSync }} className="mt-3" />
              <ExportCsvButton
                className="mt-2"
                fileName="kaggle-gaming-datasets"
                aria-label="Export CSV of Gaming Datasets"
                data={() => datasetsCsv(shownDatasets)}
              />
            </>
          )}
        </TabsContent>

        <TabsContent value="historical">
          {historical.isLoading ? (
            <Loading />
          ) : historical.isError ? (
            <LoadFailed
              what="the historical data"
              error={historical.error}
              onRetry={() => void historical.refetch()}
            />
          ) : !historical.data?.length ? (
            <EmptyState
              icon={Database}
              title="No historical data available"
              description={historicalDataHint(operator)}
            />
          ) : (
            <>
              <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {historical.data.map((g) => (
                  <Card key={g.gameId} className="p-4" data-testid="historical-game">
                    <div className="flex items-center justify-between gap-2">
                      <GameLink id={g.gameId} name={g.gameName} className="block font-semibold" />
                      {g.isDemo && <Badge variant="warning">demo</Badge>}
                    </div>
                    <p className="text-muted-foreground text-xs">{g.platform ?? "—"}</p>
                    <p className="mt-3 font-medium text-muted-foreground text-xs uppercase">Players</p>
                    {g.players && (
                      <>
                        <p className="text-muted-foreground text-xs" data-testid="player-series">
                          {capitalised(g.players.measure)} · {g.players.provenance.source}
                        </p>
                        <ul className="text-sm">
                          {g.playerTrends.slice(-LIMITS.playerPoints).map((p) => (
                            <li key={p.date} className="flex justify-between">
                              <span>{figureDate(p.date, g.players!.measure)}</span>
                              <span>{players(p.playerCount)}</span>
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                    {(g.otherPlayerFigures ?? []).length > 0 && (
                      <>
                        <p className="mt-2 text-muted-foreground text-xs">
                          Other measures and sources (not comparable with the list above):
                        </p>
                        <ul className="grid gap-1 text-sm" data-testid="other-player-figures">
                          {g.otherPlayerFigures!.map((f) => (
                            <li key={`${f.measure}|${f.provenance.source}`} title={f.provenance.method}>
                              <p className="text-muted-foreground text-xs">
                                {capitalised(f.measure)} · {f.provenance.source}
                              </p>
                              <p className="flex justify-between">
                                <span>{figureDate(f.date, f.measure)}</span>
                                <span>{players(f.playerCount)}</span>
                              </p>
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                    {g.reviewTrends.length > 0 && (
                      <>
                        <p className="mt-3 font-medium text-muted-foreground text-xs uppercase">
                          Review sentiment
                        </p>
                        <ul className="text-sm">
                          {g.reviewTrends.slice(-LIMITS.reviewPoints).map((r) => (
                            <li key={r.date} className="flex justify-between">
                              {/* A month-dated source's point reads as its month (review 20 C, item 10). */}
                              <span>{r.period === "month" ? formatMonth(r.date) : day(r.date)}</span>
                              <span>{positiveShareText(Math.round(r.sentiment * 1000) / 10)}</span>
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                  </Card>
                ))}
              </div>
              <CatalogSourceNote provenance={historicalSources(historical.data)} className="mt-3" />
              <ExportCsvButton
                className="mt-2"
                fileName="historical-data"
                aria-label="Export CSV of Historical Data"
                data={() => historicalCsv(historical.data ?? [])}
              />
            </>
          )}
        </TabsContent>

        <TabsContent value="market" className="grid gap-4 md:grid-cols-3">
          {market.isLoading ? (
            <div className="md:col-span-3">
              <Loading />
            </div>
          ) : market.isError ? (
            <LoadFailed
              className="md:col-span-3"
              what="the market history"
              error={market.error}
              onRetry={() => void market.refetch()}
            />
          ) : (
            marketCards(market.data).map((card) => <DataCard key={card.title} {...card} />)
          )}
        </TabsContent>

        <TabsContent value="esports" className="grid gap-4 md:grid-cols-3">
          {esports.isLoading ? (
            <div className="md:col-span-3">
              <Loading />
            </div>
          ) : esports.isError ? (
            <LoadFailed
              className="md:col-span-3"
              what="the esports figures"
              error={esports.error}
              onRetry={() => void esports.refetch()}
            />
          ) : (
            esportsCards(esports.data, operator).map((card) => <DataCard key={card.title} {...card} />)
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
