import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { Link, useParams } from "wouter";
import type { CompanyGame } from "../../../contracts/market.ts";
import { CONVERSION_CSV_HEADERS, conversionCsvCells } from "../../../contracts/price-conversion.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { BarChart } from "../../../ui/charts/index.ts";
import { EmptyState } from "../../../ui/empty-state/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { PublishedSalesCard, publishedUnits } from "../../../ui/published-sales/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { type DataColumn, DataTable } from "../../../ui/table/index.ts";
import { ApiError } from "../../api.ts";
import { ConvertedMark, ConvertedPricesNote } from "../../components/ConvertedPrice.tsx";
import { estimateCell, LOW_SIGNAL_TEXT, revenueEstimateCell } from "../../components/EstimateCell.tsx";
import { EstimateSumsView } from "../../components/EstimateSumsView.tsx";
import { NO_ESTIMATE_TEXT } from "../../components/estimate-sums-text.ts";
import { ownersCell } from "../../components/OwnersCell.tsx";
import { StatTiles } from "../../components/StatTiles.tsx";
import { compactNumber, formatPrice, plural } from "../../format/numbers.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { companyQuery } from "../../queries/game-page.ts";
import { partialYearNote } from "../market/screener-notes.ts";
import { AlsoListedAs } from "./AlsoListedAs.tsx";
import { companySpanText } from "./company-span.ts";

const COLUMNS: DataColumn<CompanyGame>[] = [
  {
    header: "Game",
    cell: (g) => (
      <Link href={`/games/${encodeURIComponent(g.id)}`} className="font-medium hover:underline">
        {g.name}
        {g.isDemo && (
          <Badge variant="warning" className="ml-2">
            Demo
          </Badge>
        )}
      </Link>
    ),
  },
  { header: "Role", cell: (g) => g.role },
  // The year alone when that is all the catalog knows (VGChartz gives years only).
  { header: "Released", cell: (g) => g.releaseDate ?? g.releaseYear ?? "–" },
  {
    header: "Price",
    cell: (g) => (
      <>
        {formatPrice(g.price)}
        <ConvertedMark conversion={g.priceConversion} />
      </>
    ),
  },
  { header: "Reviews", cell: (g) => compactNumber(g.reviews) },
  { header: "Positive", cell: (g) => (g.positiveShare == null ? "–" : `${g.positiveShare}%`) },
  { header: "Owners (source)", cell: (g) => ownersCell(g) },
  {
    header: "Units sold (published)",
    cell: (g) => (g.publishedUnits == null ? "–" : publishedUnits(g.publishedUnits)),
  },
  // A low-signal estimate is its P10–P90 range marked "low signal", as in the screener (review r12 a, item 2).
  {
    header: "Est. owners (P50)",
    cell: (g) => estimateCell(g, g.ownersEstimate, g.ownersEstimateRange, compactNumber, LOW_SIGNAL_TITLE),
  },
  {
    header: "Est. gross revenue (P50)",
    cell: (g) => revenueEstimateCell(g, (v) => `$${compactNumber(v)}`, LOW_SIGNAL_TITLE),
  },
];

/** What the estimate columns say of a low-signal game here: its P50 is still in the totals. */
const LOW_SIGNAL_TITLE = `${LOW_SIGNAL_TEXT} (its P50 is still in the estimated totals).`;

