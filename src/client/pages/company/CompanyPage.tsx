import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { Link, useParams } from "wouter";
import type { CompanyGame } from "../../../contracts/market.ts";
import {
  Badge,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  type DataColumn,
  DataTable,
  EmptyState,
  ExportCsvButton,
  LineChart,
  Skeleton,
  SourceNote,
} from "../../../ui/index.ts";
import { ApiError } from "../../api.ts";
import { StatTiles } from "../../components/StatTiles.tsx";
import { compactNumber, formatPrice } from "../../format/numbers.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { companyQuery } from "../../queries/game-page.ts";

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
  { header: "Released", cell: (g) => g.releaseDate ?? "–" },
  { header: "Price", cell: (g) => formatPrice(g.price) },
  { header: "Reviews", cell: (g) => compactNumber(g.reviews) },
  { header: "Positive", cell: (g) => (g.positiveShare == null ? "–" : `${g.positiveShare}%`) },
  { header: "Owners (source)", cell: (g) => compactNumber(g.owners) },
];

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
      <PageHeader
        title={c.name}
        description={`${t.developed} developed, ${t.published} published${
          t.firstYear ? `, releases from ${t.firstYear} to ${t.lastYear}` : ""
        }.`}
      />
      <StatTiles
        className="mb-6 md:grid-cols-4"
        tiles={[
          ["Games", t.games],
          ["Total reviews", compactNumber(t.reviews)],
          ["First release", t.firstYear ?? "–"],
          ["Latest release", t.lastYear ?? "–"],
        ]}
      />
      {t.releasesPerYear.length > 0 && (
        <Card className="mb-6">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle className="text-base">Releases per year</CardTitle>
            <ExportCsvButton
              fileName={`${c.slug}_releases-per-year`}
              data={() => ({
                header: ["year", "games (count)"],
                rows: t.releasesPerYear.map((r) => [r.year, r.games]),
              })}
            />
          </CardHeader>
          <CardContent>
            <LineChart
              height={220}
              series={[
                {
                  name: "Games released",
                  points: t.releasesPerYear.map((r) => ({ x: String(r.year), y: r.games })),
                },
              ]}
            />
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
                "genres",
              ],
              rows: c.games.map((g) => [
                g.id,
                g.name,
                g.role,
                g.releaseDate,
                g.price,
                g.reviews,
                g.positiveShare,
                g.owners,
                g.genres,
              ]),
            })}
          />
        </CardHeader>
        <CardContent>
          <DataTable columns={COLUMNS} rows={c.games} rowKey={(g) => g.id} aria-label={`${c.name} games`} />
          <SourceNote provenance={c.provenance} className="mt-2" />
        </CardContent>
      </Card>
    </div>
  );
}
