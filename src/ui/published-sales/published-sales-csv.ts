import type { PublishedPlatformSales, SalesRegions } from "../../contracts/game-page.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import type { CsvData } from "../export/ExportButton.tsx";

/** The regions as the card and its table name them, in their order. */
export const SALES_REGIONS: Array<[keyof SalesRegions, string]> = [
  ["northAmerica", "North America"],
  ["europe", "Europe"],
  ["japan", "Japan"],
  ["other", "Other regions"],
];

/**
 * The "Units sold (published)" card as CSV (issue 10: every table has an export; docs/decisions/029):
 * a row per platform as its table lists them, each with the file it comes from and that file's date,
 * then the card's total and regions, credited to every file they add up. Units as the file gives them
 * (whole units, not the screen's millions); a region the file does not give is empty, never 0.
 */
export function publishedSalesCsv(sales: {
  units: number;
  regions: SalesRegions;
  platforms?: PublishedPlatformSales[];
  provenance: Provenance[];
}): CsvData {
  const regions = (r: SalesRegions) => SALES_REGIONS.map(([key]) => r[key]);
  return {
    header: [
      "platform",
      "release year",
      ...SALES_REGIONS.map(([, label]) => `${label} (units)`),
      "units sold (published) (units)",
      "source",
      "as of (ISO 8601)",
    ],
    rows: [
      ...(sales.platforms ?? []).map((p) => [
        p.platform,
        p.year,
        ...regions(p.regions),
        p.units,
        p.source,
        p.asOf ?? "",
      ]),
      [
        "All platforms",
        null,
        ...regions(sales.regions),
        sales.units,
        sales.provenance.map((p) => p.source).join("; "),
        sales.provenance.map((p) => p.asOf ?? "").join("; "),
      ],
    ],
  };
}
