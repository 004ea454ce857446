import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { GitCompare, X } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { GameDetail, GameSeries, SeriesMetric } from "../../../contracts/game-page.ts";
import type { Provenance } from "../../../contracts/provenance.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { isRange, type Range, rangeStart } from "../../../ui/range-selector/index.ts";
import { chartColorVar, type TimeSeries } from "../../../ui/series-chart/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { describeAsOf, SourceNote } from "../../../ui/source-note/index.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../ui/table/index.ts";
import { ApiError } from "../../api.ts";
import { ConvertedPricesNote } from "../../components/ConvertedPrice.tsx";
import { useFocusAfterRemove } from "../../components/focus-after-remove.ts";
import { gameEditionText } from "../../components/game-edition.ts";
import { SearchField, SearchOutcome } from "../../components/SearchField.tsx";
import { chartProvenance, seriesByPeriod } from "../../components/series-periods.ts";
import { compactNumber, formatPlayers, formatPrice } from "../../format/numbers.ts";
import { releasedText } from "../../format/released.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { gameEstimatesQuery } from "../../queries/estimates.ts";
import { gameQuery, gameSeriesQuery } from "../../queries/game-page.ts";
import { searchQuery } from "../../queries/search.ts";
import { useUrlParam } from "../../url-state.ts";
import { OfferedRangesChart, useOfferedRanges } from "../game/GameChart.tsx";
import { shownPriceConversion } from "../game/price-text.ts";
import { comparedIds, MAX_COMPARED, parseIds } from "./compared-ids.ts";
import {
  ESTIMATE_FIGURES,
  type EstimateState,
  estimateCell,
  estimateState,
  estimateStatus,
  estimateValue,
  namedEstimateProvenance,
} from "./estimate-figures.ts";
import {
  type KeyFigure,
  keyFigureNoteProvenance,
  keyFiguresCsv,
  PUBLISHED_FIGURES,
  SOURCED_FIGURES,
} from "./key-figures.ts";
import { otherMeasureNote } from "./other-measure.ts";

function OverlayChart({
  games,
  metric,
  title,
  format,
}: {
  games: GameDetail[];
  metric: SeriesMetric;
  title: string;
  format: (v: number) => string;
}) {
  const [rangeParam, setRange] = useUrlParam(`${metric}Range`, "all");
  const range: Range = isRange(rangeParam) ? rangeParam : "all";
  const newest = games
    .map((g) => g.latest[metric]?.asOf)
    .filter(Boolean)
    .sort()
    .at(-1);
  const from = rangeStart(range, newest)?.toISOString() ?? null;
  const results = useQueries({ queries: games.map((g) => gameSeriesQuery(g.id, metric, from)) });
  // Each game's series over all time (the range "All" asks for the same): the ranges offered are
  // those it can fill, by the game page's rule (review r29-a #5: "7 d" drew one monthly dot per game).
  const whole = useQueries({ queries: games.map((g) => gameSeriesQuery(g.id, metric, null)) });
  // Players: each game's peaks too, so a game with daily peaks only (no counts) says so in the legend
  // rather than "no points in this range" (report r22-a #1).
  const peaks = useQueries({
    queries: games.map((g) => ({
      ...gameSeriesQuery(g.id, "players_peak", from),
      enabled: metric === "players",
    })),
  });
  const drawnPeriods = results.flatMap((r) =>
    (r.data?.points ?? []).map((p) => p.period ?? r.data?.period ?? ""),
  );
  // Each source once, dated by its own newest point (a game's series names all its sources under one date).
  const provenance: Provenance[] = chartProvenance(results.map((r) => r.data));
  // A chart of several sources names the source on every line and CSV column, a game's only one too.
  const nameSource = provenance.length > 1;
  const wholeLines = whole.every((q) => q.data)
    ? games.flatMap((g, i) => seriesByPeriod(whole[i]?.data, g.name, { nameSource }))
    : undefined;
  const onRangeChange = useCallback((r: Range) => setRange(r, { replace: true }), [setRange]);
  const offered = useOfferedRanges(wholeLines, range, onRangeChange);
  return (
    <OfferedRangesChart
      whole={wholeLines}
      offered={offered}
      title={title}
      fileName={`compare_${metric}_${range}`}
      range={range}
      onRangeChange={onRangeChange}
      loading={results.some((r) => r.isLoading)}
      // A game whose points differ in period (monthly beside daily) gets a line per period. A game is
      // one colour, the one of its chip, on every chart; its sources and periods differ in dash.
      series={games.flatMap((g, i) =>
        seriesByPeriod(results[i]?.data, g.name, { nameSource }).map((s) => {
          const emptyNote =
            metric === "players"
              ? otherMeasureNote(results[i]?.data, peaks[i]?.data, drawnPeriods)
              : undefined;
          return {
            ...gameLine(s, g.name, i),
            // A price holds until it changes: steps, not a slope between two observations.
            steps: metric === "price",
            ...(emptyNote ? { emptyNote } : {}),
          };
        }),
      )}
      provenance={provenance}
      formatValue={format}
      empty={{
        title: `None of these games has a ${title.toLowerCase()} history`,
        description: emptyNote(games.map((g, i) => ({ name: g.name, series: results[i]?.data }))),
      }}
    />
  );
}

