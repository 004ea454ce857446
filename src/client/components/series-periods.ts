import type { GameSeries } from "../../contracts/game-page.ts";
import { conversionText } from "../../contracts/price-conversion.ts";
import type { Provenance } from "../../contracts/provenance.ts";
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
export function seriesByPeriod(
  series: GameSeries | undefined,
  names: string | PeriodNames,
  /** Name the source on every line, also a series' only one: a chart beside another source's lines. */
  { nameSource = false }: { nameSource?: boolean } = {},
): TimeSeries[] {
  const unit = series?.unit ?? "";
  const points = series?.points ?? [];
  // The server gives each point its period only when they differ (GameSeries.period otherwise), and
  // its source only when the series has several.
  // Each line's own source and time, for its rows of the CSV (a chart of two sources says whose each is).
  const sources = seriesProvenance(series);
  const provenanceOf = (source: string | undefined) => {
    const name = source ?? series?.source;
    if (!name) return null;
    return sources.find((p) => p.source === name) ?? { source: name, asOf: series?.asOf ?? null };
  };
  const noteOf = pointNote(series);
  if (!points.some((p) => p.period || p.source)) {
    const name = nameFor(names, points.length ? series?.period : null, false);
    const source = nameSource && points.length ? series?.source : null;
    return [
      {
        name: source ? `${name} · ${source}` : name,
        unit,
        points: points.map((p) => withNote(p, noteOf(p))),
        provenance: provenanceOf(undefined),
      },
    ];
  }
  const split = points.some((p) => p.period);
  const lines = new Map<string, { period: string; source?: string; points: TimeSeries["points"] }>();
  for (const p of points) {
    const period = p.period ?? series?.period ?? "";
    const key = `${period}|${p.source ?? ""}`;
    const line = lines.get(key) ?? { period, source: p.source, points: [] };
    line.points.push(withNote({ t: p.t, value: p.value }, noteOf(p)));
    lines.set(key, line);
  }
  return [...lines.values()].map((line) => {
    const name = nameFor(names, line.period, split);
    return {
      name: line.source ? `${name} · ${line.source}` : name,
      unit,
      points: line.points,
      provenance: provenanceOf(line.source),
    };
  });
}

const withNote = (p: { t: string; value: number }, note: string | undefined) =>
  note ? { t: p.t, value: p.value, note } : { t: p.t, value: p.value };

/**
 * How a point of `series` was derived, where it is not its source's own number (review r22/a, item
 * 4: the screen said so, the CSV did not): a converted price with the source's own price and the
 * rate; an owners band's midpoint with the band; else its source's method. Undefined for a figure as
 * published.
 */
function pointNote(series: GameSeries | undefined): (p: GameSeries["points"][number]) => string | undefined {
  return (p) => {
    const source = p.source ?? series?.source ?? undefined;
    const conversion = series?.conversions?.find((c) => c.source === source);
    // The source's own price is the stored dollars divided back by the rate: a two-decimal price
    // converted and rounded to cents comes back exactly (the server's priceConversionOf).
    if (series?.metric === "price" && conversion)
      return conversionText({ ...conversion, original: Math.round((p.value / conversion.rate) * 100) / 100 });
    if (p.band)
      return `midpoint of the owners band ${p.band.low.toLocaleString("en-US")} .. ${p.band.high.toLocaleString("en-US")} published by ${source}`;
    return series?.methods?.find((m) => m.source === source)?.method;
  };
}

/**
 * Where a chart's series come from, one entry per source with the time of its newest point: a series
 * of several sources has one `asOf` for all of them, which dated SteamDB's points by SteamSpy's.
 */
