import type { OverviewFigures } from "../../contracts/games.ts";
import { PLAYER_MEASURE_WORDS } from "../../contracts/player-figures.ts";
import { formatDate, formatMonth } from "../format/dates.ts";
import { plural } from "../format/numbers.ts";
import { dataDate } from "./market-figure-text.ts";

/*
 * The AI Predictions card's words, loaded with the card (SignalCards.tsx) rather than with the
 * first screen: the reasons no projection was possible are long, and the card is Premium's.
 */

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

type HeldPlayerData = NonNullable<NonNullable<OverviewFigures["aiPredictions"]>["playerData"]>;

/**
 * What the catalog holds instead of a projection's daily counts, every player figure by measure, each
 * source to its own newest date (review r23-a #6: "monthly averages (Feb 2022)" beside SteamDB's daily
 * peaks to Dec 2022 and SteamSpy's to May 2023): "the catalog's player figures are daily peaks
 * (Steam via SteamSpy (dataset) to May 31, 2023; SteamDB to Dec 14, 2022) and monthly averages
 * (SteamCharts to Feb 2022), no daily counts".
 */
function heldPlayerDataWords(held: HeldPlayerData): string {
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
    return `${PLAYER_MEASURE_WORDS[measure]} (${sources.join("; ")})`;
  });
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0];
  return `the catalog's player figures are ${list}, no daily counts`;
}
