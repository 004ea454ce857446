import type { MarketHistory } from "../../contracts/sources.ts";
import { type CsvData, ExportCsvButton } from "../../ui/export/index.ts";

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

/** Export CSV of the revenue share per segment, for a card that has no other export around it. */
export function PlatformShareExport({
  market,
  title,
  fileName,
}: {
  market: MarketHistory | undefined;
  /** The card's title, named by the button for screen readers. */
  title: string;
  fileName: string;
}) {
  return (
    <ExportCsvButton
      className="mt-2"
      fileName={fileName}
      aria-label={`Export CSV of ${title}`}
      disabled={Object.keys(market?.platformDistribution ?? {}).length === 0}
      data={() => platformShareCsv(market)}
    />
  );
}
