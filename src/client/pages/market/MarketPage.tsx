import { useQuery } from "@tanstack/react-query";
import { AlertCircle, ArrowDown, ArrowUp, Download, Filter } from "lucide-react";
import { Link, useSearchParams } from "wouter";
import { listSearchKey } from "../../../contracts/facet-keys.ts";
import {
  DEFAULT_SCREENER_COLUMNS,
  SCREENER_COLUMN_INFO,
  SCREENER_COLUMNS,
  SCREENER_FILTER_KEYS,
  SCREENER_SORTS,
  type ScreenerColumn,
  type ScreenerRow,
  type ScreenerSort,
} from "../../../contracts/market.ts";
import { hasPremiumAccess } from "../../../contracts/roles.ts";
import { Alert, AlertDescription, AlertTitle } from "../../../ui/alert/index.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { BarChart } from "../../../ui/charts/index.ts";
import { ColumnPicker } from "../../../ui/column-picker/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { FilterBar, type FilterField } from "../../../ui/filter-bar/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../ui/table/index.ts";
import { ApiError } from "../../api.ts";
import { CatalogSourceNote } from "../../components/CatalogSourceNote.tsx";
import { ConvertedMark, ConvertedPricesNote } from "../../components/ConvertedPrice.tsx";
import { estimateCell, LOW_SIGNAL_TEXT, revenueEstimateCell } from "../../components/EstimateCell.tsx";
import { EstimateSumsView } from "../../components/EstimateSumsView.tsx";
import { NO_ESTIMATE_TEXT } from "../../components/estimate-sums-text.ts";
import { latestPlayersText } from "../../components/GameCardView.tsx";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { LockedScreen } from "../../components/LockedScreen.tsx";
import { ownersCell } from "../../components/OwnersCell.tsx";
import { StatTiles } from "../../components/StatTiles.tsx";
import { compactNumber, formatPlayers, formatPrice, plural } from "../../format/numbers.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { currentUserQuery } from "../../queries/auth.ts";
import { catalogFacetsQuery, marketSummaryQuery, screenerQuery } from "../../queries/game-page.ts";
import { priceText } from "../game/price-text.ts";
import { listCellParts, partialYearNote, undatedNoteText } from "./screener-notes.ts";

const PAGE_SIZE = 50;

const genreKey = (text: string) => listSearchKey("genres", text);
const tagKey = (text: string) => listSearchKey("tags", text);
const FIELDS: FilterField[] = [
  { key: "q", label: "Name contains", placeholder: "e.g. siege" },
  // Matched as the server files them too (review r33-a #5): "Roguelike" offers "Rogue-like".
  { key: "genre", label: "Genre", type: "combobox", placeholder: "Any genre", matchKey: genreKey },
  { key: "tag", label: "Tag", type: "combobox", placeholder: "Any tag", matchKey: tagKey },
  { key: "platform", label: "Platform", type: "combobox", placeholder: "Any platform" },
  { key: "yearFrom", label: "Released from", type: "number", placeholder: "year", min: 1970, max: 2100 },
  { key: "yearTo", label: "Released to", type: "number", placeholder: "year", min: 1970, max: 2100 },
  { key: "priceMin", label: "Price from (USD)", type: "number", min: 0, step: "any" },
  { key: "priceMax", label: "Price to (USD)", type: "number", min: 0, step: "any" },
  { key: "minReviews", label: "Min. reviews", type: "number", min: 0 },
  { key: "minPositive", label: "Min. positive %", type: "number", min: 0, max: 100 },
  { key: "ownersMin", label: "Est. owners from", type: "number", min: 0 },
  { key: "ownersMax", label: "Est. owners to", type: "number", min: 0 },
  { key: "revenueMin", label: "Est. revenue from (USD)", type: "number", min: 0 },
  { key: "revenueMax", label: "Est. revenue to (USD)", type: "number", min: 0 },
];

