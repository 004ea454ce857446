/**
 * The few numerical tools the calibration needs, written out so every step of the fit can be read:
 * the normal distribution, and weighted ridge least squares solved by Cholesky.
 */

/** z of the 10th/90th percentile of a normal distribution. */
export const Z90 = 1.2815515655446004;

export function normalPdf(z: number): number {
  return Number.isFinite(z) ? Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI) : 0;
}

/** Upper tail P(Z > z), by the complementary error function (Numerical Recipes erfcc, |rel err| < 1.2e-7). */
export function normalUpperTail(z: number): number {
  if (z === Number.POSITIVE_INFINITY) return 0;
  if (z === Number.NEGATIVE_INFINITY) return 1;
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** P(a < Z < b) for a standard normal, accurate in both tails. */
export function normalMass(a: number, b: number): number {
  if (a >= 0) return normalUpperTail(a) - normalUpperTail(b);
  if (b <= 0) return normalUpperTail(-b) - normalUpperTail(-a);
  return 1 - normalUpperTail(b) - normalUpperTail(-a);
}

/**
 * Solves (XᵀWX + λI′)β = XᵀWy, where I′ leaves the intercept (column 0) unpenalised. The small ridge
 * keeps rare genre and year columns from taking extreme values.
 */
export function weightedRidge(rows: number[][], y: number[], weights: number[], lambda: number): number[] {
  const p = rows[0]!.length;
  const a = Array.from({ length: p }, () => new Float64Array(p));
  const rhs = new Float64Array(p);
  for (let i = 0; i < rows.length; i++) {
    const x = rows[i]!;
    const w = weights[i]!;
    for (let j = 0; j < p; j++) {
      const wx = w * x[j]!;
      if (wx === 0) continue;
      rhs[j]! += wx * y[i]!;
      const aj = a[j]!;
      for (let k = 0; k <= j; k++) aj[k]! += wx * x[k]!;
    }
  }
  for (let j = 0; j < p; j++) {
    for (let k = 0; k < j; k++) a[k]![j] = a[j]![k]!;
    if (j > 0) a[j]![j]! += lambda;
  }
  return choleskySolve(a, rhs);
}

function choleskySolve(a: Float64Array[], b: Float64Array): number[] {
  const n = b.length;
  const l = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i]![j]!;
      for (let k = 0; k < j; k++) sum -= l[i]![k]! * l[j]![k]!;
      if (i === j) {
        if (sum <= 0) throw new Error("calibration: the design matrix is singular");
        l[i]![i] = Math.sqrt(sum);
      } else l[i]![j] = sum / l[j]![j]!;
    }
  }
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= l[i]![k]! * z[k]!;
    z[i] = sum / l[i]![i]!;
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = z[i]!;
    for (let k = i + 1; k < n; k++) sum -= l[k]![i]! * x[k]!;
    x[i] = sum / l[i]![i]!;
  }
  return x;
}

export function dot(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Rounds to `digits` significant figures: an estimate should not pretend to more precision than it has. */
export function roundSignificant(value: number, digits = 3): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  // A whole answer (the value at least 10^(digits-1)), worked out in exact integer arithmetic: the
  // same double as toPrecision's, without its string (most of the estimates' rounding).
  const whole = roundSignificantWhole(value, digits);
  if (whole !== null) return whole;
  // toPrecision rounds in decimal, so 14,100,000 stays 14100000 rather than 14099999.999999998.
  return Number(value.toPrecision(digits));
}

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * `Number(value.toPrecision(digits))` for a value from 10^(digits-1) up to 10^14, or null outside that
 * or where it cannot be sure. toPrecision picks the n of `digits` digits for which n × 10^k is nearest
 * the value, the larger on a tie; here every bound compared, (2n ± 1) × 10^k / 2, is a whole number
 * (or a half) below 2^53 and so exact as a double, and so is the answer n × 10^k: no rounding anywhere.
 */
function roundSignificantWhole(value: number, digits: number): number | null {
  if (!(value < 1e14) || digits < 1 || digits > 15) return null;
  const smallest = POWERS_OF_TEN[digits - 1]!;
  if (!(value >= smallest)) return null;
  const k = Math.floor(Math.log10(value)) - (digits - 1);
  if (k < 0 || k > 22) return null;
  const p = POWERS_OF_TEN[k]!;
  let n = Math.round(value / p);
  // The float division may be a hair off: move n until value is in [(n - ½)p, (n + ½)p).
  while (value >= ((2 * n + 1) * p) / 2) n++;
  while (value < ((2 * n - 1) * p) / 2) n--;
  // n must have `digits` digits (or be 10^digits: 999.7 → 1000); Math.log10 off by one is left to toPrecision.
  if (n < smallest || n > smallest * 10) return null;
  return n * p;
}

/**
 * Shares (adding up to 1) as whole percentages that add up to exactly 100: each share's percentage
 * rounded down, then the points left over given to the largest remainders (the earlier share first on
 * a tie). Rounding each on its own shows 0.105 and 0.895 as 11 % and 90 %.
 */
export function wholePercentages(shares: number[]): number[] {
  if (shares.length === 0) return [];
  if (shares.length === 1) {
    // One share (most estimates blend one method): the steps below, without their arrays.
    const share = shares[0]!;
    const total = 0 + share;
    const whole = Math.floor((total > 0 ? (share / total) * 100 : 100) + 1e-9);
    return [100 - whole > 0 ? whole + 1 : whole];
  }
  const total = shares.reduce((a, b) => a + b, 0);
  const exact = shares.map((s) => (total > 0 ? (s / total) * 100 : 100 / shares.length));
  const out = exact.map((e) => Math.floor(e + 1e-9));
  let left = 100 - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - out[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]!++;
    left--;
  }
  return out;
}

/**
 * The q-quantile (0 < q < 1) of a standard normal truncated to [a, b] (either end may be infinite),
 * by bisection on the mass below it. When the interval holds no mass the nearer end is answered.
 */
export function truncatedNormalQuantile(q: number, a: number, b: number): number {
  let lo = Math.max(a, -40);
  let hi = Math.min(b, 40);
  const mass = normalMass(a, b);
  if (!(mass > 1e-300)) return b <= 0 ? hi : lo;
  // normalMass(a, mid), with the tails at a worked out once rather than at every step (the same
  // operations on the same numbers: the same doubles).
  const aboveA = normalUpperTail(a);
  const belowA = normalUpperTail(-a);
  const target = q * mass;
  for (let i = 0; i < 100 && hi - lo > 1e-10; i++) {
    const mid = (lo + hi) / 2;
    const below =
      a >= 0
        ? aboveA - normalUpperTail(mid)
        : mid <= 0
          ? normalUpperTail(-mid) - belowA
          : 1 - normalUpperTail(mid) - belowA;
    if (below < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
