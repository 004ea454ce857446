import type { Range } from "./model.ts";
import { roundSignificant } from "./stats.ts";

/**
 * From owners to units sold and revenue. Every step is a named parameter, published on the
 * methodology page with the reason for its value; changing one is a change of model version.
 */
export const REVENUE_PARAMETERS = {
  unpaidOwnerShare: {
    value: 0.1,
    label: "Owners who did not pay",
    why: "Copies activated from giveaways, press and creator keys, and bundles sold outside the store count as owners but not as store sales.",
  },
  regionalPricing: {
    value: 0.85,
    label: "Regional pricing factor",
    why: "Steam's recommended regional prices are below the US price in most countries; an average copy sells for about 85 % of the US list price.",
  },
  averageDiscount: {
    value: 0.25,
    label: "Average discount",
    why: "Most copies of an older game are sold during sales; a quarter off the list price is a middle figure across a game's life.",
  },
  refundRate: {
    value: 0.05,
    label: "Refunds",
    why: "Steam refunds purchases played under two hours within 14 days; developers report a few per cent of sales refunded.",
  },
  salesTax: {
    value: 0.12,
    label: "VAT and sales tax",
    why: "Consumer prices include VAT in the EU, UK and elsewhere (about 20 %) and exclude US sales tax; 12 % is the average share of the price paid as tax across regions.",
  },
  storeCutTiers: {
    value: [
      { upToUsd: 10_000_000, cut: 0.3 },
      { upToUsd: 50_000_000, cut: 0.25 },
      { upToUsd: null, cut: 0.2 },
    ],
    label: "Store cut tiers",
    why: "Steam's revenue share since December 2018: 30 % of a game's revenue up to $10M, 25 % from $10M to $50M, 20 % above $50M.",
  },
} as const;

export interface RevenueEstimate {
  /** Units × US list price: what the copies would bring at full price. */
  gross: Range | null;
  /** What the developer receives after regional prices, discounts, refunds, taxes and the store's cut. */
  net: Range | null;
  currency: "USD";
}

/** The developer's share of store revenue under the tiered cut. */
export function afterStoreCut(storeRevenue: number): number {
  let remaining = storeRevenue;
  let lower = 0;
  let kept = 0;
  for (const tier of REVENUE_PARAMETERS.storeCutTiers.value) {
    const upper = tier.upToUsd ?? Number.POSITIVE_INFINITY;
    const inTier = Math.min(remaining, upper - lower);
    kept += inTier * (1 - tier.cut);
    remaining -= inTier;
    lower = upper;
    if (remaining <= 0) break;
  }
  return kept;
}

export function netFromGross(gross: number): number {
  const p = REVENUE_PARAMETERS;
  const storeRevenue =
    gross *
    p.regionalPricing.value *
    (1 - p.averageDiscount.value) *
    (1 - p.refundRate.value) *
    (1 - p.salesTax.value);
  return afterStoreCut(storeRevenue);
}

/**
 * Three significant digits, and whole: units are copies and revenue is in whole US dollars (the
 * screens show no cents, and 81.9 copies is not a figure anyone sold).
 */
function map(r: Range, f: (v: number) => number): Range {
  const whole = (v: number) => Math.round(roundSignificant(v));
  return { low: whole(f(r.low)), mid: whole(f(r.mid)), high: whole(f(r.high)) };
}

/**
 * `priceUsd` 0 = free to play: no copies are sold (units 0) and its revenue, from in-game purchases,
 * is not estimated (null, not $0: summed, a $0 made a free-to-play market worth nothing);
 * null = unknown price (units yes, revenue no).
 */
export function revenueFromOwners(
  owners: Range,
  priceUsd: number | null,
): { units: Range; revenue: RevenueEstimate } {
  if (priceUsd === 0) {
    return { units: { low: 0, mid: 0, high: 0 }, revenue: { gross: null, net: null, currency: "USD" } };
  }
  const units = map(owners, (o) => o * (1 - REVENUE_PARAMETERS.unpaidOwnerShare.value));
  if (priceUsd == null) return { units, revenue: { gross: null, net: null, currency: "USD" } };
  const gross = map(units, (u) => u * priceUsd);
  return { units, revenue: { gross, net: map(gross, netFromGross), currency: "USD" } };
}