/** A developer's or publisher's games, each linked, with totals (issue 10). */
export default function CompanyPage() {
  const { slug = "" } = useParams<{ slug: string }>();
  const company = useQuery(companyQuery(slug));
  if (company.isLoading) return <Skeleton className="h-64" aria-busy="true" />;
  if (company.isError || !company.data) {
    const missing = company.error instanceof ApiError && company.error.status === 404;
    return (
      <EmptyState
        icon={Building2}
        title={
          missing
            ? "No developer or publisher by that name in the catalog"
            : "The company could not be loaded"
        }
      />
    );
  }
  const c = company.data;
  const t = c.totals;
  return (
    <div>
      <PageHeader title={c.name} description={companySpanText(t)} />
      <StatTiles
        className="mb-6 md:grid-cols-4"
        tiles={[
          ["Games", t.games],
          // Unknown, not 0, where no source gives any of its games' reviews (review 8, item 6).
          t.reviews == null
            ? ["Total reviews", "–", "No source has review figures for its games yet"]
            : [
                "Total reviews",
                compactNumber(t.reviews),
                t.reviewedGames < t.games
                  ? `over the ${t.reviewedGames.toLocaleString("en-US")} of its ${plural(t.games, "game")} with review figures`
                  : undefined,
              ],
          ["First release", t.firstYear ?? "–", t.firstYear == null ? "No release year known" : undefined],
          ["Latest release", t.lastYear ?? "–", t.lastYear == null ? "No release year known" : undefined],
        ]}
      />
      {t.publishedSales && (
        <PublishedSalesCard
          className="mb-6"
          sales={t.publishedSales}
          note={t.publishedSales.note}
          description={`${t.publishedSales.games} of its ${plural(t.games, "game")}${
            t.publishedSales.otherGames > 0
              ? ` and its releases of ${plural(t.publishedSales.otherGames, "game")} listed under another company`
              : ""
          }, as the sales datasets published them: a figure of their own, not added to the estimates.`}
        />
      )}
      {/* Its pages under other spellings ("Valve Software" for "Valve"), beside its own published units. */}
      <AlsoListedAs company={c} />
      {t.estimates ? (
        <Card className="mb-6" role="region" aria-label="Estimated totals">
          <CardHeader>
            <CardTitle className="text-base">Estimated totals</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            <EstimateSumsView estimates={t.estimates} games={t.games} outsideModel={t.outsideModel} />
          </CardContent>
        </Card>
      ) : t.outsideModel > 0 ? (
        <Card className="mb-6" role="region" aria-label="Estimated totals">
          <CardHeader>
            <CardTitle className="text-base">Estimated totals</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-muted-foreground text-sm">{NO_ESTIMATE_TEXT}</p>
          </CardContent>
        </Card>
      ) : null}
      {t.releasesPerYear.length > 0 && (
        <Card className="mb-6">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle className="text-base">Releases per year</CardTitle>
            <ExportCsvButton
              fileName={`${c.slug}_releases-per-year`}
              data={() => ({
                // The partial year says until when, as the Market Screener's CSV does.
                header: ["year", "games (count)", "data until (ISO date)"],
                rows: t.releasesPerYear.map((r) => [r.year, r.games, r.until ?? null]),
              })}
            />
          </CardHeader>
          <CardContent>
            {/* Counts per year as bars with whole-number ticks: a smoothed line passed through
                fractions between years and dipped under zero (review r18a, item 9). */}
            <BarChart
              height={220}
              seriesName="Games released"
              counts
              maxBars={t.releasesPerYear.length}
              data={t.releasesPerYear.map((r) => ({
                label: r.partial ? `${r.year} (partial)` : String(r.year),
                value: r.games,
              }))}
              formatValue={(v) => `${v} ${v === 1 ? "game" : "games"}`}
              formatAxis={(v) => String(Math.round(v))}
            />
            {partialYearNote(t.releasesPerYear) && (
              <p className="mt-1 text-muted-foreground text-xs" data-testid="partial-year-note">
                {partialYearNote(t.releasesPerYear)}
              </p>
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">Games</CardTitle>
          <ExportCsvButton
            fileName={`${c.slug}_games`}
            data={() => ({
              header: [
                "id",
                "name",
                "role",
                "release date",
                "price (USD)",
                "reviews (count)",
                "positive share (%)",
                "owners (owners, source figure)",
                "units sold, published (units)",
                "estimated owners P50 (owners)",
                "estimated owners P10 (owners)",
                "estimated owners P90 (owners)",
                "estimated gross revenue P50 (USD)",
                "estimated gross revenue P10 (USD)",
                "estimated gross revenue P90 (USD)",
                "estimate low signal (true/false)",
                "genres",
                // A price its source gave in GBP: the source's price, currency and rate (review r18a, item 1).
                ...CONVERSION_CSV_HEADERS,
              ],
              rows: c.games.map((g) => [
                g.id,
                g.name,
                g.role,
                g.releaseDate ?? (g.releaseYear == null ? null : String(g.releaseYear)),
                g.price,
                g.reviews,
                g.positiveShare,
                g.owners,
                g.publishedUnits,
                g.ownersEstimate,
                g.ownersEstimateRange?.low ?? null,
                g.ownersEstimateRange?.high ?? null,
                g.revenueEstimate,
                g.revenueEstimateRange?.low ?? null,
                g.revenueEstimateRange?.high ?? null,
                g.estimateLowSignal,
                g.genres,
                ...conversionCsvCells(g.priceConversion),
              ]),
            })}
          />
        </CardHeader>
        <CardContent>
          <DataTable columns={COLUMNS} rows={c.games} rowKey={(g) => g.id} aria-label={`${c.name} games`} />
          <ConvertedPricesNote conversions={c.games.map((g) => g.priceConversion)} />
          {c.games.some((g) => g.estimateLowSignal) && (
            <p className="mt-2 text-muted-foreground text-xs" data-testid="low-signal-note">
              {LOW_SIGNAL_TITLE}
            </p>
          )}
          <SourceNote provenance={c.provenance} className="mt-2" />
        </CardContent>
      </Card>
    </div>
  );
}
