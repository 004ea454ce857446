import { RANGES, type Range, rangeStart } from "../../../ui/range-selector/index.ts";
import type { TimeSeries } from "../../../ui/series-chart/index.ts";

/**
 * Whether a chart's lines, over all the data, are single figures: some line has a point and none has
 * two. A chart of one dot per line says less than the figure with its date (review 20, item 8).
 */
export function singlePointsOnly(lines: readonly TimeSeries[]): boolean {
  return lines.some((l) => l.points.length === 1) && lines.every((l) => l.points.length <= 1);
}

/**
 * The ranges worth offering as buttons for lines whose whole data is `lines` (review r21/b, item 3).
 * Each range is counted back from the newest point (as the charts' queries are). A range is left out
 * when it would draw the same points as the next longer range (so of ranges drawing the same, the
 * longest stays), or when it would draw no line of two points: one dot per line says less than the
 * figure. "All" always stays. With only "All" left there is nothing to choose: no buttons at all.
 *
 * Stardew Valley: SteamCharts' monthly players end Feb 2022 and SteamSpy's one peak is May 31, 2023,
 * so 7 d … 1 y all drew that one dot; only "All" draws a chart.
 */
export function offeredRanges(lines: readonly TimeSeries[]): Range[] {
  const times = lines.map((l) => l.points.map((p) => Date.parse(p.t)));
  const all = times.flat();
  if (all.length === 0) return [];
  const newest = Math.max(...all);
  const counts = (range: Range) => {
    const from = rangeStart(range, newest)?.getTime() ?? Number.NEGATIVE_INFINITY;
    return times.map((ts) => ts.filter((t) => t >= from).length);
  };
  const offered: Range[] = ["all"];
  let longer = counts("all");
  for (const range of [...RANGES].reverse().slice(1)) {
    const shown = counts(range);
    const same = shown.every((n, i) => n === longer[i]);
    if (!same && shown.some((n) => n >= 2)) offered.unshift(range);
    longer = shown;
  }
  return offered.length > 1 ? offered : [];
}

/**
 * The range to show for a `wanted` one (from the URL) that is not offered: the shortest offered range
 * longer than it (drawing the same points, or the first that draws a chart), else "All".
 */
export function offeredRange(wanted: Range, offered: readonly Range[]): Range {
  if (offered.includes(wanted)) return wanted;
  return RANGES.slice(RANGES.indexOf(wanted)).find((r) => offered.includes(r)) ?? "all";
}

/** Said under a chart whose range buttons are all left out, as none would draw anything else. */
export const SAME_RANGES_NOTE =
  "Every shorter range would draw the same points as All, or a single dot per line: the range buttons appear once the data spans more.";

/** Said on a card showing single figures in place of a chart. */
export function singlePointsNote(lines: number): string {
  return lines === 1
    ? "The data holds one point for this figure: a chart appears once a source adds another date."
    : "The data holds one point for each of these figures: a chart appears once a source adds another date.";
}
