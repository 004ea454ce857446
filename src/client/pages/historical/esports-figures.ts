import type { Provenance } from "../../../contracts/provenance.ts";
import type { EsportsSummary } from "../../../contracts/sources.ts";
import type { CsvData } from "../../../ui/export/index.ts";
import { formatMonth } from "../../format/dates.ts";

type TopGame = EsportsSummary["topGames"][number];
type GrowthYear = EsportsSummary["growth"][number];

/**
 * Twitch viewers, in millions as the spec gives esports viewership, the same in every section (review
 * r27-a, item 7: 1,045,985 read "1.05M" under Top games and "1M" under the richest months).
 */
export function viewersText(viewers: number | null | undefined): string {
  return viewers == null ? "—" : `${(viewers / 1e6).toFixed(2)}M`;
}

/** A top game's viewers: its highest month on Twitch, named ("1.05M, peak month Aug 2019"). */
export function peakViewersText(g: TopGame): string {
  if (g.viewership == null) return "—";
  return g.viewershipMonth
    ? `${viewersText(g.viewership)}, peak month ${formatMonth(g.viewershipMonth)}`
    : viewersText(g.viewership);
}

/**
 * A row's `source` and `as of` for figures of several sources (ADR 029): each source named in the
 * order of its figure's column, each dated by its own time, "; "-separated; one date of all written once.
 */
function figuresFrom(parts: Array<{ source: string | null | undefined; asOf: string | null | undefined }>) {
  const named = parts.filter((p): p is { source: string; asOf: string | null } => !!p.source);
  const sources = [...new Set(named.map((p) => p.source))];
  const dates = named.map((p) => p.asOf ?? "");
  return [
    sources.join("; ") || null,
    new Set(dates).size <= 1 ? dates[0] || null : dates.join("; "),
  ] as const;
}

/** The last month of `year` a source's data covers: its December, or the source's last month within it. */
function yearEnd(year: number, source: Provenance | null | undefined): string | null {
  if (!source) return null;
  const december = `${year}-12-01T00:00:00.000Z`;
  return source.asOf && source.asOf < december ? source.asOf : december;
}

/** Top games as CSV: the peak viewers dated by their own month, the prize money to its data's last month. */
export function esportsTopGamesCsv(esports: EsportsSummary | undefined): CsvData {
  const src = esports?.figureSources;
  return {
    header: [
      "game",
      "peak Twitch viewers (viewers)",
      "peak month (ISO 8601)",
      "prize pool (USD)",
      "source",
      "as of (ISO 8601)",
    ],
    rows: (esports?.topGames ?? []).map((g) => [
      g.game,
      g.viewership ?? null,
      g.viewership == null ? null : (g.viewershipMonth ?? null),
      g.prizePool,
      ...figuresFrom([
        ...(g.viewership == null ? [] : [{ source: src?.viewers?.source, asOf: g.viewershipMonth }]),
        { source: src?.prizePool?.source, asOf: src?.prizePool?.asOf },
      ]),
    ]),
  };
}

/** Yearly growth as CSV: each year's prize money and hours watched, each dated by the year's last month its source covers. */
export function esportsGrowthCsv(
  growth: readonly GrowthYear[],
  esports: EsportsSummary | undefined,
): CsvData {
  const src = esports?.figureSources;
  return {
    header: [
      "year",
      "prize pool (USD)",
      "prize pool months",
      "Twitch hours watched (hours)",
      "hours watched months",
      "source",
      "as of (ISO 8601)",
    ],
    rows: growth.map((y) => [
      y.year,
      y.totalPrizePool,
      y.months ?? null,
      y.totalViewership ?? null,
      y.totalViewership == null ? null : (y.viewershipMonths ?? null),
      ...figuresFrom([
        { source: src?.prizePool?.source, asOf: yearEnd(y.year, src?.prizePool) },
        ...(y.totalViewership == null
          ? []
          : [{ source: src?.hoursWatched?.source, asOf: yearEnd(y.year, src?.hoursWatched) }]),
      ]),
    ]),
  };
}

/** The richest game-months as CSV: what each row is (a game's month, its tournaments), dated by that month. */
export function esportsMonthsCsv(esports: EsportsSummary | undefined): CsvData {
  const src = esports?.figureSources;
  return {
    header: [
      "game and month",
      "game",
      "month (ISO 8601)",
      "tournaments paid out (tournaments)",
      "prize pool (USD)",
      "peak Twitch viewers of the game that month (viewers)",
      "source",
      "as of (ISO 8601)",
    ],
    rows: (esports?.tournaments ?? []).map((t) => [
      t.name,
      t.game,
      t.month ?? null,
      t.tournaments ?? null,
      t.prizePool,
      t.viewers,
      ...figuresFrom([
        { source: src?.prizePool?.source, asOf: t.month },
        ...(t.viewers == null ? [] : [{ source: src?.viewers?.source, asOf: t.month }]),
      ]),
    ]),
  };
}
