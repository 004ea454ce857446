import { MISSING_ESTIMATE } from "../../contracts/estimate-words.ts";
import { Badge } from "../../ui/badge/index.ts";

/** What a low-signal estimate is, wherever a table shows one as its range. */
export const LOW_SIGNAL_TEXT =
  "Low signal: too little is known of this game for a single figure, so its P10–P90 range is shown";

/**
 * An estimate's cell in a table of games (the screener, a company page): the P50, or for a low-signal
 * estimate (issue 11: "never a false point") its P10–P90 range marked "low signal", as the game
 * page's panel gives it. `title` says what the P50 still does on that screen.
 */
export function estimateCell(
  row: { estimateLowSignal: boolean | null },
  p50: number | null,
  range: { low: number; high: number } | null,
  format: (v: number) => string,
  title: string,
) {
  if (p50 == null) return "–";
  if (!row.estimateLowSignal || !range) return format(p50);
  return (
    <span className="inline-flex flex-wrap items-center gap-1 whitespace-nowrap" title={title}>
      {format(range.low)}–{format(range.high)}
      <Badge variant="warning" data-testid="low-signal">
        low signal
      </Badge>
    </span>
  );
}

/**
 * The gross revenue cell: `estimateCell`, or for a free-to-play game (no copies sold, its in-game
 * revenue not estimated) what the game page says, not a "–" that reads as an unknown price.
 */
export function revenueEstimateCell(
  row: {
    estimateLowSignal: boolean | null;
    estimateFreeToPlay: boolean | null;
    revenueEstimate: number | null;
    revenueEstimateRange: { low: number; high: number } | null;
  },
  format: (v: number) => string,
  title: string,
) {
  if (row.estimateFreeToPlay) return MISSING_ESTIMATE.freeRevenue;
  return estimateCell(row, row.revenueEstimate, row.revenueEstimateRange, format, title);
}
