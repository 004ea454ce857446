import type { OverviewFigures } from "../../contracts/games.ts";
import { formatDate, formatMonth } from "../format/dates.ts";
import { plural } from "../format/numbers.ts";

/**
 * What the Overview's and the Dashboard's catalog figures say they are (review 6, item 15): the
 * period and measure of each, and the date of its data, never "this week" over data years old.
 */

/** The Market Activity figure and the time of its data: all its texts read (a stored report holds these two). */
export type ActivityFigures = Pick<OverviewFigures, "marketActivity" | "dataAsOf">;

/** The data's newest time as the labels name it: its month for monthly figures, else its day. */
export function dataDate(figures: OverviewFigures): string | null {
  if (!figures.dataAsOf) return null;
  return figures.marketActivity.basis === "month"
    ? formatMonth(figures.dataAsOf)
    : formatDate(figures.dataAsOf, { utc: true });
}

/**
 * A newest period with figures for notably fewer games than the one before is partial (issue 9: "is
 * marked partial and never compared with a full one as if it were"): how many games each has.
 */
export function partialPeriodNote(figures: ActivityFigures | undefined): string | null {
  const a = figures?.marketActivity;
  if (!figures || !a?.partial) return null;
  if (a.basis === "month" && figures.dataAsOf) {
    const at = new Date(figures.dataAsOf);
    const before = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)).toISOString();
    return `${formatMonth(figures.dataAsOf)} is partial: ${plural(a.games, "game")} ${a.games === 1 ? "has" : "have"} its figures, ${a.previousGames.toLocaleString("en-US")} had ${formatMonth(before)}'s`;
  }
  return `the latest week is partial: ${plural(a.games, "game")} ${a.games === 1 ? "has" : "have"} counts, ${a.previousGames.toLocaleString("en-US")} had them the week before`;
}

/**
 * The hint under the Overview's Market Activity: the measure, its games and period, and what its
 * change compares (review 8, item 3): the games with figures in both periods, named when the newest
 * period has games the one before did not.
 */
export function marketActivityHint(figures: ActivityFigures): string {
  const a = figures.marketActivity;
  const games = `across ${plural(a.games, "game")}`;
  const subset =
    a.change != null && a.comparedGames > 0 && a.comparedGames < a.games
      ? ` (the change over the ${a.comparedGames.toLocaleString("en-US")} ${a.basis === "month" ? "with figures in both months" : "counted in both weeks"})`
      : "";
  const base =
    a.basis === "month"
      ? `total of monthly averages, ${figures.dataAsOf ? formatMonth(figures.dataAsOf) : "the latest month"}, ${games}, vs the month before${subset}`
      : `avg. daily total, 7 days, ${games}, vs previous week${subset}`;
  const partial = partialPeriodNote(figures);
  return partial ? `${base}; ${partial}` : base;
}

/**
 * The AI Predictions card: how many games the market prediction projects to rise, or, where no game
 * could be projected, no figure at all ("–") and why: a "0 rising … of 0 games projected" reads as a
 * projection that found nothing rising.
 */
export function aiPredictionsText(figures: OverviewFigures | undefined): {
  value: string;
  hint: string;
  projected: boolean;
} {
  const predictions = figures?.aiPredictions;
  if (!predictions)
    return { value: "–", hint: "games projected by their player trend line", projected: false };
  // 0 projected, or null: no player figures at all (review r22-c #2).
  if (!predictions.projected) {
    const needs = `a projection needs ${predictions.minDays} days of daily player counts in the latest 30 days of data`;
    const held = predictions.playerData;
    const has = held
      ? heldPlayerDataWords(held)
      : !figures?.marketActivity.games
        ? "the catalog has no player history yet"
        : figures.marketActivity.basis === "month"
          ? `the catalog's newest player figures are monthly averages (${dataDate(figures) ?? "the latest month"})`
          : "no game has that many";
    return { value: "–", hint: `No projection possible: ${needs}, and ${has}.`, projected: false };
  }
  return {
    value: `${predictions.rising} rising`,
    hint: `projected over the next ${predictions.horizonDays} days: ${predictions.declining} declining, ${predictions.stable} within ±5% of ${plural(predictions.projected, "game")} projected (30-day player trend line)`,
    projected: true,
  };
}

const MEASURE_WORDS = {
  peak: "daily peaks",
  month: "monthly averages",
  day: "daily averages",
  instant: "player counts",
} as const;

type HeldPlayerData = NonNullable<NonNullable<OverviewFigures["aiPredictions"]>["playerData"]>;

/**
 * What the catalog holds instead of a projection's daily counts, every player figure by measure, each
 * source to its own newest date (review r23-a #6: "monthly averages (Feb 2022)" beside SteamDB's daily
 * peaks to Dec 2022 and SteamSpy's to May 2023): "the catalog's player figures are daily peaks
 * (Steam via SteamSpy (dataset) to May 31, 2023; SteamDB to Dec 14, 2022) and monthly averages
 * (SteamCharts to Feb 2022), no daily counts".
 */
export function heldPlayerDataWords(held: HeldPlayerData): string {
  if (held.length === 0) return "the catalog has no player history yet";
  // Daily or live counts are held, but no game has enough of them in the latest 30 days.
  if (held.some((d) => d.measure === "day" || d.measure === "instant")) return "no game has that many";
  const measures = [...new Set(held.map((d) => d.measure))];
  const words = measures.map((measure) => {
    const sources = held
      .filter((d) => d.measure === measure)
      .map(
        (d) =>
          `${d.source} to ${measure === "month" ? formatMonth(d.asOf) : formatDate(d.asOf, { utc: true })}`,
      );
    return `${MEASURE_WORDS[measure]} (${sources.join("; ")})`;
  });
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0];
  return `the catalog's player figures are ${list}, no daily counts`;
}
