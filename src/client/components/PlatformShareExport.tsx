import type { MarketHistory } from "../../contracts/sources.ts";
import type { CsvData } from "../../ui/export/index.ts";

/**
 * The games market's revenue share per segment (PC, console, mobile: Newzoo) as CSV, as the
 * Analytics donut and the Historical bars show it: one row per segment, the year in the header.
 */
export function platformShareCsv(market: MarketHistory | undefined): CsvData {
  const year = market?.platformYear;
  return {
    header: ["segment", `share of ${year ? `${year} ` : ""}revenue (%)`],
    rows: Object.entries(market?.platformDistribution ?? {}),
  };
}