export function seriesProvenance(series: GameSeries | undefined): Provenance[] {
  if (!series?.source) return [];
  // A source dating its figures by the month only (GameSeries.monthDated) says so: screens write the month.
  const dated = (source: string, asOf: string | null): Provenance =>
    series.monthDated?.includes(source) ? { source, asOf, asOfPrecision: "month" } : { source, asOf };
  if (!series.points.some((p) => p.source)) return [dated(series.source, series.asOf)];
  const newest = new Map<string, string>();
  for (const p of series.points)
    if (p.source && (newest.get(p.source) ?? "") < p.t) newest.set(p.source, p.t);
  return [...newest].map(([source, asOf]) => dated(source, asOf));
}

/**
 * The sources of a chart of several series (Compare's games, each a series), one entry per source
 * dated by its newest point in any of them: one series' `source` names all its sources under one
 * `asOf`, which left the 2019 snapshot undated beside SteamSpy's 2023 and named SteamSpy twice.
 */
export function chartProvenance(series: Array<GameSeries | undefined>): Provenance[] {
  const newest = new Map<string, Provenance>();
  for (const p of series.flatMap(seriesProvenance)) {
    const seen = newest.get(p.source);
    if (!seen || (p.asOf != null && (seen.asOf == null || seen.asOf < p.asOf))) newest.set(p.source, p);
  }
  return [...newest.values()];
}

/**
 * The positive share of reviews (%) where both counts exist at the same time, never filled in. Each
 * point keeps its counts' source, so a share from one source is never one line with another's (the
 * 2019 snapshot's 85.9 % and SteamSpy's 82.3 % of 2023 were one line).
 */
export function positiveShare(
  positive: GameSeries | undefined,
  negative: GameSeries | undefined,
): GameSeries | undefined {
  if (!positive) return undefined;
  const negatives = new Map((negative?.points ?? []).map((p) => [p.t, p.value]));
  return {
    ...positive,
    unit: "%",
    points: positive.points.flatMap((p) => {
      const neg = negatives.get(p.t);
      const total = neg == null ? 0 : p.value + neg;
      return total > 0 ? [{ ...p, value: Math.round((p.value / total) * 1000) / 10 }] : [];
    }),
  };
}

const MONTH = new Intl.DateTimeFormat("en", { month: "short", year: "numeric", timeZone: "UTC" });
const DAY = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * What a range leaves out of a game's series: each line of the whole series (a period and source,
 * as seriesByPeriod draws them) with no point in the range, said in a sentence with where it ends or
 * starts ("No points of “Average players, monthly · SteamCharts” in this range: they end Feb 2022.").
 * A range counted back from the newest point of another source (SteamSpy's 2023 day) otherwise drew
 * one dot and dropped SteamCharts' monthly history without a word (review r18a, item 4).
 */
export function linesOutsideRange(
  whole: GameSeries | undefined,
  ranged: GameSeries | undefined,
  names: string | PeriodNames,
): string[] {
  if (!whole || !ranged || whole.points.length === 0) return [];
  const key = (s: GameSeries, p: GameSeries["points"][number]) =>
    `${p.period ?? s.period ?? ""}|${p.source ?? s.source ?? ""}`;
  const shown = new Set(ranged.points.map((p) => key(ranged, p)));
  const lines = new Map<string, { period: string; source: string; first: string; last: string }>();
  for (const p of whole.points) {
    const k = key(whole, p);
    if (shown.has(k)) continue;
    const line = lines.get(k);
    if (line) line.last = p.t;
    else
      lines.set(k, {
        period: p.period ?? whole.period ?? "",
        source: p.source ?? whole.source ?? "",
        first: p.t,
        last: p.t,
      });
  }
  // The range's first point: a line starting after it begins later, one ending before it ended sooner.
  const from = ranged.points[0]?.t ?? null;
  return [...lines.values()].map((l) => {
    const name = `${nameFor(names, l.period, true)}${l.source ? ` · ${l.source}` : ""}`;
    const when = (t: string) => (l.period === "month" ? MONTH : DAY).format(Date.parse(t));
    return from != null && l.first > from
      ? `No points of “${name}” in this range: they start ${when(l.first)}.`
      : `No points of “${name}” in this range: they end ${when(l.last)}.`;
  });
}
