import type { MarketHistory } from "../../contracts/sources.ts";
import type { CsvData } from "../../ui/export/index.ts";
import { formatBillions, formatPercent } from "../format/numbers.ts";

type Year = MarketHistory["globalRevenue"][number];

const JOINS_EDITIONS =
  "Each year's figure is as first published in its own Newzoo edition, and later editions restated earlier years: the chart joins editions, so a change from one year to the next is not growth.";

/**
 * What the global revenue line is (review r27-a, item 3): each year from its own edition, so the
 * line between two years is no growth. With the latest measured year whose line runs against the
 * growth its edition states (2023: down from $196.8B to $187.7B, stated +2.6%), as the example.
 * Null without years.
 */
export function revenueCaveat(years: readonly Year[]): string | null {
  if (years.length === 0) return null;
  const measured = years.filter((y) => !y.forecast);
  for (let i = measured.length - 1; i > 0; i--) {
    const [before, y] = [measured[i - 1]!, measured[i]!];
    if (y.growth == null || before.year !== y.year - 1) continue;
    const line = Math.sign(y.revenue - before.revenue);
    if (line === 0 || line === Math.sign(y.growth)) continue;
    return `${JOINS_EDITIONS} ${before.year} to ${y.year} ${line < 0 ? "falls" : "rises"} from ${formatBillions(before.revenue)} to ${formatBillions(y.revenue)}, while the ${y.growthSource ?? `${y.year} edition`} states ${formatPercent(y.growth)} on ${before.year}.`;
  }
  return JOINS_EDITIONS;
}

/**
 * A year whose figure the citation rates low (inferred or calculated, not read: 2012's back-calculated
 * 66.4) as the chart and table say it: "low confidence: inferred: 70.4/1.06". Null otherwise.
 */
export function lowConfidence(y: Year): string | null {
  const why = lowConfidenceWhy(y);
  if (why == null) return null;
  return why ? `low confidence: ${why}` : "low confidence";
}

/** Why the citation rates a year low ("inferred: 70.4/1.06"; "" when it says no more); null when it does not. */
function lowConfidenceWhy(y: Year): string | null {
  const m = /^low\b\s*(?:\((.*)\))?/i.exec(y.confidence ?? "");
  return m ? (m[1] ?? "") : null;
}

/** How a year a later edition revised is marked, on Historical → Market Trends and on the revenue charts. */
export const REVISED_LATER = "revised later";

/**
 * What sets a year apart on a revenue chart, in its tooltip, values table and key: its low
 * confidence, and a later edition's revision of its figure (issue 9 §2; review r33/b #3: Analytics
 * showed 2023 and 2024 at $187.7B unmarked). A forecast's earlier forecasts are no revision. Null
 * when neither.
 */
export function revenueYearNote(y: Year): string | null {
  return [lowConfidence(y), y.revisedLater ? REVISED_LATER : null].filter(Boolean).join("; ") || null;
}

/**
 * Years as a list with runs of three or more collapsed: "2013, 2014, 2016–2025". In the order given
 * (ascending).
 */
export function yearRuns(years: readonly number[]): string {
  const runs: Array<[number, number]> = [];
  for (const y of years) {
    const last = runs.at(-1);
    if (last && y === last[1] + 1) last[1] = y;
    else runs.push([y, y]);
  }
  return runs
    .flatMap(([a, b]) => (b - a >= 2 ? [`${a}–${b}`] : b > a ? [String(a), String(b)] : [String(a)]))
    .join(", ");
}

/** A chart key entry: the years it marks (`id`, on their points) and what it says. */
export interface RevenueKeyEntry {
  id: "low-confidence" | "revised-later";
  key: string;
}

/**
 * The revenue chart's key (review r34-a #1: "2012: low confidence: …; 2013: revised later; … 2025:
 * revised later" was one run-on line behind one marker): the low-confidence years with why, then the
 * years a later edition revised as one entry, their runs collapsed. The tooltip and values table keep
 * each year's own note (`revenueYearNote`).
 */
export function revenueKey(years: readonly Year[]): RevenueKeyEntry[] {
  const low = years.flatMap((y) => {
    const why = lowConfidenceWhy(y);
    if (why == null) return [];
    return [why ? `${y.year} (${why})` : String(y.year)];
  });
  const revised = years.filter((y) => y.revisedLater).map((y) => y.year);
  return [
    ...(low.length ? [{ id: "low-confidence" as const, key: `Low confidence: ${low.join("; ")}` }] : []),
    ...(revised.length
      ? [{ id: "revised-later" as const, key: `Revised in a later edition: ${yearRuns(revised)}` }]
      : []),
  ];
}

/**
 * The key entry a year's point is drawn with: its low confidence first (one marker a point), else its
 * revision; null when neither.
 */
export function revenueYearMark(y: Year): RevenueKeyEntry["id"] | null {
  if (lowConfidence(y)) return "low-confidence";
  return y.revisedLater ? "revised-later" : null;
}

/**
 * Global revenue as CSV, on Analytics and Historical alike: each year with its growth basis,
 * confidence, revision and earlier figures, and the edition and date of its own figure (a card using
 * it marks its CSV `dated`: the card's one date would be wrong for every year but the newest).
 */
export function globalRevenueCsv(years: readonly Year[]): CsvData {
  return {
    header: [
      "year",
      "revenue (billion USD)",
      "growth (%)",
      "growth as stated in",
      "forecast",
      "confidence",
      "revised later",
      "earlier figures",
      "source",
      "as of (ISO 8601)",
    ],
    rows: years.map((y) => [
      y.year,
      y.revenue,
      y.growth,
      y.growthSource ?? null,
      y.forecast,
      // A figure no edition gave says how it was arrived at beside its confidence (review r28-a #9).
      [y.confidence, y.note].filter(Boolean).join("; ") || null,
      y.revisedLater ?? null,
      y.earlierFigures ?? null,
      y.edition ?? "Newzoo",
      y.asOf ?? null,
    ]),
  };
}