const SORTABLE = new Set<string>(SCREENER_SORTS);

/**
 * What is wrong with the filter, each field by the label it has above ("Released to: Must not be before
 * Released from"), from a 422's field errors; null for any other failure.
 */
function filterProblemText(error: unknown): string | null {
  const errors = error instanceof ApiError && error.status === 422 ? (error.problem?.errors ?? []) : [];
  if (!errors.length) return null;
  return errors.map((e) => `${fieldLabel(e.field)}: ${labelledMessage(e.message)}`).join(" · ");
}

/** A filter field's label ("Released from"), or the name itself when it is no field of the form. */
function fieldLabel(key: string): string {
  return FIELDS.find((f) => f.key === key)?.label ?? key;
}

/** A field error's message with the API's field names in it read as the labels ("Must not be before Released from"). */
function labelledMessage(message: string): string {
  return message.replace(/\b[a-zA-Z]+\b/g, (w) => (FIELDS.some((f) => f.key === w) ? fieldLabel(w) : w));
}

/** What the estimate columns say of a low-signal game, beside its P10–P90 range. */
export const LOW_SIGNAL_TITLE = `${LOW_SIGNAL_TEXT} (the P50 only orders the rows).`;

/** The filter of each list column, whose value its cells show first. */
const LIST_FILTER = { genres: "genre", tags: "tag", platforms: "platform" } as const;

function cell(row: ScreenerRow, column: ScreenerColumn, filters: Record<string, string>) {
  switch (column) {
    case "name":
      return (
        <Link href={`/games/${encodeURIComponent(row.id)}`} className="font-medium hover:underline">
          {row.name}
          {row.isDemo && (
            <Badge variant="warning" className="ml-2">
              Demo
            </Badge>
          )}
        </Link>
      );
    case "genres":
    case "tags":
    case "platforms": {
      // The filtered value first, and "+N more" with the whole list in the title (never a silent cut).
      const { shown, more, full } = listCellParts(row[column], filters[LIST_FILTER[column]]);
      if (shown.length === 0) return "–";
      return (
        <span className="flex max-w-56 gap-1" title={full}>
          <span className="truncate">{shown.join(", ")}</span>
          {more > 0 && <span className="shrink-0 text-muted-foreground">+{more} more</span>}
        </span>
      );
    }
    case "price":
      // A sale price says so, as the game page does ("$7.99 (60% off $19.99)"); a price converted
      // from GBP is marked, the note under the table says from what (review r18a, item 1).
      return (
        <>
          {priceText(row.price, row.discount)}
          <ConvertedMark conversion={row.priceConversion} />
        </>
      );
    case "owners":
      return ownersCell(row);
    case "reviews":
      return compactNumber(row[column]);
    case "players":
      // Named as the cards and Compare name it: "450.2K avg. players, Feb 2022", a count with its day.
      return row.playersFigure ? latestPlayersText(row.playersFigure) : formatPlayers(row.players);
    case "ownersEstimate":
      return estimateCell(row, row.ownersEstimate, row.ownersEstimateRange, compactNumber, LOW_SIGNAL_TITLE);
    case "revenueEstimate":
      return revenueEstimateCell(row, (v) => `$${compactNumber(v)}`, LOW_SIGNAL_TITLE);
    case "positiveShare":
      return row.positiveShare == null ? "–" : `${row.positiveShare}%`;
    case "releaseDate":
      // The year alone when that is all the catalog knows (VGChartz gives years only): it sorts by it.
      return row.releaseDate ?? row.releaseYear ?? "–";
    default:
      return row[column] ?? "–";
  }
}

