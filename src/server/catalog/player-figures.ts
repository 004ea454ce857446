import {
  PLAYER_WINDOW_DAYS,
  type PlayerFigures,
  type ShownPlayersFigure,
  shownPlayersFigure,
} from "../../contracts/player-figures.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { placeholders, readRows } from "../db/client.ts";
import { gameFigureSources } from "./figure-sources.ts";
import { inProgressMonths, isPartialMonth } from "./in-progress-months.ts";
import { provenanceOf } from "./provenance.ts";
import { figureMethod } from "./source-names.ts";
import { DAY_MS } from "./stats.ts";

/**
 * The one definition of a game's player figures (issue 9 "One truth per figure"). Every endpoint
 * that shows a game's players — lists, search, the watchlist, trending, reports — takes them from
 * here, so the same label means the same number everywhere:
 *   latest  = the newest `players` point of the game, with its time (a live count, or the mean of
 *             the period it covers for daily/monthly imports; `period: "month"` on a monthly mean);
 *   average = the mean of the game's daily or live points over the PLAYER_WINDOW_DAYS days up to
 *             its newest point ("avg. players, 7 days"); none for monthly-only series;
 *   peak    = the highest of those points and of the game's daily peaks (`players_peak` by day)
 *             over the PLAYER_WINDOW_DAYS days up to its newest player point, and when.
 * `playerCount` in every list (`withShownFigures`) is the figure the screens show: `latest.value`, or
 * for a game whose only player figures are daily peaks its peak, which `playersFigure` names.
 */
export type { PlayerFigures };

const WINDOW_MS = PLAYER_WINDOW_DAYS * DAY_MS;
const CHUNK = 500;

export const PLAYER_AVERAGE_METHOD = `mean of the player counts recorded over the ${PLAYER_WINDOW_DAYS} days up to the newest`;
export const PLAYER_MONTH_METHOD = "the month's average players";
export const PLAYER_LATEST_METHOD = "the latest player count";
export const PLAYER_PEAK_METHOD = `highest player count or daily peak recorded over the ${PLAYER_WINDOW_DAYS} days up to the newest`;

/**
 * `FROM` for the points of the few games in a `last` CTE (each with its newest point): `last` first, so
 * each game's points are read through the point index (game_id, metric, ts). Left to choose, SQLite
 * may read every point of the metric in the catalog through (metric, ts) and keep the few games':
 * 7 s instead of 1.5 ms for one game's player figures with 3 million points, with statistics or not
 * (bench/series-scale.bench.ts; tests/api/query-plans.test.ts checks the plan).
 */
export const POINTS_OF_LAST = "FROM last CROSS JOIN game_metrics m ON m.game_id = last.game_id";

/** One stored point of a game's player series (a count, or a daily peak). */
interface PlayerPoint {
  metric: string;
  ts: number;
  value: number;
  period: string;
  source: string;
}

/**
 * The player figures of each game id that has a player history (games without one are absent). A
 * daily peak (`players_peak` by day: SteamSpy's peak of the day before, a daily-peak dataset) is a
 * player figure too: it takes part in the peak, and a game with peaks only has a peak and no count.
 */
export async function playerFigures(ids: readonly string[]): Promise<Map<string, PlayerFigures>> {
  const out = new Map<string, PlayerFigures>();
  const unique = [...new Set(ids)];
  const months = unique.length ? await inProgressMonths() : new Map<string, number>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    // Each metric's newest point per game first, then the points of its window, one metric per
    // SELECT, so each reads the point index (game_id, metric, ts) from the game's newest point back.
    // Ordered by game, time and source (column 6): of two sources' points at the newest time, the
    // latest is the last source's, the one `current_players` holds (its newest point by the index
    // game_id, metric, ts, source read backwards).
    const points = await readRows(
      `WITH counts AS (SELECT game_id, max(ts) AS ts FROM game_metrics
                         WHERE metric = 'players' AND game_id IN (${placeholders(part.length)}) GROUP BY game_id),
            peaks AS (SELECT game_id, max(ts) AS ts FROM game_metrics
                        WHERE metric = 'players_peak' AND period = 'day' AND game_id IN (${placeholders(part.length)})
                        GROUP BY game_id)
       SELECT m.game_id, m.metric, m.ts, m.value, m.period, m.source
         FROM counts last CROSS JOIN game_metrics m ON m.game_id = last.game_id
         WHERE m.metric = 'players' AND m.ts > last.ts - ${WINDOW_MS}
       UNION ALL
       SELECT m.game_id, m.metric, m.ts, m.value, m.period, m.source
         FROM peaks last CROSS JOIN game_metrics m ON m.game_id = last.game_id
         WHERE m.metric = 'players_peak' AND m.period = 'day' AND m.ts > last.ts - ${WINDOW_MS}
       ORDER BY 1, 3, 6`,
      [...part, ...part],
    );
    let current: string | null = null;
    let rows: PlayerPoint[] = [];
    const finish = () => {
      if (current && rows.length) out.set(current, figuresOf(rows, months));
    };
    for (const row of points) {
      const id = String(row.game_id);
      if (id !== current) {
        finish();
        current = id;
        rows = [];
      }
      rows.push({
        metric: String(row.metric),
        ts: Number(row.ts),
        value: Number(row.value),
        period: String(row.period),
        source: String(row.source),
      });
    }
    finish();
  }
  return out;
}

