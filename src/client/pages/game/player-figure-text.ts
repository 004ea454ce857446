import {
  type GameDetail,
  METRIC_FILLED_BY,
  SAME_GAME_YEARS,
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
 * source note reads it after the month: "Feb 2022 (average over part of the month)" for a month in
 * progress when its source's file was taken (review r26-a #2), "Feb 2022 (average over the month)"
 * otherwise.
 */
export function latestPlayersMethod(period: string | undefined, partial?: boolean): string | undefined {
  if (period !== "month") return undefined;
  return partial ? "average over part of the month" : "average over the month";
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
 * How a Steam entry of the title stands to this one: released within SAME_GAME_YEARS of it (taken for
 * this game on Steam: GTA V's PS4/XOne entry of 2014 and its PC entry of 2015), further apart (another
 * game of that name: God of War on PS2 in 2005 and on Steam in 2022, review r26/b #3), or either year
 * unknown (it may be either).
 */
export type SteamEntryYears = "close" | "apart" | "unknown";

export interface SteamEntry {
  entry: SameTitleEntry;
  years: SteamEntryYears;
}

function yearsOf(a: number | null, b: number | null): SteamEntryYears {
  if (a == null || b == null) return "unknown";
  return Math.abs(a - b) <= SAME_GAME_YEARS ? "close" : "apart";
}

/**
 * Where a game's Steam figures are when this entry has none: another catalog entry of the title that
 * is a Steam app, one released within SAME_GAME_YEARS of this one first (GTA V's PS4/XOne entry: its
 * PC entry), then one of unknown year, then one further apart. Null when this entry is on Steam or no
 * other entry is (the texts then say the game is not on Steam).
 */
export function steamEntryOf(
  game: Pick<GameDetail, "steamAppId" | "sameTitle" | "releaseYear">,
): SteamEntry | null {
  if (game.steamAppId != null) return null;
  const found = (game.sameTitle?.entries ?? [])
    .filter((e) => e.steamAppId != null)
    .map((entry) => ({ entry, years: yearsOf(game.releaseYear, entry.releaseYear) }));
  const rank: Record<SteamEntryYears, number> = { close: 0, unknown: 1, apart: 2 };
  return found.sort((x, y) => rank[x.years] - rank[y.years])[0] ?? null;
}

/**
 * The words of the link to that entry: "the PC entry", "the Steam entry (app 1593500)"; of an entry
 * that may be another game, with its year ("the PC entry (2022)", "the Steam entry (app 1593500, year unknown)").
 */
export function steamEntryLinkText({ entry, years }: SteamEntry): string {
  const year = years === "close" ? null : (entry.releaseYear ?? "year unknown");
  if (!entry.platforms.length) return `the Steam entry (app ${entry.steamAppId}${year ? `, ${year}` : ""})`;
  return `the ${entry.platforms.join(", ")} entry${year ? ` (${year})` : ""}`;
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
  years: SteamEntryYears = "close",
): string {
  // Released years apart, the Steam entry is another game: this one is not on Steam, which stays true.
  const none = years === "apart" ? "this game is not on Steam" : noSteamFigures(platforms);
  const see =
    years === "close"
      ? "; see "
      : years === "apart"
        ? ". Another game of this name is on Steam: see "
        : "; an entry of this name is on Steam, but with a release year unknown it may be another game: see ";
  const whose = years === "apart" ? "game" : "entry";
  if (what === "players tile")
    return `No source counts this ${whose}'s players: player counts come from Steam, and ${none}${see}`;
  if (what === "owners panel")
    return `No owners figure: it comes from ${METRIC_FILLED_BY.owners}, Steam sources, and ${none}${see}`;
  return `This chart fills from ${METRIC_FILLED_BY[what]}: Steam sources, and ${none}${see}`;
}
