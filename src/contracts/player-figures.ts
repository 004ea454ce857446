import type { Provenance } from "./provenance.ts";

/**
 * The player figures of one game, each defined once (src/server/catalog/player-figures.ts) and
 * answered the same way by every endpoint that shows a game's players (issue 9 "One truth per
 * figure"). The screens name the figure they show with `PLAYER_FIGURE_LABELS`.
 */
export interface PlayerFigures {
  /**
   * The newest player count recorded, at its own time (`at`). `period: "month"` when it is a monthly
   * average (SteamCharts, dated the 1st): the month's mean, to be named as such, not a count at `at`;
   * `period: "day"` a day's average (a daily import); none for a count at `at`.
   */
  latest: {
    value: number;
    at: string;
    period?: "month" | "day";
    /** The source of this figure (the newest count's), as provenance names it (always in answers). */
    source?: string;
    /**
     * A monthly average of the month its source's file was taken in (SteamCharts lists the month in
     * progress as its newest): it covers part of the month only, and every text naming the month says
     * "Feb 2022 (partial month)" (review r26-a #2; ADR 006).
     */
    partial?: true;
  } | null;
  /** Mean of the player points over the `days` days up to the newest one (daily data only). */
  average: { value: number; days: number; from: string; to: string } | null;
  /**
   * The highest player count or daily peak over the PLAYER_WINDOW_DAYS days up to the newest player
   * figure, and when it was recorded, with its own source (`source`, `asOf` = `at`, `method`): it may
   * come from another source than the counts (SteamSpy's day peak beside SteamCharts' monthly means).
   * `days` is how many days of that window the figures cover (1 for a single day's peak: not a 7-day
   * peak); `period` what the value covers (`day` for a day's peak, `instant` for a live count);
   * `points` how many figures it is the highest of.
   */
  peak: ({ value: number; at: string; days: number; period: string; points: number } & Provenance) | null;
  /**
   * Where the figure the screens show (`latest`, and `average`) comes from and when: the counts'
   * sources, dated by the latest count, where there is one (a daily peak's source is not credited for
   * a count it did not give; when the peak is another source's, `method` says so and `peak` names its
   * own); otherwise the daily peaks', dated by the newest.
   */
  provenance: Provenance;
}

/** How many days the average and peak cover. */
export const PLAYER_WINDOW_DAYS = 7;

/** The names the screens give each figure. */
export const PLAYER_FIGURE_LABELS = {
  latest: "players",
  average: `avg. players, ${PLAYER_WINDOW_DAYS} days`,
  peak: "peak",
} as const;

/**
 * The player figures of one measure, in words, as a no-projection reason names what the catalog
 * holds (OverviewFigures' `aiPredictions.playerData`): "daily peaks (SteamDB to Dec 14, 2022)".
 */
export const PLAYER_MEASURE_WORDS = {
  peak: "daily peaks",
  month: "monthly averages",
  day: "daily averages",
  instant: "player counts",
} as const satisfies Record<"month" | "day" | "instant" | "peak", string>;

/** What a screen says when a game (or the catalog) has no player history yet. */
export const NO_PLAYER_HISTORY = "Player history starts with the first live sync";

/** The days of player data (up to the newest point) a genre's series covers. */
export const GENRE_WINDOW_DAYS = 90;
/** The weekly points a genre's series needs in that window. */
export const GENRE_MIN_WEEKS = 5;
/** The games of the genre with player figures it needs in one of those weeks (or months). */
export const GENRE_MIN_GAMES = 3;
/**
 * Without such weeks (monthly averages only, as SteamCharts gives them): the months of monthly
 * averages (up to the newest) a genre's series covers, and the monthly points it needs in them (ADR 047).
 */
export const GENRE_WINDOW_MONTHS = 12;
export const GENRE_MIN_MONTHS = 6;

/**
 * When a genre has a series (volatility, players per genre), as `computeMarketTrends` decides it on
 * the server: GENRE_MIN_WEEKS weekly points in GENRE_WINDOW_DAYS days of daily or live counts, or
 * GENRE_MIN_MONTHS monthly points in GENRE_WINDOW_MONTHS months of monthly averages, GENRE_MIN_GAMES
 * or more of its games in one week (or month). Said by the genre empty states and by the server
 * in an empty genre trends report (its emptyReason).
 */
export const GENRE_SERIES_RULE = `A genre appears once ${GENRE_MIN_GAMES} or more of its games have player counts in at least ${GENRE_MIN_WEEKS} weeks of the latest ${GENRE_WINDOW_DAYS} days, or monthly averages in at least ${GENRE_MIN_MONTHS} of the latest ${GENRE_WINDOW_MONTHS} months.`;
export const GENRE_SERIES_FILLS = "Player history grows with each live sync.";

/**
 * The players figure a screen shows for a game: its latest count or month's average (`latest`), or,
 * for a game whose only player figures are daily peaks (SteamSpy's `ccu`, SteamDB's daily peaks), its
 * peak as the game page shows it, with the days it covers (report r22-a #1). Every kind has the same
 * shape (review r26-a #3): `measure` (a count, an average over its `period`, or a peak), `period`
 * (`instant`, `day`, `month`), `source` and `at`; `partial` on a month's average of a month in progress.
 */
export type ShownPlayersFigure = {
  value: number;
  at: string;
  period: string;
  source: string;
  partial?: true;
} & ({ measure: "count" | "average" } | { measure: "peak"; days: number });

/**
 * What the cards' players text takes: a shown figure, or a latest count or month's average as a game's
 * figures or latest point give it (the peak is told apart by its `days`).
 */
export type PlayersFigureWords =
  | Extract<ShownPlayersFigure, { measure: "peak" }>
  | { value: number; at: string; period?: string; partial?: true };

/**
 * The figure a screen shows for these player figures, for its words (latestPlayersText, playersPeriod):
 * the latest count or month's average as the figures give it, or a peak-only game's peak; null without
 * any. The answers' `playersFigure` is the same figure in the full ShownPlayersFigure shape
 * (src/server/catalog/player-figures.ts), built on the server to keep the shell small.
 */
export function shownPlayersFigure(figures: PlayerFigures | null | undefined): PlayersFigureWords | null {
  if (!figures) return null;
  // The peak with all its fields (points, method…): the words read its value, days, source and day.
  return figures.latest ?? (figures.peak && { ...figures.peak, measure: "peak" });
}

/** "1 day", "7 days": the days a peak's figures cover. */
export function peakDays(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/**
 * What the players figure is, for a CSV column beside it (the cards', Compare's and the screener's):
 * a month's average, a count, or a peak with its days ("peak, 1 day"); null without a figure.
 */
export function playersPeriod(latest: PlayersFigureWords | null | undefined): string | null {
  if (!latest) return null;
  if ("days" in latest) return `${PLAYER_FIGURE_LABELS.peak}, ${peakDays(latest.days)}`;
  return latest.period === "month" ? `${latest.partial ? "partial " : ""}month (average)` : "count";
}