function figuresOf(all: PlayerPoint[], months: ReadonlyMap<string, number>): PlayerFigures {
  const counts = all.filter((r) => r.metric === "players");
  const newestCount = counts.at(-1);
  // The newest point of either kind ends the peak's window.
  const newest = Math.max(...all.map((r) => r.ts));
  const iso = (ts: number) => new Date(ts).toISOString();
  // A monthly mean is one figure for a month: averaging it over "7 days" would misname it.
  const windowed = counts.filter((r) => r.period !== "month");
  let average: PlayerFigures["average"] = null;
  if (windowed.length && newestCount) {
    const mean = windowed.reduce((s, r) => s + r.value, 0) / windowed.length;
    average = {
      value: Math.round(mean),
      days: PLAYER_WINDOW_DAYS,
      from: iso(Math.max(windowed[0]!.ts, newestCount.ts - WINDOW_MS)),
      to: iso(newestCount.ts),
    };
  }
  const peakCandidates = [...windowed, ...all.filter((r) => r.metric === "players_peak")].filter(
    (r) => r.ts > newest - WINDOW_MS,
  );
  const top = peakCandidates.length ? peakCandidates.reduce((a, b) => (b.value > a.value ? b : a)) : null;
  // The peak says what it is taken from: the days the window's points cover (one SteamSpy `ccu` is a
  // day's peak, not a 7-day one: review r18a, item 8), what its point measures, and its own source.
  const coveredDays = new Set(peakCandidates.map((r) => Math.floor(r.ts / DAY_MS))).size;
  const peak: PlayerFigures["peak"] = top
    ? {
        value: Math.round(top.value),
        at: iso(top.ts),
        days: Math.min(PLAYER_WINDOW_DAYS, coveredDays),
        period: top.metric === "players_peak" ? "day" : top.period,
        points: peakCandidates.length,
        ...provenanceOf(top.source, top.ts, peakMethod(top, peakCandidates.length, coveredDays)),
      }
    : null;
  // Sources of the block's figures: the counts' (latest and average); a peak of another source names
  // its own (`peak`), so the block's provenance dates the count, not the peak.
  const countSources = new Set((newestCount ? counts : all).map((r) => r.source));
  return {
    latest: newestCount
      ? {
          value: Math.round(newestCount.value),
          at: iso(newestCount.ts),
          // A monthly mean says so: the screens name it as the month's average, not a count; a day's
          // mean (a daily import) as the day's.
          ...(newestCount.period === "month" || newestCount.period === "day"
            ? { period: newestCount.period }
            : {}),
          source: provenanceOf(newestCount.source, newestCount.ts).source,
          // A month in progress when its source's file was taken (in-progress-months.ts).
          ...(isPartialMonth(newestCount.source, newestCount.period, newestCount.ts, months)
            ? { partial: true as const }
            : {}),
        }
      : null,
    average,
    peak,
    // Dated by the count that `playerCount` shows, where there is one: a newer daily peak beside an
    // older count must not date the count (a February average read "· Dec 2022"). And credited to the
    // sources of the counts (the latest and the average are theirs): a daily peak's source has no
    // figure at the count's date (cards read "SteamCharts, Steam via SteamSpy (dataset) · Feb 2022"
    // under SteamCharts' February average, SteamSpy's only figure a peak of 2022-12-31).
    provenance: provenanceOf(
      [...countSources],
      newestCount?.ts ?? newest,
      shownMethod(newestCount, average, peak),
    ),
  };
}

