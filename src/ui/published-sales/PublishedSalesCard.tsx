import type { PublishedPlatformSales, SalesRegionGaps, SalesRegions } from "../../contracts/game-page.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../card/index.ts";
import { cn } from "../cn.ts";
import { ExportCsvButton } from "../export/index.ts";
import { SourceNote } from "../source-note/index.ts";
import { DataTable } from "../table/index.ts";
import { publishedSalesCsv, SALES_REGIONS } from "./published-sales-csv.ts";

/**
 * Units as the sales datasets publish them: millions to two decimals (82.74M, 0.01M), so a figure
 * reads with the precision it was published with, never rounded further or made finer.
 */
export function publishedUnits(units: number): string {
  return `${(units / 1_000_000).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}M`;
}

const region = (v: number | null) => (v == null ? "not given" : publishedUnits(v));

/**
 * What a region's sum leaves out: the rows (a game's platforms) whose file does not give that region
 * (the Dec 2016 file has no Other column). Null when every row gives it or none does ("not given").
 */
function regionGapText(sum: number | null, notGiven: number | undefined, noun: string): string | null {
  if (sum == null || !notGiven) return null;
  return `excludes ${notGiven.toLocaleString("en-US")} ${noun}${notGiven === 1 ? " that does" : "s that do"} not give it`;
}

/** A file with no date says so, rather than the note leaving the date out. */
export function datedProvenance(list: Provenance[]): Provenance[] {
  return list.map((p) => (p.asOf ? p : { ...p, source: `${p.source}, undated (the file states no date)` }));
}

/**
 * Published unit sales (VGChartz) of a game or of a company's games: the total, its regions, each
 * platform where there are several, and the dataset each figure comes from with its date. A published
 * figure, shown apart from the sales estimates and never added to them.
 */
export function PublishedSalesCard({
  sales,
  title = "Units sold (published)",
  description = "As the sales dataset published them, not an estimate of ours.",
  className,
  note,
  exportFileName,
  now,
}: {
  sales: {
    units: number;
    regions: SalesRegions;
    /** Per region, the rows (platforms) its sum leaves out for not giving it. */
    regionsNotGiven?: SalesRegionGaps;
    platforms?: PublishedPlatformSales[];
    provenance: Provenance[];
  };
  title?: string;
  description?: string;
  className?: string;
  /** What the figure leaves unsaid (a company total counting rows by their game), above the sources. */
  note?: string | null;
  /** The card's platforms and total as CSV (`publishedSalesCsv`), under this file name; no button without it. */
  exportFileName?: string;
  /** Fixed clock for stories and tests. */
  now?: number;
}) {
  const platforms = sales.platforms ?? [];
  // A game's rows are its platforms; a company total's are the datasets' rows.
  const gapNoun = sales.platforms ? "platform" : "row";
  return (
    <Card data-slot="published-sales" role="region" aria-label={title} className={cn("w-full", className)}>
      <CardHeader
        className={exportFileName ? "flex-row flex-wrap items-start justify-between gap-2" : undefined}
      >
        <div className="grid gap-1.5">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {exportFileName && (
          <ExportCsvButton
            fileName={exportFileName}
            aria-label={`Export CSV of ${title}`}
            data={() => publishedSalesCsv(sales)}
          />
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="font-semibold text-2xl tabular-nums">
          {publishedUnits(sales.units)}{" "}
          <span className="font-normal text-muted-foreground text-sm">units</span>
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" aria-label="By region">
          {SALES_REGIONS.map(([key, label]) => {
            const gap = regionGapText(sales.regions[key], sales.regionsNotGiven?.[key], gapNoun);
            return (
              <div key={key}>
                <dt className="text-muted-foreground text-xs">{label}</dt>
                <dd className="tabular-nums">{region(sales.regions[key])}</dd>
                {gap && <dd className="text-muted-foreground text-xs">{gap}</dd>}
              </div>
            );
          })}
        </dl>
        {platforms.length > 1 && (
          <DataTable
            aria-label="Units sold by platform"
            columns={[
              { header: "Platform", cell: (p: PublishedPlatformSales) => p.platform },
              { header: "Year", cell: (p) => p.year ?? "–" },
              ...SALES_REGIONS.map(([key, label]) => ({
                header: label,
                cell: (p: PublishedPlatformSales) => region(p.regions[key]),
                align: "right" as const,
                className: "tabular-nums",
              })),
              {
                header: "Units",
                cell: (p) => publishedUnits(p.units),
                align: "right",
                className: "tabular-nums",
              },
            ]}
            rows={platforms}
            rowKey={(p) => p.platform}
          />
        )}
        {platforms.length === 1 && (
          <p className="text-muted-foreground text-sm">
            {platforms[0]!.platform}
            {platforms[0]!.year != null ? `, released ${platforms[0]!.year}` : ""}
          </p>
        )}
        {note && <p className="text-muted-foreground text-xs">{note}</p>}
        <SourceNote provenance={datedProvenance(sales.provenance)} now={now} />
      </CardContent>
    </Card>
  );
}
