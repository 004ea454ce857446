import type { TimeSeries } from "../../../ui/series-chart/index.ts";

/** The shortest range of the range buttons (7 d), in milliseconds. */
const SHORTEST_RANGE_MS = 7 * 86_400_000;

/**
 * Whether a chart's lines, over all the data, are single figures: some line has a point and none has
 * two. A chart of one dot per line says less than the figure with its date (review 20, item 8).
 */
export function singlePointsOnly(lines: readonly TimeSeries[]): boolean {
  return lines.some((l) => l.points.length === 1) && lines.every((l) => l.points.length <= 1);
}

/**
 * Whether every range button (7 d … All) shows the same points: all of them lie within the shortest
 * range, counted back from the newest (as the ranges are). Then the buttons would change nothing.
 */
export function rangesShowTheSame(lines: readonly TimeSeries[]): boolean {
  const times = lines.flatMap((l) => l.points.map((p) => Date.parse(p.t)));
  if (times.length === 0) return false;
  return Math.max(...times) - Math.min(...times) <= SHORTEST_RANGE_MS;
}

/** Said under a chart whose range buttons are left out, as they would all show the same. */
export const SAME_RANGES_NOTE =
  "All of this chart's points lie within 7 days of its newest, so no range would show anything else: the range buttons appear once the data spans more.";

/** Said on a card showing single figures in place of a chart. */
export function singlePointsNote(lines: number): string {
  return lines === 1
    ? "The data holds one point for this figure: a chart appears once a source adds another date."
    : "The data holds one point for each of these figures: a chart appears once a source adds another date.";
}
