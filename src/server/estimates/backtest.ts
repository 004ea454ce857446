import type { Coefficients } from "./calibrate.ts";
import { COEFFICIENTS } from "./coefficients.ts";
import type { BandedRow } from "./dataset-rows.ts";
import { REVIEW_BUCKETS, reviewBucket, totalReviews } from "./features.ts";
import { estimate } from "./model.ts";
import { median } from "./stats.ts";

/**
 * The back-test: estimate every row without its owners band, then compare with the band. The same
 * rows are scored with flat review multipliers (the "Boxleiter number"), so the table shows what the
 * fitted model adds over the rule of thumb.
 */
export const FLAT_MULTIPLIERS = [30, 35, 50] as const;

export interface BacktestCell {
  rows: number;
  /** Share (0–1) of rows whose P50 lies inside the band. */
  p50InBand: number | null;
  /** Share of rows whose P10–P90 overlaps the band (null for a point method). */
  rangeOverlaps: number | null;
  /** Median of P50 ÷ the band's geometric middle. */
  medianRatio: number | null;
}

export interface BacktestGroup {
  name: string;
  model: BacktestCell;
  flat: Record<string, BacktestCell>;
}

export interface BacktestResult {
  modelVersion: string;
  dataset: string;
  rowsRead: number;
  rowsWithBand: number;
  groups: BacktestGroup[];
  targets: { p50InBandAbove: number; overlapAbove: number; appliesTo: string };
}

interface Scored {
  reviews: number;
  inBand: boolean;
  overlaps: boolean;
  ratio: number;
  flat: Array<{ inBand: boolean; ratio: number }>;
}

function geometricMiddle(band: { low: number; high: number }, reviews: number): number {
  return Math.sqrt(Math.max(band.low, reviews, 1) * band.high);
}

function cell(
  items: Scored[],
  pick: (s: Scored) => { inBand: boolean; ratio: number; overlaps?: boolean },
): BacktestCell {
  const n = items.length;
  if (n === 0) return { rows: 0, p50InBand: null, rangeOverlaps: null, medianRatio: null };
  const picked = items.map(pick);
  const share = (f: (p: (typeof picked)[number]) => boolean) =>
    Math.round((picked.filter(f).length / n) * 1000) / 1000;
  const hasRange = picked[0]!.overlaps !== undefined;
  const ratio = median(picked.map((p) => p.ratio));
  return {
    rows: n,
    p50InBand: share((p) => p.inBand),
    rangeOverlaps: hasRange ? share((p) => p.overlaps === true) : null,
    medianRatio: ratio == null ? null : Math.round(ratio * 100) / 100,
  };
}

export function backtest(
  rows: BandedRow[],
  dataset: string,
  coefficients: Coefficients = COEFFICIENTS,
): BacktestResult {
  const scored: Scored[] = [];
  for (const row of rows) {
    const band = row.band;
    if (!band) continue;
    // The estimator never sees the band it is tested against.
    const e = estimate({ ...row.input, ownersBand: null }, { coefficients });
    const reviews = totalReviews(row.input);
    const middle = geometricMiddle(band, reviews);
    const inside = (v: number) => v >= band.low && v <= band.high;
    scored.push({
      reviews,
      inBand: inside(e.owners.mid),
      overlaps: e.owners.low <= band.high && e.owners.high >= band.low,
      ratio: e.owners.mid / middle,
      flat: FLAT_MULTIPLIERS.map((k) => ({ inBand: inside(k * reviews), ratio: (k * reviews) / middle })),
    });
  }
  const groupOf = (name: string, items: Scored[]): BacktestGroup => ({
    name,
    model: cell(items, (s) => s),
    flat: Object.fromEntries(FLAT_MULTIPLIERS.map((k, i) => [`${k}x`, cell(items, (s) => s.flat[i]!)])),
  });
  const groups = [
    ...REVIEW_BUCKETS.map((b, i) =>
      groupOf(
        `${b.name} reviews`,
        scored.filter((s) => reviewBucket(s.reviews) === i),
      ),
    ),
    groupOf(
      "10+ reviews",
      scored.filter((s) => s.reviews >= 10),
    ),
    groupOf("all", scored),
  ];
  return {
    modelVersion: coefficients.modelVersion,
    dataset,
    rowsRead: rows.length,
    rowsWithBand: scored.length,
    groups,
    targets: { p50InBandAbove: 0.45, overlapAbove: 0.85, appliesTo: "10+ reviews" },
  };
}

const pct = (v: number | null) => (v == null ? "—" : `${(v * 100).toFixed(1)} %`);
const ratio = (v: number | null) => (v == null ? "—" : `${v.toFixed(2)}×`);

/** The table as printed by `bun run estimates:backtest`. */
export function formatBacktest(result: BacktestResult): string {
  const header = [
    "reviews",
    "games",
    "P50 in band",
    "P10–P90 overlap",
    "P50 / band mid",
    ...FLAT_MULTIPLIERS.flatMap((k) => [`${k}× in band`, `${k}× / mid`]),
  ];
  const body = result.groups.map((g) => [
    g.name.replace(/ reviews$/, ""),
    String(g.model.rows),
    pct(g.model.p50InBand),
    pct(g.model.rangeOverlaps),
    ratio(g.model.medianRatio),
    ...FLAT_MULTIPLIERS.flatMap((k) => [
      pct(g.flat[`${k}x`]!.p50InBand),
      ratio(g.flat[`${k}x`]!.medianRatio),
    ]),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const target = result.groups.find((g) => g.name === result.targets.appliesTo)?.model;
  const verdict = target
    ? `targets on ${result.targets.appliesTo}: P50 in band ${pct(target.p50InBand)} (target > ${pct(result.targets.p50InBandAbove)}: ${(target.p50InBand ?? 0) > result.targets.p50InBandAbove ? "met" : "MISSED"}), P10–P90 overlap ${pct(target.rangeOverlaps)} (target > ${pct(result.targets.overlapAbove)}: ${(target.rangeOverlaps ?? 0) > result.targets.overlapAbove ? "met" : "MISSED"})`
    : "";
  return [
    `back-test of ${result.modelVersion} on ${result.dataset}: ${result.rowsWithBand} of ${result.rowsRead} rows have an owners band`,
    line(header),
    line(header.map((_, i) => "-".repeat(widths[i]!))),
    ...body.map(line),
    verdict,
  ].join("\n");
}
