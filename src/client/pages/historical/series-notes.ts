import type { EsportsSummary, MarketHistory } from "../../../contracts/sources.ts";
import { formatPercent } from "../../format/numbers.ts";

type Region = MarketHistory["regionalMarkets"][number];

/**
 * How the regional growth is computed (review r20c, item 6): one rule for every region, on the year
 * before only, each year's figure from its own Newzoo edition; said once beside the figures. Null
 * without a growth figure.
 */
export function regionalGrowthBasis(
  market: Pick<MarketHistory, "regionalMarkets" | "regionalYear"> | undefined,
) {
  const base = market?.regionalMarkets.find((r) => r.growthBase)?.growthBase;
  if (!base || market?.regionalYear == null) return null;
  return `Growth on ${base.year}: against each region's ${base.year} figure${base.edition ? ` in the ${base.edition}` : ""}, not a rate the ${market.regionalYear} edition states.`;
}

/** A region's growth, or why it has none: no figure for the year before (never a rate over a longer span). */
export function regionalGrowthText(r: Region, year: number | null): string {
  if (r.growth != null) return formatPercent(r.growth);
  return year == null ? "–" : `no ${year - 1} figure`;
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
