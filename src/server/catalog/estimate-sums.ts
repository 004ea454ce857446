import type { EstimateSums } from "../../contracts/market.ts";
import { MODEL_VERSION } from "../estimates/coefficients.ts";
import type { CatalogIndex } from "./catalog-index.ts";
import { ESTIMATES_SOURCE } from "./source-names.ts";

/**
 * A game's covered P50s as the catalog index holds them (a row of a company page or the screener), or
 * null; with their P10–P90 ranges and whether the estimate is low-signal (a range, no single figure).
 */
export function estimateP50s(
  index: CatalogIndex,
  slot: number | undefined,
): {
  owners: number;
  revenue: number | null;
  ownersRange: { low: number; high: number };
  revenueRange: { low: number; high: number } | null;
  lowSignal: boolean;
  freeToPlay: boolean;
} | null {
  const c = index.col;
  const owners = slot == null ? Number.NaN : c.ownersEstimate[slot]!;
  if (Number.isNaN(owners)) return null;
  const s = slot!;
  const revenue = c.revenueEstimate[s]!;
  return {
    owners,
    revenue: Number.isNaN(revenue) ? null : revenue,
    ownersRange: { low: c.ownersEstimateLow[s]!, high: c.ownersEstimateHigh[s]! },
    revenueRange: Number.isNaN(revenue)
      ? null
      : { low: c.revenueEstimateLow[s]!, high: c.revenueEstimateHigh[s]! },
    lowSignal: c.estimateLowSignal[s] === 1,
    freeToPlay: c.estimateFreeToPlay[s] === 1,
  };
}

/**
 * Sums of the estimates of a set of games (issue 11), for company pages and the screener's market
 * size, over their catalog-index slots: the index keeps each covered estimate's figures beside its
 * P50s (catalog-index.ts), so a filter of 330,000 games is summed in memory. A game the owners model
 * does not cover (not on Steam, no Steam signal: modelCovers) is counted apart and left out: its
 * stored range is the spread of owners across Steam games, not a figure for it. Revenue is summed over
 * the games with a revenue estimate (a known price); the others are counted (`gamesWithoutRevenue`,
 * `freeToPlayGames`), not added as 0.
 */
export function sumIndexedEstimates(
  index: CatalogIndex,
  slots: Iterable<number>,
): { estimates: EstimateSums | null; outsideModel: number } {
  const c = index.col;
  const owners = { low: 0, mid: 0, high: 0 };
  const gross = { low: 0, mid: 0, high: 0 };
  let games = 0;
  let withRevenue = 0;
  let newest = 0;
  let outsideModel = 0;
  let lowSignal = 0;
  let freeToPlay = 0;
  for (const s of slots) {
    if (c.outsideModel[s] === 1) outsideModel++;
    const mid = c.ownersEstimate[s]!;
    if (Number.isNaN(mid)) continue;
    games++;
    if (c.estimateLowSignal[s] === 1) lowSignal++;
    owners.low += c.ownersEstimateLow[s]!;
    owners.mid += mid;
    owners.high += c.ownersEstimateHigh[s]!;
    const revenue = c.revenueEstimate[s]!;
    if (c.estimateFreeToPlay[s] === 1) freeToPlay++;
    else if (!Number.isNaN(revenue)) {
      withRevenue++;
      gross.low += orElse(c.revenueEstimateLow[s]!, revenue);
      gross.mid += revenue;
      gross.high += orElse(c.revenueEstimateHigh[s]!, revenue);
    }
    newest = Math.max(newest, orElse(c.estimateAsOf[s]!, 0));
  }
  if (games === 0) return { estimates: null, outsideModel };
  return {
    estimates: {
      games,
      owners,
      grossRevenue: withRevenue > 0 ? gross : null,
      gamesWithoutRevenue: games - withRevenue - freeToPlay,
      freeToPlayGames: freeToPlay,
      lowSignalGames: lowSignal,
      provenance: {
        source: ESTIMATES_SOURCE,
        asOf: newest ? new Date(newest).toISOString() : null,
        method: `Sum of the games' P50 (P10 and P90 summed as a loose bracket; a low-signal game's P50 too, though no single figure is shown for it), games the owners model covers (on Steam or with a Steam signal); revenue over the games with a known price (free-to-play games sell no copies: their in-game revenue is not estimated); model ${MODEL_VERSION}`,
      },
    },
    outsideModel,
  };
}

const orElse = (v: number, fallback: number) => (Number.isNaN(v) ? fallback : v);
