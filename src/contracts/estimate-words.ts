/**
 * Why an estimate's figure has no number, in the words every screen uses for it: the game page's
 * estimates panel, Compare, and the screener's and company pages' cells.
 */
export const MISSING_ESTIMATE = {
  /** A game the owners model does not cover (not on Steam, no Steam signal). */
  notCovered: "not estimated (the model does not cover this game)",
  /** A free game sells no copies: its units are none, not an unknown. */
  freeUnits: "none (free to play)",
  /** A free game's in-game spending is not estimated. */
  freeRevenue: "not estimated (free to play)",
  /** A paid game whose price is unknown: units times price cannot be had. */
  noPrice: "unknown (no price)",
} as const;
