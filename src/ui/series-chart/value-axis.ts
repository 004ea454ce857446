/**
 * The value axis of a chart whose unit bounds it: a share in % lies within 0–100, a count (players,
 * reviews, owners, units) is a whole number of at least 0. Left to ApexCharts, one point (or a flat
 * line) got an axis of value ± 1 in fifths: a share up to 101.0 %, 0.2 of a review. Other units
 * (money) keep ApexCharts' own scale, cents included.
 */

/** Units that count things: their ticks are whole numbers. */
export const COUNT_UNITS: ReadonlySet<string> = new Set(["players", "reviews", "owners", "units", "games"]);

export type AxisKind = "percent" | "count" | "free";

/** What the chart's units allow: all in %, all counts, or else no bound (money, mixed units). */
export function axisKind(units: readonly string[]): AxisKind {
  if (units.length === 0) return "free";
  if (units.every((u) => u === "%")) return "percent";
  if (units.every((u) => COUNT_UNITS.has(u))) return "count";
  return "free";
}

/** About this many intervals between ticks. */
const INTERVALS = 4;

/** 1, 2, 2.5 or 5 times a power of ten, at least `raw`; a whole number of at least 1 for counts. */
function niceStep(raw: number, whole: boolean): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  let m = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  if (whole && m === 2.5 && power < 10) m = 2;
  const step = m * power;
  return whole ? Math.max(1, Math.round(step)) : step;
}

/** Rounding noise off a multiple of the step (0.30000000000000004). */
const clean = (x: number) => Number.parseFloat(x.toPrecision(12));

/**
 * `min`, `max` and `tickAmount` of the y axis for these values, ticks a nice step apart, or
 * undefined where the unit sets no bound (ApexCharts then scales the axis itself).
 */
export function valueAxis(
  values: readonly number[],
  kind: AxisKind,
): { min: number; max: number; tickAmount: number } | undefined {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return undefined;
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  if (kind === "free") {
    // Money keeps ApexCharts' scale, but not for a flat line, which it draws at value ± 1: a free
    // game's $0 prices sat below ticks of $0.50–$2.00. An all-zero line gets 0–1 in quarters; another
    // flat line of no negative value a band around it that stops at 0.
    if (hi - lo >= 1e-9 || lo < 0) return undefined;
    if (hi === 0) return { min: 0, max: 1, tickAmount: 4 };
    const pad = Math.abs(hi) * 0.05;
    const step = niceStep((2 * pad) / INTERVALS, false);
    const min = Math.max(0, clean(Math.floor((lo - pad) / step) * step));
    const max = clean(Math.ceil((hi + pad) / step) * step);
    return { min, max, tickAmount: Math.max(1, Math.round((max - min) / step)) };
  }
  if (hi - lo < 1e-9) {
    // One value: a band around it, as ApexCharts does, but wide enough for whole ticks.
    const pad = Math.max(Math.abs(hi) * 0.05, 2);
    lo -= pad;
    hi += pad;
  }
  const ceiling = kind === "percent" ? 100 : Number.POSITIVE_INFINITY;
  lo = Math.max(0, lo);
  hi = Math.min(ceiling, hi);
  const step = niceStep((hi - lo) / INTERVALS, kind === "count");
  const min = Math.max(0, clean(Math.floor(lo / step) * step));
  let max = Math.min(ceiling, clean(Math.ceil(hi / step) * step));
  if (max <= min) max = clean(min + step);
  return { min, max, tickAmount: Math.max(1, Math.round((max - min) / step)) };
}
