import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Brain, Gamepad2, LineChart, Sparkles, TrendingUp } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "wouter";
import {
  AI_ANALYSIS_TYPES,
  type AiAnalysisEvent,
  type AiAnalysisType,
  type AiHistoryEntry,
  type AiMetadata,
  type GameAnalysis,
  type MarketInsights,
  type Recommendations,
  readGameAnalysisItem,
  type TrendingAnalysis,
} from "../../../contracts/ai.ts";
import { hasPremiumAccess } from "../../../contracts/roles.ts";
import { Alert, AlertDescription } from "../../../ui/alert/index.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card } from "../../../ui/card/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { accessChangedText, apiRequest, errorMessage } from "../../api.ts";
import { CatalogSourceNote } from "../../components/CatalogSourceNote.tsx";
import { HistoryList } from "../../components/HistoryList.tsx";
import { LockedScreen } from "../../components/LockedScreen.tsx";
import { Section } from "../../components/Section.tsx";
import { formatDateTime } from "../../format/dates.ts";
import { plural } from "../../format/numbers.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { aiHistoryEntryQuery, aiHistoryQuery } from "../../queries/ai.ts";
import { currentUserQuery } from "../../queries/auth.ts";
import { useChannel, useRealtimeStatus } from "../../realtime.ts";
import { useUrlParam } from "../../url-state.ts";
import { AiMethodology } from "./AiMethodology.tsx";
import { AskAnalyst } from "./AskAnalyst.tsx";
import {
  directionText,
  droppedText,
  modelText,
  numberCheckText,
  SOURCES_NOT_RECORDED,
  TREND_BADGE,
  writtenByText,
} from "./ai-text.ts";

const TYPE_NAMES: Record<AiAnalysisType, string> = {
  game_analysis: "Game Analysis",
  market_insights: "Market Insights",
  recommendations: "Recommendations",
  trending_analysis: "Trending Topics",
};

type Result =
  | { type: "game_analysis"; data: GameAnalysis }
  | { type: "market_insights"; data: MarketInsights }
  | { type: "recommendations"; data: Recommendations }
  | { type: "trending_analysis"; data: TrendingAnalysis };

const ACTIONS: Array<{ type: AiAnalysisType; path: string; icon: typeof Brain; description: string }> = [
  {
    type: "game_analysis",
    path: "/api/ai/analyze-games",
    icon: Gamepad2,
    description: "Reception, player trend and risk of your watchlist (or today's trending games).",
  },
  {
    type: "market_insights",
    path: "/api/ai/market-insights",
    icon: LineChart,
    description: "Genres gaining and losing players, volatility, and where daily players are heading.",
  },
  {
    type: "recommendations",
    path: "/api/ai/recommendations",
    icon: Sparkles,
    description: "Games like the ones you track and the genres you chose in Settings.",
  },
  {
    type: "trending_analysis",
    path: "/api/ai/trending-analysis",
    icon: TrendingUp,
    description: "The themes the growing games share, and the fastest risers.",
  },
];

const percent = (v: number) => `${Math.round(v * 100)}%`;

/** What "confidence" means, wherever it is shown (issue 12). */
const CONFIDENCE_DEFINITION =
  "Confidence = sample score × (0.5 + 0.5 × fit). The sample score grows with the amount of evidence (reviews, days of player data, tracked games) from 0.30 to 0.95; the fit is how well the facts agree (R² of the projection line, genre match, breadth of growth), so a poor fit halves it. With no fit at all (nothing could be projected) it is 10%; Game Analysis averages its games' confidences.";

