import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../ui/card/index.ts";
import { BarChart, MAX_BARS } from "../../ui/charts/index.ts";
import { ExportCsvButton } from "../../ui/export/index.ts";
import { Skeleton } from "../../ui/skeleton/index.ts";
import { formatLongMonth } from "../format/dates.ts";
import { compactNumber } from "../format/numbers.ts";
import { catalogInsightsQuery } from "../queries/catalog.ts";
import { CatalogSourceNote } from "./CatalogSourceNote.tsx";
import { withProvenanceColumns } from "./csv-provenance.ts";

/**
 * What the catalog can say while there is no player history yet (issue 9): most-owned and
 * best-reviewed games, genre sizes and releases per year, each dated with its source.
 */
export function CatalogInsights() {
  const insights = useQuery(catalogInsightsQuery);
  const data = insights.data;
  // The data ends in the year it was taken (May 2019 for the snapshot): that year is partial, and
  // anything after it is an announced date, not a release.
  const asOf = data?.provenance.asOf ?? null;
  const lastYear = asOf ? new Date(asOf).getUTCFullYear() : null;
  const recentYears = (data?.releasesPerYear ?? []).filter(
    (y) => y.year >= 2006 && (lastYear === null || y.year <= lastYear),
  );
  const partial = lastYear !== null && recentYears.at(-1)?.year === lastYear;
  const charts = [
    {
      title: "Most-owned games",
      description: "Owner estimates (midpoint of each game's range).",
      chart: (
        <BarChart
          horizontal
          seriesName="Owners"
          data={(data?.mostOwned ?? []).map((g) => ({ label: g.name, value: g.owners }))}
          formatValue={(v) => `${compactNumber(v)} owners`}
          formatAxis={compactNumber}
          axisTitle="Owners"
          valueTicks={4}
          emptyText="No owner estimates yet"
        />
      ),
      csv: {
        fileName: "most-owned-games",
        rows: () => ({
          header: ["game", "owners (owners, midpoint of range)"],
          rows: (data?.mostOwned ?? []).slice(0, MAX_BARS).map((g) => [g.name, g.owners]),
        }),
      },
    },
    {
      title: "Best-reviewed games",
      description: `Share of positive Steam reviews, games with at least ${(data?.minReviews ?? 0).toLocaleString("en-US")} reviews.`,
      chart: (
        <BarChart
          horizontal
          seriesName="Positive reviews"
          data={(data?.bestReviewed ?? []).map((g) => ({ label: g.name, value: g.positiveShare }))}
          formatValue={(v) => `${v.toFixed(1)}% positive`}
          formatAxis={(v) => `${Math.round(v)} %`}
          axisTitle="Positive reviews (%)"
          valueTicks={5}
          emptyText="No review counts yet"
        />
      ),
      csv: {
        fileName: "best-reviewed-games",
        rows: () => ({
          header: ["game", "positive reviews (%)", "reviews (reviews)"],
          rows: (data?.bestReviewed ?? [])
            .slice(0, MAX_BARS)
            .map((g) => [g.name, g.positiveShare, g.reviews]),
        }),
      },
    },
    {
      title: "Genre market sizes",
      description: "Owners summed over each genre's games (a game counts in each of its genres).",
      chart: (
        <BarChart
          horizontal
          seriesName="Owners"
          data={(data?.genres ?? []).map((g) => ({ label: g.genre, value: g.owners }))}
          formatValue={(v) => `${compactNumber(v)} owners`}
          formatAxis={compactNumber}
          axisTitle="Owners"
          valueTicks={4}
          emptyText="No genres yet"
        />
      ),
      csv: {
        fileName: "genre-market-sizes",
        rows: () => ({
          header: ["genre", "owners (owners)", "games (games)"],
          rows: (data?.genres ?? []).slice(0, MAX_BARS).map((g) => [g.genre, g.owners, g.games]),
        }),
      },
    },
    {
      title: "Releases per year",
      description: `Games in the catalog by release year, since 2006.${
        partial ? ` ${lastYear} is partial: the data ends ${monthYear(asOf)}.` : ""
      }`,
      chart: (
        <BarChart
          seriesName="Games released"
          maxBars={recentYears.length}
          data={recentYears.map((y) => ({
            label: partial && y.year === lastYear ? `${y.year} (partial)` : String(y.year),
            value: y.games,
          }))}
          formatValue={(v) => `${compactNumber(v)} ${v === 1 ? "game" : "games"}`}
          emptyText="No release dates yet"
        />
      ),
      csv: {
        fileName: "releases-per-year",
        rows: () => ({
          header: ["year", "games released (games)", "partial year"],
          rows: recentYears.map((y) => [y.year, y.games, partial && y.year === lastYear]),
        }),
      },
    },
  ];
  return (
    <section aria-labelledby="catalog-insights" className="grid gap-3" data-testid="catalog-insights">
      <div>
        <h2 id="catalog-insights" className="font-semibold text-lg">
          What the catalog says
        </h2>
        <p className="text-muted-foreground text-sm">
          {/* Review r34-a #4: not NO_PLAYER_HISTORY again, which the empty state above it says. */}
          Until the first live sync, these figures come from the catalog itself.{" "}
          <Link href="/data-sources" className="underline">
            Data sources
          </Link>
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {charts.map((c) => (
          <Card key={c.title}>
            <CardHeader>
              <CardTitle>{c.title}</CardTitle>
              <CardDescription>{c.description}</CardDescription>
            </CardHeader>
            <CardContent>
              {insights.isLoading ? <Skeleton className="h-72" /> : c.chart}
              <CatalogSourceNote provenance={data?.provenance} className="mt-2" />
              <ExportCsvButton
                className="mt-2"
                fileName={c.csv.fileName}
                aria-label={`Export CSV of ${c.title}`}
                disabled={!data}
                // The source and date under the chart go into its file too.
                data={() => withProvenanceColumns(c.csv.rows(), data?.provenance)}
              />
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

function monthYear(iso: string | null): string {
  return iso ? formatLongMonth(iso) : "";
}