/** A game's line: the game its group and colour, what follows its name (source, period) its variant. */
function gameLine(series: TimeSeries, game: string, index: number): TimeSeries {
  const rest = series.name.startsWith(game) ? series.name.slice(game.length) : series.name;
  return { ...series, group: game, color: index, variant: rest.replace(/^(, | · )/, "") };
}

/** Where a game's points are when they all lie outside the range, or else which source would fill the chart. */
function emptyNote(series: Array<{ name: string; series: GameSeries | undefined }>): string | undefined {
  const outside = series.find((s) => s.series?.outside);
  if (outside) return `${outside.name}: ${outside.series!.outside!.note}`;
  const filledBy = series.find((s) => s.series?.filledBy)?.series?.filledBy;
  return filledBy ? `It fills from ${filledBy}.` : undefined;
}

/**
 * The suggestions answer the keyboard: ArrowDown from the box or a suggestion moves to the next,
 * ArrowUp to the one before (from the first, back to the box), Enter adds the focused one, Escape
 * closes the list (report r15-a #6: only Tab then Enter added a game).
 */
function moveInSuggestions(
  event: KeyboardEvent<HTMLElement>,
  list: HTMLUListElement | null,
  onEscape: () => void,
) {
  if (!list) return;
  if (event.key === "Escape") {
    onEscape();
    return;
  }
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const buttons = [...list.querySelectorAll<HTMLButtonElement>("button")];
  if (buttons.length === 0) return;
  event.preventDefault();
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = event.key === "ArrowDown" ? Math.min(at + 1, buttons.length - 1) : at - 1;
  if (next < 0) list.parentElement?.querySelector<HTMLInputElement>("input")?.focus();
  else buttons[next]!.focus();
}

/**
 * `onAdd` answers whether the game added fills the last place: the box is then disabled, and the focus
 * it would have fallen from to <body> goes to the note that says why (review r25, item 1).
 */