/** `games`: the card's games in order, to name the part a dropped sentence came from. */
function Metadata({
  metadata,
  extra,
  games = [],
}: {
  metadata: AiMetadata;
  extra: ReactNode;
  games?: readonly string[];
}) {
  const dropped = metadata.numberCheck?.dropped.length ?? 0;
  return (
    <div className="grid gap-2">
      {metadata.note && (
        <Alert data-testid="ai-note">
          <AlertDescription>{metadata.note}</AlertDescription>
        </Alert>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs" data-testid="ai-metadata">
        <span>Processing time {metadata.processingTime} ms</span>
        <span>Confidence {percent(metadata.confidence)}</span>
        <span>{extra}</span>
        {metadata.tokens && metadata.tokens.total > 0 && (
          <span>{metadata.tokens.total.toLocaleString("en")} tokens</span>
        )}
        {metadata.numberCheck && metadata.languageModel === "used" && (
          <span data-testid="ai-number-check">{numberCheckText(metadata.numberCheck)}</span>
        )}
      </p>
      {/* The figures' source is the data and its time (issue 9 §3); who wrote the text, and when, is said apart. */}
      <div className="-mt-1 grid gap-0.5" data-testid="ai-provenance">
        {metadata.sources ? (
          <CatalogSourceNote provenance={metadata.sources} />
        ) : (
          <p className="text-muted-foreground text-xs">{SOURCES_NOT_RECORDED}</p>
        )}
        <p className="text-muted-foreground text-xs" data-testid="ai-written-by">
          {writtenByText(metadata.modelUsed, formatDateTime(metadata.createdAt))}
        </p>
      </div>
      {metadata.confidenceBasis && (
        <details className="text-muted-foreground text-xs" data-testid="ai-confidence">
          <summary className="cursor-pointer">
            What does confidence {percent(metadata.confidence)} rest on?
          </summary>
          <p className="mt-1">{metadata.confidenceBasis}</p>
          <p className="mt-1">{CONFIDENCE_DEFINITION}</p>
          {dropped > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {metadata.numberCheck.dropped.map((d) => (
                <li key={`${d.field}:${d.sentence}`}>{droppedText(d, games)}</li>
              ))}
            </ul>
          )}
        </details>
      )}
    </div>
  );
}

function ResultView({ result }: { result: Result }) {
  switch (result.type) {
    case "game_analysis": {
      const { metadata } = result.data;
      // Results stored before the spec's trend labels read as they do now.
      const analysis = result.data.analysis.map(readGameAnalysisItem);
      return (
        <div className="grid gap-3">
          <Metadata
            metadata={metadata}
            games={analysis.map((item) => item.gameName)}
            extra={`${plural(metadata.gamesAnalyzed, "game")} analysed (${metadata.source === "watchlist" ? "your watchlist" : "trending games"})`}
          />
          {analysis.length === 0 && <p className="text-muted-foreground text-sm">No games to analyse yet.</p>}
          {analysis.map((item) => (
            <Card key={item.gameId} className="grid gap-2 p-4 text-sm">
              <Link href={`/games/${item.gameId}`} className="font-semibold hover:underline">
                {item.gameName}
              </Link>
              <p>
                <span className="font-medium">Sentiment: </span>
                {item.sentiment.rating == null ? "–" : `${item.sentiment.rating.toFixed(1)} / 5`} ·{" "}
                {item.sentiment.reasoning}
              </p>
              <p data-testid="ai-market-prediction">
                <span className="font-medium">Market prediction: </span>
                <Badge variant={TREND_BADGE[item.marketPrediction.trend]} data-testid="ai-trend">
                  {item.marketPrediction.trend}
                </Badge>{" "}
                {directionText(item.marketPrediction.direction)}
                {item.marketPrediction.projectedPlayers != null &&
                item.marketPrediction.currentPlayers != null
                  ? ` · ${item.marketPrediction.currentPlayers.toLocaleString("en")} → ${item.marketPrediction.projectedPlayers.toLocaleString("en")} daily players in ${item.marketPrediction.horizonDays} days`
                  : item.marketPrediction.direction === "unknown"
                    ? ""
                    : ` · ${item.marketPrediction.timeframe}`}{" "}
                · {item.marketPrediction.reasoning}
              </p>
              <p>
                <span className="font-medium">Recommendation: </span>
                {item.recommendations.action} ({item.recommendations.riskLevel} risk) ·{" "}
                {item.recommendations.reasoning}
              </p>
            </Card>
          ))}
        </div>
      );
    }
    case "market_insights": {
      const { insights, metadata } = result.data;
      // No day of daily players: genre momentum and volatility are not measured (the key insights say why).
      const unmeasured = metadata.dataPoints === 0 ? "not measured (needs daily players)" : null;
      return (
        <div className="grid gap-3 text-sm">
          <Metadata
            metadata={metadata}
            extra={
              unmeasured
                ? "no daily player points"
                : `${metadata.dataPoints.toLocaleString("en")} data points`
            }
          />
          <p>
            <span className="font-medium">Overall sentiment: </span>
            {insights.overallSentiment}
            {" · "}
            <span className="font-medium">Volatility: </span>
            {insights.marketVolatility == null ? (unmeasured ?? "–") : `${insights.marketVolatility} / 10`}
          </p>
          <p>
            <span className="font-medium">Trending genres: </span>
            {insights.trendingGenres.length
              ? insights.trendingGenres.join(", ")
              : (unmeasured ?? "none growing")}
          </p>
          <ul className="list-disc pl-5">
            {insights.keyInsights.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>
            <span className="font-medium">Next month: </span>
            {insights.predictions.nextMonth}
          </p>
          <p>
            <span className="font-medium">Next quarter: </span>
            {insights.predictions.nextQuarter}
          </p>
        </div>
      );
    }
    case "recommendations": {
      const { recommendations, metadata } = result.data;
      return (
        <div className="grid gap-3 text-sm">
          <Metadata
            metadata={metadata}
            games={recommendations.recommendations.map((r) => r.gameName)}
            extra={`${metadata.userGames} of your games`}
          />
          <p>{recommendations.reasoning}</p>
          {recommendations.recommendations.map((r) => (
            <Card key={r.gameId} className="grid gap-1 p-4">
              <div className="flex items-center justify-between gap-2">
                <Link href={`/games/${r.gameId}`} className="font-semibold hover:underline">
                  {r.gameName}
                </Link>
                <Badge variant="success">{percent(r.matchScore)} match</Badge>
              </div>
              <p className="text-muted-foreground">{r.genres.join(", ")}</p>
              <p>{r.reasoning}</p>
              <p className="text-muted-foreground">Expected enjoyment {percent(r.expectedEnjoyment)}</p>
            </Card>
          ))}
          {recommendations.insights.length > 0 && (
            <ul className="list-disc pl-5 text-muted-foreground">
              {recommendations.insights.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      );
    }
    case "trending_analysis": {
      const { analysis, metadata } = result.data;
      return (
        <div className="grid gap-3 text-sm">
          <Metadata metadata={metadata} extra={`${plural(metadata.gamesAnalyzed, "game")} analysed`} />
          <p>
            <span className="font-medium">Sentiment: </span>
            {analysis.sentiment}
          </p>
          <div className="flex flex-wrap gap-1">
            {analysis.topics.map((topic) => (
              <Badge key={topic} variant="outline">
                {topic}
              </Badge>
            ))}
          </div>
          {analysis.emergingTrends.length > 0 && (
            <ul className="list-disc pl-5">
              {analysis.emergingTrends.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <p>{analysis.analysis}</p>
        </div>
      );
    }
  }
}

function toResult(entry: AiHistoryEntry): Result {
  return { type: entry.analysisType, data: entry.result } as Result;
}

/** `?analysis=<id>`: the history entry opened, kept in the address so a reload reopens it. */
function openedFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get("analysis");
}

function setOpenedInUrl(id: string | null) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set("analysis", id);
  else url.searchParams.delete("analysis");
  window.history.replaceState(window.history.state, "", url);
}

/** The page's tabs, as `?tab=` names them. */
const AI_TABS = ["results", "history", "ask", "method"];

function AiAnalytics() {
  const queryClient = useQueryClient();
  const status = useRealtimeStatus();
  const [fresh, setFresh] = useState<Result[]>([]);
  const [opened, setOpened] = useState<string | null>(openedFromUrl);
  // The tab is in the address (issue 10), so a reload shows the same one: the open conversation of
  // "Ask the Analyst" (AskAnalyst.tsx, `?conversation=`) comes back with it.
  const [tabParam, setTab] = useUrlParam("tab", "results");
  const tab = AI_TABS.includes(tabParam) ? tabParam : "results";
  const [lastEvent, setLastEvent] = useState<AiAnalysisEvent | null>(null);
  // The analysis just run: its heading takes the focus once shown, so a keyboard or screen-reader user
  // lands on (and hears) the new result rather than on the page (review 22).
  const [focusResult, setFocusResult] = useState<string | null>(null);
  const history = useQuery(aiHistoryQuery);
  useChannel<AiAnalysisEvent>("ai_analysis", (event) => setLastEvent(event));

  // After a reload the results are the newest stored one of each type (and the opened one).
  const newestIds = AI_ANALYSIS_TYPES.flatMap((type) => {
    if (fresh.some((r) => r.type === type)) return [];
    const row = history.data?.find((h) => h.analysisType === type);
    return row ? [row.id] : [];
  });
  const stored = useQueries({
    queries: [...(opened ? [opened] : []), ...newestIds].map((id) => aiHistoryEntryQuery(id)),
  });
  const openedEntry = opened ? stored[0]?.data : undefined;
  const openedFailed = opened ? stored[0]?.isError : false;
  const storedResults = stored.slice(opened ? 1 : 0).flatMap((q) => (q.data ? [toResult(q.data)] : []));
  const results = [...fresh, ...storedResults].sort((a, b) =>
    b.data.metadata.createdAt.localeCompare(a.data.metadata.createdAt),
  );

  useEffect(() => {
    if (!focusResult) return;
    const heading = document.getElementById(`ai-result-${focusResult}`);
    if (!heading) return;
    heading.focus();
    setFocusResult(null);
  });

  const open = (id: string | null) => {
    setOpened(id);
    setOpenedInUrl(id);
    if (id) setTab("results", { replace: true });
  };

  const run = useMutation({
    mutationFn: async ({ type, path }: { type: AiAnalysisType; path: string }) =>
      ({ type, data: await apiRequest("POST", path, {}) }) as Result,
    onSuccess: (result) => {
      setFresh((list) => [result, ...list.filter((r) => r.type !== result.type)]);
      setTab("results", { replace: true });
      setFocusResult(result.data.metadata.analysisId);
      void queryClient.invalidateQueries({ queryKey: aiHistoryQuery.queryKey, exact: true });
    },
    onError: (error) => {
      // Refused by role: the plan changed since the screen loaded (the app reloads the user and the
      // screen locks); trying again cannot help.
      const changed = accessChangedText(error);
      toast({
        title: changed ? "Plan changed" : "Error",
        // The server's reason when it gave one (the role-changed sentence for a refusal by role).
        description: errorMessage(error, "The analysis could not be run. Please try again."),
        variant: "destructive",
      });
    },
  });

  return (
    <div>
      <Link
        href="/dashboard"
        className="mb-3 inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
      </Link>
      <PageHeader
        title="AI Analytics"
        description="Statistics over the catalog's player, review and price series compute the facts; a language model, when one is configured, writes their interpretation."
      />
      <p className="mb-4 text-muted-foreground text-sm" data-testid="ai-connection">
        {status === "connected"
          ? "Real-time connection active"
          : status === "connecting"
            ? "Connecting..."
            : "Real-time connection lost"}
        {lastEvent ? ` · last analysis: ${TYPE_NAMES[lastEvent.type]} in ${lastEvent.processingTime} ms` : ""}
      </p>
      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {ACTIONS.map(({ type, path, icon: Icon, description }) => {
          const pending = run.isPending && run.variables?.type === type;
          return (
            <Card key={type} className="flex flex-col gap-3 p-5" data-testid="ai-action">
              <Icon className="size-6 text-primary" aria-hidden="true" />
              <p className="font-semibold">{TYPE_NAMES[type]}</p>
              <p className="flex-1 text-muted-foreground text-sm">{description}</p>
              <Button
                onClick={() => run.mutate({ type, path })}
                disabled={run.isPending}
                focusableWhenDisabled
              >
                {pending ? "Analyzing..." : `Run ${TYPE_NAMES[type]}`}
              </Button>
            </Card>
          );
        })}
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value)}>
        <TabsList>
          <TabsTrigger value="results">Analysis Results</TabsTrigger>
          <TabsTrigger value="history">AI History</TabsTrigger>
          <TabsTrigger value="ask">Ask the Analyst</TabsTrigger>
          <TabsTrigger value="method">How it works</TabsTrigger>
        </TabsList>
        <TabsContent value="method">
          <AiMethodology />
        </TabsContent>
        <TabsContent value="ask">
          <AskAnalyst />
        </TabsContent>
        <TabsContent value="results" className="grid gap-4">
          {opened && (
            <Section
              title={
                openedEntry
                  ? `${TYPE_NAMES[openedEntry.analysisType]} · from your history, ${formatDateTime(openedEntry.createdAt)}`
                  : "From your history"
              }
            >
              <div className="grid gap-3" data-testid="ai-opened">
                {openedEntry ? (
                  <ResultView result={toResult(openedEntry)} />
                ) : openedFailed ? (
                  <p className="text-muted-foreground text-sm">This analysis is not in your history.</p>
                ) : (
                  <Skeleton className="h-24 w-full" />
                )}
                <Button variant="outline" className="justify-self-start" onClick={() => open(null)}>
                  Close
                </Button>
              </div>
            </Section>
          )}
          {results.length === 0 && !opened ? (
            <EmptyState
              icon={Brain}
              title="No Analysis Results Yet"
              description="Run one of the analyses above; its results appear here."
            />
          ) : (
            results.map((result) => (
              <Section
                key={result.data.metadata.analysisId}
                title={TYPE_NAMES[result.type]}
                titleId={`ai-result-${result.data.metadata.analysisId}`}
              >
                <ResultView result={result} />
              </Section>
            ))
          )}
        </TabsContent>
        <TabsContent value="history">
          <HistoryList
            loading={history.isLoading}
            items={history.data}
            emptyTitle="No AI Analysis History"
            emptyDescription="The analyses you run are kept here."
            label="AI history"
          >
            {(h) => (
              <li
                key={h.id}
                className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
                data-testid="ai-history"
              >
                <div>
                  <button
                    type="button"
                    className="font-medium hover:underline"
                    onClick={() => open(h.id)}
                    aria-label={`Open ${TYPE_NAMES[h.analysisType]} of ${formatDateTime(h.createdAt)}`}
                  >
                    {TYPE_NAMES[h.analysisType]}
                  </button>
                  <p className="text-muted-foreground text-xs">{formatDateTime(h.createdAt)}</p>
                </div>
                <p className="text-muted-foreground">
                  Confidence {percent(Number(h.confidence))} · {h.processingTime} ms ·{" "}
                  {modelText(h.modelUsed)}
                </p>
              </li>
            )}
          </HistoryList>
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** Spec §2 "AI analytics" (premium). A regular user is told what it is and fetches nothing. */
export default function AiAnalyticsPage() {
  const { data: user } = useQuery(currentUserQuery);
  if (!hasPremiumAccess(user)) {
    return (
      <div>
        <PageHeader title="AI Analytics" description="Statistical analyses of the catalog's series." />
        <LockedScreen
          title="AI Analytics is a Premium feature"
          description="Game analysis, market insights, recommendations and trending topics come with the Premium plan."
        />
      </div>
    );
  }
  return <AiAnalytics />;
}
