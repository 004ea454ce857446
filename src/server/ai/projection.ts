/**
 * The projections behind every prediction: a least-squares line through a series, carried forward
 * to a horizon. The same function predicts a game's daily players 30 days ahead on the AI screen
 * and a game's next month in the back-test (scripts/ai-backtest.ts), so the back-test measures what
 * the screen shows.
 */
export interface Line {
  /** Change per unit of x. */
  slope: number;
  intercept: number;
  /** Share of the variance the line explains, 0–1 (1 for a series that is exactly a line). */
  r2: number;
  n: number;
}

export function fitLine(points: Array<{ x: number; y: number }>): Line | null {
  const n = points.length;
  if (n < 3) return null;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return null;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const total = points.reduce((s, p) => s + (p.y - my) ** 2, 0);
  const residual = points.reduce((s, p) => s + (p.y - (intercept + slope * p.x)) ** 2, 0);
  return { slope, intercept, r2: total === 0 ? 1 : Math.max(0, 1 - residual / total), n };
}

export type Direction = "rising" | "stable" | "declining";

/** A change under this share either way counts as stable. */
export const STABLE_BAND = 0.05;

export function direction(change: number): Direction {
  return change > STABLE_BAND ? "rising" : change < -STABLE_BAND ? "declining" : "stable";
}

export interface Projection {
  /** The value the line reaches `horizon` units after the last point (never below 0). */
  projected: number;
  /** Where the series stands now: the line's value at the last point. */
  from: number;
  change: number;
  direction: Direction;
  horizon: number;
  r2: number;
  n: number;
}

/**
 * Projects `values` (one per equal step, oldest first) `horizon` steps past the last one. Null
 * when there are fewer than 3 values or the series stands at zero.
 */
export function project(values: number[], horizon: number): Projection | null {
  const line = fitLine(values.map((y, x) => ({ x, y })));
  if (!line) return null;
  const lastX = values.length - 1;
  const from = Math.max(0, line.intercept + line.slope * lastX);
  if (from === 0) return null;
  const projected = Math.max(0, line.intercept + line.slope * (lastX + horizon));
  const change = (projected - from) / from;
  return { projected, from, change, direction: direction(change), horizon, r2: line.r2, n: line.n };
}