function AddGame({ onAdd, disabled }: { onAdd: (id: string) => boolean; disabled: boolean }) {
  const [q, setQ] = useState("");
  const search = useQuery(searchQuery(q));
  const list = useRef<HTMLUListElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const full = useRef<HTMLParagraphElement>(null);
  const filled = useRef(false);
  useEffect(() => {
    if (!disabled || !filled.current) return;
    filled.current = false;
    const at = document.activeElement;
    if (!at || at === document.body || box.current?.contains(at)) full.current?.focus();
  }, [disabled]);
  const keys = (event: KeyboardEvent<HTMLElement>) => moveInSuggestions(event, list.current, () => setQ(""));
  return (
    <div ref={box} className="relative max-w-xl">
      <SearchField
        onKeyDown={keys}
        label="Add a game to compare"
        placeholder={disabled ? `At most ${MAX_COMPARED} games` : "Add a game..."}
        value={q}
        onChange={setQ}
        // Five games compared: the box takes no typing and says why (report r12-a #6).
        disabled={disabled}
        describedBy={disabled ? "compare-add-full" : undefined}
      />
      {disabled && (
        <p
          ref={full}
          id="compare-add-full"
          tabIndex={-1}
          className="mt-1 rounded-sm text-muted-foreground text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {MAX_COMPARED} games are compared, the most there can be: remove one to add another.
        </p>
      )}
      {/* A settled search is told, as on the other search screens. */}
      <SearchOutcome
        query={q.trim()}
        found={q.trim().length > 2 && !disabled && search.isSuccess ? search.data.length : undefined}
      />
      {q.trim().length > 2 && !disabled && (
        <ul
          ref={list}
          onKeyDown={keys}
          aria-label="Games to add"
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-border bg-popover shadow-md"
        >
          {search.isLoading && <li className="p-3 text-muted-foreground text-sm">Searching…</li>}
          {search.data?.length === 0 && <li className="p-3 text-muted-foreground text-sm">No games found</li>}
          {search.data?.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                className="w-full cursor-pointer px-3 py-2 text-left text-sm hover:bg-accent"
                // The list closes with the focus in it: back to the box, to add another (review 23).
                onClick={() => {
                  filled.current = onAdd(g.id);
                  setQ("");
                  if (!filled.current) box.current?.querySelector("input")?.focus();
                }}
              >
                {g.name}
                {/* Same-named games (a title's console editions) differ in year and platforms. */}
                <span className="text-muted-foreground"> ({gameEditionText(g)})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `/compare?ids=a,b,c`: the games overlaid on the same charts, with their key figures side by side. */
export default function ComparePage() {
  const [idsParam, setIdsParam] = useUrlParam("ids");
  const all = parseIds(idsParam);
  const setIds = (next: string[]) => setIdsParam(next.join(","));
  const focusAfterRemove = useFocusAfterRemove(() =>
    document.querySelector<HTMLElement>("input[aria-label='Add a game to compare']"),
  );
  // Each id in the catalog's own form once the game has loaded: `steam-730` and the game's id are
  // one game, compared once (the first place it is given keeps it) and counted once toward the five.
  // Only the ids up to the fifth game are asked for; one found to repeat a game makes room for the next.
  // (The games loaded so far decide which ids are asked for; each one loading renders the page again.)
  const queryClient = useQueryClient();
  const {
    considered,
    games: gameCount,
    leftOut,
  } = comparedIds(all, (i) => {
    const key = gameQuery(all[i]!).queryKey;
    // An id the catalog answered 404 for is no game: named "Not in the catalog", it takes no place.
    const error = queryClient.getQueryState(key)?.error;
    if (error instanceof ApiError && error.status === 404) return null;
    return queryClient.getQueryData(key)?.id ?? all[i]!;
  });
  const ids = all.slice(0, considered);
  const details = useQueries({ queries: ids.map((id) => gameQuery(id)) });
  const canonical = ids.map((id, i) => details[i]?.data?.id ?? id);
  const shown = ids.flatMap((id, i) => (canonical.indexOf(canonical[i]!) === i ? [{ id, i }] : []));
  const games = shown.flatMap(({ i }) => (details[i]?.data ? [details[i].data] : []));
  const missing = ids.filter((_, i) => details[i]?.isError);
  const loading = details.some((d) => d.isLoading);
  // Each game's sales estimates, the very answer the game page's estimates panel shows.
  const estimateStates = useQueries({
    queries: games.map((g) => gameEstimatesQuery(g.id)),
    combine: (results) => results.map(estimateState),
  });
  const estimateOf = (g: GameDetail): EstimateState =>
    estimateStates[games.indexOf(g)] ?? { status: "loading" };

  const figures: KeyFigure[] = [
    // The date, or the year alone where only a year is known (VGChartz's games), as the game page shows it.
    {
      label: "Released",
      unit: "ISO date",
      value: (g) => g.releaseDate ?? (g.releaseYear == null ? null : String(g.releaseYear)),
      // Written as the game page writes it ("November 1, 2000"); the CSV keeps the ISO date.
      show: (g) => releasedText(g.releaseDate, g.releaseYear, "–"),
    },
    { label: "Developer", unit: "", value: (g) => g.developer, show: (g) => g.developer ?? "–" },
    ...SOURCED_FIGURES,
    // Units sold as a sales file published them (the game page's), beside the estimates below.
    ...PUBLISHED_FIGURES,
    // The sales estimates of the game page (its estimates panel): P50 with the P10–P90 range, or
    // words where the model gives no figure (a game it does not cover; a free game's units and revenue).
    {
      label: "Estimate",
      unit: "",
      // The file holds what the model says, never "Loading…" from an export made before it answered.
      value: (g) => (estimateOf(g).status === "ready" ? estimateStatus(estimateOf(g)) : null),
      show: (g) => estimateStatus(estimateOf(g)) ?? "–",
      more: [
        {
          label: "Estimate model",
          unit: "version",
          value: (g) => {
            const s = estimateOf(g);
            return s.status === "ready" && s.estimate.covered !== false ? s.estimate.modelVersion : null;
          },
        },
      ],
    },
    ...ESTIMATE_FIGURES.map((f) => ({
      label: f.label,
      unit: `${f.unit}, P50`,
      value: (g: GameDetail) => estimateValue(estimateOf(g), f.key, "mid"),
      show: (g: GameDetail) => estimateCell(estimateOf(g), f.key, f.currency),
      more: [
        {
          label: `${f.label} P10`,
          unit: f.unit,
          value: (g: GameDetail) => estimateValue(estimateOf(g), f.key, "low"),
        },
        {
          label: `${f.label} P90`,
          unit: f.unit,
          value: (g: GameDetail) => estimateValue(estimateOf(g), f.key, "high"),
        },
      ],
    })),
    {
      label: "Estimate as of",
      unit: "ISO 8601",
      value: (g) => {
        const s = estimateOf(g);
        return s.status === "ready" && s.estimate.covered !== false ? s.estimate.asOf : null;
      },
      show: (g) => {
        const s = estimateOf(g);
        if (s.status !== "ready" || s.estimate.covered === false) return "–";
        return describeAsOf(s.estimate.asOf) ?? "not dated";
      },
    },
  ];
  const estimateProvenance = games.flatMap((g) => {
    const s = estimateOf(g);
    return namedEstimateProvenance(g.name, s);
  });
  // Each figure's own source and time, as the CSV gives them per cell (keyFigureProvenance).
  const provenance = keyFigureNoteProvenance(figures, games);

  return (
    <div>
      <PageHeader
        title="Compare games"
        description={`Up to ${MAX_COMPARED} games on the same charts. The address of this page opens the same comparison.`}
      />
      <AddGame
        disabled={gameCount >= MAX_COMPARED}
        // A game already compared, under whichever id, is not added again.
        onAdd={(id) => {
          if (canonical.includes(id)) return false;
          setIds([...all, id]);
          return gameCount + 1 >= MAX_COMPARED;
        }}
      />
      {ids.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Compared games" data-remove-list>
          {shown.map(({ id, i }) => {
            const game = details[i]?.data;
            // The game's colour on the charts (games are coloured in the order they are compared).
            const color = game ? games.indexOf(game) : -1;
            return (
              <li
                key={id}
                className="flex items-center gap-1 rounded-full border border-border py-1 pr-1 pl-3 text-sm"
              >
                {color >= 0 && (
                  <span
                    aria-hidden="true"
                    data-slot="game-color"
                    className="mr-0.5 size-2.5 shrink-0 rounded-full"
                    style={{ background: chartColorVar(color) }}
                  />
                )}
                {game ? (
                  <Link href={`/games/${encodeURIComponent(id)}`} className="hover:underline">
                    {game.name}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">
                    {details[i]?.isError ? `${id} (not in the catalog)` : id}
                  </span>
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-6"
                  aria-label={`Remove ${game?.name ?? id}`}
                  data-remove
                  // Every id naming this game goes, so none of them brings it back; the ids left out
                  // stay in the address, and the first of them takes the place freed. The focus goes
                  // to the next game's Remove, or to the box that adds one.
                  onClick={(event) => {
                    focusAfterRemove(event.currentTarget);
                    setIds(all.filter((_, j) => j >= considered || canonical[j] !== canonical[i]));
                  }}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {leftOut.length > 0 && (
        <p className="mt-2 text-muted-foreground text-sm" role="status">
          At most {MAX_COMPARED} games are compared; left out: {leftOut.join(", ")}
        </p>
      )}
      {missing.length > 0 && (
        <p className="mt-2 text-destructive text-sm" role="alert">
          Not in the catalog: {missing.join(", ")}
        </p>
      )}
      {ids.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={GitCompare}
          title="No games to compare yet"
          description="Search for a game above, or open a game's page and choose Compare."
        />
      ) : loading ? (
        <Skeleton className="mt-6 h-64" aria-busy="true" />
      ) : (
        <div className="mt-6 space-y-4">
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle className="text-base">Key figures</CardTitle>
              <ExportCsvButton fileName="compare_key-figures" data={() => keyFiguresCsv(figures, games)} />
            </CardHeader>
            <CardContent>
              <Table aria-label="Key figures" scrollHint="Scroll the table sideways to see every game.">
                <TableHeader>
                  <TableRow>
                    <TableHead>Figure</TableHead>
                    {games.map((g) => (
                      <TableHead key={g.id}>{g.name}</TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {figures.map((f) => (
                    <TableRow key={f.label}>
                      <TableCell className="text-muted-foreground">{f.label}</TableCell>
                      {games.map((g) => {
                        const note = f.note?.(g);
                        return (
                          <TableCell key={g.id}>
                            {f.show(g)}
                            {note && (
                              <p
                                className="mt-1 min-w-56 max-w-xs whitespace-normal text-muted-foreground text-xs"
                                data-slot="key-figure-note"
                              >
                                {note}
                              </p>
                            )}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <ConvertedPricesNote conversions={games.map(shownPriceConversion)} />
              <SourceNote provenance={provenance} demo={games.some((g) => g.isDemo)} className="mt-2" />
              {estimateProvenance.length > 0 && (
                <div data-slot="estimates-note" className="mt-1 text-muted-foreground text-xs">
                  <p>
                    Estimates: P50 with the P10–P90 range (the true figure is below P10 or above P90 one time
                    in ten each), from the inputs below.{" "}
                    <a className="text-primary underline-offset-4 hover:underline" href="/methodology">
                      How these estimates are made
                    </a>
                  </p>
                  <SourceNote provenance={estimateProvenance} />
                </div>
              )}
            </CardContent>
          </Card>
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <OverlayChart games={games} metric="players" title="Players" format={formatPlayers} />
            <OverlayChart
              games={games}
              metric="reviews_positive"
              title="Positive reviews"
              format={compactNumber}
            />
            <OverlayChart
              games={games}
              metric="reviews_negative"
              title="Negative reviews"
              format={compactNumber}
            />
            <OverlayChart games={games} metric="price" title="Price" format={formatPrice} />
          </div>
        </div>
      )}
    </div>
  );
}
