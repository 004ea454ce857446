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
 * is used whatever the series holds ("Peak players, monthly"), so the column says what it is. Points
 * of one period from several sources (SteamDB's daily peaks, then SteamSpy's) are a line per source
 * too, named with it ("Peak players, daily · SteamDB"), as Historical Data lists them apart (review 7,
 * item 6).
 */
export function seriesByPeriod(series: GameSeries | undefined, names: string | PeriodNames): TimeSeries[] {
  const unit = series?.unit ?? "";
  const points = series?.points ?? [];
  // The server gives each point its period only when they differ (GameSeries.period otherwise), and
  // its source only when the series has several.
  if (!points.some((p) => p.period || p.source))
    return [{ name: nameFor(names, points.length ? series?.period : null, false), unit, points }];
  const split = points.some((p) => p.period);
  const lines = new Map<string, { period: string; source?: string; points: TimeSeries["points"] }>();
  for (const p of points) {
    const period = p.period ?? series?.period ?? "";
    const key = `${period}|${p.source ?? ""}`;
    const line = lines.get(key) ?? { period, source: p.source, points: [] };
    line.points.push({ t: p.t, value: p.value });
    lines.set(key, line);
  }
  return [...lines.values()].map((line) => {
    const name = nameFor(names, line.period, split);
    return { name: line.source ? `${name} · ${line.source}` : name, unit, points: line.points };
  });
}
