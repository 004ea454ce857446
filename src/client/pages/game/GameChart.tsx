import { type ComponentProps, useEffect } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { ExportCsvButton } from "../../../ui/export/index.ts";
import { SeriesChart, seriesToCsv, type TimeSeries } from "../../../ui/series-chart/index.ts";
import { SourceNote } from "../../../ui/source-note/index.ts";
import { formatLongDate, formatLongMonth } from "../../format/dates.ts";
import {
  offeredRange,
  offeredRanges,
  SAME_RANGES_NOTE,
  singlePointsNote,
  singlePointsOnly,
} from "./chart-shape.ts";

type SeriesChartProps = ComponentProps<typeof SeriesChart>;

/**
 * A game page's chart, shaped by all of its data (`whole`: the lines over every time, undefined while
 * they load). Lines of one point each show as figures with their date and source, not as a chart of
 * one dot (review 20, item 8). Only the range buttons that change what is drawn are offered (a range
 * drawing the same points as a longer one, or one dot per line, is left out: review r21/b, item 3); a
 * range asked for in the URL that is not offered moves to the one drawing what it would. With no
 * range left but All, or no points at all, there are no buttons, and a drawn chart says why.
 */
export function GameChart({
  whole,
  wholeNotes = [],
  ...props
}: SeriesChartProps & {
  whole: TimeSeries[] | undefined;
  /** The notes that hold for all the data (a price's conversion), not for a range: single figures keep these. */
  wholeNotes?: readonly string[];
}) {
  const offered = useOfferedRanges(whole, props.range, props.onRangeChange);
  if (whole && !props.loading && singlePointsOnly(whole))
    return <SinglePointsCard {...props} notes={wholeNotes} lines={whole} />;
  return <OfferedRangesChart {...props} whole={whole} offered={offered} />;
}

/**
 * The range buttons worth offering for lines whose whole data is `whole` (offeredRanges; undefined
 * while it loads), and a range asked for that is not offered moved to the one drawing what it would.
 * The game page's charts and Compare's share it (review r29-a #5).
 */
export function useOfferedRanges(
  whole: readonly TimeSeries[] | undefined,
  range: SeriesChartProps["range"],
  onRangeChange: SeriesChartProps["onRangeChange"],
) {
  const offered = whole ? offeredRanges(whole) : undefined;
  const moveTo = offered && range ? offeredRange(range, offered) : range;
  useEffect(() => {
    if (moveTo && moveTo !== range) onRangeChange?.(moveTo);
  }, [moveTo, range, onRangeChange]);
  return offered;
}

/**
 * A chart with the `offered` range buttons only; with none left but All, no buttons, and where the
 * data has points a note says why (SAME_RANGES_NOTE).
 */
export function OfferedRangesChart({
  whole,
  offered,
  ...props
}: SeriesChartProps & {
  whole: readonly TimeSeries[] | undefined;
  offered: ReturnType<typeof offeredRanges> | undefined;
}) {
  if (offered && offered.length === 0)
    return (
      <SeriesChart
        {...props}
        range={undefined}
        onRangeChange={undefined}
        notes={
          whole?.some((l) => l.points.length > 0) ? [...(props.notes ?? []), SAME_RANGES_NOTE] : props.notes
        }
      />
    );
  return <SeriesChart {...props} ranges={offered} />;
}

function SinglePointsCard({
  title,
  lines,
  provenance,
  fileName,
  formatValue,
  notes,
  className,
}: SeriesChartProps & { lines: TimeSeries[] }) {
  const shown = lines.filter((l) => l.points.length > 0);
  return (
    <Card data-slot="series-figures" className={className} aria-label={title} role="region">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <ExportCsvButton
          // The file of the whole data: no range applies to single points.
          fileName={fileName.replace(/_(7d|30d|90d|1y)$/, "_all")}
          data={() => seriesToCsv(shown, provenance)}
          aria-label={`Export CSV of ${title}`}
        />
      </CardHeader>
      <CardContent className="space-y-2">
        <dl className="grid grid-cols-2 gap-3">
          {shown.map((l) => (
            <div key={l.name} data-series={l.name}>
              <dt className="text-muted-foreground text-xs">{l.name}</dt>
              <dd className="font-semibold text-xl">
                {formatValue ? formatValue(l.points[0]!.value) : l.points[0]!.value}
              </dd>
              <dd className="text-muted-foreground text-xs">
                {/* A source dating by the month only reads "May 2019", never the day it is stored on. */}
                {l.provenance?.asOfPrecision === "month"
                  ? formatLongMonth(l.points[0]!.t)
                  : formatLongDate(l.points[0]!.t)}
              </dd>
            </div>
          ))}
        </dl>
        <ul data-slot="series-notes" className="space-y-0.5 text-muted-foreground text-xs">
          {[...(notes ?? []), singlePointsNote(shown.length)].map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
        <SourceNote provenance={provenance} />
      </CardContent>
    </Card>
  );
}
