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
  };
}

/**
 * Sums of the estimates of a set of games (issue 11), for company pages and the screener's market
 * size, over their catalog-index slots: the index keeps each covered estimate's figures beside its
 * P50s (catalog-index.ts), so a filter of 330,000 games is summed in memory. A game the owners model
 * does not cover (not on Steam, no Steam signal: modelCovers) is counted apart and left out: its
 * stored range is the spread of owners across Steam games, not a figure for it. Revenue is summed over
 * the games with a revenue estimate (a known price); the others are counted (`gamesWithoutRevenue`),
 * not added as 0.
 */
export function sumIndexedEstimates(
  index: CatalogIndex,
  slots: Iterable<number>,
): { estimates: EstimateSums | null; outsideModel: number } {
  const c = index.col;
  const sums = new EstimateSummer();
  for (const s of slots) {
    if (c.outsideModel[s] === 1) sums.outsideModel++;
    const mid = c.ownersEstimate[s]!;
    if (Number.isNaN(mid)) continue;
    const revenue = c.revenueEstimate[s]!;
    if (c.estimateLowSignal[s] === 1) sums.lowSignal++;
    sums.add(
      c.ownersEstimateLow[s]!,
      mid,
      c.ownersEstimateHigh[s]!,
      Number.isNaN(revenue)
        ? null
        : [orElse(c.revenueEstimateLow[s]!, revenue), revenue, orElse(c.revenueEstimateHigh[s]!, revenue)],
      orElse(c.estimateAsOf[s]!, 0),
    );
  }
  return sums.result();
}

const orElse = (v: number, fallback: number) => (Number.isNaN(v) ? fallback : v);

/** Sums of covered estimates, one game at a time, and the answer both readers give. */
class EstimateSummer {
  private readonly owners = { low: 0, mid: 0, high: 0 };
  private readonly gross = { low: 0, mid: 0, high: 0 };
  private games = 0;
  private withRevenue = 0;
  private newest = 0;
  outsideModel = 0;
  /** Games summed whose estimate is low-signal. */
  lowSignal = 0;

  add(low: number, mid: number, high: number, revenue: [number, number, number] | null, asOf: number): void {
    this.games++;
    this.owners.low += low;
    this.owners.mid += mid;
    this.owners.high += high;
    if (revenue) {
      this.withRevenue++;
      this.gross.low += revenue[0];
      this.gross.mid += revenue[1];
      this.gross.high += revenue[2];
    }
    this.newest = Math.max(this.newest, asOf);
  }

  result(): { estimates: EstimateSums | null; outsideModel: number } {
    const outsideModel = this.outsideModel;
    if (this.games === 0) return { estimates: null, outsideModel };
    return {
      estimates: {
        games: this.games,
        owners: this.owners,
        grossRevenue: this.withRevenue > 0 ? this.gross : null,
        gamesWithoutRevenue: this.games - this.withRevenue,
        lowSignalGames: this.lowSignal,
        provenance: {
          source: ESTIMATES_SOURCE,
          asOf: this.newest ? new Date(this.newest).toISOString() : null,
          method: `Sum of the games' P50 (P10 and P90 summed as a loose bracket; a low-signal game's P50 too, though no single figure is shown for it), games the owners model covers (on Steam or with a Steam signal); revenue over the games with a known price; model ${MODEL_VERSION}`,
        },
      },
      outsideModel,
    };
  }
}