function Screener() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    SCREENER_FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])),
  );
  const sort = (SCREENER_SORTS as readonly string[]).includes(params.get("sort") ?? "")
    ? (params.get("sort") as ScreenerSort)
    : "reviews";
  const order = params.get("order") === "asc" ? "asc" : "desc";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const columns = (params.get("columns") ?? "")
    .split(",")
    .filter((c): c is ScreenerColumn => (SCREENER_COLUMNS as readonly string[]).includes(c));
  const shown = columns.length ? columns : DEFAULT_SCREENER_COLUMNS;

  const filterParams = new URLSearchParams(filters);
  const pageParams = new URLSearchParams(filters);
  pageParams.set("sort", sort);
  pageParams.set("order", order);
  pageParams.set("page", String(page));
  pageParams.set("pageSize", String(PAGE_SIZE));
  const screener = useQuery(screenerQuery(pageParams));
  const summary = useQuery(marketSummaryQuery(filterParams));
  const summaryProblem = filterProblemText(summary.error);
  const facets = useQuery(catalogFacetsQuery);
  // Genre, tag and platform pick from the catalog's own values, each with its number of games.
  const fields = FIELDS.map((field) => {
    const list =
      field.key === "genre"
        ? facets.data?.genres
        : field.key === "tag"
          ? facets.data?.tags
          : field.key === "platform"
            ? facets.data?.platforms
            : undefined;
    return list
      ? {
          ...field,
          choices: list.map((f) => ({
            value: f.value,
            hint: plural(f.games, "game"),
          })),
        }
      : field;
  });

  /** Changes some parameters of the URL (the screen's whole state); a new filter starts at page 1. */
  const update = (changes: Record<string, string | null>, resetPage = true) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v == null || v === "") next.delete(k);
        else next.set(k, v);
      }
      if (resetPage) next.delete("page");
      return next;
    });

  const problem = screener.error instanceof ApiError ? screener.error.problem : undefined;
  const errors = Object.fromEntries(
    (problem?.errors ?? []).map((e) => [e.field, labelledMessage(e.message)]),
  );
  const data = screener.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const csvParams = new URLSearchParams(filters);
  csvParams.set("sort", sort);
  csvParams.set("order", order);
  csvParams.set("columns", shown.join(","));
  csvParams.set("format", "csv");

  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="pt-5">
          <FilterBar
            fields={fields}
            values={filters}
            errors={errors}
            onApply={(values) =>
              update(Object.fromEntries(SCREENER_FILTER_KEYS.map((k) => [k, values[k] ?? null])))
            }
          />
        </CardContent>
      </Card>

      <Card role="region" aria-label="Market size">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">Market size of this filter</CardTitle>
          <ExportCsvButton
            fileName="market-size_releases-per-year"
            disabled={!summary.data}
            data={() => ({
              // The partial year says until when, as the note under the chart does.
              header: ["year", "games released (count)", "data until (ISO date)"],
              rows: (summary.data?.releasesPerYear ?? []).map((r) => [r.year, r.games, r.until ?? null]),
            })}
          />
        </CardHeader>
        <CardContent className="space-y-4">
          {summary.isLoading ? (
            <Skeleton className="h-24" />
          ) : summaryProblem ? (
            // A filter the server refuses is the user's to correct: asking again cannot help, so no Retry.
            <Alert variant="warning" role="alert" data-testid="filter-problem">
              <AlertCircle />
              <AlertTitle>No market size for this filter</AlertTitle>
              <AlertDescription>
                <p>{summaryProblem}</p>
                <p>Correct the filter above and choose Apply.</p>
              </AlertDescription>
            </Alert>
          ) : summary.isError ? (
            <LoadFailed what="the market size" error={summary.error} onRetry={() => void summary.refetch()} />
          ) : summary.data ? (
            <>
              <StatTiles
                className="md:grid-cols-4"
                testId="market-size"
                tiles={[
                  ["Games", summary.data.games.toLocaleString("en-US")],
                  ["Median price", formatPrice(summary.data.medianPrice)],
                  ["Median reviews", compactNumber(summary.data.medianReviews)],
                  [
                    "Release years",
                    summary.data.releasesPerYear.length
                      ? `${summary.data.releasesPerYear[0]!.year}–${summary.data.releasesPerYear.at(-1)!.year}`
                      : "–",
                  ],
                ]}
              />
              <div className="grid min-w-0 gap-4 lg:grid-cols-3">
                <div className="min-w-0 lg:col-span-2">
                  <p className="mb-1 font-medium text-sm">Releases per year</p>
                  {/* Counts per year as bars with whole-number ticks, as on company pages: a smoothed
                      line passed through fractions between years (review r18a, item 9). */}
                  <BarChart
                    height={200}
                    seriesName="Games released"
                    labelName="Year"
                    counts
                    emptyText="No release dates in this filter"
                    maxBars={summary.data.releasesPerYear.length}
                    data={summary.data.releasesPerYear.map((r) => ({
                      // A year the catalog's dates stop in is marked on its bar and explained below.
                      label: r.partial ? `${r.year} (partial)` : String(r.year),
                      value: r.games,
                    }))}
                    formatValue={(v) => `${v} ${v === 1 ? "game" : "games"}`}
                    formatAxis={(v) => String(Math.round(v))}
                  />
                  {partialYearNote(summary.data.releasesPerYear) && (
                    <p className="mt-1 text-muted-foreground text-xs" data-testid="partial-year-note">
                      {partialYearNote(summary.data.releasesPerYear)}
                    </p>
                  )}
                </div>
                <div>
                  <p className="mb-1 font-medium text-sm">Top games by reviews</p>
                  {summary.data.topGames.length === 0 ? (
                    <p className="text-muted-foreground text-sm">No game with reviews in this filter</p>
                  ) : (
                    <ol className="list-decimal space-y-1 pl-5 text-sm">
                      {summary.data.topGames.map((g) => (
                        <li key={g.id}>
                          <Link href={`/games/${encodeURIComponent(g.id)}`} className="hover:underline">
                            {g.name}
                          </Link>{" "}
                          <span className="text-muted-foreground">{compactNumber(g.reviews)} reviews</span>
                        </li>
                      ))}
                    </ol>
                  )}
                </div>
              </div>
              <CatalogSourceNote provenance={summary.data.provenance} />
              {/* Issue 11: the filter's estimates summed, as a company page sums its games'. */}
              <section aria-label="Estimated totals" className="space-y-2 border-border border-t pt-4">
                <p className="font-medium text-sm">Estimated totals</p>
                {summary.data.estimates ? (
                  <EstimateSumsView
                    estimates={summary.data.estimates}
                    games={summary.data.games}
                    outsideModel={summary.data.outsideModel}
                    testId="market-size-estimates"
                  />
                ) : (
                  <p className="text-muted-foreground text-sm">
                    {summary.data.outsideModel > 0
                      ? NO_ESTIMATE_TEXT
                      : summary.data.games > 0
                        ? "No estimate yet: the estimates of these games have not been computed."
                        : "No game matches this filter."}
                  </p>
                )}
              </section>
            </>
          ) : null}
        </CardContent>
      </Card>

      <Card role="region" aria-label="Games">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">{data ? plural(data.total, "game") : "Games"}</CardTitle>
          <div className="flex flex-wrap gap-2">
            <ColumnPicker
              columns={SCREENER_COLUMNS.map((c) => ({
                key: c,
                label: SCREENER_COLUMN_INFO[c].label,
                required: c === "name",
              }))}
              selected={shown}
              onChange={(next) => update({ columns: next.join(",") }, false)}
            />
            <Button variant="outline" size="sm" asChild>
              <a href={`/api/market/screener?${csvParams}`} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {data && undatedNoteText(data.undatedLeftOut) && (
            <p className="mb-3 text-muted-foreground text-sm" role="note">
              {undatedNoteText(data.undatedLeftOut)}
            </p>
          )}
          {screener.isError && !problem?.errors?.length ? (
            <LoadFailed what="the games" error={screener.error} onRetry={() => void screener.refetch()} />
          ) : problem ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>
                {filterProblemText(screener.error) ?? problem.detail ?? problem.title}
              </AlertDescription>
            </Alert>
          ) : screener.isLoading ? (
            <Skeleton className="h-96" />
          ) : data && data.rows.length === 0 && data.total > 0 ? (
            // An address past the last page (an old link, a hand-typed page): the filter matches games.
            <EmptyState
              icon={Filter}
              title={`Page ${page.toLocaleString("en-US")} is past the last page`}
              description={`${plural(data.total, "game")} ${data.total === 1 ? "matches" : "match"} these filters, on ${plural(pages, "page")}.`}
              action={
                <Button variant="outline" size="sm" onClick={() => update({ page: String(pages) }, false)}>
                  Go to the last page ({pages.toLocaleString("en-US")})
                </Button>
              }
            />
          ) : !data || data.rows.length === 0 ? (
            <EmptyState icon={Filter} title="No game matches these filters" />
          ) : (
            <>
              <Table
                aria-label="Screener results"
                scrollHint="Scroll the table sideways for release date, price, reviews, owners and revenue."
              >
                <TableHeader>
                  <TableRow>
                    {shown.map((c) => {
                      const active = sort === c;
                      return (
                        <TableHead
                          key={c}
                          aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}
                        >
                          {SORTABLE.has(c) ? (
                            <button
                              type="button"
                              className="inline-flex cursor-pointer items-center gap-1 hover:text-foreground"
                              onClick={() =>
                                update({
                                  sort: c,
                                  order:
                                    active && order === "desc"
                                      ? "asc"
                                      : active
                                        ? "desc"
                                        : c === "name"
                                          ? "asc"
                                          : "desc",
                                })
                              }
                            >
                              {SCREENER_COLUMN_INFO[c].label}
                              {active &&
                                (order === "asc" ? (
                                  <ArrowUp className="size-3" aria-hidden="true" />
                                ) : (
                                  <ArrowDown className="size-3" aria-hidden="true" />
                                ))}
                            </button>
                          ) : (
                            SCREENER_COLUMN_INFO[c].label
                          )}
                        </TableHead>
                      );
                    })}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={row.id}>
                      {shown.map((c) => (
                        <TableCell key={c}>{cell(row, c, filters)}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {shown.includes("price") && (
                <ConvertedPricesNote conversions={data.rows.map((r) => r.priceConversion)} />
              )}
              {data.rows.some((r) => r.estimateLowSignal) &&
                (shown.includes("ownersEstimate") || shown.includes("revenueEstimate")) && (
                  <p className="mt-2 text-muted-foreground text-xs" data-testid="low-signal-note">
                    {LOW_SIGNAL_TITLE}
                  </p>
                )}
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <CatalogSourceNote provenance={data.provenance} />
                <nav aria-label="Pages" className="flex items-center gap-2 text-sm">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => update({ page: String(page - 1) }, false)}
                  >
                    Previous
                  </Button>
                  <span>
                    Page {page} of {pages.toLocaleString("en-US")}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page >= pages}
                    onClick={() => update({ page: String(page + 1) }, false)}
                  >
                    Next
                  </Button>
                </nav>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** `/market`: the whole catalog screened by genre, tag, platform, years, price and reviews (Premium). */
export default function MarketPage() {
  const { data: user } = useQuery(currentUserQuery);
  return (
    <div>
      <PageHeader
        title="Market Screener"
        description="Screen the whole catalog, size the market of a niche and take the rows away as CSV."
      />
      {hasPremiumAccess(user) ? (
        <Screener />
      ) : (
        <LockedScreen
          title="Market Screener is a Premium feature"
          description="Filter and sort the whole catalog by genre, tag, platform, release year, price and reviews, see the market size of any niche and export every matching game as CSV with the Premium plan."
        />
      )}
    </div>
  );
}
