import { MISSING_ESTIMATE } from "../../../contracts/estimate-words.ts";
import { type EstimateRange, estimateSourceLine, type GameEstimate } from "../../../contracts/estimates.ts";
import type { Provenance } from "../../../contracts/provenance.ts";
import { compactFigure } from "../../../ui/estimates-panel/index.ts";
import { ApiError } from "../../api.ts";

/**
 * A compared game's sales estimate as Compare's key figures show it: the same answer the game page's
 * estimates panel reads (`GET /api/games/:id/estimates`), as text for the table and numbers for the CSV.
 * A game the model does not cover, or a free game's units and revenue, get words, never a figure.
 */
export type EstimateState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "none" }
  | { status: "ready"; estimate: GameEstimate };

export type EstimateFigure = "owners" | "units" | "gross" | "net";

export const ESTIMATE_FIGURES: Array<{
  key: EstimateFigure;
  label: string;
  unit: string;
  currency: boolean;
}> = [
  { key: "owners", label: "Owners (estimate)", unit: "owners", currency: false },
  { key: "units", label: "Units sold (estimate)", unit: "units", currency: false },
  { key: "gross", label: "Gross revenue (estimate)", unit: "USD", currency: true },
  { key: "net", label: "Net revenue (estimate)", unit: "USD", currency: true },
];

/** A game whose estimate the model gives no figures for: not covered (the Steam catalog's spread, not its own). */
function covered(e: GameEstimate): boolean {
  return e.covered !== false;
}

/** Free to play: no copies sold, in-game spending not estimated (as the game page's panel says). */
function free(e: GameEstimate): boolean {
  return e.inputs.priceUsd === 0;
}

/** The figure's P10/P50/P90, or null where the estimate gives none (not covered, free, no price). */
function estimateRange(e: GameEstimate, key: EstimateFigure): EstimateRange | null {
  if (!covered(e)) return null;
  if (key === "owners") return e.owners;
  if (free(e)) return null;
  if (key === "units") return e.unitsSold;
  return key === "gross" ? e.revenue.gross : e.revenue.net;
}

/** Why a figure has no number, in the panel's words. */
function missingText(e: GameEstimate, key: EstimateFigure): string {
  if (!covered(e)) return MISSING_ESTIMATE.notCovered;
  if (free(e)) return key === "units" ? MISSING_ESTIMATE.freeUnits : MISSING_ESTIMATE.freeRevenue;
  return MISSING_ESTIMATE.noPrice;
}

/**
 * The cell: "1.2M (P10 500K – P90 3M)"; a low-signal estimate its P10–P90 range alone, no point
 * (the game page's "never a false point").
 */
export function estimateCell(state: EstimateState, key: EstimateFigure, currency: boolean): string {
  if (state.status === "loading") return "Loading…";
  if (state.status === "error") return "could not be loaded";
  if (state.status === "none") return "no estimate";
  const e = state.estimate;
  const range = estimateRange(e, key);
  if (!range) return missingText(e, key);
  const low = compactFigure(range.low, currency);
  const high = compactFigure(range.high, currency);
  if (e.lowSignal) return `${low} – ${high} (P10–P90; too little known for a P50)`;
  return `${compactFigure(range.mid, currency)} (P10 ${low} – P90 ${high})`;
}

/** The CSV's number for P10, P50 or P90: empty where the cell has words, and P50 empty for a low-signal estimate. */
export function estimateValue(
  state: EstimateState,
  key: EstimateFigure,
  at: "low" | "mid" | "high",
): number | null {
  if (state.status !== "ready") return null;
  const range = estimateRange(state.estimate, key);
  if (!range) return null;
  if (at === "mid" && state.estimate.lowSignal) return null;
  return range[at];
}

/** What the estimate is, in a word or two: the CSV's and table's "Estimate" row. */
/** A game's estimates query as the Compare table reads it (404: the game has no estimate). */
export function estimateState(result: { data?: GameEstimate; error: Error | null }): EstimateState {
  if (result.data) return { status: "ready", estimate: result.data };
  if (!result.error) return { status: "loading" };
  return result.error instanceof ApiError && result.error.status === 404
    ? { status: "none" }
    : { status: "error", message: result.error.message };
}

export function estimateStatus(state: EstimateState): string | null {
  if (state.status === "loading") return "Loading…";
  if (state.status === "error") return "could not be loaded";
  if (state.status === "none") return "no estimate";
  const e = state.estimate;
  if (!covered(e)) return "not covered by the model (no figures)";
  const parts = [`model ${e.modelVersion}`];
  if (e.lowSignal) parts.push("low signal: P10–P90 range only");
  if (free(e)) parts.push("free to play: units and revenue not estimated");
  return parts.join("; ");
}

/**
 * A compared game's estimate provenance for the key figures' footnote, its method ("Blend of review
 * model (10 %), …") named with the game it belongs to (review r22/a, item 10: three blends, no game
 * named); none for a game without a covered estimate.
 */
export function namedEstimateProvenance(gameName: string, state: EstimateState): Provenance[] {
  if (state.status !== "ready" || state.estimate.covered === false) return [];
  // Each input's source at its own time (review r23-a #10), the method named with the game.
  return estimateSourceLine(state.estimate).map((p) =>
    p.method ? { ...p, method: `${gameName}: ${p.method}` } : p,
  );
}
