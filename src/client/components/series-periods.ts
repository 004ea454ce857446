import type { GameSeries } from "../../contracts/game-page.ts";
import type { TimeSeries } from "../../ui/series-chart/index.ts";

/** How a chart names a period after a series' name: "Peak players, monthly". */
export const PERIOD_WORDS: Record<string, string> = {
  month: "monthly",
  day: "daily",
  instant: "point in time",
};

/** A series' name for each period, and the bare name when it has no points (no period to name). */
export type PeriodNames = { base: string } & Partial<Record<string, string>>;

function nameFor(names: string | PeriodNames, period: string | null | undefined, split: boolean): string {
  if (typeof names === "string")
    return split && period ? `${names}, ${PERIOD_WORDS[period] ?? period}` : names;
  if (!period) return names.base;
  return names[period] ?? `${names.base}, ${PERIOD_WORDS[period] ?? period}`;
}

/**
 * A game's series as a chart draws and exports it (review 6, item 18): one line and one CSV column
 * per period, so SteamCharts' monthly peaks and a daily source's peaks are never one column. Named
 * from `names`: a plain name gets the period only when the series mixes periods; a name per period
 * is used whatever the series holds ("Peak players, monthly"), so the column says what it is.
 */
export function seriesByPeriod(series: GameSeries | undefined, names: string | PeriodNames): TimeSeries[] {
  const unit = series?.unit ?? "";
  const points = series?.points ?? [];
  // The server gives each point its period only when they differ (GameSeries.period otherwise).
  if (!points.some((p) => p.period))
    return [{ name: nameFor(names, points.length ? series?.period : null, false), unit, points }];
  const byPeriod = new Map<string, TimeSeries["points"]>();
  for (const p of points) {
    const period = p.period ?? series?.period ?? "";
    const list = byPeriod.get(period) ?? [];
    list.push({ t: p.t, value: p.value });
    byPeriod.set(period, list);
  }
  return [...byPeriod].map(([period, list]) => ({ name: nameFor(names, period, true), unit, points: list }));
}
