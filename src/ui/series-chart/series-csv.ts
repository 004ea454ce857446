import type { CsvValue } from "../../contracts/csv.ts";
import { headerWithUnit } from "../../contracts/csv.ts";
import { namedTogether, newestTime, type Provenance, provenanceList } from "../../contracts/provenance.ts";
import type { CsvData } from "../export/ExportButton.tsx";

export interface TimeSeries {
  name: string;
  /** What the values count (`players`, `USD`): the CSV header carries it. */
  unit: string;
  /**
   * ISO times, oldest first. `note`: how the figure was derived where it is not the source's own
   * number ("converted from £7.19 at 1.27 USD/GBP, May 2019", "midpoint of SteamSpy's owners band
   * 10,000,000 .. 20,000,000"), the CSV's `method` on that point's row.
   */
  points: Array<{ t: string; value: number; note?: string }>;
  /**
   * What the line belongs to (a game on Compare). Lines of one group share a colour and a row of the
   * legend, and differ in dash and marker, one per `variant`; the chart then draws its own legend,
   * every entry shown, below the plot.
   */
  group?: string;
  /** The palette's colour of the group (0 is `--chart-1`), so a group keeps it on every chart of a page. */
  color?: number;
  /** What tells the group's lines apart ("Steam Store Games", "monthly · SteamCharts"), named in the legend. */
  variant?: string;
  /**
   * A value that holds until it changes (a price): drawn as steps, level from one observation to the
   * next, never as a slope that would invent the values in between.
   */
  steps?: boolean;
  /**
   * Where this line's points come from and when: the CSV's `source` and `as of` on the rows of its
   * points. Without it, the chart's own sources are named.
   */
  provenance?: Provenance | null;
  /**
   * What the legend says of a group without points drawn, in place of "no points in this range":
   * the game has points of another measure the chart does not draw ("only daily peaks (SteamDB), not
   * drawn beside monthly averages").
   */
  emptyNote?: string;
}

/**
 * Several series as one table: a row per time any of them has a point, a column per series, and the
 * `source` and `as of (ISO 8601)` columns the other exports carry. A row's source is that of the
 * series with a point at its time (its line's own, else the chart's, `provenance`); where those
 * differ, each is named with its series ("Average players, monthly: SteamCharts; Peak players, daily:
 * SteamDB"), so a chart
 * of two sources says whose each figure is; its `as of` then gives each of those its own source's
 * date, in the same order ("2022-02-01T…; 2022-12-14T…"). Where any point carries a `note` (a
 * converted price, an owners band's midpoint), a `method` column gives each row's, named with its
 * series where the row's points differ (review r22/a, item 4: the screen said it, the file did not).
 */
export function seriesToCsv(
  series: readonly TimeSeries[],
  provenance?: Provenance | readonly Provenance[] | null,
): CsvData {
  const chart = provenanceList(provenance);
  const times = [...new Set(series.flatMap((s) => s.points.map((p) => p.t)))].sort(
    (a, b) => Date.parse(a) - Date.parse(b),
  );
  const byTime = series.map((s) => new Map(s.points.map((p) => [p.t, p.value])));
  const notesByTime = series.map((s) => new Map(s.points.flatMap((p) => (p.note ? [[p.t, p.note]] : []))));
  const noted = notesByTime.some((m) => m.size > 0);
  const sourceOf = series.map((s) => namedTogether(s.provenance ? [s.provenance] : chart));
  return {
    header: [
      "time (ISO 8601)",
      ...series.map((s) => headerWithUnit(s.name, s.unit)),
      "source",
      "as of (ISO 8601)",
      ...(noted ? ["method"] : []),
    ],
    rows: times.map((t) => {
      const present = series.flatMap((_s, i) => (byTime[i]!.has(t) ? [i] : []));
      const sources = present.map((i) => sourceOf[i]!).filter((p) => p.source != null);
      const distinct = new Set(sources.map((p) => p.source));
      const source =
        distinct.size <= 1
          ? (sources[0]?.source ?? null)
          : present
              .filter((i) => sourceOf[i]!.source != null)
              // A name that already ends with its source ("Peak players, daily · SteamDB") is not followed by it twice.
              .map(
                (i) => `${series[i]!.name.replace(` · ${sourceOf[i]!.source}`, "")}: ${sourceOf[i]!.source}`,
              )
              .join("; ");
      // Each figure is dated by its own source (review r21/b, item 5: a row of SteamCharts' month and
      // SteamDB's day gave both SteamDB's date): where the row names several sources, its dates follow
      // in the same order, "; "-separated, each ISO 8601.
      const dates = present.filter((i) => sourceOf[i]!.source != null).map((i) => sourceOf[i]!.asOf);
      const asOf =
        distinct.size <= 1 || new Set(dates).size <= 1
          ? newestTime(sources.map((p) => p.asOf))
          : dates.map((a) => a ?? "undated").join("; ");
      const notes = present.flatMap((i) => {
        const note = notesByTime[i]!.get(t);
        return note ? [{ i, note }] : [];
      });
      const method =
        notes.length === 0
          ? null
          : new Set(notes.map((n) => n.note)).size === 1 && notes.length === present.length
            ? notes[0]!.note
            : notes.map((n) => `${series[n.i]!.name}: ${n.note}`).join("; ");
      return [t, ...byTime.map((m) => m.get(t) as CsvValue), source, asOf, ...(noted ? [method] : [])];
    }),
  };
}
