import {
  type GameDetail,
  METRIC_FILLED_BY,
  type SameTitleEntry,
  type SeriesMetric,
} from "../../../contracts/game-page.ts";
import {
  NO_PLAYER_HISTORY,
  PLAYER_WINDOW_DAYS,
  type PlayerFigures,
} from "../../../contracts/player-figures.ts";
import { formatDay } from "../../format/dates.ts";

/** What the game page says about its player figures, from the figures and the newest point's period. */

/** A monthly-only series (SteamCharts) has counts but no 7-day average: say that, not "no history". */
const MONTHLY_ONLY = `Monthly figures only: no ${PLAYER_WINDOW_DAYS}-day average`;

/**
 * The label of the latest player figure: a monthly point is the month's average, not a count. The tile
 * is "Players" already: "Players (players, latest count)" said it twice (review r25 #8).
 */
export function latestPlayersLabel(period: string | undefined, partial?: boolean): string {
  if (period !== "month") return "Players (latest count)";
  return partial ? "Players (average over part of the month)" : "Players (average over the month)";
}

/**
 * The day of the peak a Players tile shows ("Peak on May 30, 2023"), as the lists date it; over several
 * days, the day it was reached ("Highest on …").
 */
export function peakDayText(at: string, days: number): string {
  return `${days === 1 ? "Peak on" : "Highest on"} ${formatDay(at)}`;
}

/**
 * The method shown with the latest figure, when its period makes it a mean rather than a count; the
 * source note reads it after the month: "Feb 2022 (partial month)" for a month in progress when its
 * source's file was taken (review r26-a #2), "Feb 2022 (average over the month)" otherwise.
 */
export function latestPlayersMethod(period: string | undefined, partial?: boolean): string | undefined {
  if (period !== "month") return undefined;
  return partial ? "partial month" : "average over the month";
}

/**
 * A game with no Steam app (a console game from a sales dataset, an IGDB record): every source of
 * player counts is a Steam one, so no sync will ever start its history.
 */
export const NOT_ON_STEAM_PLAYERS =
  "No source counts this game's players: player counts come from Steam, and this game is not on Steam";

/** What the page says of a game with no player figure: its history starts with a live sync only on Steam. */
export function noPlayerHistoryText(onSteam: boolean): string {
  return onSteam ? NO_PLAYER_HISTORY : NOT_ON_STEAM_PLAYERS;
}

/** What an empty chart of a metric says of its sources; none of them covers a game not on Steam. */
export function chartFillsFrom(metric: SeriesMetric, onSteam: boolean): string {
  return onSteam
    ? `This chart fills from ${METRIC_FILLED_BY[metric]}.`
    : `This chart fills from ${METRIC_FILLED_BY[metric]}: Steam sources, and this game is not on Steam.`;
}

/** Why the 7-day average is missing: no player history at all, or monthly figures only. */
export function averageMissingText(players: PlayerFigures | null | undefined, onSteam = true): string {
  // Daily peaks only (SteamSpy): a peak is shown beside this, so the history has started.
  if (!players?.latest)
    return players?.peak
      ? `Daily peaks only: no ${PLAYER_WINDOW_DAYS}-day average`
      : noPlayerHistoryText(onSteam);
  // The server averages daily and live points only; with counts and no average, they are monthly.
  return MONTHLY_ONLY;
}

/**
 * Where a game's Steam figures are when this entry has none: another catalog entry of the title that
 * is a Steam app (GTA V's PS4/XOne entry: its PC entry). Null when this entry is on Steam or no other
 * entry is (the texts then say the game is not on Steam).
 */
export function steamEntryOf(game: Pick<GameDetail, "steamAppId" | "sameTitle">): SameTitleEntry | null {
  if (game.steamAppId != null) return null;
  return game.sameTitle?.entries.find((e) => e.steamAppId != null) ?? null;
}

/** The words of the link to that entry: "the PC entry", "the Steam entry (app 1593500)". */
export function steamEntryLinkText(entry: SameTitleEntry): string {
  return entry.platforms.length
    ? `the ${entry.platforms.join(", ")} entry`
    : `the Steam entry (app ${entry.steamAppId})`;
}

/** "this entry (PS4, XOne) has no Steam figures": the game may well be on Steam, under another entry. */
function noSteamFigures(platforms: readonly string[]): string {
  return `this entry${platforms.length ? ` (${platforms.join(", ")})` : ""} has no Steam figures`;
}

/**
 * What an entry with no Steam figures says where its title has a Steam entry (review r25 #2: GTA V's
 * PS4/XOne page said "this game is not on Steam" while its PC entry is), before the link to that entry:
 * of its players tiles, a chart (`metric`) or the owners panel.
 */
export function steamElsewhereLead(
  what: "players tile" | "owners panel" | SeriesMetric,
  platforms: readonly string[],
): string {
  const none = noSteamFigures(platforms);
  if (what === "players tile")
    return `No source counts this entry's players: player counts come from Steam, and ${none}; see `;
  if (what === "owners panel")
    return `No owners figure: it comes from ${METRIC_FILLED_BY.owners}, Steam sources, and ${none}; see `;
  return `This chart fills from ${METRIC_FILLED_BY[what]}: Steam sources, and ${none}; see `;
}
