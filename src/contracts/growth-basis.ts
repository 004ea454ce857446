// No zod here: the game cards of the first route import these labels.

/**
 * The periods a trending game's growth compares (src/server/catalog/trending.ts): its latest 7 days
 * with the 7 before; a monthly series' latest month with the month before; counts during the day
 * younger than two weeks, their last 24 hours with the 24 before; in their first two days, their
 * latest count with the one before.
 */
export const GROWTH_BASES = ["7 days", "month", "24 hours", "last two counts"] as const;
export type GrowthBasis = (typeof GROWTH_BASES)[number];

/** How the screens name each comparison, after the growth figure. */
export const GROWTH_BASIS_LABELS: Record<GrowthBasis, string> = {
  "7 days": "avg. players, 7 days vs. the 7 before",
  month: "avg. players, latest month vs. the month before",
  "24 hours": "avg. players, last 24 h vs. the 24 before",
  "last two counts": "players, latest count vs. the one before",
};

/**
 * What a growth compares, named: a latest month its source's data ends inside (SteamCharts lists the
 * month in progress: review r25 #4) is named partial, not set against the month before as if whole.
 */
export function growthMethod(basis: GrowthBasis, partial?: boolean): string {
  const label = GROWTH_BASIS_LABELS[basis];
  return partial && basis === "month" ? label.replace("month", "month (partial)") : label;
}
