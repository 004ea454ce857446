import { useQueries, useQuery } from "@tanstack/react-query";
import { ArrowLeft, ExternalLink, GitCompare, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "wouter";
import {
  type GameDetail,
  type GameSeries,
  type LatestFigure,
  METRIC_FILLED_BY,
  type SeriesMetric,
} from "../../../contracts/game-page.ts";
import { PLAYER_FIGURE_LABELS } from "../../../contracts/player-figures.ts";
import { conversionText, convertedPricesText } from "../../../contracts/price-conversion.ts";
import type { Provenance } from "../../../contracts/provenance.ts";
import { positiveShareText } from "../../../contracts/rating-figure.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { ImageWithFallback } from "../../../ui/image-with-fallback/index.ts";
import { PublishedSalesCard } from "../../../ui/published-sales/index.ts";
import { isRange, type Range, rangeStart } from "../../../ui/range-selector/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { ApiError } from "../../api.ts";
import {
  linesOutsideRange,
  type PeriodNames,
  positiveShare,
  seriesByPeriod,
  seriesProvenance,
} from "../../components/series-periods.ts";
import { TrackButton } from "../../components/TrackButton.tsx";
import { compactNumber, formatPlayers, formatPrice } from "../../format/numbers.ts";
import { releasedText } from "../../format/released.ts";
import { ScreenHeading } from "../../layout/PageHeader.tsx";
import { gameQuery, gameSeriesQuery } from "../../queries/game-page.ts";
import { useUrlParam } from "../../url-state.ts";
import { GameChart } from "./GameChart.tsx";
import { GameEstimates } from "./GameEstimates.tsx";
import { ownersBandOnly, underText } from "./owners-band.ts";
import {
  averageMissingText,
  chartFillsFrom,
  latestPlayersLabel,
  latestPlayersMethod,
  noPlayerHistoryText,
  peakDayText,
  steamElsewhereLead,
  steamEntryLinkText,
  steamEntryOf,
} from "./player-figure-text.ts";
import { priceText, shownPriceConversion } from "./price-text.ts";
import { ratingFigure } from "./rating-figure.ts";
import { SameTitle } from "./SameTitle.tsx";
import { SimilarGames } from "./SimilarGames.tsx";

/** The release date, or its year when that is all the catalog knows (VGChartz gives years only). */
const released = (iso: string | null, year: number | null) => releasedText(iso, year);

/** The sources of a chart's series, each dated by its own newest point. */
function provenanceOf(...series: Array<GameSeries | undefined>): Provenance[] {
  return series.flatMap(seriesProvenance);
}

/** Whether a chart's series together come from more than one source: then every line names its own. */
function severalSources(...series: Array<GameSeries | undefined>): boolean {
  return new Set(series.flatMap(seriesProvenance).map((p) => p.source)).size > 1;
}

/**
 * The Players chart's lines, named for their period: a monthly average (SteamCharts) is no day's
 * count, and a month's peak is no day's peak, so each has its own line and CSV column.
 */
const PLAYER_SERIES_NAMES: Record<"players" | "players_peak", PeriodNames> = {
  players: {
    base: "Average players",
    month: "Average players, monthly",
    day: "Average players, daily",
    instant: "Players, live count",
  },
  players_peak: { base: "Peak players", month: "Peak players, monthly", day: "Peak players, daily" },
};

/** The days a peak's figures cover: "1 day" for a single day's peak, "7 days" for a week of figures. */
const peakSpan = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

/** One chart's range lives in the URL (`?players=30d`), so a shared link opens the same view. */
function useChartRange(key: string): [Range, (range: Range) => void] {
  const [value, setValue] = useUrlParam(key, "all");
  return [isRange(value) ? value : "all", (range) => setValue(range, { replace: true })];
}

/** The series of a chart's metrics over its range, counted back from each game's newest point. */
function useSeries(game: GameDetail, metrics: SeriesMetric[], range: Range) {
  const newest = metrics
    .map((m) => game.latest[m]?.asOf)
    .filter(Boolean)
    .sort()
    .at(-1);
  const from = rangeStart(range, newest)?.toISOString() ?? null;
  return useQueries({ queries: metrics.map((metric) => gameSeriesQuery(game.id, metric, from)) });
}

/**
 * What a chart's range leaves out of its series (linesOutsideRange): each series is read whole too
 * (the same query as the range "all", so usually already at hand), and every line of it with no point
 * in the range is named with where it ends.
 */
function useRangeNotes(
  game: GameDetail,
  parts: Array<{ metric: SeriesMetric; ranged: GameSeries | undefined; names: string | PeriodNames }>,
): string[] {
  const whole = useQueries({ queries: parts.map((p) => gameSeriesQuery(game.id, p.metric, null)) });
  return parts.flatMap((p, i) => linesOutsideRange(whole[i]?.data, p.ranged, p.names));
}

/** A chart's series over all the data (the range "all"), undefined until every one has loaded. */
function useWhole(game: GameDetail, metrics: SeriesMetric[]): Array<GameSeries | undefined> | undefined {
  const whole = useQueries({ queries: metrics.map((m) => gameSeriesQuery(game.id, m, null)) });
  return whole.every((q) => q.data) ? whole.map((q) => q.data) : undefined;
}

/**
 * What an empty chart says: where the series' points are when they all lie outside the range, or else
 * which source would fill it (Steam sources, none of which covers a game not on Steam).
 */
function emptyNote(series: Array<GameSeries | undefined>, metric: SeriesMetric, game: GameDetail): ReactNode {
  const band = metric === "owners" ? ownersBandOnly(game) : null;
  if (band)
    return `${band.source} gives no owners figure for this game, only a band with no lower end: ${underText(band.high)}.`;
  const outside = series.find((s) => s?.outside)?.outside?.note;
  if (outside) return outside;
  return (
    <SteamElsewhere game={game} what={metric}>
      {chartFillsFrom(metric, game.steamAppId != null)}
    </SteamElsewhere>
  );
}

/**
 * An entry with no Steam figures whose title has a Steam entry says so and links there (review r25
 * #2: GTA V's PS4/XOne page said "this game is not on Steam"); otherwise `children`, the usual text.
 */
function SteamElsewhere({
  game,
  what,
  children,
}: {
  game: GameDetail;
  what: Parameters<typeof steamElsewhereLead>[0];
  children: ReactNode;
}) {
  const steam = steamEntryOf(game);
  if (!steam) return <>{children}</>;
  return (
    <>
      {steamElsewhereLead(what, game.platforms, steam.years)}
      <Link href={`/games/${encodeURIComponent(steam.entry.id)}`} className="underline">
        {steamEntryLinkText(steam)}
      </Link>
      .
    </>
  );
}

function PlayersChart({ game }: { game: GameDetail }) {
  const [range, setRange] = useChartRange("players");
  const [avg, peak] = useSeries(game, ["players", "players_peak"], range);
  const nameSource = severalSources(avg!.data, peak!.data);
  const notes = useRangeNotes(game, [
    { metric: "players", ranged: avg!.data, names: PLAYER_SERIES_NAMES.players },
    { metric: "players_peak", ranged: peak!.data, names: PLAYER_SERIES_NAMES.players_peak },
  ]);
  const whole = useWhole(game, ["players", "players_peak"]);
  return (
    <GameChart
      whole={
        whole && [
          ...seriesByPeriod(whole[0], PLAYER_SERIES_NAMES.players, { nameSource }),
          ...seriesByPeriod(whole[1], PLAYER_SERIES_NAMES.players_peak, { nameSource }),
        ]
      }
      title="Players"
      notes={notes}
      fileName={`${game.slug || game.id}_players_${range}`}
      range={range}
      onRangeChange={setRange}
      loading={avg!.isLoading || peak!.isLoading}
      series={[
        ...seriesByPeriod(avg!.data, PLAYER_SERIES_NAMES.players, { nameSource }),
        ...seriesByPeriod(peak!.data, PLAYER_SERIES_NAMES.players_peak, { nameSource }),
      ]}
      provenance={provenanceOf(avg!.data, peak!.data)}
      formatValue={formatPlayers}
      empty={{
        title: "No player history for this game",
        description: emptyNote([avg!.data, peak!.data], "players", game),
      }}
    />
  );
}

function ReviewsCharts({ game }: { game: GameDetail }) {
  const [range, setRange] = useChartRange("reviews");
  const [positive, negative] = useSeries(game, ["reviews_positive", "reviews_negative"], range);
  const share = positiveShare(positive!.data, negative!.data);
  const provenance = provenanceOf(positive!.data, negative!.data);
  const empty = {
    title: "No review history for this game",
    description: emptyNote([positive!.data, negative!.data], "reviews_positive", game),
  };
  const loading = positive!.isLoading || negative!.isLoading;
  const whole = useWhole(game, ["reviews_positive", "reviews_negative"]);
  return (
    <>
      <GameChart
        whole={
          whole && [
            ...seriesByPeriod(whole[0], "Positive reviews"),
            ...seriesByPeriod(whole[1], "Negative reviews"),
          ]
        }
        title="Reviews"
        fileName={`${game.slug || game.id}_reviews_${range}`}
        range={range}
        onRangeChange={setRange}
        loading={loading}
        series={[
          ...seriesByPeriod(positive!.data, "Positive reviews"),
          ...seriesByPeriod(negative!.data, "Negative reviews"),
        ]}
        provenance={provenance}
        formatValue={compactNumber}
        empty={empty}
      />
      <GameChart
        whole={whole && seriesByPeriod(positiveShare(whole[0], whole[1]), "Positive share")}
        title="Positive share of reviews"
        fileName={`${game.slug || game.id}_positive-share_${range}`}
        range={range}
        onRangeChange={setRange}
        loading={loading}
        series={seriesByPeriod(share, "Positive share")}
        provenance={provenance.map((p) => ({
          ...p,
          method: "positive ÷ (positive + negative) at each time",
        }))}
        formatValue={(v) => `${v.toFixed(1)}%`}
        empty={empty}
      />
    </>
  );
}

function SingleChart({
  game,
  metric,
  title,
  name,
  format,
}: {
  game: GameDetail;
  metric: SeriesMetric;
  title: string;
  name: string;
  format: (v: number) => string;
}) {
  const [range, setRange] = useChartRange(metric);
  const [series] = useSeries(game, [metric], range);
  const outside = useRangeNotes(game, [{ metric, ranged: series!.data, names: name }]);
  // Prices converted from another currency say so under the chart, not only in the source's tooltip
  // (review r18a, item 1), in the words of the tables' note: the series names each converted source.
  const conversions =
    metric === "price" && series!.data?.points.length ? series!.data.conversions : undefined;
  const convertedText = conversions ? convertedPricesText(conversions) : null;
  const converted = convertedText ? [`${convertedText}.`] : [];
  const whole = useWhole(game, [metric]);
  return (
    <GameChart
      whole={whole && seriesByPeriod(whole[0], name)}
      wholeNotes={converted}
      title={title}
      notes={[...converted, ...outside]}
      fileName={`${game.slug || game.id}_${metric}_${range}`}
      range={range}
      onRangeChange={setRange}
      loading={series!.isLoading}
      // A price holds until it changes: steps, not a slope between two observations (review 20 C, item 10).
      series={seriesByPeriod(series!.data, name).map((s) => (metric === "price" ? { ...s, steps: true } : s))}
      provenance={provenanceOf(series!.data)}
      formatValue={format}
      empty={{
        title: `No ${name.toLowerCase()} history for this game`,
        description: emptyNote([series!.data], metric, game),
      }}
    />
  );
}

function Figure({
  label,
  figure,
  format,
  detail,
  missing = "No source has this figure yet",
}: {
  label: string;
  figure: LatestFigure | undefined;
  format: (v: number) => string;
  /** A line under the figure saying what it is ("converted from £3.99 at 1.27 USD/GBP, May 2019"). */
  detail?: string | null;
  missing?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-xl">{figure ? format(figure.value) : "–"}</dd>
      {figure && detail && (
        <dd className="text-foreground text-xs" data-testid="figure-detail">
          {detail}
        </dd>
      )}
      {/* A group of a <dl> holds only <dt> and <dd>: the source line is part of the figure's description. */}
      <dd>
        {figure ? (
          <SourceNote provenance={figure} />
        ) : (
          <p className="text-muted-foreground text-xs">{missing}</p>
        )}
      </dd>
    </div>
  );
}

/** Owners as the sources give them; our own estimates (P10/P50/P90 owners and revenue) sit below. */
function OwnersPanel({ game }: { game: GameDetail }) {
  const owners = game.latest.owners;
  const band = ownersBandOnly(game);
  return (
    <Card data-slot="estimates" aria-label="Owners">
      <CardHeader>
        <CardTitle className="text-base">Owners</CardTitle>
      </CardHeader>
      <CardContent>
        {owners ? (
          <>
            <p className="font-semibold text-2xl">{compactNumber(owners.value)}</p>
            <p className="text-muted-foreground text-sm">
              The source's owners figure (the middle of the range it publishes; a range with no lower end
              gives none), not an estimate of ours.
            </p>
            <SourceNote provenance={owners} />
          </>
        ) : band ? (
          // "0 .. 20,000" is no figure: the source says only that owners stay below its top.
          <>
            <p className="font-semibold text-2xl">{underText(band.high)}</p>
            <p className="text-muted-foreground text-sm">
              The source gives no owners figure, only a range with no lower end (
              {band.low.toLocaleString("en-US")} .. {band.high.toLocaleString("en-US")}), not an estimate of
              ours.
            </p>
            <SourceNote provenance={band} />
          </>
        ) : game.steamAppId != null ? (
          <p className="text-muted-foreground text-sm">
            No owners figure for this game yet: it comes from {METRIC_FILLED_BY.owners}.
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">
            <SteamElsewhere game={game} what="owners panel">
              No owners figure: it comes from {METRIC_FILLED_BY.owners}, Steam sources, and this game is not
              on Steam.
            </SteamElsewhere>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Header({ game }: { game: GameDetail }) {
  // Each company of a credit links to its own page (co-developers, co-publishers).
  const company = (companies: GameDetail["developers"], role: string) =>
    companies.length > 0 ? (
      <span>
        {companies.length > 1 ? `${role}s` : role}:{" "}
        {companies.map((c, i) => (
          <span key={c.slug}>
            {i > 0 && ", "}
            {/* Underlined: in running text a link must not differ from the words around it by colour alone. */}
            <Link
              href={`/companies/${encodeURIComponent(c.slug)}`}
              className="text-primary underline underline-offset-2"
            >
              {c.name}
            </Link>
          </span>
        ))}
      </span>
    ) : null;
  return (
    <div className="mb-6 flex flex-col gap-5 sm:flex-row">
      <ImageWithFallback
        src={game.imageUrl ?? undefined}
        alt={`${game.name} cover`}
        className="h-40 w-full shrink-0 rounded-lg object-cover sm:w-72"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <ScreenHeading title={game.name} />
          {game.isDemo && <Badge variant="warning">Demo data</Badge>}
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
          {company(game.developers, "Developer")}
          {company(game.publishers, "Publisher")}
          <span>Released: {released(game.releaseDate, game.releaseYear)}</span>
          <span>
            Price: {priceText(game.latest.price?.value ?? game.price, game.discount, game.price)}
            {shownPriceConversion(game) && ` · ${conversionText(shownPriceConversion(game)!)}`}
          </span>
        </div>
        {game.genres.length + game.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Genres and tags">
            {game.genres.map((g) => (
              <li key={`g-${g}`}>
                <Badge variant="secondary">{g}</Badge>
              </li>
            ))}
            {game.tags
              .filter((t) => !game.genres.includes(t))
              .slice(0, 12)
              .map((t) => (
                <li key={`t-${t}`}>
                  <Badge variant="outline">{t}</Badge>
                </li>
              ))}
          </ul>
        )}
        {game.platforms.length > 0 && (
          <p className="text-muted-foreground text-sm">Platforms: {game.platforms.join(", ")}</p>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          <TrackButton gameId={game.id} gameName={game.name} />
          {game.storeUrl && (
            <Button variant="outline" asChild>
              <a href={game.storeUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                {game.steamAppId != null ? "Steam store page" : "Website"}
              </a>
            </Button>
          )}
          <Button variant="outline" asChild>
            <Link href={`/compare?ids=${encodeURIComponent(game.id)}`}>
              <GitCompare aria-hidden="true" />
              Compare
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

export default function GamePage() {
  const { id = "" } = useParams<{ id: string }>();
  const game = useQuery(gameQuery(id));

  if (game.isLoading) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-40" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (game.isError || !game.data) {
    const missing = game.error instanceof ApiError && game.error.status === 404;
    return (
      <EmptyState
        icon={SearchX}
        title={missing ? "No game with that id in the catalog" : "The game could not be loaded"}
        description={
          missing ? "It may have been removed, or the link is mistyped." : "Please try again in a moment."
        }
        action={
          <Button variant="outline" asChild>
            <Link href="/games">
              <ArrowLeft aria-hidden="true" />
              Game Tracking
            </Link>
          </Button>
        }
      />
    );
  }
  const g = game.data;
  const latest = g.latest;
  // `instant`, `day` or `month`: a monthly point (SteamCharts) is the month's average.
  const latestPeriod = latest.players?.period;
  // SteamCharts' newest month, taken mid-month, is partial (the players figure says so: review r26-a #2).
  const partialMonth = g.players?.latest?.partial && g.players.latest.at === latest.players?.asOf;
  const latestMethod = latestPlayersMethod(latestPeriod, partialMonth);
  const reviews =
    latest.reviews_positive && latest.reviews_negative
      ? latest.reviews_positive.value + latest.reviews_negative.value
      : null;
  const rating = ratingFigure(g);
  return (
    <div>
      <Header game={g} />
      {g.summary && <p className="mb-6 max-w-3xl text-muted-foreground">{g.summary}</p>}
      <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Latest figures">
        {!g.players?.latest && g.players?.peak ? (
          // Daily peaks only (SteamSpy's peak of the day before): a peak, named as one, not a count.
          // The peak's own source and time, and the days its figures cover: one SteamSpy `ccu` is a
          // day's peak, not a 7-day one (review r18a, item 8).
          <Figure
            label={`Players (${PLAYER_FIGURE_LABELS.peak}, ${peakSpan(g.players.peak.days)})`}
            figure={{
              value: g.players.peak.value,
              period: g.players.peak.period ?? "day",
              ...g.players.provenance,
              source: g.players.peak.source,
              method: g.players.peak.method,
              asOf: g.players.peak.at,
            }}
            format={formatPlayers}
            // The peak's day, as the lists give it ("39.1K peak, 1 day (…, May 30, 2023)"): the source
            // note alone dates an older figure by its month (review r25 #5).
            detail={peakDayText(g.players.peak.at, g.players.peak.days)}
          />
        ) : (
          <Figure
            label={latestPlayersLabel(latestPeriod, partialMonth)}
            figure={
              g.players?.latest
                ? {
                    value: g.players.latest.value,
                    period: latestPeriod ?? "instant",
                    ...g.players.provenance,
                    // The count's own source (report r12-a #11: a SteamSpy peak of 2023 read under
                    // SteamCharts' Feb 2022); the players' provenance now names the counts' sources only.
                    ...(latest.players?.asOf === g.players.latest.at
                      ? { source: latest.players.source }
                      : {}),
                    asOf: g.players.latest.at,
                    // The count's own method (a month's mean), not the block's (which may speak of the peak).
                    method: latestMethod,
                  }
                : undefined
            }
            format={formatPlayers}
            missing={
              <SteamElsewhere game={g} what="players tile">
                {noPlayerHistoryText(g.steamAppId != null)}
              </SteamElsewhere>
            }
          />
        )}
        <Figure
          label={`${PLAYER_FIGURE_LABELS.average[0]!.toUpperCase()}${PLAYER_FIGURE_LABELS.average.slice(1)}`}
          figure={
            g.players?.average
              ? {
                  value: g.players.average.value,
                  period: "day",
                  ...g.players.provenance,
                  asOf: g.players.average.to,
                  method: `mean of the daily points from ${g.players.average.from.slice(0, 10)} to ${g.players.average.to.slice(0, 10)}`,
                }
              : undefined
          }
          format={formatPlayers}
          missing={
            g.players ? (
              averageMissingText(g.players, g.steamAppId != null)
            ) : (
              <SteamElsewhere game={g} what="players tile">
                {averageMissingText(g.players, g.steamAppId != null)}
              </SteamElsewhere>
            )
          }
        />
        {reviews == null && rating ? (
          // No review counts: the critics' score the lists show, with its source and date.
          <Figure
            label={rating.label}
            figure={rating.figure}
            format={() => rating.text}
            detail={rating.detail}
          />
        ) : (
          <Figure
            label="Reviews"
            figure={
              reviews != null && latest.reviews_positive
                ? {
                    ...latest.reviews_positive,
                    value: reviews,
                    method: "positive + negative reviews",
                  }
                : undefined
            }
            format={(v) =>
              `${compactNumber(v)} (${positiveShareText(Math.round((latest.reviews_positive!.value / (v || 1)) * 1000) / 10)})`
            }
          />
        )}
        <Figure
          label="Price"
          figure={
            latest.price ??
            (g.price != null
              ? {
                  value: g.price,
                  period: "instant",
                  source: "The game's catalog record (undated)",
                  asOf: null,
                }
              : undefined)
          }
          format={(v) => priceText(v, g.discount, g.price)}
          detail={shownPriceConversion(g) && conversionText(shownPriceConversion(g)!)}
        />
      </dl>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <PlayersChart game={g} />
        <OwnersPanel game={g} />
        {g.publishedSales && (
          <PublishedSalesCard
            sales={g.publishedSales}
            className="lg:col-span-2"
            exportFileName={`${g.slug || g.id}_units-sold-published`}
          />
        )}
        <GameEstimates
          id={g.id}
          published={g.publishedSales}
          className="lg:col-span-2"
          exportFileName={`${g.slug || g.id}_estimate-methods`}
        />
        <ReviewsCharts game={g} />
        <SingleChart game={g} metric="price" title="Price" name="Price" format={formatPrice} />
        <SingleChart game={g} metric="owners" title="Owners" name="Owners" format={compactNumber} />
      </div>
      <SameTitle game={g} />
      <SimilarGames id={g.id} />
    </div>
  );
}
