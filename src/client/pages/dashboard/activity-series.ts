import type { ActivityPoint } from "../../../contracts/games.ts";
import { formatDate, formatMonth } from "../../format/dates.ts";
import { plural } from "../../format/numbers.ts";

/**
 * What the Dashboard's Player trends card draws and says of the catalog's player series (GET
 * /api/analytics/activity): its days, each the sum of the games' average daily or live count; or, for
 * a catalog with monthly figures only (SteamCharts), its months, each the total of the games' monthly
 * averages, named as months and never as the players of the 1st they are dated on.
 */
/** A point's month: "Feb 2022", or "Feb 2022 (partial month)" when its source's file was taken in it. */
const monthOf = (p: ActivityPoint) => formatMonth(p.date, p.partialMonth);

/** "Dec 2021 – Feb 2022 (3 months)", or the one month. */
function monthSpan(points: ActivityPoint[]): string {
  const first = monthOf(points[0]!);
  const last = monthOf(points.at(-1)!);
  return first === last ? first : `${first} – ${last} (${points.length} months)`;
}

/**
 * The newest point's label when the server flags it partial (review 9, item 4; issue 9: "is marked
 * partial and never compared with a full one as if it were"): "Mar 2022 (partial: 3 of 958 games)".
 */
function pointLabel(point: ActivityPoint, label: string): string {
  return point.partial && point.previousGames != null
    ? `${label} (partial: ${point.games.toLocaleString("en-US")} of ${point.previousGames.toLocaleString("en-US")} games)`
    : label;
}

/** The caption's sentence on a partial newest point: how many games it has, and the one before had. */
function partialSentence(points: ActivityPoint[], monthly: boolean): string {
  const last = points.at(-1);
  const before = points.at(-2);
  if (!last?.partial || last.previousGames == null || !before) return "";
  const name = (p: ActivityPoint) => (monthly ? formatMonth(p.date) : formatDate(p.date, { utc: true }));
  return ` ${name(last)} is partial: ${plural(last.games, "game")} ${last.games === 1 ? "has" : "have"} its figures, ${last.previousGames.toLocaleString("en-US")} had ${name(before)}'s.`;
}

/**
 * Review 20 C, item 8: each point sums the games with figures in it, and that set changes (Lost Ark
 * arrived in Feb 2022), so the line can rise while the same games lost players, the opposite sign of
 * Market Activity's like-for-like change. Said under the chart with the counts, whenever they differ.
 */
function gameSetSentence(points: ActivityPoint[], monthly: boolean): string {
  const counts = points.map((p) => p.games);
  if (new Set(counts).size < 2) return "";
  const unit = monthly ? "month" : "day";
  const which =
    points.length <= 4
      ? `(${points.map((p) => `${monthly ? formatMonth(p.date) : formatDate(p.date, { utc: true })}: ${p.games.toLocaleString("en-US")}`).join(", ")})`
      : `(from ${Math.min(...counts).toLocaleString("en-US")} to ${Math.max(...counts).toLocaleString("en-US")} games)`;
  return ` Each ${unit} totals the games with figures that ${unit} ${which}, so the line also moves as games enter or leave the data; the Overview's Market Activity change compares only the games with figures in both periods.`;
}

export function activitySeries(points: ActivityPoint[]) {
  const monthly = points.length > 0 && points.every((p) => p.basis === "month");
  if (monthly)
    return {
      name: "Players (total of monthly averages)",
      // Its months by name: "the last 90 days" over three monthly points from 2022 read as recent days.
      description: `Players across the catalog per month (monthly figures only), ${monthSpan(points)}.${partialSentence(points, true)}${gameSetSentence(points, true)}`,
      method:
        "each month, the sum of each game's average player count that month (monthly figures, no daily counts)",
      points: points.map((d) => ({ x: pointLabel(d, monthOf(d)), y: d.players })),
      header: ["month (ISO 8601)", "players (total of monthly averages)", "games (games)"],
      rows: points.map((d) => [d.date.slice(0, 7), d.players, d.games]),
    };
  return {
    name: "Players",
    description:
      points.length > 0
        ? `Players across the catalog per day, the last 90 days of data (to ${formatDate(points.at(-1)!.date, { utc: true })}).${partialSentence(points, false)}${gameSetSentence(points, false)}`
        : "Players across the catalog per day, the last 90 days of data.",
    method:
      "each day, the sum of each game's average daily or live player count that day (monthly averages are not counted as days)",
    points: points.map((d) => ({ x: pointLabel(d, d.date), y: d.players })),
    header: ["date (ISO 8601)", "players (players)", "games (games)"],
    rows: points.map((d) => [d.date, d.players, d.games]),
  };
}