/**
 * What the block's provenance says of the figure the screens show with it (review r25 #6: cards showing
 * a monthly average read "the latest count; the peak is …'s (see its own source)", of a peak they do
 * not show): the month's average or the latest count, and the 7-day average where there is one; a
 * peak-only game's peak.
 */
function shownMethod(
  newestCount: PlayerPoint | undefined,
  average: PlayerFigures["average"],
  peak: PlayerFigures["peak"],
): string | undefined {
  if (!newestCount) return peak ? PLAYER_PEAK_METHOD : undefined;
  const latest = newestCount.period === "month" ? PLAYER_MONTH_METHOD : PLAYER_LATEST_METHOD;
  return average ? `${latest}; the ${PLAYER_WINDOW_DAYS}-day average: ${PLAYER_AVERAGE_METHOD}` : latest;
}

/**
 * How a peak was found: "SteamSpy's `ccu`: the peak … on the day before its report; the only point in
 * the 7 days up to 2023-05-31" or "highest of 7 points over 7 days up to …".
 */
function peakMethod(top: PlayerPoint, points: number, days: number): string {
  const what =
    figureMethod(top.source, top.metric) ??
    (top.metric === "players_peak" ? "a day's peak of concurrent players" : "a player count");
  const span = `the ${PLAYER_WINDOW_DAYS} days up to the newest player figure`;
  return points === 1
    ? `${what}; the only player figure in ${span}`
    : `${what}; the highest of ${points} player figures (${days} ${days === 1 ? "day" : "days"}) in ${span}`;
}

/**
 * The answers' `playersFigure`: the figure the screens show (shownPlayersFigure), in one shape for every
 * kind (review r26-a #3: only a peak named its measure and source): `measure` (a count, a month's
 * `average`, a `peak`), `period`, `source`, `at`; `partial` on a month in progress (isPartialMonth).
 */
export function playersFigureOf(figures: PlayerFigures | null | undefined): ShownPlayersFigure | null {
  const shown = shownPlayersFigure(figures);
  if (!shown) return null;
  if ("days" in shown) {
    const { value, at, period, days, source } = shown;
    return { value, at, measure: "peak", period, days, source };
  }
  return {
    ...shown,
    // A month's mean is named as one; a count, or a day's figure, is the count the screens show.
    measure: shown.period === "month" ? "average" : "count",
    period: shown.period ?? "instant",
    source: figures?.latest?.source ?? figures!.provenance.source,
  };
}

/**
 * Fills `playerCount` (the latest count), `players` (all three figures) and `provenance` of games as
 * the lists answer them. Games without a player history get `playerCount: null` and `players: null`.
 */
export async function withFigures<T extends { gameId: string; playerCount: number | null }>(
  items: T[],
): Promise<
  Array<T & { players: PlayerFigures | null; provenance: Provenance | null; figureSources: Provenance[] }>
> {
  if (items.length === 0) return [];
  const ids = items.map((g) => g.gameId);
  const [players, { provenance, sources }] = await Promise.all([playerFigures(ids), gameFigureSources(ids)]);
  return items.map((g) => {
    const figures = players.get(g.gameId) ?? null;
    return {
      ...g,
      playerCount: figures?.latest?.value ?? null,
      players: figures,
      provenance: provenance.get(g.gameId) ?? null,
      figureSources: sources.get(g.gameId) ?? [],
    };
  });
}

/**
 * The lists' players (`/api/games`, search, the watchlist, trending: report r25 #2): `withFigures`,
 * with `playerCount` the figure the screens show (shownPlayersFigure, as the screener's `players` and
 * its CSV) — the latest count or monthly average, or a peak-only game's peak — and `playersFigure`
 * naming it with its measure, source and date, so that the JSON says what the screen shows.
 */
export async function withShownFigures<T extends { gameId: string; playerCount: number | null }>(
  items: T[],
): Promise<
  Array<
    T & {
      players: PlayerFigures | null;
      playersFigure: ShownPlayersFigure | null;
      provenance: Provenance | null;
      figureSources: Provenance[];
    }
  >
> {
  return (await withFigures(items)).map((g) => {
    const shown = playersFigureOf(g.players);
    return { ...g, playerCount: shown?.value ?? null, playersFigure: shown };
  });
}
