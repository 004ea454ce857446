import type { EsportsSummary, MarketHistory } from "../../../contracts/sources.ts";
import { formatPercent } from "../../format/numbers.ts";

type Region = MarketHistory["regionalMarkets"][number];

/**
 * How the regional growth is computed (review r20c, item 6): one rule for every region, on the year
 * before only, each year's figure from its own Newzoo edition; said once beside the figures. Where
 * Newzoo restated the year before since its edition (review r27-a, item 2), there is no growth, and
 * this says why. Null without a growth figure or a restatement to explain.
 */
export function regionalGrowthBasis(
  market: Pick<MarketHistory, "regionalMarkets" | "regionalYear"> | undefined,
) {
  if (market?.regionalYear == null) return null;
  const restated = market.regionalMarkets.find((r) => r.notComparable)?.notComparable;
  if (restated) {
    // The later figures Newzoo gave are the world total's: named so, in billions of USD, never read
    // as a region's (review r28-a #4).
    const why = [
      restated.reason,
      `the world total for ${restated.year}, in billions of USD, since: ${restated.worldTotalRestated}`,
    ].filter(Boolean);
    return `No growth on ${restated.year}: each region's ${restated.year} figure is from the ${restated.edition ?? `${restated.year} edition`}, and Newzoo restated ${restated.year} since that edition (${why.join("; ")}), so the ${market.regionalYear} edition's figures do not compare with it.`;
  }
  const base = market.regionalMarkets.find((r) => r.growthBase)?.growthBase;
  if (!base) return null;
  return `Growth on ${base.year}: against each region's ${base.year} figure${base.edition ? ` in the ${base.edition}` : ""}, not a rate the ${market.regionalYear} edition states.`;
}

/**
 * A region's growth, or why it has none: the year before restated by Newzoo since (not comparable),
 * or no figure for it (never a rate over a longer span).
 */
export function regionalGrowthText(r: Region, year: number | null): string {
  if (r.growth != null) return formatPercent(r.growth);
  if (r.notComparable) return `not comparable (Newzoo restated ${r.notComparable.year})`;
  return year == null ? "–" : `no ${year - 1} figure`;
}

/** The CSV's "growth against": the figure the growth is on, or why there is none (with the figure it would be on). */
export function regionalGrowthAgainst(r: Region, year: number | null): string | null {
  const quoted = (b: { year: number; revenue: number; edition: string | null }) =>
    `${b.year}: ${b.revenue} billion USD${b.edition ? `, ${b.edition}` : ""}`;
  if (r.growthBase) return quoted(r.growthBase);
  // Only what is true of the region: its figure, and that Newzoo restated the year since (and why).
  // The restated figures Newzoo gave are the world total's, not the region's (review r28-a #4).
  if (r.notComparable) {
    const { year, edition, reason } = r.notComparable;
    return `not comparable: ${quoted(r.notComparable)}; Newzoo restated ${year} since${edition ? " that edition" : ""}${reason ? ` (${reason})` : ""}`;
  }
  return year == null ? null : `no ${year - 1} figure`;
}

/**
 * The last `n` reported years of a yearly series, forecasts left out (review r27-a, item 8: "the last
 * 5 years" read 2023–2027, two of them forecasts).
 */
export function reportedYears<T extends { forecast: boolean }>(years: readonly T[], n: number): T[] {
  return years.filter((y) => !y.forecast).slice(-n);
}

type GrowthYear = EsportsSummary["growth"][number];

/**
 * Each esports series' own coverage of a year (review r20c, item 7): prize money has all of 2021,
 * Twitch's hours watched end in September, so only the series a year covers in part is marked.
 * Null for a full year (or a series without data for it).
 */
export function esportsCoverage(y: GrowthYear): { prizePool: string | null; hoursWatched: string | null } {
  const partial = (months: number | null | undefined) =>
    months != null && months < 12 ? `partial: ${months} months, not comparable with a full year` : null;
  return {
    prizePool: partial(y.months),
    hoursWatched: y.totalViewership == null ? null : partial(y.viewershipMonths),
  };
}
